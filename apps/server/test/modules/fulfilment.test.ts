// The second half of an order's life through the API: accept, delivery with the verify code, the
// invoice, the admin's check and the bank's payout with the discount split, and the supplier's decline.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@qist/domain';
import { SAMPLE_FILES, bearer, body, createAccount, loginAs, recordCreditGranted, multipart, useTestApp, type TestAccount } from '../helpers.js';

const ctx = useTestApp({ env: { LOGIN_MAX_FAILURES: '4' } });

type Headers = Record<string, string>;
let supplier: TestAccount;
let supplierHeaders: Headers;
let supplierId: string;
let admin: Headers;
let bank: Headers;

async function partyId(table: 'smes' | 'providers', userId: string): Promise<string> {
  const result = await ctx.db.execute<{ id: string }>(sql`select id from ${sql.raw(table)} where user_id = ${userId}`);
  return result.rows[0]!.id;
}
const post = (url: string, headers: Headers, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });
const get = (url: string, headers: Headers = {}) => ctx.app.inject({ method: 'GET', url, headers });

async function activeSme(creditLimit = 1_000_000, plan?: number[]) {
  const account = await createAccount(ctx.db, { role: 'sme', level: 8, creditLimit, plan });
  return { account, headers: bearer(await loginAs(ctx.app, account)), smeId: await partyId('smes', account.id) };
}

/** An order created and its first instalment paid on the sandbox: status 1, waiting for the supplier. */
async function waitingOrder(sme: { headers: Headers }, amount = 100, providerId = supplierId) {
  const created = await post('/api/v1/sme/order/create', sme.headers, { providerId, amount, description: 'Shelves' });
  const orderId = body(created).content.order._id as string;
  const start = body(await post('/api/v1/sme/pay/init', sme.headers, { orderId })).content;
  await post('/api/v1/pub/gateway/sandbox/complete', {}, { transactionId: start.transactionId, approve: true });
  return { orderId, transactionId: start.transactionId as string };
}

function uploadInvoice(orderId: string, filename: string, bytes: Buffer, headers: Headers = supplierHeaders) {
  const form = multipart({ orderId }, { field: 'orderInvoice', filename, contentType: 'application/octet-stream', bytes });
  return ctx.app.inject({ method: 'POST', url: '/api/v1/provider/order/invoice/upload', headers: { ...headers, ...form.headers }, payload: form.payload });
}

async function status(orderId: string): Promise<number> {
  const result = await ctx.db.execute<{ status: number }>(sql`select status from orders where id = ${orderId}`);
  return result.rows[0]!.status;
}
async function ledgerTotal(): Promise<number> {
  const result = await ctx.db.execute<{ t: string }>(sql`select coalesce(sum(amount),0)::bigint as t from ledger_postings`);
  return Number(result.rows[0]!.t);
}
async function credit(smeId: string) {
  const result = await ctx.db.execute<{ a: string; s: string }>(sql`select credit_amount as a, credit_spend as s from smes where id = ${smeId}`);
  return { amount: Number(result.rows[0]!.a), spend: Number(result.rows[0]!.s) };
}
async function receivable(smeId: string): Promise<number> {
  const result = await ctx.db.execute<{ b: string }>(sql`select coalesce(sum(amount),0)::bigint as b from ledger_postings where account = 'sme_receivable' and sme_id = ${smeId}`);
  return Number(result.rows[0]!.b);
}

beforeAll(async () => {
  supplier = await createAccount(ctx.db, { role: 'provider', level: 5, taxRate: 750 });
  supplierHeaders = bearer(await loginAs(ctx.app, supplier));
  supplierId = await partyId('providers', supplier.id);
  admin = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'admin' })));
  bank = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'bank' })));
  // These tests are about the payout itself: every order here is below the payout approval threshold,
  // so the bank's Pay pays at once (payout-approvals.test.ts covers the requests a second bank user approves).
  await ctx.db.execute(sql`insert into platform_settings (id, bank_share_rate, payout_approval_threshold) values (true, 3300, 100000000000)
                           on conflict (id) do update set bank_share_rate = 3300, payout_approval_threshold = 100000000000`);
});

