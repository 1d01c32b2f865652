// A payout under four eyes, found again on the Audit screen: an order reaches "invoice verified"
// through the API, the demo bank user bank@example.com requests its payout on the order page, the
// second demo bank user bank2@example.com approves it on Approvals after seeing the breakdown again,
// and the admin filters the audit trail by the order's id: the invoice verification, the request and
// the approval, each with its actor, one event's detail, and the CSV of that filter with those rows.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { api, expectToast, newBackOfficeAccount, orderWithVerifiedInvoice, signIn, type BackOfficeAccount } from './support';

type Breakdown = { discount: number; bankShare: number; platformShare: number; supplierPayout: number };

const money = (amount: number) => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function signedIn(browser: Browser, who: string | BackOfficeAccount): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, who);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  return page;
}

/** RFC 4180 records: quoted fields may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

test("the admin finds a payout's request and approval on the Audit screen by the order, with their actors, detail and CSV", async ({ browser, request }) => {
  test.slow();
  const admin = await newBackOfficeAccount(request, 'admin');
  const description = `Archive shelving ${Date.now()}`;
  const orderId = await orderWithVerifiedInvoice(request, admin.token, description, 360);

  // bank@example.com requests the payout on the order page (the demo's threshold is 0).
  const bank = await signedIn(browser, 'bank@example.com');
  await bank.goto(`/bank/order/${orderId}`);
  await expect(bank.getByText('Invoice verified by admin').first()).toBeVisible();
  await bank.getByRole('button', { name: 'Request payout' }).click();
  await bank.getByRole('dialog', { name: 'Request the payout of this order? A second bank user must approve it.' }).getByRole('button', { name: 'Yes' }).click();
  await expectToast(bank, 'payout requested; a second bank user must approve it');
  await expect(bank.getByRole('status', { name: 'Payout waiting for approval' })).toContainText('bank@example.com requested the payout of $360.00');

  // bank2@example.com sees the request on Approvals and its breakdown again before approving.
  const bank2 = await signedIn(browser, 'bank2@example.com');
  await bank2.getByRole('link', { name: 'Approvals' }).click();
  await expect(bank2).toHaveURL(/\/bank\/approvals$/);
  const card = bank2.getByRole('article', { name: `Order ${description}` });
  await expect(card).toContainText('bank@example.com');
  await expect(card).toContainText('$360.00');
  const { approvals } = await bank2.evaluate(async () => {
    const response = await fetch('/api/v1/bank/approval/list?status=pending&perPage=100', { headers: { authorization: `Bearer ${window.localStorage.getItem('token')}` } });
    return ((await response.json()) as { content: { approvals: { _id: string; orderId: string; breakdown: Breakdown }[] } }).content;
  });
  const pending = approvals.find((a) => a.orderId === orderId)!;
  expect(pending, 'the pending request of the order').toBeTruthy();
  await card.getByRole('button', { name: 'Approve' }).click();
  const confirm = bank2.getByRole('dialog', { name: 'Approve this payout?' });
  await expect(confirm).toContainText(`The supplier is paid at once: ${money(pending.breakdown.supplierPayout)}.`);
  const breakdown = confirm.getByRole('region', { name: 'Breakdown' });
  for (const amount of [pending.breakdown.discount, pending.breakdown.bankShare, pending.breakdown.platformShare, pending.breakdown.supplierPayout]) {
    await expect(breakdown).toContainText(money(amount));
  }
  await confirm.getByRole('button', { name: 'Approve and pay' }).click();
  await expectToast(bank2, 'payout approved and paid');
  await expect(card).toHaveCount(0);

  // The order is paid out, with the breakdown the approver saw (now read from the ledger).
  const { order } = await api<{ order: { status: number; breakdown: Breakdown; pendingPayout: unknown } }>(request, 'GET', `/api/v1/admin/order/show/${orderId}`, admin.token);
  expect(order).toMatchObject({ status: 6, pendingPayout: null, breakdown: expect.objectContaining(pending.breakdown) });

  // The admin filters the audit trail by the order's id.
  const auditor = await signedIn(browser, admin);
  await auditor.getByRole('link', { name: 'Audit' }).click();
  await expect(auditor).toHaveURL(/\/admin\/audit$/);
  await auditor.getByRole('textbox', { name: 'Target id' }).fill(orderId);
  await auditor.getByRole('button', { name: 'Apply' }).click();
  const table = auditor.getByRole('table', { name: 'Audit trail' });
  const rows = table.getByRole('row').filter({ hasText: orderId });
  // Newest first: the approval, the request, and before them the admin's invoice verification.
  await expect(rows).toHaveCount(3);
  const expected = [
    ['bank2@example.com', 'Payout approved'],
    ['bank@example.com', 'Payout requested'],
    [admin.email, 'Invoice verified'],
  ] as const;
  for (const [i, [actor, action]] of expected.entries()) {
    const cells = rows.nth(i).getByRole('cell');
    await expect(cells.nth(1)).toHaveText(actor);
    await expect(cells.nth(2)).toHaveText(action);
    await expect(cells.nth(3)).toHaveText(`Order ${orderId}`);
  }
  await expect(rows.filter({ hasText: 'Payout' })).toHaveCount(2);

  // The approval's detail: who, the request it approved and the amount, and its hash.
  await rows.nth(0).getByRole('button', { name: /^Details of Payout approved/ }).click();
  const dialog = auditor.getByRole('dialog', { name: 'Payout approved' });
  await expect(dialog).toContainText('bank2@example.com (bank)');
  const detail = JSON.parse((await dialog.getByTestId('audit-detail').textContent())!) as Record<string, unknown>;
  expect(detail).toMatchObject({ approval: pending._id, amount: 360 });
  await expect(dialog.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await auditor.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The CSV of the same filter: exactly those three events.
  const [download] = await Promise.all([auditor.waitForEvent('download'), auditor.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Buffer));
  const [header, ...records] = parseCsv(Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, ''));
  const column = (name: string) => header!.indexOf(name);
  expect(header).toEqual(expect.arrayContaining(['actor email', 'action', 'target type', 'target id', 'detail', 'hash']));
  expect(records.map((r) => [r[column('actor email')], r[column('action')], r[column('target type')], r[column('target id')]])).toEqual([
    ['bank2@example.com', 'payout.approved', 'order', orderId],
    ['bank@example.com', 'payout.requested', 'order', orderId],
    [admin.email, 'order.invoice-verified', 'order', orderId],
  ]);
  await expect(auditor.getByText('The CSV file is downloaded')).toBeVisible();

  for (const page of [bank, bank2, auditor]) await page.context().close();
});
