// Two-step sign-in (DESIGN §8): the demo admin signs in with its password, then a code of the demo
// secret, generated here with the same TOTP library as the server; the sign-in page's first load
// does not carry the code step. An SME sets it up by choice from its account page, gives a recovery
// code on a payment link's page, and turns it off again.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_PASSWORD, SME_CODE, demoTotpCode, expectToast, signIn, storedSession, uniqueEmail } from './support';

test('an admin signs in with a code from the authenticator app', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();

  // No session before the code.
  const field = page.getByLabel('Authentication code', { exact: true });
  await expect(field).toBeVisible();
  expect((await storedSession(page)).token).toBeNull();
  await expect(page.getByRole('button', { name: 'Verify' })).toBeDisabled();

  // A wrong code is refused in words, and the page stays on the step.
  await field.fill('000000');
  const code = await demoTotpCode('admin@example.com');
  if (code === '000000') await field.fill('999999');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('this code is wrong or already used')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await field.fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin(\/|$)/);
  const session = await storedSession(page);
  expect(session).toMatchObject({ role: 'admin', email: 'admin@example.com' });
  expect(session.token).toBeTruthy();
});

test('an SME turns two-step sign-in on from its account page, signs in on a payment link with a recovery code, and turns it off', async ({ browser, request }) => {
  const email = uniqueEmail('two-step-sme');
  const password = 'sturdy-ledger-42';
  const registered = await request.post('/api/v1/auth/register', { data: { email, password, role: 'sme', code: SME_CODE } });
  expect(registered.status()).toBe(200);

  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/sme\//);
  await page.goto('/sme/account');
  const card = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await card.getByRole('link', { name: 'Set up' }).click();
  await expect(page).toHaveURL(/\/two-step-setup$/);

  const secret = ((await page.getByTestId('mfa-secret').textContent()) ?? '').trim();
  const app = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  await page.getByLabel('2. Enter the 6-digit code the app shows').fill(app.generate());
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const shown = page.getByTestId('recovery-codes').locator('code');
  await expect(shown).toHaveCount(10);
  const codes = (await shown.allTextContents()).map((code) => code.trim());
  await page.getByRole('button', { name: 'I saved them, continue' }).click();
  await expect(page).toHaveURL(/\/sme\/account$/);
  await expect(card.getByText('On', { exact: true })).toBeVisible();

  // A payment link in another browser: the code step on the link's own page, not the sign-in page.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/pay-order?orderId=${randomUUID()}`);
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByLabel('Password', { exact: true }).fill(password);
  await visitor.getByRole('button', { name: 'Sign In' }).click();
  await visitor.getByRole('button', { name: 'Use a recovery code' }).click();
  await expect(visitor).toHaveURL(/\/pay-order\?orderId=/);
  expect((await storedSession(visitor)).token).toBeNull();
  await visitor.getByLabel('Recovery code').fill(codes[0]!);
  await visitor.getByRole('button', { name: 'Verify' }).click();
  await expect.poll(async () => (await storedSession(visitor)).role).toBe('sme');

  // Off again, with another recovery code.
  await card.getByRole('button', { name: 'Turn off' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off two-step sign-in' });
  await dialog.getByRole('button', { name: 'Use a recovery code' }).click();
  await dialog.getByLabel('Recovery code').fill(codes[1]!);
  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await expectToast(page, 'two-step sign-in is off: signing in asks only for your password');
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
});
