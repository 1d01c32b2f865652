// The platform in Kuwaiti dinars: a second server started as `CURRENCY=KWD npm start` starts it, on a
// fresh data folder with the demo seeded in dinars. The demo SME buys and pays in Arabic at phone
// width, and every figure of the order's life shows three decimals and the currency (the SME's screens,
// its receipt, then the bank's breakdown and the supplier's paid-out order and remittance advice, exact to
// the fil); the folder then refuses to start in dollars. Chromium's own Intl gives the currencies the decimals the server takes.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { OrderBreakdown } from '@qist/domain';
import { startServer, stopServer } from './server-process';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, api, stepAt, totpCode } from './accounts';
import { PHONE, documentLine, expectNoHorizontalOverflow, expectToast, orderIdByDescription, orderWithVerifiedInvoice } from './support';

/** Intl writes a no-break space inside a figure and direction marks around an Arabic one. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ').replace(/[\u200e\u200f\u2068\u2069]/g, '');

/** 1234.567 → '1,234.567 د.ك.' (the figure as the Arabic screens write it, marks removed). */
const dinars = (amount: number) => `${amount.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })} د.ك.`;

/** A session of a demo back-office account, with the demo secret's code of `step`. */
async function backOfficeToken(request: APIRequestContext, email: string, step: number): Promise<string> {
  const { mfaToken } = await api<{ mfaToken: string }>(request, 'POST', '/api/v1/auth/login', undefined, { email, password: DEMO_PASSWORD });
  const { token } = await api<{ token: string }>(request, 'POST', '/api/v1/auth/mfa/verify', undefined, { mfaToken, code: totpCode(DEMO_TOTP_SECRET, step) });
  return token;
}

