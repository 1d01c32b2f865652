// One order's whole life across the five roles, in five browsers: the SME buys and pays, the supplier
// accepts, the SME's delivery link confirms the delivery, the supplier uploads the invoice, the admin
// verifies it, one bank user requests the payout and a second approves it, and the supplier opens and
// prints its remittance advice. Then a supplier's decline and its refund on the admin's Payments screen,
// and the delivery link's refusals.
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  documentLine,
  expectAccessible,
  expectPrintsOnOnePage,
  expectToast,
  invoicePdf,
  newBackOfficeAccount,
  orderIdByDescription,
  signIn,
  type BackOfficeAccount,
} from './support';

/** A browser of its own, signed in: a demo SME or supplier by email, or a back-office account of this journey. */
async function signedIn(browser: Browser, who: string | BackOfficeAccount): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, who);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  return page;
}

/** The SME creates an order through the API with its session and pays the first instalment on the test page. */
async function waitingOrder(sme: Page, description: string, amount: number): Promise<string> {
  await sme.evaluate(
    async ({ wanted, sum }) => {
      const token = window.localStorage.getItem('token');
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const providers = await (await fetch('/api/v1/sme/provider/list?perPage=100', { headers })).json();
      const supplier = providers.content.providers.find((p: { auth_id: { email: string } }) => p.auth_id.email === 'supplier@example.com');
      await fetch('/api/v1/sme/order/create', { method: 'POST', headers, body: JSON.stringify({ providerId: supplier._id, amount: sum, description: wanted }) });
    },
    { wanted: description, sum: amount },
  );
  const orderId = await orderIdByDescription(sme, description);
  await sme.goto(`/pay-order?orderId=${orderId}`);
  await sme.getByRole('button', { name: 'Approve' }).click();
  await expect(sme.getByText('payment succeeded!')).toBeVisible();
  return orderId;
}

