// Two-step sign-in (DESIGN §8): a back-office account signs in with its password, then a code of its
// authenticator (generated here with the same TOTP library as the server), or one of its recovery
// codes, each of which works once. The sign-in page's first load does not carry the code step. An SME
// sets it up by choice from its account page, gives a recovery code on a payment link's page, and
// turns it off again. The code step and its recovery-code variant pass axe in English and in Arabic.
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  PHONE,
  SME_CODE,
  api,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectToast,
  journeysAdminToken,
  newBackOfficeAccount,
  nextCode,
  signIn,
  storedSession,
  uniqueEmail,
  type BackOfficeAccount,
} from './support';

type AuditRow = { action: string; actor: { email: string } | null; detail: Record<string, unknown> };

/** The account's sign-in events, newest first, as the admin's Audit screen lists them. */
async function signInEvents(page: Page, account: BackOfficeAccount, action: 'auth.sign-in.succeeded' | 'auth.sign-in.failed'): Promise<AuditRow[]> {
  const query = new URLSearchParams({ action, actor: account.email, perPage: '100' });
  const { events } = await api<{ events: AuditRow[] }>(page.request, 'GET', `/api/v1/admin/audit/list?${query}`, journeysAdminToken());
  return events;
}

async function submitPassword(page: Page, account: BackOfficeAccount): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('an admin signs in with a code from the authenticator app', async ({ page }) => {
  const admin = await newBackOfficeAccount(page.request, 'admin');
  await submitPassword(page, admin);

  // No session before the code.
  const field = page.getByLabel('Authentication code', { exact: true });
  await expect(field).toBeVisible();
  expect((await storedSession(page)).token).toBeNull();
  await expect(page.getByRole('button', { name: 'Verify' })).toBeDisabled();

  // A wrong code is refused in words, and the page stays on the step.
  const code = await nextCode(admin);
  await field.fill(code === '000000' ? '999999' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('this code is wrong or already used')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await field.fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin(\/|$)/);
  const session = await storedSession(page);
  expect(session).toMatchObject({ role: 'admin', email: admin.email });
  expect(session.token).toBeTruthy();
  expect((await signInEvents(page, admin, 'auth.sign-in.succeeded'))[0]?.detail).toMatchObject({ method: 'totp' });
});

test('a recovery code signs in once; the same code is refused the second time', async ({ page }) => {
  const account = await newBackOfficeAccount(page.request, 'insurance');
  const [recoveryCode, anotherCode] = account.recoveryCodes;
  expect(account.recoveryCodes).toHaveLength(10);

  await submitPassword(page, account);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await expect(page.getByText('Enter one of the recovery codes you saved when you set up two-step sign-in. Each works once.')).toBeVisible();
  const field = page.getByLabel('Recovery code', { exact: true });
  await field.fill(recoveryCode!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/insurance(\/|$)/);
  expect(await storedSession(page)).toMatchObject({ role: 'insurance', email: account.email });
  // The trail says how the session was opened.
  expect((await signInEvents(page, account, 'auth.sign-in.succeeded'))[0]?.detail).toMatchObject({ method: 'recovery-code' });

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'yes', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  // The same code again: refused in words, no session, still on the step.
  await submitPassword(page, account);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await field.fill(recoveryCode!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('this code is wrong or already used')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect((await storedSession(page)).token).toBeNull();
  expect((await signInEvents(page, account, 'auth.sign-in.failed'))[0]?.detail).toMatchObject({ reason: 'wrong-code' });

  // Another of the codes still works.
  await field.fill(anotherCode!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/insurance(\/|$)/);
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

/** The words of the sign-in form and its code step, as each language's page names them. */
const SIGN_IN_WORDS = {
  en: { email: 'Email', password: 'Password', signIn: 'Sign In', code: 'Authentication code', useRecovery: 'Use a recovery code', recovery: 'Recovery code', verify: 'Verify' },
  ar: { email: 'البريد الإلكتروني', password: 'كلمة المرور', signIn: 'تسجيل الدخول', code: 'رمز التحقق', useRecovery: 'استخدم رمز استرداد', recovery: 'رمز الاسترداد', verify: 'تحقق' },
} as const;

for (const { language, viewport, where } of [
  { language: 'en', viewport: undefined, where: 'in English on a desktop' },
  { language: 'en', viewport: PHONE, where: 'in English at phone width' },
  { language: 'ar', viewport: PHONE, where: 'in Arabic at phone width' },
] as const) {
  test(`the sign-in's code step and its recovery-code variant pass axe ${where}, a refused code shown too`, async ({ page }) => {
    if (viewport) await page.setViewportSize(viewport);
    const words = SIGN_IN_WORDS[language];
    const account = await newBackOfficeAccount(page.request, 'bank');
    await page.goto('/');
    await page.evaluate((lang) => window.localStorage.setItem('lang', lang), language);
    await page.goto('/auth/login');
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await page.getByRole('textbox', { name: words.email }).fill(account.email);
    await page.getByLabel(words.password, { exact: true }).fill(account.password);
    await page.getByRole('button', { name: words.signIn }).click();

    // The authentication code step, empty and then with a refused code under the field.
    const code = page.getByLabel(words.code, { exact: true });
    await expect(code).toBeVisible();
    await expect(page.getByRole('button', { name: words.verify, exact: true })).toBeDisabled();
    await expectAccessible(page);
    if (viewport) await expectNoHorizontalOverflow(page, viewport.width);
    const right = await nextCode(account);
    await code.fill(right === '000000' ? '999999' : '000000');
    await page.getByRole('button', { name: words.verify, exact: true }).click();
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);

    // The recovery-code variant.
    await page.getByRole('button', { name: words.useRecovery }).click();
    const recovery = page.getByLabel(words.recovery, { exact: true });
    await expect(recovery).toBeVisible();
    await expect(code).toHaveCount(0);
    await expectAccessible(page);
    if (viewport) await expectNoHorizontalOverflow(page, viewport.width);
    // Still no session: the step was only looked at.
    expect((await storedSession(page)).token).toBeNull();
  });
}
