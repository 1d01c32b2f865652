// Buying on credit and paying through the sandbox gateway, as the demo SME does it, and opening and
// printing the receipt of a paid instalment: in English on a desktop, and in Arabic at phone width.
import { expect, test, type Page } from '@playwright/test';
import { documentLine, expectAccessible, expectNoHorizontalOverflow, expectPrintsOnOnePage, expectToast, orderIdByDescription, signIn } from './support';

const SUPPLIER = 'Desert Office Supplies';
const OPEN_MENU_AR = 'فتح القائمة';
const EN_LABELS = { suppliers: 'Suppliers', createOrder: 'Create Order', submit: 'Create Order', amount: 'Amount ($)', description: 'Description' };

/** A unique amount, so this journey's order is told apart from others made at the same time. */
function uniqueAmount(): string {
  return `${100 + Math.floor(Math.random() * 800)}.${String(10 + Math.floor(Math.random() * 89))}`;
}

async function createOrderFromSupplierPage(page: Page, labels: { suppliers: string; createOrder: string; submit: string; amount: string; description: string }, amount: string, description: string) {
  await page.getByRole('link', { name: labels.suppliers }).first().click();
  await page.getByText(SUPPLIER).first().click();
  await expect(page.getByRole('heading', { name: SUPPLIER })).toBeVisible();
  await page.getByRole('button', { name: labels.createOrder }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(labels.amount).fill(amount);
  await dialog.getByLabel(labels.description).fill(description);
  await dialog.getByRole('button', { name: labels.submit }).click();
}

test('the demo SME buys on credit, pays the first instalment on the test payment page, then the next from the order page', async ({ page }) => {
  await signIn(page, 'sme@example.com');
  await expect(page).toHaveURL(/\/sme/);
  const amount = uniqueAmount();
  const description = `Printer toner ${amount}`;
  await createOrderFromSupplierPage(page, EN_LABELS, amount, description);
  await expectToast(page, 'payment link is sent by email and sms');
  await expectToast(page, 'please check and do payment');

  // The payment link of the message.
  const orderId = await orderIdByDescription(page, description);
  await page.goto(`/pay-order?orderId=${orderId}`);
  await expect(page).toHaveURL(/\/gateway\/sandbox\//);
  const transactionId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await expect(page.getByText('Test payment page — no real money moves.')).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/sme\/payment-result\//);
  await expect(page.getByText('payment succeeded!')).toBeVisible();

  await page.getByRole('link', { name: 'See the order' }).click();
  await expect(page).toHaveURL(new RegExp(`/sme/order/${orderId}`));
  await expect(page.getByText('Waiting').first()).toBeVisible();
  await expect(page.getByText('paid', { exact: true })).toHaveCount(1);

  // The receipt of the paid instalment, from its line on the order page: the figures the page shows.
  const firstLine = page.getByRole('listitem').filter({ hasText: 'Instalment 1 of 4' });
  const instalmentAmount = (await firstLine.getByText(/^\$[\d,]+\.\d{2}$/).first().textContent())!;
  await firstLine.getByRole('link', { name: 'Receipt of instalment 1' }).click();
  await expect(page).toHaveURL(new RegExp(`/sme/order/${orderId}/receipt/1$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Payment receipt' })).toBeVisible();
  await expect(page.getByRole('article')).toContainText('Qist');
  await expect(documentLine(page, 'Order number')).toHaveText(orderId);
  await expect(documentLine(page, 'Order')).toHaveText(description);
  await expect(documentLine(page, 'Supplier')).toHaveText(SUPPLIER);
  await expect(documentLine(page, 'Instalment')).toHaveText('1 of 4');
  await expect(documentLine(page, 'Amount paid')).toHaveText(instalmentAmount);
  await expect(documentLine(page, 'Transaction number')).toHaveText(transactionId);
  await expect(documentLine(page, 'Paid through')).toHaveText('Test payment page');
  await expect(documentLine(page, 'Currency')).toHaveText('US dollars');
  await expect(documentLine(page, 'Paid on')).toContainText(String(new Date().getFullYear()));
  await expectPrintsOnOnePage(page);
  await page.getByRole('link', { name: 'Back to the order' }).click();
  await expect(page).toHaveURL(new RegExp(`/sme/order/${orderId}$`));

  // The next instalment, from the order page.
  await page.getByRole('button', { name: 'Pay next instalment' }).click();
  await expect(page).toHaveURL(/\/gateway\/sandbox\//);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('payment succeeded!')).toBeVisible();
  await page.getByRole('link', { name: 'See the order' }).click();
  await expect(page.getByText('paid', { exact: true })).toHaveCount(2);
});

test('a declined payment shows payment failed! and leaves the order to pay', async ({ page }) => {
  await signIn(page, 'sme@example.com');
  await expect(page).toHaveURL(/\/sme/);
  const amount = uniqueAmount();
  const description = `Desk lamps ${amount}`;
  await createOrderFromSupplierPage(page, EN_LABELS, amount, description);
  await expectToast(page, 'payment link is sent by email and sms');
  const orderId = await orderIdByDescription(page, description);

  await page.goto(`/sme/order/${orderId}`);
  await page.getByRole('button', { name: 'Pay first instalment' }).click();
  await expect(page).toHaveURL(/\/gateway\/sandbox\//);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('payment failed!')).toBeVisible();
  await page.getByRole('link', { name: 'See the order' }).click();
  await expect(page.getByText('Created').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay first instalment' })).toBeVisible();
});

test('the payment link asks an SME to sign in first and refuses another role', async ({ page }) => {
  await page.goto('/pay-order');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/pay-order?orderId=00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('login as sme to payment')).toBeVisible();
  await page.getByLabel('Email').fill('supplier@example.com');
  await page.getByLabel('Password', { exact: true }).fill('demo12345');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'you must login as SME');
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
});

test.describe('in Arabic at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the SME buys and pays right to left', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.localStorage.setItem('lang', 'ar'));
    await page.goto('/auth/login');
    await page.getByLabel('البريد الإلكتروني').fill('sme@example.com');
    await page.getByLabel('كلمة المرور', { exact: true }).fill('demo12345');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect(page).toHaveURL(/\/sme/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const amount = uniqueAmount();
    const description = `ورق طباعة ${amount}`;
    // The panel's menu opens in a drawer on a phone.
    await page.getByRole('button', { name: OPEN_MENU_AR }).click();
    await createOrderFromSupplierPage(page, { suppliers: 'الموردون', createOrder: 'إنشاء طلب', submit: 'إنشاء الطلب', amount: 'المبلغ (دولار أمريكي)', description: 'الوصف' }, amount, description);
    await expectToast(page, 'تم إرسال رابط الدفع عبر البريد الإلكتروني والرسائل القصيرة');
    const orderId = await orderIdByDescription(page, description);
    await page.goto(`/pay-order?orderId=${orderId}`);
    await expect(page).toHaveURL(/\/gateway\/sandbox\//);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('button', { name: 'موافقة' }).click();
    await expect(page.getByText('تمت عملية الدفع بنجاح!')).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);

    // The receipt, from the order page (whose paid instalment links to it), right to left and within a 375 px phone.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`/sme/order/${orderId}`);
    await expect(page.getByRole('link', { name: 'إيصال القسط 1' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'إيصال القسط 1' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'إيصال الدفع' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(documentLine(page, 'القسط')).toHaveText('1 من 4');
    await expect(documentLine(page, 'العملة')).toHaveText('دولار أمريكي');
    await expect(documentLine(page, 'المبلغ المدفوع')).toContainText('دولار أمريكي');
    await expect(documentLine(page, 'طريقة الدفع')).toHaveText('صفحة الدفع التجريبية');
    await expect(page.getByRole('button', { name: 'طباعة' })).toBeVisible();
    const paidOn = (await documentLine(page, 'تاريخ الدفع').textContent()) ?? '';
    expect(paidOn).not.toMatch(/[A-Za-z]/);
    await expectNoHorizontalOverflow(page, 375);
    await expectAccessible(page);
  });
});