/** Signs a demo account in through the Arabic sign-in form; a back-office one with the code of `step`. */
async function signInArabic(page: Page, base: string, email: string, step?: number): Promise<void> {
  await page.goto(`${base}/`);
  await page.evaluate(() => window.localStorage.setItem('lang', 'ar'));
  await page.goto(`${base}/auth/login`);
  await page.getByLabel('البريد الإلكتروني').fill(email);
  await page.getByLabel('كلمة المرور', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  if (step !== undefined) {
    await page.getByLabel('رمز التحقق', { exact: true }).fill(totpCode(DEMO_TOTP_SECRET, step));
    await page.getByRole('button', { name: 'تحقق', exact: true }).click();
  }
  await expect(page).not.toHaveURL(/\/auth\//);
}

test.describe('in Kuwaiti dinars', () => {
  let dataDir: string;
  let server: { child: ChildProcess; base: string } | undefined;

  test.beforeAll(async () => {
    test.slow();
    dataDir = mkdtempSync(path.join(tmpdir(), 'qist-kwd-'));
    server = await startServer(dataDir, { CURRENCY: 'KWD' });
  });

  test.afterAll(async () => {
    if (server) await stopServer(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  test.describe('in Arabic at phone width', () => {
    test.use({ viewport: PHONE });

    test('the demo SME buys and pays in dinars: three decimals and د.ك. on every screen of the order', async ({ page }) => {
      test.slow();
      const base = server!.base;
      const config = await (await page.request.get(`${base}/api/v1/pub/config`)).json();
      expect(config).toEqual({ status: true, content: { currency: 'KWD', minorUnit: 3 } });

      await page.goto(`${base}/`);
      await page.evaluate(() => window.localStorage.setItem('lang', 'ar'));
      await page.goto(`${base}/auth/login`);
      await page.getByLabel('البريد الإلكتروني').fill('sme@example.com');
      await page.getByLabel('كلمة المرور', { exact: true }).fill('demo12345');
      await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
      await expect(page).toHaveURL(/\/sme/);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

      // the dashboard's credit, in dinars
      await page.goto(`${base}/sme/dashboard`);
      const credit = page.getByRole('region', { name: 'الائتمان' });
      await expect(credit).toBeVisible();
      expect(plain(await credit.innerText())).toMatch(/\d{1,3}(,\d{3})*\.\d{3} د\.ك\./);

      // a fourth decimal is refused, naming three; 1,234.567 is taken
      const description = `ورق طباعة ${Date.now()}`;
      await page.getByRole('button', { name: 'فتح القائمة' }).click();
      await page.getByRole('link', { name: 'الموردون' }).first().click();
      await page.getByText('Desert Office Supplies').first().click();
      await page.getByRole('button', { name: 'إنشاء طلب' }).click();
      const dialog = page.getByRole('dialog');
      const amount = dialog.getByRole('textbox', { name: /^المبلغ \(د\.ك\./ });
      await amount.fill('1234.5678');
      await dialog.getByLabel('الوصف').fill(description);
      await dialog.getByRole('button', { name: 'إنشاء الطلب' }).click();
      await expect(dialog.getByText('يمكن أن يحتوي المبلغ على 3 منازل عشرية كحد أقصى')).toBeVisible();
      await amount.fill('1234.567');
      await dialog.getByRole('button', { name: 'إنشاء الطلب' }).click();
      await expectToast(page, 'تم إرسال رابط الدفع عبر البريد الإلكتروني والرسائل القصيرة');
      const orderId = await orderIdByDescription(page, description);

      // the order before payment
      await page.goto(`${base}/sme/order/${orderId}`);
      const detail = page.getByRole('region', { name: 'تفاصيل الطلب' });
      await expect(detail).toBeVisible();
      expect(plain(await detail.innerText())).toContain('1,234.567 د.ك.');
      await expectNoHorizontalOverflow(page);

      // the test payment page shows the first instalment in dinars; approving settles it
      await page.goto(`${base}/pay-order?orderId=${orderId}`);
      await expect(page).toHaveURL(/\/gateway\/sandbox\//);
      await expect(page.getByText(/308\.641/)).toBeVisible();
      expect(plain(await page.getByText(/308\.641/).innerText())).toBe('308.641 د.ك.');
      await expectNoHorizontalOverflow(page);
      await page.getByRole('button', { name: 'موافقة' }).click();
      await expect(page.getByText('تمت عملية الدفع بنجاح!')).toBeVisible();

      // the order list and the order after payment
      await page.goto(`${base}/sme/orders`);
      await expect(page.getByRole('link', { name: /1,234\.567\sد\.ك\./ })).toHaveAttribute('href', `/sme/order/${orderId}`);
      expect(plain(await page.getByRole('list', { name: 'الطلبات' }).innerText())).toContain('1,234.567 د.ك.');
      await expectNoHorizontalOverflow(page);
      // 1,234.567 in four instalments, the three fils left over on the last
      await page.goto(`${base}/sme/order/${orderId}`);
      const installments = page.getByRole('list', { name: 'الأقساط' });
      await expect(installments).toBeVisible();
      const figures = plain(await installments.innerText()).match(/[\d,]+\.\d+ د\.ك\./g);
      expect(figures?.sort()).toEqual(['308.641 د.ك.', '308.641 د.ك.', '308.641 د.ك.', '308.644 د.ك.']);
      expect(plain(await page.locator('main').innerText())).not.toMatch(/\$|US|KWD/);
      await expectNoHorizontalOverflow(page);

      // the receipt of the first instalment, in dinars
      await page.getByRole('link', { name: 'إيصال القسط 1' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'إيصال الدفع' })).toBeVisible();
      expect(plain(await documentLine(page, 'المبلغ المدفوع').innerText())).toBe('308.641 د.ك.');
      await expectNoHorizontalOverflow(page);

      // and the API carries the same figures, in dinars with their fils
      const shown = await page.evaluate(async (wanted) => {
        const token = window.localStorage.getItem('token');
        const response = await fetch(`/api/v1/sme/order/show/${wanted}`, { headers: { authorization: `Bearer ${token}` } });
        return ((await response.json()) as { content: { order: { amount: number; installments: { amount: number }[] } } }).content.order;
      }, orderId);
      expect([shown.amount, ...shown.installments.map((i) => i.amount)]).toEqual([1234.567, 308.641, 308.641, 308.641, 308.644]);
    });
  });

  test.describe('in Arabic at phone width, the rest of the order', () => {
    test.use({ viewport: PHONE });

    test('the bank and the supplier see the order in dinars, its remittance advice too; the payout is exact to the fil', async ({ page, browser, playwright }) => {
      test.slow();
      const base = server!.base;
      const kwd = await playwright.request.newContext({ baseURL: base });
      // Each demo back-office account of this fresh server takes the demo secret's code of this step once
      // through the API, and the next step's in the browser.
      const step = stepAt();
      const adminToken = await backOfficeToken(kwd, 'admin@example.com', step);
      const description = `رفوف غرفة التبريد ${Date.now()}`;
      const orderId = await orderWithVerifiedInvoice(kwd, adminToken, description, 1234.567);

      const bankToken = await backOfficeToken(kwd, 'bank@example.com', step);
      const { order } = await api<{ order: { amount: number; breakdown: OrderBreakdown } }>(kwd, 'GET', `/api/v1/bank/order/show/${orderId}`, bankToken);
      const fils = (amount: number) => Math.round(amount * 1000);
      expect(fils(order.breakdown.supplierPayout) + fils(order.breakdown.discount)).toBe(1_234_567);
      expect(fils(order.breakdown.bankShare) + fils(order.breakdown.platformShare)).toBe(fils(order.breakdown.discount));

      // The bank's order page: the breakdown in dinars, three decimals each.
      await signInArabic(page, base, 'bank@example.com', step + 1);
      await page.goto(`${base}/bank/order/${orderId}`);
      const breakdown = page.getByRole('region', { name: 'التفصيل المالي' });
      await expect(breakdown).toBeVisible();
      const shown = plain(await breakdown.innerText());
      for (const amount of [order.breakdown.discount, order.breakdown.bankShare, order.breakdown.platformShare, order.breakdown.supplierPayout]) {
        expect(shown).toContain(dinars(amount));
      }
      expect(plain(await page.locator('main').innerText())).not.toMatch(/\$|US|KWD/);
      await expectNoHorizontalOverflow(page);

      // Four eyes: the bank requests the payout and a second bank user approves it.
      const { approval } = await api<{ approval: { _id: string } }>(kwd, 'POST', '/api/v1/bank/order/pay', bankToken, { orderId });
      await api(kwd, 'POST', '/api/v1/bank/approval/approve', await backOfficeToken(kwd, 'bank2@example.com', step), { approvalId: approval._id });
      await page.reload();
      await expect(page.getByText('مدفوع من البنك').first()).toBeVisible();

      // The supplier's order page, paid out, in dinars.
      const supplier = await browser.newPage({ viewport: PHONE });
      await signInArabic(supplier, base, 'supplier@example.com');
      await supplier.goto(`${base}/provider/order/${orderId}`);
      await expect(supplier.getByText('مدفوع من البنك').first()).toBeVisible();
      expect(plain(await supplier.locator('main').innerText())).toContain('1,234.567 د.ك.');
      expect(plain(await supplier.locator('main').innerText())).not.toMatch(/\$|US|KWD/);
      await expectNoHorizontalOverflow(supplier);
      // Its remittance advice: the order, the discount and what the bank paid, each to the fil.
      await supplier.getByRole('link', { name: 'إشعار التحويل' }).click();
      await expect(supplier.getByRole('heading', { level: 1, name: 'إشعار التحويل' })).toBeVisible();
      expect(plain(await documentLine(supplier, 'مبلغ الطلب').innerText())).toBe(dinars(1234.567));
      expect(plain(await documentLine(supplier, 'المبلغ المدفوع للمورد').innerText())).toBe(dinars(order.breakdown.supplierPayout));
      await expectNoHorizontalOverflow(supplier);
      await supplier.close();
      await kwd.dispose();
    });
  });

  test("the app asks for the currency once, preloaded, and Chromium's Intl gives the Gulf currencies the decimals the server uses", async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/pub/config')) asked.push(request.url());
    });
    await page.goto(`${server!.base}/auth/login`);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(asked).toHaveLength(1);
    const digits = await page.evaluate(() =>
      Object.fromEntries(['KWD', 'BHD', 'OMR', 'SAR', 'AED', 'QAR', 'USD'].map((code) => [code, new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits])),
    );
    expect(digits).toEqual({ KWD: 3, BHD: 3, OMR: 3, SAR: 2, AED: 2, QAR: 2, USD: 2 });
  });

  test('the folder made in dinars refuses to start in dollars, saying why', async () => {
    test.slow();
    await stopServer(server!.child);
    await expect(startServer(dataDir, { CURRENCY: 'USD' })).rejects.toThrow(
      'this database holds amounts in KWD and cannot start with CURRENCY=USD; start it with CURRENCY=KWD, or start USD on a new DATA_DIR or DATABASE_URL',
    );
    server = await startServer(dataDir, { CURRENCY: 'KWD' });
  });
});
