// Payment receipts and remittance advice through the API (issue 19): a receipt shows what the approved
// payment of a paid instalment settled, only to its SME (and the admin and the bank); a remittance advice
// shows the payout's ledger postings, only to the order's supplier and only once paid out. A document
// the caller may not see answers exactly as one that does not exist.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@qist/domain';
import { bearer, body, createAccount, loginAs, useTestApp, type TestContext } from '../helpers.js';

type Headers = Record<string, string>;

const ctx = useTestApp();

/** The calls every part of this file makes, on the app it is given. */
function client(context: TestContext) {
  const post = (url: string, headers: Headers, payload: unknown) => context.app.inject({ method: 'POST', url, headers, payload: payload as object });
  const get = (url: string, headers: Headers = {}) => context.app.inject({ method: 'GET', url, headers });

  async function partyId(table: 'smes' | 'providers', userId: string): Promise<string> {
    const result = await context.db.execute<{ id: string }>(sql`select id from ${sql.raw(table)} where user_id = ${userId}`);
    return result.rows[0]!.id;
  }

  async function activeSme(title: string | null, plan?: number[]) {
    const account = await createAccount(context.db, { role: 'sme', level: 8, creditLimit: 100_000_000, plan });
    if (title) await context.db.execute(sql`update smes set company_title = ${title} where user_id = ${account.id}`);
    return { account, headers: bearer(await loginAs(context.app, account)) };
  }

  async function supplier(title: string) {
    const account = await createAccount(context.db, { role: 'provider', level: 5, taxRate: 750, company: title });
    return { account, headers: bearer(await loginAs(context.app, account)), providerId: await partyId('providers', account.id) };
  }

  async function pay(headers: Headers, orderId: string, call: 'init' | 'installment', approve = true): Promise<string> {
    const start = body(await post(`/api/v1/sme/pay/${call}`, headers, { orderId })).content;
    const complete = await post('/api/v1/pub/gateway/sandbox/complete', {}, { transactionId: start.transactionId, approve });
    expect(complete.statusCode, complete.body).toBe(200);
    return start.transactionId as string;
  }

  async function createOrder(headers: Headers, providerId: string, amount: number, description = 'Shelving units') {
    const created = await post('/api/v1/sme/order/create', headers, { providerId, amount, description });
    expect(created.statusCode, created.body).toBe(200);
    return body(created).content.order._id as string;
  }

  return { post, get, activeSme, supplier, pay, createOrder };
}

const api = client(ctx);
const { get, post } = api;

/** What the database holds for an order's instalment (0-based) and the approved payment of it. */
async function paidInstallment(orderId: string, position: number) {
  const result = await ctx.db.execute<{ amount: string; paid_at: Date | string; transaction_id: string; gateway: string; payment_amount: string }>(
    sql`select i.amount, i.paid_at, p.transaction_id, p.gateway, p.amount as payment_amount
        from installments i join payments p on p.installment_id = i.id and p.status = 'approved'
        where i.order_id = ${orderId} and i.position = ${position}`,
  );
  expect(result.rows).toHaveLength(1);
  const row = result.rows[0]!;
  return { amountMinor: Number(row.amount), paymentMinor: Number(row.payment_amount), paidAt: new Date(row.paid_at).toISOString(), transactionId: row.transaction_id, gateway: row.gateway };
}

const notFound = { status: false, msg: MESSAGES.receiptNotFound };

