// Back-office users, end to end in Arabic on a phone: the admin invites a bank user from the Users
// screen, the invitation's link is read from the demo outbox (what Admin → Outbox shows), the invitee
// chooses a password on the link's page and signs in with it.
import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, PHONE, expectAccessible, expectNoHorizontalOverflow, expectToast, signInAs, uniqueEmail } from './support';

type OutboxMessage = { channel: 'email' | 'sms'; recipient: string; body: string };

test('an admin invites a bank user, who sets a password through the emailed link and signs in (Arabic, phone)', async ({ page, browser, request }) => {
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
  const admin = await request.post('/api/v1/auth/login', { data: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD } });
  const { token } = ((await admin.json()) as { content: { token: string } }).content;
  const list = await request.get('/api/v1/admin/outbox/list?perPage=100', { headers: { authorization: `Bearer ${token}` } });
  const { messages } = ((await list.json()) as { content: { messages: OutboxMessage[] } }).content;
  const message = messages.find((m) => m.recipient === email && m.channel === 'email');
  const link = /https?:\/\/\S+\/auth\/set-password\?token=[\w-]+/.exec(message?.body ?? '')?.[0];
  expect(link, 'an invitation link in the outbox').toBeTruthy();

  // The invitee, in a browser of their own.
  const context = await browser.newContext({ viewport: PHONE });
  const invitee = await context.newPage();
  await invitee.goto('/');
  await invitee.evaluate(() => window.localStorage.setItem('lang', 'ar'));
  const { pathname, search } = new URL(link!);
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

  await invitee.getByRole('textbox', { name: 'البريد الإلكتروني' }).fill(email);
  await invitee.getByLabel('كلمة المرور', { exact: true }).fill(password);
  await invitee.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(invitee).toHaveURL(/\/bank(\/|$)/);
  await context.close();

  // The admin's list shows the user active, with a last sign-in.
  const users = await request.get('/api/v1/admin/user/list?perPage=100', { headers: { authorization: `Bearer ${token}` } });
  const row = ((await users.json()) as { content: { users: { email: string; active: boolean; lastSignInAt: string | null }[] } }).content.users.find(
    (u) => u.email === email,
  );
  expect(row).toMatchObject({ active: true, lastSignInAt: expect.any(String) });
});
