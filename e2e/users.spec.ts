// Back-office users, end to end in Arabic on a phone: the admin invites a bank user from the Users
// screen, the invitation's link is read from the demo outbox (what Admin → Outbox shows), the invitee
// chooses a password on the link's page, signs in, and is held on the two-step set-up until an
// authenticator (otpauth here, fed the key the page shows) confirms a code; the 10 recovery codes show
// once, the bank's area opens, and the next sign-in asks for a code.
import { expect, test } from '@playwright/test';
import { URI } from 'otpauth';
import {
  PHONE,
  api,
  enterCode,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectToast,
  journeysAdminToken,
  outboxLink,
  signInAs,
  stepAt,
  totpCode,
  uniqueEmail,
  type BackOfficeAccount,
} from './support';

type UserRow = { email: string; role: string; mfa: boolean; active: boolean; pending: boolean; lastSignInAt: string | null };

test('an invited bank user sets a password, sets up two-step sign-in and then signs in with a code (Arabic, phone)', async ({ page, browser, request }) => {
  test.slow();
  await page.setViewportSize(PHONE);
  await signInAs(page, 'admin', 'ar');
  await page.getByRole('button', { name: 'فتح القائمة' }).click();
  await page.getByRole('link', { name: 'المستخدمون' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'المستخدمون', level: 1 })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);

  const email = uniqueEmail('invited-bank');
  await page.getByRole('button', { name: 'دعوة مستخدم' }).click();
  const dialog = page.getByRole('dialog', { name: 'دعوة مستخدم إلى لوحة الإدارة' });
  await dialog.getByRole('textbox', { name: 'البريد الإلكتروني' }).fill(email);
  await dialog.getByRole('button', { name: 'إرسال الدعوة' }).click();
  await expectToast(page, 'الدعوة في طريقها؛ يعمل رابطها لمدة 24 ساعة');
  await expect(dialog).toBeHidden();
  await expect(page.getByText(email)).toBeVisible();

  // The demo has no mail server: the invitation waits in the outbox the admin reads.
  const link = await outboxLink(request, journeysAdminToken(), email, '/auth/set-password');

  // The invitee, in a browser of their own.
  const context = await browser.newContext({ viewport: PHONE });
  const invitee = await context.newPage();
  await invitee.goto('/');
  await invitee.evaluate(() => window.localStorage.setItem('lang', 'ar'));
  const { pathname, search } = new URL(link);
  await invitee.goto(`${pathname}${search}`);
  await expect(invitee.getByRole('heading', { name: 'اختر كلمة المرور' })).toBeVisible();
  await expect(invitee.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectNoHorizontalOverflow(invitee);
  await expectAccessible(invitee);
  const password = 'quiet-harbour-lantern-7';
  await invitee.getByLabel('كلمة المرور', { exact: true }).fill(password);
  await invitee.getByLabel('تأكيد كلمة المرور').fill(password);
  await invitee.getByRole('button', { name: 'تعيين كلمة المرور' }).click();
  await expect(invitee).toHaveURL(/\/auth\/login$/);
  await expectToast(invitee, 'تم تعيين كلمة المرور، يرجى تسجيل الدخول بها');

  // The password alone opens the set-up and nothing else.
  await invitee.getByRole('textbox', { name: 'البريد الإلكتروني' }).fill(email);
  await invitee.getByLabel('كلمة المرور', { exact: true }).fill(password);
  await invitee.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(invitee).toHaveURL(/\/two-step-setup$/);
  await expect(invitee.getByRole('heading', { name: 'إعداد التحقق بخطوتين' })).toBeVisible();
  await expect(invitee.locator('html')).toHaveAttribute('dir', 'rtl');
  await invitee.goto('/bank/orders');
  await expect(invitee).toHaveURL(/\/two-step-setup$/);
  const before = await invitee.evaluate(async () => {
    const response = await fetch('/api/v1/bank/order/list', { headers: { authorization: `Bearer ${window.localStorage.getItem('token')}` } });
    return { status: response.status, body: (await response.json()) as { msg: string } };
  });
  expect(before).toEqual({ status: 403, body: expect.objectContaining({ msg: 'set up two-step sign-in first: your role needs a code from an authenticator app' }) });

  // The QR code and the key to type carry one secret, for this account, from Qist.
  const key = invitee.getByTestId('mfa-secret');
  await expect(key).toHaveText(/^[A-Z2-7]{16,}$/);
  const secret = (await key.textContent())!;
  const qr = invitee.getByRole('img', { name: 'رمز QR لإضافة قسط إلى تطبيق المصادقة' });
  await expect(qr).toBeVisible();
  const fromQr = URI.parse((await qr.getAttribute('data-value'))!);
  expect({ secret: fromQr.secret.base32, issuer: fromQr.issuer, label: fromQr.label }).toEqual({ secret, issuer: 'Qist', label: email });
  await expectNoHorizontalOverflow(invitee);
  await expectAccessible(invitee);

  // The authenticator, fed the key, shows the current code; it turns two-step sign-in on.
  const enrolledAt = stepAt();
  await invitee.getByLabel('2. أدخل الرمز المكوّن من 6 أرقام الذي يعرضه التطبيق').fill(totpCode(secret, enrolledAt));
  await invitee.getByRole('button', { name: 'تفعيل التحقق بخطوتين' }).click();
  await expect(invitee.getByRole('heading', { name: 'احفظ رموز الاسترداد' })).toBeVisible();
  const codes = invitee.getByTestId('recovery-codes').locator('code');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  expect(new Set(recoveryCodes).size).toBe(10);
  await expect(invitee.getByRole('button', { name: 'نسخ الرموز' })).toBeVisible();
  await expect(invitee.getByRole('button', { name: 'تنزيل' })).toBeVisible();
  await expectNoHorizontalOverflow(invitee);
  await expectAccessible(invitee);
  await invitee.getByRole('button', { name: 'حفظتها، متابعة' }).click();
  await expect(invitee).toHaveURL(/\/bank(\/|$)/);
  await expect(invitee.locator('html')).toHaveAttribute('dir', 'rtl');

  // Shown once: the set-up now answers that it is on, and the codes are not shown again.
  const again = await invitee.evaluate(async () => {
    const response = await fetch('/api/v1/auth/mfa/setup', { method: 'POST', headers: { authorization: `Bearer ${window.localStorage.getItem('token')}`, 'content-type': 'application/json' }, body: '{}' });
    return response.status;
  });
  expect(again).toBe(409);

  // Signing out and in again asks for the code (the authenticator's next one).
  await invitee.getByRole('button', { name: 'فتح القائمة' }).click();
  await invitee.getByRole('button', { name: 'تسجيل الخروج' }).click();
  await invitee.getByRole('dialog').getByRole('button', { name: 'نعم' }).click();
  await expect(invitee).toHaveURL(/\/auth\/login$/);
  await invitee.getByRole('textbox', { name: 'البريد الإلكتروني' }).fill(email);
  await invitee.getByLabel('كلمة المرور', { exact: true }).fill(password);
  await invitee.getByRole('button', { name: 'تسجيل الدخول' }).click();
  const account: BackOfficeAccount = { email, password, role: 'bank', secret, recoveryCodes, token: '', lastStep: enrolledAt };
  await enterCode(invitee, account, 'ar');
  await expect(invitee).toHaveURL(/\/bank(\/|$)/);
  await context.close();

  // The admin's list shows the user active, with two-step sign-in on and a last sign-in.
  const { users } = await api<{ users: UserRow[] }>(request, 'GET', '/api/v1/admin/user/list?perPage=100', journeysAdminToken());
  expect(users.find((u) => u.email === email)).toMatchObject({ role: 'bank', active: true, pending: false, mfa: true, lastSignInAt: expect.any(String) });
});
