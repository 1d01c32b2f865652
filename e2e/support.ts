// Shared steps of the journeys.
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
