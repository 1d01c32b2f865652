// The first instalment's 72-hour window is decided when a payment starts and when it settles, not only
// by the auto-cancel job: too late, the order is canceled there and then and money that lands is refunded.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@qist/domain';
import { createFakeGateway } from '../fakes/gateway.js';
import { bearer, body, createAccount, loginAs, useTestApp } from '../helpers.js';

type Headers = Record<string, string>;
const HOUR = 3_600_000;
const clock = { now: new Date('2026-11-02T09:00:00.000Z') };
const gateway = createFakeGateway();
const ctx = useTestApp({ clock: () => clock.now, gateway, env: { PAYMENT_PENDING_TTL_MINUTES: '600' } });

let supplierId: string;
let sme: { headers: Headers; smeId: string; email: string };

const post = (url: string, headers: Headers, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });

async function createOrderAt(at: Date, amount = 100): Promise<string> {
  clock.now = at;
  const created = await post('/api/v1/sme/order/create', sme.headers, { providerId: supplierId, amount, description: 'Pallets' });
  expect(created.statusCode, created.body).toBe(200);
  return body(created).content.order._id as string;
}

async function orderState(orderId: string) {
  const order = await ctx.db.execute<{ status: number }>(sql`select status from orders where id = ${orderId}`);
  const credit = await ctx.db.execute<{ a: string; s: string }>(sql`select credit_amount as a, credit_spend as s from smes where id = ${sme.smeId}`);
  const total = await ctx.db.execute<{ t: string }>(sql`select coalesce(sum(amount), 0)::bigint as t from ledger_postings`);
  return { status: order.rows[0]!.status, available: Number(credit.rows[0]!.a), spend: Number(credit.rows[0]!.s), ledger: Number(total.rows[0]!.t) };
}

beforeAll(async () => {
  const supplier = await createAccount(ctx.db, { role: 'provider', level: 5 });
  supplierId = (await ctx.db.execute<{ id: string }>(sql`select id from providers where user_id = ${supplier.id}`)).rows[0]!.id;
  const account = await createAccount(ctx.db, { role: 'sme', level: 8, creditLimit: 1_000_000 });
  sme = {
    headers: bearer(await loginAs(ctx.app, account)),
    smeId: (await ctx.db.execute<{ id: string }>(sql`select id from smes where user_id = ${account.id}`)).rows[0]!.id,
    email: account.email,
  };
});

describe('starting the first payment', () => {
  it('is allowed at the window’s last moment and refused just after it, canceling the order there and then', async () => {
    const createdAt = new Date('2026-11-02T09:00:00.000Z');
    const onTime = await createOrderAt(createdAt);
    const late = await createOrderAt(createdAt);

    clock.now = new Date(createdAt.getTime() + 72 * HOUR);
    expect((await post('/api/v1/sme/pay/init', sme.headers, { orderId: onTime })).statusCode).toBe(200);

    clock.now = new Date(createdAt.getTime() + 72 * HOUR + 1);
    const refused = await post('/api/v1/sme/pay/init', sme.headers, { orderId: late });
    expect([refused.statusCode, body(refused)]).toEqual([409, { status: false, msg: MESSAGES.firstPaymentWindowClosed }]);
    expect((await ctx.db.execute(sql`select id from payments where order_id = ${late}`)).rows).toEqual([]);
    // Canceled with its credit released and its SME told, as the job does; asked again, the status is named.
    expect((await orderState(late)).status).toBe(-1);
    const notices = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from outbox_messages where recipient = ${sme.email} and subject ilike '%cancel%'`);
    expect(notices.rows[0]!.n).toBe(1);
    const again = await post('/api/v1/sme/pay/init', sme.headers, { orderId: late });
    expect([again.statusCode, body(again).msg]).toEqual([409, 'this is not possible while the order is canceled']);
    // The job finds nothing more to do for it.
    await ctx.app.jobs.runOnce();
    const entries = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_entries where order_id = ${late} and kind = 'order_canceled'`);
    expect(entries.rows[0]!.n).toBe(1);
  });
});

describe('settling the first payment', () => {
  it('pays at the window’s last moment; just after it, cancels the order and refunds the money through a durable refund', async () => {
    const createdAt = new Date('2026-11-05T09:00:00.000Z');
    const onTime = await createOrderAt(createdAt, 100);
    const late = await createOrderAt(createdAt, 200);
    const before = await orderState(onTime);
    clock.now = new Date(createdAt.getTime() + 71 * HOUR);
    const paidOnTime = body(await post('/api/v1/sme/pay/init', sme.headers, { orderId: onTime })).content.transactionId as string;
    const paidLate = body(await post('/api/v1/sme/pay/init', sme.headers, { orderId: late })).content.transactionId as string;
    gateway.setStatus(paidOnTime, 'approved');
    gateway.setStatus(paidLate, 'approved');

    clock.now = new Date(createdAt.getTime() + 72 * HOUR);
    expect(body(await post('/api/v1/sme/pay/verify', sme.headers, { transactionId: paidOnTime })).content.payStatus).toBe(true);
    expect((await orderState(onTime)).status).toBe(1);

    clock.now = new Date(createdAt.getTime() + 72 * HOUR + 1);
    expect(body(await post('/api/v1/sme/pay/verify', sme.headers, { transactionId: paidLate })).content).toEqual({ payStatus: false, orderId: late });
    const after = await orderState(late);
    expect(after.status).toBe(-1);
    // The paid instalment (25) and the late order's whole 200 are released; the late money moves no credit.
    expect([after.available, after.spend, after.ledger]).toEqual([before.available + 22_500, before.spend - 22_500, 0]);
    const refund = await ctx.db.execute<{ reason: string; amount: string; status: string }>(
      sql`select reason, amount, status from refunds where transaction_id = ${paidLate}`,
    );
    expect(refund.rows).toEqual([{ reason: 'order_canceled', amount: '5000', status: 'pending' }]);
    await ctx.app.refunds.runOnce();
    expect(gateway.refundCalls.map((c) => [c.transactionId, c.amountMinor])).toContainEqual([paidLate, 5000]);
  });
});
