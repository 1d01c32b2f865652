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