describe('the payment receipt of an instalment', () => {
  let sme: Awaited<ReturnType<typeof api.activeSme>>;
  let seller: Awaited<ReturnType<typeof api.supplier>>;
  let orderId: string;
  let firstTransaction: string;
  let secondTransaction: string;
  let admin: Headers;
  let bank: Headers;

  beforeAll(async () => {
    // 1,234.57 by a 10/20/30/40 plan: 123.45, 246.91, 370.37 and, with the remainder, 493.84.
    sme = await api.activeSme('Al Noor Trading', [1000, 2000, 3000, 4000]);
    seller = await api.supplier('Gulf Foods');
    orderId = await api.createOrder(sme.headers, seller.providerId, 1234.57, '200 boxes of dates');
    firstTransaction = await api.pay(sme.headers, orderId, 'init');
    secondTransaction = await api.pay(sme.headers, orderId, 'installment');
    admin = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'admin' })));
    bank = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'bank' })));
  });

  it('shows a paid instalment as the database holds it: its order, parties, number, amount, date and transaction', async () => {
    const response = await get(`/api/v1/sme/order/receipt/${orderId}/2`, sme.headers);
    expect(response.statusCode, response.body).toBe(200);
    const stored = await paidInstallment(orderId, 1);
    expect(stored).toMatchObject({ amountMinor: 24691, paymentMinor: 24691, transactionId: secondTransaction, gateway: 'sandbox' });
    expect(body(response)).toEqual({
      status: true,
      content: {
        receipt: {
          orderId,
          description: '200 boxes of dates',
          supplier: { name: 'Gulf Foods' },
          sme: { name: 'Al Noor Trading' },
          installment: { number: 2, count: 4, amount: 246.91, paidAt: stored.paidAt },
          transactionId: secondTransaction,
          gateway: 'sandbox',
          currency: 'USD',
        },
      },
    });

    const first = body(await get(`/api/v1/sme/order/receipt/${orderId}/1`, sme.headers)).content.receipt;
    expect(first.installment).toEqual({ number: 1, count: 4, amount: 123.45, paidAt: (await paidInstallment(orderId, 0)).paidAt });
    expect(first.transactionId).toBe(firstTransaction);
    // the order page's instalments carry the same figures
    const shown = body(await get(`/api/v1/sme/order/show/${orderId}`, sme.headers)).content.order;
    expect(shown.installments.slice(0, 2).map((i: { amount: number; paid: { at: string } }) => [i.amount, i.paid.at])).toEqual([
      [first.installment.amount, first.installment.paidAt],
      [246.91, stored.paidAt],
    ]);
  });

  it('is not found for an instalment not paid yet, or beyond the plan, in the same words', async () => {
    for (const number of [3, 4, 5, 24]) {
      const response = await get(`/api/v1/sme/order/receipt/${orderId}/${number}`, sme.headers);
      expect([response.statusCode, body(response)], `instalment ${number}`).toEqual([404, notFound]);
    }
    // the third instalment's payment started and declined: still no receipt
    await api.pay(sme.headers, orderId, 'installment', false);
    expect((await get(`/api/v1/sme/order/receipt/${orderId}/3`, sme.headers)).statusCode).toBe(404);
  });

  it('refuses an address that cannot be a receipt with the same sentence', async () => {
    for (const address of [`${orderId}/0`, `${orderId}/-1`, `${orderId}/1.5`, `${orderId}/first`, `${orderId}/25`, 'not-an-order/1']) {
      const response = await get(`/api/v1/sme/order/receipt/${address}`, sme.headers);
      expect([response.statusCode, body(response).msg], address).toEqual([400, MESSAGES.receiptNotFound]);
    }
  });

  it('is not found for another SME, exactly as an unpaid one, and never shows the order', async () => {
    const other = await api.activeSme('Other Trading');
    const foreign = await get(`/api/v1/sme/order/receipt/${orderId}/1`, other.headers);
    const unpaid = await get(`/api/v1/sme/order/receipt/${orderId}/4`, sme.headers);
    expect([foreign.statusCode, foreign.body]).toEqual([unpaid.statusCode, unpaid.body]);
    expect(foreign.body).not.toContain(firstTransaction);
    // its own order of the same number is its own receipt
    const own = await api.createOrder(other.headers, seller.providerId, 80);
    await api.pay(other.headers, own, 'init');
    expect(body(await get(`/api/v1/sme/order/receipt/${own}/1`, other.headers)).content.receipt).toMatchObject({ orderId: own, sme: { name: 'Other Trading' }, installment: { amount: 20 } });
  });

  it('names an SME without a company title by its email', async () => {
    const untitled = await api.activeSme(null);
    const own = await api.createOrder(untitled.headers, seller.providerId, 40);
    await api.pay(untitled.headers, own, 'init');
    expect(body(await get(`/api/v1/sme/order/receipt/${own}/1`, untitled.headers)).content.receipt.sme).toEqual({ name: untitled.account.email });
  });

  it('is read by the admin and the bank for any order; the supplier and the insurer have no receipt route', async () => {
    const mine = body(await get(`/api/v1/sme/order/receipt/${orderId}/2`, sme.headers)).content.receipt;
    for (const [role, headers] of [['admin', admin], ['bank', bank]] as const) {
      const response = await get(`/api/v1/${role}/order/receipt/${orderId}/2`, headers);
      expect(body(response).content?.receipt, role).toEqual(mine);
      expect((await get(`/api/v1/${role}/order/receipt/${orderId}/4`, headers)).statusCode).toBe(404);
    }
    expect((await get(`/api/v1/sme/order/receipt/${orderId}/2`, seller.headers)).statusCode).toBe(403);
    expect((await get(`/api/v1/admin/order/receipt/${orderId}/2`, sme.headers)).statusCode).toBe(403);
  });

  it('is gone once the supplier declines the order and the payment is refunded', async () => {
    const order = await api.createOrder(sme.headers, seller.providerId, 100);
    await api.pay(sme.headers, order, 'init');
    expect((await get(`/api/v1/sme/order/receipt/${order}/1`, sme.headers)).statusCode).toBe(200);
    const declined = await post('/api/v1/provider/order/decline', seller.headers, { orderId: order });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(body(await get(`/api/v1/sme/order/receipt/${order}/1`, sme.headers))).toEqual(notFound);
  });
});

