// Sign-up, sign-in, logout and the Arabic sign-in page, driven through the UI as a person would.
import { expect, test, type Page } from '@playwright/test';
import { SME_CODE, enterCode, expectToast, newBackOfficeAccount, signIn, storedSession, uniqueEmail } from './support';

async function fillSignUp(page: Page, email: string, code: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('sturdy-ledger-42');
  await page.getByLabel('Confirm password').fill('sturdy-ledger-42');
  await page.getByLabel(/admin verification code/i).fill(code);
  await page.getByRole('checkbox', { name: /terms/i }).check();
}

test('an SME registers with the demo code and lands on its verification page', async ({ page }) => {
  const email = uniqueEmail('new-sme');
  await page.goto('/auth/register/sme');
  await fillSignUp(page, email, SME_CODE.toLowerCase());
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Do you want to continue as SME ?')).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();

  await expect(page).toHaveURL(/\/sme\/verification$/);
  await expectToast(page, 'login successfully');
  await expect(page.getByText('SME Panel')).toBeVisible();
  const session = await storedSession(page);
  expect(session).toMatchObject({ role: 'sme', LEVEL: '0', email });
  expect(session.token).toBeTruthy();
});

test('a wrong code is refused on the code field and creates no account', async ({ page, request }) => {
  const email = uniqueEmail('wrong-code');
  await page.goto('/auth/register/sme');
  await fillSignUp(page, email, 'NOT-THE-CODE');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();

  await expect(page.getByText('admin verification code is wrong.')).toBeVisible();
  await expectToast(page, 'contact us with email');
  await expect(page).toHaveURL(/\/auth\/register\/sme$/);
  expect(await storedSession(page)).toMatchObject({ token: null, role: null });

  const login = await request.post('/api/v1/auth/login', { data: { email, password: 'sturdy-ledger-42' } });
  expect(login.status()).toBe(401);
  expect(await login.json()).toEqual({ status: false, msg: 'email or password is incorrect' });
});

test('the admin signs in, reaches the dashboard and logs out', async ({ page }) => {
  const admin = await newBackOfficeAccount(page.request, 'admin');
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expectToast(page, 'login successfully');
  await expect(page.getByText('Admin Panel')).toBeVisible();
  expect(await storedSession(page)).toMatchObject({ role: 'admin', email: admin.email });
  const token = (await storedSession(page)).token!;

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('are you sure for logout ?')).toBeVisible();
  await page.getByRole('button', { name: 'yes', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect(await storedSession(page)).toEqual({ token: null, role: null, name: null, LEVEL: null, email: null });

  // The token is dead on the server too.
  const me = await page.request.get('/api/v1/auth/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);

  // And the admin area now sends the visitor to sign in.
  await page.goto('/admin/settings');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('the sign-in page in Arabic reads right to left and still signs in', async ({ page }) => {
  const admin = await newBackOfficeAccount(page.request, 'admin');
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'العربية' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');

  await page.getByLabel('البريد الإلكتروني').fill(admin.email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  // The admin's second step, in Arabic too.
  await enterCode(page, admin, 'ar');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});
