// The public site: every page, the FAQ accordion, pre-registration through to the admin's list,
// the phone drawer, and Arabic.
import { expect, test, type Page } from '@playwright/test';
import { newBackOfficeAccount, signIn } from './support';

const PUBLIC_PAGES: [string, RegExp][] = [
  ['/', /Qist/],
  ['/landing', /Qist/],
  ['/about-us', /About/i],
  ['/contact-us', /Contact/i],
  ['/faq', /Help & FAQ/],
  ['/terms', /Terms & Conditions/],
  ['/profile', /./],
  ['/pre-register', /Grow Your SME Business/],
];

test('every public page opens with its heading and without errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  for (const [path, heading] of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading);
  }
  expect(errors).toEqual([]);
});

test('the FAQ keeps only one answer open', async ({ page }) => {
  await page.goto('/faq');
  const all = page.locator('[data-accordion-control]');
  await expect(all).toHaveCount(7);
  const texts = await all.allTextContents();
  expect(new Set(texts).size).toBe(7);

  await all.nth(0).click();
  await expect(all.nth(0)).toHaveAttribute('aria-expanded', 'true');
  await all.nth(3).click();
  await expect(all.nth(3)).toHaveAttribute('aria-expanded', 'true');
  await expect(all.nth(0)).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('[data-accordion-control][aria-expanded="true"]')).toHaveCount(1);
});

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a pre-registration is refused when invalid, accepted when valid, and reaches the admin', async ({ page }) => {
  const company = `Dana Pearl Trading ${Date.now()}`;
  await page.goto('/pre-register');

  // Invalid: touched and left empty, a telephone with letters, a zero loan.
  await page.getByLabel('Company name').focus();
  await page.getByLabel('Company email').focus();
  await expect(page.getByText('Company name is required')).toBeVisible();
  await page.getByLabel('Telephone').fill('call me maybe');
  await page.getByLabel('Loan amount').fill('0');
  await page.getByLabel('Company name').focus();
  await expect(page.getByText('Invalid telephone number')).toBeVisible();
  await expect(page.getByText('Loan amount must be greater than 0')).toBeVisible();
  await page.getByRole('button', { name: 'Pre-register Now' }).click();
  await expect(page.getByText('pre-register successfully')).toHaveCount(0);

  // Valid.
  await page.getByLabel('Company name').fill(company);
  await pick(page, 'Business sector', 'Logistics');
  await pick(page, 'Year of establishment', String(new Date().getFullYear() - 4));
  await page.getByLabel('Company email').fill('owner@dana-pearl.example');
  await page.getByLabel('Telephone').fill('+965 2200-1234');
  await page.getByLabel('Loan amount').fill('45000');
  await page.getByRole('button', { name: 'Pre-register Now' }).click();
  await expect(page.getByText('pre-register successfully').first()).toBeVisible();
  await expect(page.getByLabel('Company name')).toHaveValue('');

  await signIn(page, await newBackOfficeAccount(page.request, 'admin'));
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('link', { name: 'Pre-Registered' }).click();
  const row = page.getByRole('row').filter({ hasText: company });
  await expect(row).toBeVisible();
  await expect(row).toContainText('owner@dana-pearl.example');
  await expect(row).toContainText('Logistics');
  await expect(row).toContainText('$45,000.00');
  await expect(row).toContainText(String(new Date().getFullYear() - 4));
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu opens as a left drawer of 80% width and each link leads to its page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    // It slides in from the left edge; once in place it covers 80% of the 375 px screen.
    await expect.poll(async () => Math.round((await drawer.boundingBox())?.x ?? -1)).toBe(0);
    expect(Math.round((await drawer.boundingBox())!.width)).toBe(300);
    // Page scrolling is locked while it is open.
    await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
    // A click beside it (on the dimmed page) closes it.
    await page.mouse.click(355, 400);
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect.poll(async () => Math.round((await drawer.boundingBox())?.x ?? -1)).toBe(0);
    await drawer.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(drawer).toBeHidden();
  });
});

test('a public page in Arabic reads right to left and keeps the choice', async ({ page }) => {
  await page.goto('/faq');
  await page.getByRole('button', { name: 'العربية' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 }).first()).not.toHaveText(/Help & FAQ/);
  await page.goto('/pre-register');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText('Grow Your SME Business')).toHaveCount(0);
});

test('the landing page switches language in place, keeps the choice, and sends a signed-in user to their area', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login / Register' })).toHaveAttribute('href', '/auth/login');
  await page.getByRole('button', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('قسط');
  await expect(page.getByRole('button', { name: 'العربية' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'العربية' })).toBeFocused();
  await expect(page).toHaveTitle(/قسط/);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('قسط');
  await page.getByRole('banner').getByRole('link', { name: 'تسجيل الدخول / إنشاء حساب' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await page.goto('/');
  await page.getByRole('button', { name: 'EN' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await signIn(page, await newBackOfficeAccount(page.request, 'admin'));
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/landing');
  const account = page.getByRole('banner').getByRole('link', { name: 'account', exact: true });
  await expect(account).toHaveAttribute('href', '/admin');
  await account.click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  expect(problems).toEqual([]);
});

test("the landing page's copyright line names the current year, whenever the page was built", async ({ page }) => {
  await page.clock.setFixedTime(new Date('2099-03-01T12:00:00Z'));
  await page.goto('/');
  await expect(page.getByRole('contentinfo').getByText('© 2099 Qist. All rights reserved.')).toBeVisible();
});

test.describe('on a phone, in Arabic', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the landing page menu comes from the right and closes with Escape', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.localStorage.setItem('lang', 'ar'));
    await page.reload();
    await page.getByRole('button', { name: 'فتح القائمة' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await expect.poll(async () => Math.round((await drawer.boundingBox())?.x ?? -1)).toBe(75);
    await expect(drawer.getByRole('button', { name: 'إغلاق' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.locator('body')).not.toHaveCSS('overflow', 'hidden');
    await expect(page.getByRole('button', { name: 'فتح القائمة' })).toBeFocused();
  });
});
