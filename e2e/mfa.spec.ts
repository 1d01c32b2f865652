// Two-step sign-in (DESIGN §8): the demo admin signs in with its password, then a code of the demo
// secret, generated here with the same TOTP library as the server; the sign-in page's first load
// does not carry the code step.
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demoTotpCode, storedSession } from './support';

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