test('one order from purchase to payout, across the SME, the supplier, the admin and the bank', async ({ browser, request }) => {
  test.slow();
  const sme = await signedIn(browser, 'sme@example.com');
  const description = `Meeting-room chairs ${Date.now()}`;
  const orderId = await waitingOrder(sme, description, 480);

  const supplier = await signedIn(browser, 'supplier@example.com');
  await supplier.goto(`/provider/order/${orderId}`);
  await expect(supplier.getByText('Waiting').first()).toBeVisible();
  await supplier.getByRole('button', { name: 'Accept' }).click();
  await expectToast(supplier, 'order accepted successfully');

  // The SME's page now shows the delivery QR code and its verify code; the supplier opens its link.
  await sme.goto(`/sme/order/${orderId}`);
  await expect(sme.getByRole('img', { name: 'Delivery QR code of this order' })).toBeVisible();
  const link = await sme.getByLabel('Delivery link').inputValue();
  expect(link).toMatch(new RegExp(`/delivered-order\\?orderId=${orderId}&verifyCode=[A-Z2-9]{8}$`));
  await supplier.goto(link);
  await expectToast(supplier, 'Your order delivery is registered successfully');
  await expect(supplier).toHaveURL(new RegExp(`/provider/order/${orderId}`));
  await expect(supplier.getByText('Delivered').first()).toBeVisible();

  await supplier.locator('input[type=file]').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: invoicePdf() });
  await supplier.getByRole('button', { name: 'Upload' }).click();
  await expectToast(supplier, 'invoice uploaded successfully');
  await expect(supplier.getByText('Invoice uploaded').first()).toBeVisible();

  const admin = await signedIn(browser, await newBackOfficeAccount(request, 'admin'));
  await admin.goto(`/admin/order/${orderId}`);
  await expect(admin.getByText('Breakdown')).toBeVisible();
  await admin.getByRole('button', { name: 'Verify Invoice' }).click();
  await expectToast(admin, 'invoice verified successfully');

  // Four eyes (the demo's threshold is 0): one bank user requests the payout, a second approves it.
  const requester = await newBackOfficeAccount(request, 'bank', { prefix: 'journey-bank-requester' });
  const bank = await signedIn(browser, requester);
  await bank.goto(`/bank/order/${orderId}`);
  await expect(bank.getByText('Invoice verified by admin').first()).toBeVisible();
  await bank.getByRole('button', { name: 'Request payout' }).click();
  await bank.getByRole('dialog', { name: 'Request the payout of this order? A second bank user must approve it.' }).getByRole('button', { name: 'Yes' }).click();
  await expectToast(bank, 'payout requested; a second bank user must approve it');
  await expect(bank.getByRole('status', { name: 'Payout waiting for approval' })).toContainText(`${requester.email} requested the payout of $480.00`);
  await expect(bank.getByRole('button', { name: 'Request payout' })).toHaveCount(0);
  await admin.goto(`/admin/order/${orderId}`);
  await expect(admin.getByRole('status', { name: 'Payout waiting for approval' })).toBeVisible();

  const approver = await newBackOfficeAccount(request, 'bank', { prefix: 'journey-bank-approver' });
  const bank2 = await signedIn(browser, approver);
  await bank2.getByRole('link', { name: 'Approvals' }).click();
  const pending = bank2.getByRole('article', { name: `Order ${description}` });
  await expect(pending).toContainText(requester.email);
  await pending.getByRole('button', { name: 'Approve' }).click();
  const confirm = bank2.getByRole('dialog', { name: 'Approve this payout?' });
  await expect(confirm.getByRole('region', { name: 'Breakdown' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Approve and pay' }).click();
  await expectToast(bank2, 'payout approved and paid');
  await expect(pending).toHaveCount(0);
  await bank2.getByRole('tab', { name: 'Approved' }).click();
  await expect(bank2.getByRole('article', { name: `Order ${description}` })).toContainText(approver.email);

  await bank.goto(`/bank/order/${orderId}`);
  await expect(bank.getByText('Paid by bank').first()).toBeVisible();

  await sme.goto(`/sme/order/${orderId}`);
  await expect(sme.getByText('Paid by bank').first()).toBeVisible();

  // The supplier's remittance advice, from its order page: the payout as the bank's breakdown shows it
  // (480.00 at the demo supplier's 10%: 48.00 kept, 432.00 paid).
  await expect(bank.getByRole('region', { name: 'Breakdown' })).toContainText('$432.00');
  await supplier.goto(`/provider/order/${orderId}`);
  await supplier.getByRole('link', { name: 'Remittance advice' }).click();
  await expect(supplier).toHaveURL(new RegExp(`/provider/order/${orderId}/remittance$`));
  await expect(supplier.getByRole('heading', { level: 1, name: 'Remittance advice' })).toBeVisible();
  await expect(documentLine(supplier, 'Order number')).toHaveText(orderId);
  await expect(documentLine(supplier, 'Order')).toHaveText(description);
  await expect(documentLine(supplier, 'Order amount')).toHaveText('$480.00');
  await expect(documentLine(supplier, 'Discount (10%)')).toHaveText('-$48.00');
  await expect(documentLine(supplier, 'Paid to the supplier')).toHaveText('$432.00');
  await expect(documentLine(supplier, 'Payout reference')).toHaveText(/^[0-9a-f-]{36}$/);
  await expectPrintsOnOnePage(supplier);
  for (const page of [sme, supplier, admin, bank, bank2]) await page.context().close();
});

test('a supplier declines a waiting order and the SME has its credit back; the admin sees the refund succeeded', async ({ browser, request }) => {
  const sme = await signedIn(browser, 'sme@example.com');
  const before = await sme.evaluate(async () => {
    const token = window.localStorage.getItem('token');
    const profile = await (await fetch('/api/v1/sme/profile/get', { headers: { authorization: `Bearer ${token}` } })).json();
    return profile.content.sme.credit.amount as number;
  });
  const orderId = await waitingOrder(sme, `Whiteboards ${Date.now()}`, 120);

  const supplier = await signedIn(browser, 'supplier@example.com');
  await supplier.goto(`/provider/order/${orderId}`);
  await supplier.getByRole('button', { name: 'Decline' }).click();
  await supplier.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expectToast(supplier, 'order declined, the paid instalment is refunded');

  await sme.goto(`/sme/order/${orderId}`);
  await expect(sme.getByText('Canceled').first()).toBeVisible();
  const after = await sme.evaluate(async () => {
    const token = window.localStorage.getItem('token');
    const profile = await (await fetch('/api/v1/sme/profile/get', { headers: { authorization: `Bearer ${token}` } })).json();
    return profile.content.sme.credit.amount as number;
  });
  expect(after).toBe(before);

  // The refund worker gives the money back at the gateway; the admin's Payments screen shows it succeeded.
  const admin = await signedIn(browser, await newBackOfficeAccount(request, 'admin'));
  await admin.getByRole('link', { name: 'Payments' }).click();
  await expect(admin.getByRole('tab', { name: 'Refunds', selected: true })).toBeVisible();
  await admin.getByRole('combobox', { name: 'Status' }).click();
  await admin.getByRole('option', { name: 'Succeeded' }).click();
  await expect(admin).toHaveURL(/\/admin\/payments\?status=succeeded$/);
  const refund = admin.getByRole('row').filter({ has: admin.getByRole('link', { name: `Order ${orderId}` }) });
  // The worker runs right after the decline; the list is read again until the refund is there.
  await expect(async () => {
    await admin.reload();
    await expect(refund).toContainText('Succeeded', { timeout: 5_000 });
  }).toPass();
  await expect(refund).toContainText('Declined by the supplier');
  await expect(refund).toContainText('$30.00');
  await expectAccessible(admin);
  for (const page of [sme, supplier, admin]) await page.context().close();
});

test('the delivery link refuses missing parameters and a wrong code', async ({ page }) => {
  await page.goto('/delivered-order?orderId=00000000-0000-4000-8000-000000000000');
  await expectToast(page, 'your data is incorrect');
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, 'supplier@example.com');
  await expect(page).toHaveURL(/\/provider/);
  await page.goto('/delivered-order?orderId=00000000-0000-4000-8000-000000000000&verifyCode=WRONGCODE');
  await expect(page.getByText('your data is incorrect')).toBeVisible();
});
