// Shared steps of the journeys.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

export const DEMO_PASSWORD = 'demo12345';
export const SME_CODE = 'SME-DEMO-CODE';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/** The demo back-office accounts sign in with a code of this secret (README, `npm run demo:totp`). */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
const DEMO_BACK_OFFICE = ['admin@example.com', 'bank@example.com', 'bank2@example.com', 'insurer1@example.com', 'insurer2@example.com'];
const STEP_MS = 30_000;
const demoTotp = new TOTP({ issuer: 'Qist', algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(DEMO_TOTP_SECRET) });

/** Where the journeys (in every worker) note the steps whose code they used, one file per account and step. */
function stepsDir(): string {
  const dir = path.join(process.env.E2E_DATA_DIR ?? tmpdir(), 'totp-steps');
  mkdirSync(dir, { recursive: true });
  return dir;
}

function claimedSteps(email: string): number[] {
  const prefix = `${email}.`;
  return readdirSync(stepsDir())
    .filter((f) => f.startsWith(prefix))
    .map((f) => Number(f.slice(prefix.length)));
}

/** Claims a step for the account whose code no journey used yet (the server takes one step of drift). */
function claimStep(email: string): number | null {
  const current = Math.floor(Date.now() / STEP_MS);
  const last = Math.max(-1, ...claimedSteps(email));
  for (let step = Math.max(current - 1, last + 1); step <= current + 1; step += 1) {
    try {
      writeFileSync(path.join(stepsDir(), `${email}.${step}`), '', { flag: 'wx' });
      return step;
    } catch {
      // another journey took this step: the next one
    }
  }
  return null;
}

/**
 * A fresh code of the demo secret for the account. The server accepts each code once and only a later
 * one after it, so journeys share the steps; when the three the server takes now are used, this waits
 * for the clock to reach the next one, as a person waits for their app's next code.
 */
export async function demoTotpCode(email: string): Promise<string> {
  const claim: { step: number | null } = { step: null };
  await expect
    .poll(() => (claim.step = claimStep(email)) !== null, { timeout: 2 * STEP_MS, intervals: [1000] })
    .toBe(true);
  return demoTotp.generate({ timestamp: (claim.step ?? 0) * STEP_MS + 1000 });
}

/** The code step of the sign-in form, for a demo back-office account. */
export async function enterDemoCode(page: Page, email: string, language: 'en' | 'ar' = 'en'): Promise<void> {
  const field = page.getByLabel(language === 'ar' ? 'رمز التحقق' : 'Authentication code', { exact: true });
  await expect(field).toBeVisible();
  await field.fill(await demoTotpCode(email));
  await page.getByRole('button', { name: language === 'ar' ? 'تحقق' : 'Verify', exact: true }).click();
}

export function isDemoBackOffice(email: string): boolean {
  return DEMO_BACK_OFFICE.includes(email);
}

/** Signs a demo account in through the API (the code step included for the back office); returns its token. */
export async function apiSignIn(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const login = await request.post('/api/v1/auth/login', { data: { email, password } });
  const content = ((await login.json()) as { content: { token?: string; mfaRequired?: true; mfaToken?: string } }).content;
  if (!content.mfaRequired) return content.token!;
  const verify = await request.post('/api/v1/auth/mfa/verify', { data: { mfaToken: content.mfaToken, code: await demoTotpCode(email) } });
  expect(verify.status()).toBe(200);
  return ((await verify.json()) as { content: { token: string } }).content.token;
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  if (isDemoBackOffice(email) && password === DEMO_PASSWORD) await enterDemoCode(page, email);
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
  if (isDemoBackOffice(DEMO_ACCOUNTS[role])) await enterDemoCode(page, DEMO_ACCOUNTS[role], language);
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
