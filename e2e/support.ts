// Shared steps of the journeys.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo12345';
export const SME_CODE = 'SME-DEMO-CODE';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function storedSession(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate(() =>
    Object.fromEntries(['token', 'role', 'name', 'LEVEL', 'email'].map((k) => [k, window.localStorage.getItem(k)])),
  );
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

/** The id of the signed-in SME's order with this description, read through the API with the page's session. */
export async function orderIdByDescription(page: Page, description: string): Promise<string> {
  const id = await page.evaluate(async (wanted) => {
    const token = window.localStorage.getItem('token');
    const response = await fetch('/api/v1/sme/order/list?perPage=100', { headers: { authorization: `Bearer ${token}` } });
    const { content } = (await response.json()) as { content: { orders: { _id: string; description: string }[] } };
    return content.orders.find((o) => o.description === wanted)?._id;
  }, description);
  expect(id, `an order described "${description}"`).toBeTruthy();
  return id!;
}

export type Role = 'sme' | 'provider' | 'admin' | 'bank' | 'insurance';

/** The demo account of each role (README). */
export const DEMO_ACCOUNTS: Record<Role, string> = {
  sme: 'sme@example.com',
  provider: 'supplier@example.com',
  admin: 'admin@example.com',
  bank: 'bank@example.com',
  insurance: 'insurer1@example.com',
};

export const PHONE = { width: 390, height: 844 };

/** Signs in through the sign-in form in the page's language, as that role's demo account. */
export async function signInAs(page: Page, role: Role, language: 'en' | 'ar'): Promise<void> {
  await page.goto('/');
  await page.evaluate((lang) => window.localStorage.setItem('lang', lang), language);
  await page.goto('/auth/login');
  await page.getByRole('textbox', { name: language === 'ar' ? 'البريد الإلكتروني' : 'Email' }).fill(DEMO_ACCOUNTS[role]);
  await page.getByLabel(language === 'ar' ? 'كلمة المرور' : 'Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: language === 'ar' ? 'تسجيل الدخول' : 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`/${role}(/|$)`));
}

/** No serious or critical WCAG 2.1 A/AA violation (colour contrast included) on the page as it is. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, page.url()).toEqual([]);
}

export async function expectNoHorizontalOverflow(page: Page, width = PHONE.width): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(width);
}