describe('the remittance advice of a payout', () => {
  let sme: Awaited<ReturnType<typeof api.activeSme>>;
  let seller: Awaited<ReturnType<typeof api.supplier>>;
  let bank: Headers;

  beforeAll(async () => {
    sme = await api.activeSme('Al Noor Trading');
    seller = await api.supplier('Gulf Foods');
    bank = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'bank' })));
    // The bank takes 33% of each discount, and pays at once (no second bank user: payout-approvals.test.ts).
    await ctx.db.execute(sql`insert into platform_settings (id, bank_share_rate, payout_approval_threshold) values (true, 3300, 100000000000)
                             on conflict (id) do update set bank_share_rate = 3300, payout_approval_threshold = 100000000000`);
  });

  /** An order of the supplier's with its first instalment paid, moved on to the invoice verified (5). */
  async function verifiedOrder(amount: number): Promise<string> {
    const orderId = await api.createOrder(sme.headers, seller.providerId, amount, 'Meeting-room chairs');
    await api.pay(sme.headers, orderId, 'init');
    await ctx.db.execute(sql`update orders set status = 5 where id = ${orderId}`);
    return orderId;
  }

  const remittance = (orderId: string, headers: Headers = seller.headers) => get(`/api/v1/provider/order/remittance/${orderId}`, headers);
  const missing = { status: false, msg: MESSAGES.remittanceNotFound };

  it('is not found before the payout, and shows the payout entry’s postings after it', async () => {
    const orderId = await verifiedOrder(2000.01);
    expect(body(await remittance(orderId))).toEqual(missing);

    const paid = await post('/api/v1/bank/order/pay', bank, { orderId });
    expect(body(paid).content.order).toEqual({ _id: orderId, status: 6 });
    const entry = await ctx.db.execute<{ id: string; created_at: Date | string }>(
      sql`select id, created_at from ledger_entries where order_id = ${orderId} and kind = 'bank_payout'`,
    );
    expect(entry.rows).toHaveLength(1);
    const postings = await ctx.db.execute<{ account: string; amount: string }>(sql`select account, amount from ledger_postings where entry_id = ${entry.rows[0]!.id}`);
    const posted = Object.fromEntries(postings.rows.map((r) => [r.account, Number(r.amount)]));
    // 2,000.01 at 7.5% is 150.00075: the discount is 150.00 (49.50 to the bank, 100.50 to the platform).
    expect(posted).toEqual({ order_funding: 200001, bank_payouts: -185001, bank_fee_income: -4950, platform_fee_income: -10050 });

    const response = await remittance(orderId);
    expect(response.statusCode, response.body).toBe(200);
    expect(body(response).content.remittance).toEqual({
      orderId,
      description: 'Meeting-room chairs',
      supplier: { name: 'Gulf Foods' },
      sme: { name: 'Al Noor Trading' },
      paidAt: new Date(entry.rows[0]!.created_at).toISOString(),
      amount: posted.order_funding! / 100,
      discountRate: 0.075,
      discount: -(posted.bank_fee_income! + posted.platform_fee_income!) / 100,
      paidToSupplier: -posted.bank_payouts! / 100,
      currency: 'USD',
      reference: entry.rows[0]!.id,
    });
    expect(body(response).content.remittance).toMatchObject({ amount: 2000.01, discount: 150, paidToSupplier: 1850.01 });
    // the same figures as the back office's breakdown, and no split of the discount for the supplier
    const breakdown = body(await get(`/api/v1/bank/order/show/${orderId}`, bank)).content.order.breakdown;
    expect([breakdown.discount, breakdown.supplierPayout]).toEqual([150, 1850.01]);
    expect(response.body).not.toContain('bankShare');
  });

  it('is the ledger’s figures even where the order’s rates would say otherwise now', async () => {
    const orderId = await verifiedOrder(500);
    await post('/api/v1/bank/order/pay', bank, { orderId });
    // a later change to the order row does not rewrite what was paid
    await ctx.db.execute(sql`update orders set amount = 99900, tax_rate = 5000 where id = ${orderId}`);
    expect(body(await remittance(orderId)).content.remittance).toMatchObject({ amount: 500, discount: 37.5, paidToSupplier: 462.5 });
  });

  it('is not found for another supplier or at any status before the payout', async () => {
    const orderId = await verifiedOrder(300);
    const other = await api.supplier('Other Supplies');
    for (const status of [1, 2, 3, 4, 5, -1]) {
      await ctx.db.execute(sql`update orders set status = ${status} where id = ${orderId}`);
      expect(body(await remittance(orderId)), `status ${status}`).toEqual(missing);
    }
    await ctx.db.execute(sql`update orders set status = 5 where id = ${orderId}`);
    await post('/api/v1/bank/order/pay', bank, { orderId });
    expect((await remittance(orderId)).statusCode).toBe(200);
    const foreign = await remittance(orderId, other.headers);
    expect([foreign.statusCode, body(foreign)]).toEqual([404, missing]);
    expect((await remittance(orderId, sme.headers)).statusCode).toBe(403);
    expect(body(await get('/api/v1/provider/order/remittance/not-an-order', seller.headers))).toEqual(missing);
  });
});

describe('a receipt in Kuwaiti dinars', () => {
  // An app of its own in KWD; the currency is the process's, so this part runs last.
  const kwd = useTestApp({ env: { CURRENCY: 'KWD' } });
  const dinars = client(kwd);

  it('writes the amount to the fils and names the currency', async () => {
    const sme = await dinars.activeSme('Al Noor Trading');
    const seller = await dinars.supplier('Gulf Foods');
    // 1,234.567 by quarters: 308.641 three times and 308.644.
    const orderId = await dinars.createOrder(sme.headers, seller.providerId, 1234.567);
    await dinars.pay(sme.headers, orderId, 'init');
    await dinars.pay(sme.headers, orderId, 'installment');
    const stored = await kwd.db.execute<{ amount: string }>(sql`select amount from payments where order_id = ${orderId} and status = 'approved' order by created_at`);
    expect(stored.rows.map((r) => Number(r.amount))).toEqual([308641, 308641]);
    const receipt = body(await dinars.get(`/api/v1/sme/order/receipt/${orderId}/2`, sme.headers)).content.receipt;
    expect(receipt).toMatchObject({ currency: 'KWD', installment: { number: 2, count: 4, amount: 308.641 } });
  });
});