describe('an order from waiting to paid by the bank', () => {
  it('goes through every step by its owner, with the exact payout split posted to the ledger', async () => {
    const sme = await activeSme();
    const { orderId } = await waitingOrder(sme, 2000.01);

    const listed = body(await get('/api/v1/provider/order/list?status=1', supplierHeaders)).content;
    expect(listed.orders.map((o: { _id: string }) => o._id)).toContain(orderId);
    expect(body(await get(`/api/v1/provider/order/show/${orderId}`, supplierHeaders)).content.order).not.toHaveProperty('verify_code');

    const accepted = await post('/api/v1/provider/order/accept', supplierHeaders, { orderId });
    expect(body(accepted).content.order).toEqual({ _id: orderId, status: 2 });
    const code = body(await get(`/api/v1/sme/order/show/${orderId}`, sme.headers)).content.order.verify_code as string;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    const supplierView = await get(`/api/v1/provider/order/show/${orderId}`, supplierHeaders);
    expect(supplierView.body).not.toContain(code);
    expect(body(await get(`/api/v1/admin/order/show/${orderId}`, admin)).content.order).not.toHaveProperty('verify_code');

    const wrong = await post('/api/v1/provider/order/delivered', supplierHeaders, { orderId, verifyCode: 'WRONGCODE' });
    expect([wrong.statusCode, body(wrong).msg]).toEqual([400, MESSAGES.verifyCodeWrong]);
    expect(await status(orderId)).toBe(2);
    const delivered = await post('/api/v1/provider/order/delivered', supplierHeaders, { orderId, verifyCode: code.toLowerCase() });
    expect(body(delivered).content.order).toEqual({ _id: orderId, status: 3 });
    const replayed = await post('/api/v1/provider/order/delivered', supplierHeaders, { orderId, verifyCode: code });
    expect([replayed.statusCode, body(replayed).msg]).toEqual([409, 'this is not possible while the order is delivered']);

    const text = await uploadInvoice(orderId, 'invoice.png', SAMPLE_FILES.textPretendingPng);
    expect([text.statusCode, body(text).msg]).toEqual([400, MESSAGES.fileTypeRefused]);
    expect(await status(orderId)).toBe(3);
    const uploaded = await uploadInvoice(orderId, 'invoice.png', SAMPLE_FILES.png);
    expect(body(uploaded).content.order).toEqual({ _id: orderId, status: 4 });
    const file = body(await get(`/api/v1/sme/order/show/${orderId}`, sme.headers)).content.order.invoice.file as string;
    expect(file).toMatch(/\.png$/);

    const verified = await post('/api/v1/admin/order/invoice/verify', admin, { orderId });
    expect(body(verified).content.order).toEqual({ _id: orderId, status: 5 });
    const paid = await post('/api/v1/bank/order/pay', bank, { orderId });
    expect(body(paid).content.order).toEqual({ _id: orderId, status: 6 });

    // 2,000.01 at 7.5% is 150.00075: the discount is 150.00; 33% of it is 49.50 to the bank, 100.50 to the platform.
    const shown = body(await get(`/api/v1/bank/order/show/${orderId}`, bank)).content.order;
    expect(shown.breakdown).toEqual({
      discountRate: 0.075,
      discount: 150,
      bankShareRate: 0.33,
      bankShare: 49.5,
      platformShareRate: 0.67,
      platformShare: 100.5,
      supplierPayout: 1850.01,
    });
    const postings = await ctx.db.execute<{ account: string; amount: string }>(
      sql`select account, amount from ledger_postings p join ledger_entries e on e.id = p.entry_id where e.order_id = ${orderId} and e.kind = 'bank_payout' order by account`,
    );
    expect(postings.rows.map((r) => [r.account, Number(r.amount)])).toEqual([
      ['bank_fee_income', -4950],
      ['bank_payouts', -185001],
      ['order_funding', 200001],
      ['platform_fee_income', -10050],
    ]);
    expect(await ledgerTotal()).toBe(0);
    expect(body(await get(`/api/v1/sme/order/show/${orderId}`, sme.headers)).content.order).not.toHaveProperty('breakdown');
    expect(body(await get(`/api/v1/provider/order/show/${orderId}`, supplierHeaders)).content.order).not.toHaveProperty('breakdown');
  });

  it('pays a supplier once when 10 payouts race', async () => {
    const sme = await activeSme();
    const { orderId } = await waitingOrder(sme, 50);
    await ctx.db.execute(sql`update orders set status = 5 where id = ${orderId}`);
    const responses = await Promise.all(Array.from({ length: 10 }, () => post('/api/v1/bank/order/pay', bank, { orderId })));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409).every((r) => body(r).msg === 'this is not possible while the order is paidByBank')).toBe(true);
    const entries = await ctx.db.execute<{ n: string }>(sql`select count(*) as n from ledger_entries where order_id = ${orderId} and kind = 'bank_payout'`);
    expect(Number(entries.rows[0]!.n)).toBe(1);
    expect(await ledgerTotal()).toBe(0);
  });
});

