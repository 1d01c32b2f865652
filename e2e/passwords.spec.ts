// A forgotten password, end to end: the sign-in page's link, the request, the link read from the demo
// outbox (what Admin → Outbox shows), a new password on the link's page, and a sign-in with it.
import { expect, test } from '@playwright/test';
import { PHONE, SME_CODE, expectAccessible, expectNoHorizontalOverflow, expectToast, journeysAdminToken, outboxLink, signIn, signInAs, uniqueEmail } from './support';

test('forgot password: the emailed link sets a new password, which then signs in', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  const registered = await request.post('/api/v1/auth/register', {
    data: { email, password: 'first-secret-ledger-42', role: 'sme', code: SME_CODE },
  });
  expect(registered.ok()).toBe(true);

  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  // The address changes at once, while the sign-in page (with its own Email field) stays on screen
  // until the password pages' chunk has loaded: fill the field once the new page is there.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText('Check your inbox. The link works once, for 1 hour; ask again if it does not arrive.')).toBeVisible();

  // The demo has no mail server: the message waits in the outbox the admin reads.
  const link = await outboxLink(request, journeysAdminToken(), email, '/auth/reset-password');

  const { pathname, search } = new URL(link);
  await page.goto(`${pathname}${search}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  const newPassword = 'quiet-harbour-lantern-7';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expectToast(page, 'your password is changed, please sign in with it');

  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/sme(\/|$)/);
});

test('the password pages read right to left in Arabic on a phone, and the panel menu reaches Change password', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await page.evaluate(() => window.localStorage.setItem('lang', 'ar'));
  await page.goto('/auth/forgot-password');
  await expect(page.getByRole('heading', { name: 'نسيت كلمة المرور؟' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);

  await page.goto('/auth/reset-password?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'اختر كلمة مرور جديدة' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);

  await signInAs(page, 'bank', 'ar');
  await page.getByRole('button', { name: 'فتح القائمة' }).click();
  await page.getByRole('link', { name: 'الحساب' }).click();
  await expect(page).toHaveURL(/\/bank\/account$/);
  await expect(page.getByRole('heading', { name: 'تغيير كلمة المرور' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
});
