// Shared steps of the journeys.
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  DEMO_BACK_OFFICE,
  DEMO_PASSWORD,
  api,
  createBackOfficeAccount,
  demoTotpCode,
  journeysAdminToken,
  nextCode,
  type BackOfficeAccount,
  type BackOfficeRole,
} from './accounts';

export {
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  api,
  demoTotpCode,
  journeysAdminToken,
  nextCode,
  outboxLink,
  stepAt,
  totpCode,
  uniqueEmail,
  type BackOfficeAccount,
  type BackOfficeRole,
} from './accounts';

export const SME_CODE = 'SME-DEMO-CODE';

export function isDemoBackOffice(email: string): boolean {
  return DEMO_BACK_OFFICE.includes(email);
}

/**
 * A back-office account of this journey alone, invited by the journeys' admin, with two-step sign-in
 * on (accounts.ts). An insurance account acts for Gulf Insurance (as insurer1@example.com) unless told.
 */
export function newBackOfficeAccount(
  request: APIRequestContext,
  role: BackOfficeRole,
  options: { company?: string; prefix?: string } = {},
): Promise<BackOfficeAccount> {
  return createBackOfficeAccount(request, journeysAdminToken(), role, options);
}

/** The code step of the sign-in form: the account's next code, or the demo secret's for a demo account. */
export async function enterCode(page: Page, who: string | BackOfficeAccount, language: 'en' | 'ar' = 'en'): Promise<void> {
  const field = page.getByLabel(language === 'ar' ? 'رمز التحقق' : 'Authentication code', { exact: true });
  await expect(field).toBeVisible();
  await field.fill(typeof who === 'string' ? await demoTotpCode(who) : await nextCode(who));
  await page.getByRole('button', { name: language === 'ar' ? 'تحقق' : 'Verify', exact: true }).click();
}

/** Signs a demo account without two-step sign-in (an SME, a supplier) in through the API; returns its token. */
export async function apiSignIn(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const login = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  const content = ((await login.json()) as { content: { token?: string; mfaRequired?: true } }).content;
  expect(content.mfaRequired, `${email} signs in with a password alone`).toBeUndefined();
  return content.token!;
}

/**
 * Signs in through the English sign-in form: an account of the journey (its password and next code),
 * or a demo account by email (the demo back office with the demo secret's code).
 */