describe('the supplier declines', () => {
  it('records the refund of the paid instalment, gives all the credit back, and the worker refunds it at the gateway', async () => {
    const sme = await activeSme(100_000);
    const { orderId, transactionId } = await waitingOrder(sme, 100);
    expect(await credit(sme.smeId)).toEqual({ amount: 92_500, spend: 7_500 });
    const declined = await post('/api/v1/provider/order/decline', supplierHeaders, { orderId });
    expect(body(declined).content.order).toEqual({ _id: orderId, status: -1 });
    expect(await credit(sme.smeId)).toEqual({ amount: 100_000, spend: 0 });
    const states = () =>
      ctx.db.execute<{ p: string; s: string; r: string }>(
        sql`select p.status as p, s.status as s, r.status as r from payments p join sandbox_transactions s on s.id = p.transaction_id
            join refunds r on r.payment_id = p.id where p.transaction_id = ${transactionId}`,
      );
    // Decided and recorded with the decline; the refund worker gives the money back at the gateway.
    expect((await states()).rows[0]).toEqual({ p: 'refunded', s: 'approved', r: 'pending' });
    await ctx.app.refunds.runOnce();
    expect((await states()).rows[0]).toEqual({ p: 'refunded', s: 'refunded', r: 'succeeded' });
    const order = body(await get(`/api/v1/sme/order/show/${orderId}`, sme.headers)).content.order;
    expect(order.installments.every((i: { paid: { at: string | null } }) => i.paid.at === null)).toBe(true);
    expect(await ledgerTotal()).toBe(0);
    // Declined, the order stays in the supplier's history, read-only: a second decline is refused by its status.
    const again = await post('/api/v1/provider/order/decline', supplierHeaders, { orderId });
    expect([again.statusCode, body(again)]).toEqual([409, { status: false, msg: 'this is not possible while the order is canceled' }]);
    expect(await credit(sme.smeId)).toEqual({ amount: 100_000, spend: 0 });
  });
  it('declines an order whose freed credit the SME already spent again, in one step', async () => {
    // Credit 1,000 on a 50/50 plan: order A (1,000) paid once frees 500, which order B (500) takes; B paid once.
    const sme = await activeSme(100_000, [5000, 5000]);
    const a = await waitingOrder(sme, 1000);
    const b = await waitingOrder(sme, 500);
    expect(await credit(sme.smeId)).toEqual({ amount: 25_000, spend: 75_000 });

    const declined = await post('/api/v1/provider/order/decline', supplierHeaders, { orderId: a.orderId });
    expect([declined.statusCode, body(declined)]).toEqual([200, { status: true, content: { order: { _id: a.orderId, status: -1 } } }]);
    // A's 500 comes back to the SME's card and A's whole amount leaves its receivable: only B's 250 is owed.
    expect(await credit(sme.smeId)).toEqual({ amount: 75_000, spend: 25_000 });
    expect(await receivable(sme.smeId)).toBe(25_000);
    expect(await ledgerTotal()).toBe(0);
    expect(await status(a.orderId)).toBe(-1);
    expect(await status(b.orderId)).toBe(1);
    const entries = await ctx.db.execute<{ kind: string; receivable: string }>(
      sql`select e.kind, sum(p.amount)::bigint as receivable from ledger_entries e join ledger_postings p on p.entry_id = e.id
          where e.order_id = ${a.orderId} and p.account = 'sme_receivable' group by e.id, e.kind, e.created_at order by e.created_at, e.kind`,
    );
    expect(entries.rows.map((r) => [r.kind, Number(r.receivable)]).sort()).toEqual(
      [['installment_paid', -50_000], ['order_canceled', -100_000], ['order_created', 100_000], ['refund', 50_000]].sort(),
    );
    await ctx.app.refunds.runOnce();
    const payments = await ctx.db.execute<{ p: string; s: string }>(
      sql`select p.status as p, s.status as s from payments p join sandbox_transactions s on s.id = p.transaction_id where p.order_id = ${a.orderId}`,
    );
    expect(payments.rows).toEqual([{ p: 'refunded', s: 'refunded' }]);
    const shown = body(await get(`/api/v1/sme/order/show/${a.orderId}`, sme.headers)).content.order;
    expect(shown.installments.map((i: { paid: { at: string | null } }) => i.paid.at)).toEqual([null, null]);
  });
  it('declines once when declines and an accept race, moving the credit once', async () => {
    const sme = await activeSme(100_000, [5000, 5000]);
    const { orderId } = await waitingOrder(sme, 600);
    await waitingOrder(sme, 400); // takes the 300 the first payment freed, and frees 200
    expect(await credit(sme.smeId)).toEqual({ amount: 50_000, spend: 50_000 });
    const calls = Array.from({ length: 10 }, (_, i) => post(`/api/v1/provider/order/${i === 5 ? 'accept' : 'decline'}`, supplierHeaders, { orderId }));
    const responses = await Promise.all(calls);
    const won = responses.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    const final = await status(orderId);
    const refused = responses.filter((r) => r.statusCode === 409).map((r) => body(r).msg);
    expect(refused).toEqual(Array(9).fill(`this is not possible while the order is ${final === -1 ? 'canceled' : 'sending'}`));
    if (final === -1) {
      expect(await credit(sme.smeId)).toEqual({ amount: 80_000, spend: 20_000 });
      const refunds = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_entries where order_id = ${orderId} and kind = 'refund'`);
      expect(refunds.rows).toEqual([{ n: 1 }]);
    } else {
      expect(final).toBe(2);
      expect(await credit(sme.smeId)).toEqual({ amount: 50_000, spend: 50_000 });
    }
    expect(await receivable(sme.smeId)).toBe((await credit(sme.smeId)).spend);
    expect(await ledgerTotal()).toBe(0);
  });

  it('unflags a declined order: not paid (its instalment is refunded), not late now, late once kept', async () => {
    const single = await activeSme(100_000, [10_000]);
    const { orderId } = await waitingOrder(single, 80);
    expect(body(await get(`/api/v1/sme/order/show/${orderId}`, single.headers)).content.order.paid).toBe(true);
    expect(body(await post('/api/v1/provider/order/decline', supplierHeaders, { orderId })).content.order).toEqual({ _id: orderId, status: -1 });
    const shown = body(await get(`/api/v1/sme/order/show/${orderId}`, single.headers)).content.order;
    expect(shown).toMatchObject({ status: -1, paid: false, latePay: { once: false, active: false } });
    expect(shown.installments.map((i: { paid: { at: string | null } }) => i.paid.at)).toEqual([null]);

    // An order waiting past its second deadline is late; declined, nothing is owed on it any more.
    const sme = await activeSme(100_000, [5000, 5000]);
    const late = await waitingOrder(sme, 60);
    await ctx.db.execute(sql`update installments set deadline = now() - interval '1 day' where order_id = ${late.orderId} and position = 1`);
    await ctx.app.jobs.runOnce();
    expect(body(await get(`/api/v1/sme/order/show/${late.orderId}`, sme.headers)).content.order.latePay).toEqual({ once: true, active: true });
    await post('/api/v1/provider/order/decline', supplierHeaders, { orderId: late.orderId });
    expect(body(await get(`/api/v1/sme/order/show/${late.orderId}`, sme.headers)).content.order).toMatchObject({
      status: -1,
      paid: false,
      latePay: { once: true, active: false },
    });

    const rows = await ctx.db.execute<{ id: string; paid: boolean; late_active: boolean; late_once: boolean }>(
      sql`select id, paid, late_active, late_once from orders where id in (${orderId}, ${late.orderId})`,
    );
    expect(Object.fromEntries(rows.rows.map((r) => [r.id, [r.paid, r.late_active, r.late_once]]))).toEqual({
      [orderId]: [false, false, false],
      [late.orderId]: [false, false, true],
    });
    // Overdue when declined, before any sweep saw it: late once. Paid on time and refunded after its deadline: never late.
    const unswept = await waitingOrder(sme, 40);
    await ctx.db.execute(sql`update installments set deadline = now() - interval '1 day' where order_id = ${unswept.orderId} and position = 1`);
    const paidOnTime = await waitingOrder(sme, 20);
    const second = body(await post('/api/v1/sme/pay/installment', sme.headers, { orderId: paidOnTime.orderId })).content;
    await post('/api/v1/pub/gateway/sandbox/complete', {}, { transactionId: second.transactionId, approve: true });
    await ctx.db.execute(sql`update installments set paid_at = now() - interval '2 days', deadline = now() - interval '1 day'
                             where order_id = ${paidOnTime.orderId} and position = 1`);
    for (const { orderId: id } of [unswept, paidOnTime]) await post('/api/v1/provider/order/decline', supplierHeaders, { orderId: id });
    const flags = await ctx.db.execute<{ id: string; status: number; paid: boolean; late_active: boolean; late_once: boolean }>(
      sql`select id, status, paid, late_active, late_once from orders where id in (${unswept.orderId}, ${paidOnTime.orderId})`,
    );
    expect(Object.fromEntries(flags.rows.map((r) => [r.id, [r.status, r.paid, r.late_active, r.late_once]]))).toEqual({
      [unswept.orderId]: [-1, false, false, true],
      [paidOnTime.orderId]: [-1, false, false, false],
    });
    expect(await credit(sme.smeId)).toEqual({ amount: 100_000, spend: 0 });
    expect(await ledgerTotal()).toBe(0);

    // The back office's CSV says the same: paid, late now, late before.
    const csv = (await get('/api/v1/admin/order/export?status=-1', admin)).body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    const header = csv[0]!.split(',');
    const cells = (id: string) => {
      const row = csv.find((line) => line.startsWith(`${id},`))!.split(',');
      return ['paid', 'late now', 'late before'].map((name) => row[header.indexOf(name)]);
    };
    expect(cells(orderId)).toEqual(['false', 'false', 'false']);
    expect(cells(late.orderId)).toEqual(['false', 'false', 'true']);
  });
});

describe('who may do what', () => {
  it('hides another supplier’s orders (404) and refuses steps from other statuses (409), changing nothing', async () => {
    const sme = await activeSme();
    const { orderId } = await waitingOrder(sme, 20);
    const other = await createAccount(ctx.db, { role: 'provider', level: 5 });
    const otherHeaders = bearer(await loginAs(ctx.app, other));
    for (const url of ['/api/v1/provider/order/accept', '/api/v1/provider/order/decline']) {
      const response = await post(url, otherHeaders, { orderId });
      expect([response.statusCode, body(response).msg]).toEqual([404, MESSAGES.orderNotFound]);
    }
    expect((await get(`/api/v1/provider/order/show/${orderId}`, otherHeaders)).statusCode).toBe(404);
    const early = await post('/api/v1/admin/order/invoice/verify', admin, { orderId });
    expect([early.statusCode, body(early).msg]).toEqual([409, 'this is not possible while the order is waiting']);
    const pay = await post('/api/v1/bank/order/pay', bank, { orderId });
    expect([pay.statusCode, body(pay).msg]).toEqual([409, 'this is not possible while the order is waiting']);
    const upload = await uploadInvoice(orderId, 'invoice.png', SAMPLE_FILES.png);
    expect([upload.statusCode, body(upload).msg]).toEqual([409, 'this is not possible while the order is waiting']);
    expect(await status(orderId)).toBe(1);
    // An order still unpaid is not the supplier's business yet.
    const created = body(await post('/api/v1/sme/order/create', sme.headers, { providerId: supplierId, amount: 5, description: 'x' })).content.order._id;
    expect((await get(`/api/v1/provider/order/show/${created}`, supplierHeaders)).statusCode).toBe(404);
  });

  it('throttles wrong verify codes like sign-ins (a wrong status does not count)', async () => {
    const own = await createAccount(ctx.db, { role: 'provider', level: 5 });
    const headers = bearer(await loginAs(ctx.app, own));
    const sme = await activeSme();
    const { orderId } = await waitingOrder(sme, 20, await partyId('providers', own.id));
    expect((await post('/api/v1/provider/order/delivered', headers, { orderId, verifyCode: 'BEFOREACCEPT' })).statusCode).toBe(409);
    await post('/api/v1/provider/order/accept', headers, { orderId });
    const codes = [];
    for (let i = 0; i < 5; i += 1) codes.push((await post('/api/v1/provider/order/delivered', headers, { orderId, verifyCode: `BADCODE${i}` })).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 429]);
    expect(await status(orderId)).toBe(2);
  });

  it('shows an insurer the orders of the SMEs it insured, without breakdown or invoice', async () => {
    const sme = await activeSme();
    const insurer = await createAccount(ctx.db, { role: 'insurance' });
    const stranger = await createAccount(ctx.db, { role: 'insurance' });
    await recordCreditGranted(ctx.db, sme.account.id, insurer);
    const { orderId } = await waitingOrder(sme, 30);
    const mine = bearer(await loginAs(ctx.app, insurer));
    const theirs = bearer(await loginAs(ctx.app, stranger));
    expect(body(await get('/api/v1/insurance/order/list', mine)).content.orders.map((o: { _id: string }) => o._id)).toEqual([orderId]);
    expect(body(await get('/api/v1/insurance/order/list', theirs)).content.count).toBe(0);
    const shown = body(await get(`/api/v1/insurance/order/show/${orderId}`, mine)).content.order;
    expect(shown).not.toHaveProperty('breakdown');
    expect(shown.invoice).toBeNull();
    expect((await get(`/api/v1/insurance/order/show/${orderId}`, theirs)).statusCode).toBe(404);
    expect(body(await get(`/api/v1/admin/order/show/${orderId}`, admin)).content.order.breakdown.discountRate).toBe(0.075);
  });

  it('writes each instalment’s percent in the CSV from its basis points, without float noise', async () => {
    const sme = await activeSme(1_000_000, [700, 1250, 3333, 4717]);
    const { orderId } = await waitingOrder(sme, 100);
    const csv = (await get('/api/v1/admin/installment/export', admin)).body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    const header = csv[0]!.split(',');
    const rows = csv.filter((line) => line.split(',')[header.indexOf('order id')] === orderId).map((line) => line.split(','));
    expect(rows.map((r) => [r[header.indexOf('number')], r[header.indexOf('percent')], r[header.indexOf('amount')]])).toEqual([
      ['1', '7', '7.00'],
      ['2', '12.5', '12.50'],
      ['3', '33.33', '33.33'],
      ['4', '47.17', '47.17'],
    ]);
    const stored = await ctx.db.execute<{ rate: number }>(sql`select rate from installments where order_id = ${orderId} order by position`);
    expect(stored.rows.map((r) => r.rate)).toEqual([700, 1250, 3333, 4717]);
  });

  it('lists instalments with their order for the admin and the bank', async () => {
    const sme = await activeSme();
    const { orderId } = await waitingOrder(sme, 40);
    const { installments, count, cursors } = body(await get('/api/v1/admin/installment/list?page=1&perPage=100', admin)).content;
    expect(count).toBeGreaterThanOrEqual(4);
    const ofOrder = installments.filter((i: { order_id: string }) => i.order_id === orderId);
    expect(ofOrder.map((i: { amount: number }) => i.amount)).toEqual([10, 10, 10, 10]);
    expect(ofOrder[0]).toMatchObject({ order_status: 1, sme_id: { auth_id: { email: sme.account.email } } });
    expect(ofOrder[0].paid.at).not.toBeNull();
    // The bank sees the same instalments as the admin.
    expect(body(await get('/api/v1/bank/installment/list?page=1&perPage=100', bank)).content).toEqual({ installments, count, cursors });
  });
});

describe('the invoice file', () => {
  it('is served to the order’s SME and supplier, the admin and the bank only', async () => {
    const sme = await activeSme();
    const { orderId } = await waitingOrder(sme, 25);
    await post('/api/v1/provider/order/accept', supplierHeaders, { orderId });
    await ctx.db.execute(sql`update orders set status = 3 where id = ${orderId}`);
    // What follows the end of the PDF is not stored with it.
    await uploadInvoice(orderId, 'i.pdf', Buffer.concat([SAMPLE_FILES.pdf, Buffer.from('<html><script>alert(1)</script></html>')]));
    const file = body(await get(`/api/v1/sme/order/show/${orderId}`, sme.headers)).content.order.invoice.file as string;
    const url = `/api/v1/pub/order/invoice/file/${file}`;
    const otherSme = await activeSme();
    const insurer = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'insurance' })));
    const answers = await Promise.all([sme.headers, supplierHeaders, admin, bank, otherSme.headers, insurer, {}].map((h) => get(url, h)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 404, 404, 401]);
    expect(answers[0]!.headers['content-type']).toBe('application/pdf');
    expect(answers[0]!.headers['x-content-type-options']).toBe('nosniff');
    expect(answers.slice(0, 4).map((r) => r.headers['cache-control'])).toEqual(['no-store', 'no-store', 'no-store', 'no-store']);
    expect(answers[0]!.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(answers[0]!.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
  });
});

describe('every supplier, admin and bank step at every status', () => {
  it('is refused with 409 naming the status from any status but its own, changing nothing', async () => {
    const sme = await activeSme(10_000_000);
    const names: Record<number, string> = { [-1]: 'canceled', 0: 'created', 1: 'waiting', 2: 'sending', 3: 'delivered', 4: 'uploadedInvoice', 5: 'invoiceVerifiedByAdmin', 6: 'paidByBank' };
    type Step = { from: number; bySupplier?: true; call: (orderId: string) => Promise<{ statusCode: number; body: string }> };
    const steps: Step[] = [
      { from: 1, bySupplier: true, call: (orderId) => post('/api/v1/provider/order/accept', supplierHeaders, { orderId }) },
      { from: 1, bySupplier: true, call: (orderId) => post('/api/v1/provider/order/decline', supplierHeaders, { orderId }) },
      { from: 2, bySupplier: true, call: (orderId) => post('/api/v1/provider/order/delivered', supplierHeaders, { orderId, verifyCode: 'ABCDEFGH' }) },
      { from: 3, bySupplier: true, call: (orderId) => uploadInvoice(orderId, 'invoice.png', SAMPLE_FILES.png) },
      { from: 4, call: (orderId) => post('/api/v1/admin/order/invoice/verify', admin, { orderId }) },
      { from: 5, call: (orderId) => post('/api/v1/bank/order/pay', bank, { orderId }) },
    ];
    const { orderId } = await waitingOrder(sme, 10);
    for (const status of [-1, 1, 2, 3, 4, 5, 6]) {
      await ctx.db.execute(sql`update orders set status = ${status}, verify_code = 'ABCDEFGH' where id = ${orderId}`);
      for (const step of steps) {
        if (step.from === status) continue;
        const before = await ctx.db.execute(sql`select status, updated_at, invoice_file from orders where id = ${orderId}`);
        const entries = await ctx.db.execute<{ n: string }>(sql`select count(*) as n from ledger_entries where order_id = ${orderId}`);
        const response = await step.call(orderId);
        // The order reached the supplier, so even canceled it is the supplier's: its steps are refused by status.
        const expected = [409, `this is not possible while the order is ${names[status]}`];
        expect([response.statusCode, JSON.parse(response.body).msg], `${response.body} at ${status}`).toEqual(expected);
        expect((await ctx.db.execute(sql`select status, updated_at, invoice_file from orders where id = ${orderId}`)).rows).toEqual(before.rows);
        expect((await ctx.db.execute<{ n: string }>(sql`select count(*) as n from ledger_entries where order_id = ${orderId}`)).rows).toEqual(entries.rows);
      }
    }
    // An order still created is not the supplier's yet: its steps answer 404, as for a stranger.
    await ctx.db.execute(sql`update orders set status = 0, reached_supplier = false where id = ${orderId}`);
    expect((await post('/api/v1/provider/order/accept', supplierHeaders, { orderId })).statusCode).toBe(404);
  });

  it('refuses an invoice over 10 MB and a renamed HTML file, storing nothing', async () => {
    const sme = await activeSme();
    const { orderId } = await waitingOrder(sme, 10);
    await ctx.db.execute(sql`update orders set status = 3 where id = ${orderId}`);
    const big = await uploadInvoice(orderId, 'big.pdf', Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(10 * 1024 * 1024 + 1)]));
    expect([big.statusCode, body(big).msg]).toEqual([413, MESSAGES.fileTooLarge]);
    const html = await uploadInvoice(orderId, 'invoice.pdf', Buffer.from('<!doctype html><script>alert(1)</script>'));
    expect([html.statusCode, body(html).msg]).toEqual([400, MESSAGES.fileTypeRefused]);
    expect(await status(orderId)).toBe(3);
  });
});
