// The platform in Kuwaiti dinars: a second server started as `CURRENCY=KWD npm start` starts it, on a
// fresh data folder with the demo seeded in dinars. In Arabic at phone width, every figure of an order's
// life shows three decimals and the currency: the demo SME buys and pays on its screens, with its receipt;
// then on another order the supplier accepts, takes the delivery and uploads the invoice on its order
// page, the admin finds it among the invoices to verify and verifies it on its page beside the breakdown,
// one bank user requests the payout and a second approves it on the approvals screen, the supplier sees
// it paid out with its remittance advice, and the SME pays a later instalment and opens its receipt, exact
// to the fil. The folder then refuses to start in dollars. Chromium's own Intl gives the currencies the
// decimals the server takes.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { OrderBreakdown } from '@qist/domain';
import { startServer, stopServer } from './server-process';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, api, stepAt, totpCode } from './accounts';
import { PHONE, apiSignIn, documentLine, expectNoHorizontalOverflow, expectToast, invoicePdf, orderIdByDescription } from './support';

/** Intl writes a no-break space inside a figure and direction marks around an Arabic one. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ').replace(/[\u200e\u200f\u2068\u2069]/g, '');

/** 1234.567 → '1,234.567 د.ك.' (the figure as the Arabic screens write it, marks removed). */
const dinars = (amount: number) => `${amount.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })} د.ك.`;

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

    test('the supplier, the admin and the bank take the order to its payout on their screens in dinars, and the SME pays a later instalment; exact to the fil', async ({ browser, playwright }) => {
      test.slow();
      const base = server!.base;
      const kwd = await playwright.request.newContext({ baseURL: base });
      /** A browser at phone width of its own, signed in in Arabic; a demo back-office account with the code of the step it is at. */
      const arabicPage = async (email: string, backOffice = false) => {
        const page = await (await browser.newContext({ viewport: PHONE })).newPage();
        await signInArabic(page, base, email, backOffice ? stepAt() : undefined);
        return page;
      };
      /** The text of a page's main part as a reader sees it, with no dollar and no Latin currency code. */
      const mainText = async (page: Page) => {
        const text = plain(await page.locator('main').innerText());
        expect(text).not.toMatch(/\$|US|KWD/);
        return text;
      };

      // The demo SME buys 1,234.567 from the demo supplier and pays its first instalment (its screens are the journey above).
      const sme = await apiSignIn(kwd, 'sme@example.com');
      const { providers } = await api<{ providers: { _id: string; auth_id: { email: string } }[] }>(kwd, 'GET', '/api/v1/sme/provider/list?perPage=100', sme);
      const providerId = providers.find((p) => p.auth_id.email === 'supplier@example.com')!._id;
      const description = `رفوف غرفة التبريد ${Date.now()}`;
      const { order: created } = await api<{ order: { _id: string } }>(kwd, 'POST', '/api/v1/sme/order/create', sme, { providerId, amount: 1234.567, description });
      const orderId = created._id;
      const payInstallment = async (call: 'init' | 'installment') => {
        const { transactionId } = await api<{ transactionId: string }>(kwd, 'POST', `/api/v1/sme/pay/${call}`, sme, { orderId });
        await api(kwd, 'POST', '/api/v1/pub/gateway/sandbox/complete', undefined, { transactionId, approve: true });
        expect(await api(kwd, 'POST', '/api/v1/sme/pay/verify', sme, { transactionId })).toMatchObject({ payStatus: true, orderId });
      };
      await payInstallment('init');

      // The supplier's order page at each step before the payout: the order and its share, in dinars.
      const supplier = await arabicPage('supplier@example.com');
      const supplierShares: string[] = [];
      const supplierSees = async (status: string) => {
        await supplier.goto(`${base}/provider/order/${orderId}`);
        await expect(supplier.getByText(status, { exact: true }).first()).toBeVisible();
        const share = supplier.getByRole('region', { name: 'حصتك' });
        const text = plain(await share.innerText());
        expect(text).toContain(dinars(1234.567));
        supplierShares.push(text);
        expect(await mainText(supplier)).toContain(dinars(1234.567));
        await expectNoHorizontalOverflow(supplier);
      };
      await supplierSees('بانتظار المورد');
      await supplier.getByRole('button', { name: 'قبول', exact: true }).click();
      await expectToast(supplier, 'تم قبول الطلب بنجاح');
      await supplierSees('قيد الإرسال');
      // The SME's delivery link, opened by the supplier, registers the delivery.
      const { order: accepted } = await api<{ order: { verify_code: string } }>(kwd, 'GET', `/api/v1/sme/order/show/${orderId}`, sme);
      await supplier.goto(`${base}/delivered-order?orderId=${orderId}&verifyCode=${accepted.verify_code}`);
      await expect(supplier).toHaveURL(new RegExp(`/provider/order/${orderId}`));
      await supplierSees('تم التسليم');
      await supplier.locator('input[type=file]').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: invoicePdf() });
      await supplier.getByRole('button', { name: 'رفع', exact: true }).click();
      await expectToast(supplier, 'تم رفع الفاتورة بنجاح');
      await supplierSees('تم رفع الفاتورة');

      // The admin: the order in its list of invoices to verify, then on its page with the breakdown, verified there.
      const admin = await arabicPage('admin@example.com', true);
      await admin.goto(`${base}/admin/orders?status=4`);
      const listed = admin.locator(`a[href="/admin/order/${orderId}"]`);
      await expect(listed).toBeVisible();
      expect(plain((await listed.getAttribute('aria-label')) ?? '')).toContain(dinars(1234.567));
      await expectNoHorizontalOverflow(admin);
      await admin.goto(`${base}/admin/order/${orderId}`);
      const adminBreakdown = admin.getByRole('region', { name: 'التفصيل المالي' });
      await expect(adminBreakdown).toBeVisible();
      const { order } = await admin.evaluate(async (wanted) => {
        const response = await fetch(`/api/v1/admin/order/show/${wanted}`, { headers: { authorization: `Bearer ${window.localStorage.getItem('token')}` } });
        return ((await response.json()) as { content: { order: { breakdown: OrderBreakdown } } }).content;
      }, orderId);
      const fils = (amount: number) => Math.round(amount * 1000);
      expect(fils(order.breakdown.supplierPayout) + fils(order.breakdown.discount)).toBe(1_234_567);
      expect(fils(order.breakdown.bankShare) + fils(order.breakdown.platformShare)).toBe(fils(order.breakdown.discount));
      const figures = [order.breakdown.discount, order.breakdown.bankShare, order.breakdown.platformShare, order.breakdown.supplierPayout].map(dinars);
      const adminShown = plain(await adminBreakdown.innerText());
      for (const figure of figures) expect(adminShown).toContain(figure);
      expect(await mainText(admin)).toContain(dinars(1234.567));
      await expectNoHorizontalOverflow(admin);
      await admin.getByRole('button', { name: 'التحقق من الفاتورة' }).click();
      await expectToast(admin, 'تم التحقق من الفاتورة بنجاح');
      // what the supplier was shown it would receive is what the breakdown pays it
      for (const share of supplierShares) expect(share).toContain(dinars(order.breakdown.supplierPayout));

      // The bank's order page: the breakdown in dinars, three decimals each; the payout requested there.
      const bank = await arabicPage('bank@example.com', true);
      await bank.goto(`${base}/bank/order/${orderId}`);
      const breakdown = bank.getByRole('region', { name: 'التفصيل المالي' });
      await expect(breakdown).toBeVisible();
      const shown = plain(await breakdown.innerText());
      for (const figure of figures) expect(shown).toContain(figure);
      await mainText(bank);
      await expectNoHorizontalOverflow(bank);
      await bank.getByRole('button', { name: 'طلب الدفع' }).click();
      const request = bank.getByRole('dialog', { name: 'هل تطلب دفع هذا الطلب؟ يجب أن يوافق عليه مستخدم ثانٍ من البنك.' });
      expect(plain(await request.innerText())).toContain(dinars(order.breakdown.supplierPayout));
      await request.getByRole('button', { name: 'نعم' }).click();
      await expectToast(bank, 'تم طلب الدفع؛ يجب أن يوافق عليه مستخدم ثانٍ من البنك');
      await bank.goto(`${base}/bank/order/${orderId}`);
      const pending = bank.getByRole('status', { name: 'دفعة بانتظار الموافقة' });
      await expect(pending).toContainText('bank@example.com');
      expect(plain(await pending.innerText())).toMatch(/\d{1,3}(,\d{3})*\.\d{3} د\.ك\./);

      // Four eyes: the second bank user's approval screen, the payout and its breakdown in dinars, approved there.
      const bank2 = await arabicPage('bank2@example.com', true);
      await bank2.goto(`${base}/bank/approvals`);
      const approval = bank2.getByRole('article', { name: `الطلب ${description}` });
      await expect(approval).toContainText('bank@example.com');
      const approvalShown = plain(await approval.innerText());
      for (const figure of [order.breakdown.supplierPayout, order.breakdown.discount, order.breakdown.bankShare].map(dinars)) expect(approvalShown).toContain(figure);
      await mainText(bank2);
      await expectNoHorizontalOverflow(bank2);
      await approval.getByRole('button', { name: 'موافقة', exact: true }).click();
      const confirm = bank2.getByRole('dialog', { name: 'هل توافق على هذه الدفعة؟' });
      const confirmShown = plain(await confirm.innerText());
      expect(confirmShown).toContain(`يُدفع للمورد فورًا: ${dinars(order.breakdown.supplierPayout)}`);
      for (const figure of figures) expect(confirmShown).toContain(figure);
      await confirm.getByRole('button', { name: 'موافقة ودفع' }).click();
      await expectToast(bank2, 'تمت الموافقة على الدفع وتم الدفع');
      await bank.goto(`${base}/bank/order/${orderId}`);
      await expect(bank.getByText('مدفوع من البنك').first()).toBeVisible();

      // The supplier's order page, paid out, in dinars, and its remittance advice, each figure to the fil.
      await supplier.goto(`${base}/provider/order/${orderId}`);
      await expect(supplier.getByText('مدفوع من البنك').first()).toBeVisible();
      expect(await mainText(supplier)).toContain(dinars(1234.567));
      await expectNoHorizontalOverflow(supplier);
      await supplier.getByRole('link', { name: 'إشعار التحويل' }).click();
      await expect(supplier.getByRole('heading', { level: 1, name: 'إشعار التحويل' })).toBeVisible();
      expect(plain(await documentLine(supplier, 'مبلغ الطلب').innerText())).toBe(dinars(1234.567));
      expect(plain(await documentLine(supplier, 'المبلغ المدفوع للمورد').innerText())).toBe(dinars(order.breakdown.supplierPayout));
      await expectNoHorizontalOverflow(supplier);

      // Later the SME pays its second instalment: its order page and that receipt, in dinars.
      await payInstallment('installment');
      const smePage = await arabicPage('sme@example.com');
      await smePage.goto(`${base}/sme/order/${orderId}`);
      const installments = smePage.getByRole('list', { name: 'الأقساط' });
      await expect(installments).toBeVisible();
      expect(plain(await installments.innerText()).match(/[\d,]+\.\d+ د\.ك\./g)?.sort()).toEqual(['308.641 د.ك.', '308.641 د.ك.', '308.641 د.ك.', '308.644 د.ك.']);
      expect(await mainText(smePage)).toContain(dinars(1234.567));
      await expectNoHorizontalOverflow(smePage);
      await smePage.getByRole('link', { name: 'إيصال القسط 2' }).click();
      await expect(smePage.getByRole('heading', { level: 1, name: 'إيصال الدفع' })).toBeVisible();
      expect(plain(await documentLine(smePage, 'المبلغ المدفوع').innerText())).toBe('308.641 د.ك.');
      await expectNoHorizontalOverflow(smePage);

      for (const page of [supplier, admin, bank, bank2, smePage]) await page.context().close();
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