export async function signIn(page: Page, who: string | BackOfficeAccount, password = DEMO_PASSWORD): Promise<void> {
  const email = typeof who === 'string' ? who : who.email;
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(typeof who === 'string' ? password : who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  if (typeof who !== 'string') await enterCode(page, who);
  else if (isDemoBackOffice(email) && password === DEMO_PASSWORD) await enterCode(page, email);
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

function isBackOfficeRole(role: Role): role is BackOfficeRole {
  return role === 'admin' || role === 'bank' || role === 'insurance';
}

/**
 * Signs in through the sign-in form in the page's language, in that role: the demo SME or supplier, or
 * for the back office a new account of the role (an insurer of Gulf Insurance, as insurer1@example.com),
 * which answers.
 */
export async function signInAs(page: Page, role: Role, language: 'en' | 'ar'): Promise<BackOfficeAccount | undefined> {
  const account = isBackOfficeRole(role) ? await newBackOfficeAccount(page.request, role) : undefined;
  await page.goto('/');
  await page.evaluate((lang) => window.localStorage.setItem('lang', lang), language);
  await page.goto('/auth/login');
  await page.getByRole('textbox', { name: language === 'ar' ? 'البريد الإلكتروني' : 'Email' }).fill(account?.email ?? DEMO_ACCOUNTS[role]);
  await page.getByLabel(language === 'ar' ? 'كلمة المرور' : 'Password', { exact: true }).fill(account?.password ?? DEMO_PASSWORD);
  await page.getByRole('button', { name: language === 'ar' ? 'تسجيل الدخول' : 'Sign In' }).click();
  if (account) await enterCode(page, account, language);
  await expect(page).toHaveURL(new RegExp(`/${role}(/|$)`));
  return account;
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

/** A one-page PDF, as the invoice a supplier uploads. */
export function invoicePdf(): Buffer {
  const objects = ['<</Type/Catalog/Pages 2 0 R>>', '<</Type/Pages/Kids[3 0 R]/Count 1>>', '<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 300]>>'];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/**
 * A new order of the demo SME with the demo supplier, taken through the API to "invoice verified"
 * (status 5) the way the fulfilment journey takes it through the screens: created, first instalment
 * paid on the sandbox gateway, accepted, delivered with the SME's verify code, invoiced, and the
 * invoice verified by the admin whose session is given. Answers the order's id.
 */
export async function orderWithVerifiedInvoice(request: APIRequestContext, adminToken: string, description: string, amount: number): Promise<string> {
  const sme = await apiSignIn(request, DEMO_ACCOUNTS.sme);
  const supplier = await apiSignIn(request, DEMO_ACCOUNTS.provider);
  const { providers } = await api<{ providers: { _id: string; auth_id: { email: string } }[] }>(request, 'GET', '/api/v1/sme/provider/list?perPage=100', sme);
  const providerId = providers.find((p) => p.auth_id.email === DEMO_ACCOUNTS.provider)?._id;
  const { order } = await api<{ order: { _id: string } }>(request, 'POST', '/api/v1/sme/order/create', sme, { providerId, amount, description });
  const orderId = order._id;
  const { transactionId } = await api<{ transactionId: string }>(request, 'POST', '/api/v1/sme/pay/init', sme, { orderId });
  await api(request, 'POST', '/api/v1/pub/gateway/sandbox/complete', undefined, { transactionId, approve: true });
  expect(await api(request, 'POST', '/api/v1/sme/pay/verify', sme, { transactionId })).toMatchObject({ payStatus: true, orderId });
  await api(request, 'POST', '/api/v1/provider/order/accept', supplier, { orderId });
  const shown = await api<{ order: { verify_code?: string | null } }>(request, 'GET', `/api/v1/sme/order/show/${orderId}`, sme);
  await api(request, 'POST', '/api/v1/provider/order/delivered', supplier, { orderId, verifyCode: shown.order.verify_code });
  const upload = await request.post('/api/v1/provider/order/invoice/upload', {
    headers: { authorization: `Bearer ${supplier}` },
    multipart: { orderId, orderInvoice: { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: invoicePdf() } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  expect(await api(request, 'POST', '/api/v1/admin/order/invoice/verify', adminToken, { orderId })).toMatchObject({ order: { _id: orderId, status: 5 } });
  return orderId;
}

/** The value of a printable document's line (a receipt's, a remittance advice's), by its label. */
export function documentLine(page: Page, label: string) {
  return page.getByRole('article').getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
}

/**
 * The page as the browser prints it: only the document, without the panel's header, menu or buttons,
 * and how many A4 pages it takes.
 */
export async function expectPrintsOnOnePage(page: Page): Promise<void> {
  await page.emulateMedia({ media: 'print' });
  try {
    await expect(page.getByRole('article')).toBeVisible();
    // the sheet takes the paper's whole width: no room is kept for the menu
    expect((await page.getByRole('article').boundingBox())?.x).toBe(0);
    await expect(page.locator('.mantine-AppShell-header')).toBeHidden();
    await expect(page.locator('.mantine-AppShell-navbar')).toBeHidden();
    // no button is left on the paper (a fixed one has no offsetParent either: the header holds those)
    expect(await page.locator('button').evaluateAll((buttons) => buttons.filter((b) => (b as HTMLElement).offsetParent !== null).length)).toBe(0);
    const colours = await page.getByRole('article').evaluate((sheet) => {
      const style = getComputedStyle(sheet);
      return { color: style.color, background: style.backgroundColor };
    });
    expect(colours).toEqual({ color: 'rgb(0, 0, 0)', background: 'rgb(255, 255, 255)' });
    const pdf = (await page.pdf({ format: 'A4', preferCSSPageSize: true })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length, 'printed pages').toBe(1);
  } finally {
    await page.emulateMedia({ media: null });
  }
}
