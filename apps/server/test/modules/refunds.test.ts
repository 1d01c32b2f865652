// Durable refunds: a refund is recorded with the decision that causes it (a supplier's decline, money
// that arrives for a canceled order), and a worker gives the money back through the gateway until it
// confirms, retrying with a growing delay; one worker at a time across processes; the admin sees it all.
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@qist/domain';
import { auditEventsOf, bearer, body, createAccount, loginAs, useSecondApp, useTestApp, type TestAccount } from '../helpers.js';
import { createFakeGateway } from '../fakes/gateway.js';

type Headers = Record<string, string>;
const SECOND = 1000;
const clock = { now: new Date('2026-09-01T08:00:00.000Z') };
const gateway = createFakeGateway();
const ctx = useTestApp({ clock: () => clock.now, gateway });
const other = useSecondApp(ctx, { clock: () => clock.now, gateway });

let supplierHeaders: Headers;
let supplierId: string;
let admin: Headers;

const post = (url: string, headers: Headers, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });

async function partyId(table: 'smes' | 'providers', userId: string): Promise<string> {
  const result = await ctx.db.execute<{ id: string }>(sql`select id from ${sql.raw(table)} where user_id = ${userId}`);
  return result.rows[0]!.id;
}

async function activeSme() {
  const account: TestAccount = await createAccount(ctx.db, { role: 'sme', level: 8, creditLimit: 1_000_000 });
  return { headers: bearer(await loginAs(ctx.app, account)), smeId: await partyId('smes', account.id) };
}

async function createOrder(sme: { headers: Headers }, amount = 100): Promise<string> {
  const created = await post('/api/v1/sme/order/create', sme.headers, { providerId: supplierId, amount, description: 'Shelves' });
  expect(created.statusCode, created.body).toBe(200);
  return body(created).content.order._id as string;
}

/** An order whose first instalment the gateway approved and the platform settled: waiting for the supplier. */
async function waitingOrder(sme: { headers: Headers }, amount = 100) {
  const orderId = await createOrder(sme, amount);
  const { transactionId } = body(await post('/api/v1/sme/pay/init', sme.headers, { orderId })).content;
  gateway.setStatus(transactionId, 'approved');
  expect(body(await post('/api/v1/sme/pay/verify', sme.headers, { transactionId })).content.payStatus).toBe(true);
  return { orderId, transactionId: transactionId as string };
}

type RefundState = { status: string; attempts: number; last_error: string | null; gateway_refund_id: string | null; next_attempt_at: Date; reason: string };
async function refundOf(transactionId: string): Promise<RefundState> {
  const result = await ctx.db.execute<RefundState & { next_ms: string }>(
    sql`select status, attempts, last_error, gateway_refund_id, reason, (extract(epoch from next_attempt_at) * 1000)::bigint as next_ms
        from refunds where transaction_id = ${transactionId}`,
  );
  const { next_ms, ...row } = result.rows[0]!;
  return { ...row, next_attempt_at: new Date(Number(next_ms)) };
}

async function ledgerTotal(): Promise<number> {
  const result = await ctx.db.execute<{ t: string }>(sql`select coalesce(sum(amount),0)::bigint as t from ledger_postings`);
  return Number(result.rows[0]!.t);
}

const later = (ms: number) => {
  clock.now = new Date(clock.now.getTime() + ms);
};

beforeAll(async () => {
  const supplier = await createAccount(ctx.db, { role: 'provider', level: 5 });
  supplierHeaders = bearer(await loginAs(ctx.app, supplier));
  supplierId = await partyId('providers', supplier.id);
  admin = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'admin' })));
});

beforeEach(async () => {
  // Each test starts with no refund due from an earlier one, and a gateway that gives money back at once.
  await ctx.app.refunds.runOnce();
  await ctx.db.execute(sql`update refunds set status = 'failed', completed_at = now() where status in ('pending', 'requested')`);
  gateway.answerRefunds(async (request) => ({ state: 'succeeded', gatewayRefundId: `rf_${request.transactionId}` }));
  gateway.answerRefundStatus(async () => 'succeeded');
});

describe('a supplier’s decline', () => {
  it('answers once decided, whatever the gateway does; the refund is retried with a growing delay until the gateway confirms', async () => {
    const sme = await activeSme();
    const { orderId, transactionId } = await waitingOrder(sme, 100);
    let failures = 2;
    gateway.answerRefunds(async (request) => {
      if (failures-- > 0) throw new Error('the gateway timed out');
      return { state: 'succeeded', gatewayRefundId: `rf_${request.transactionId}` };
    });

    const declined = await post('/api/v1/provider/order/decline', supplierHeaders, { orderId });
    expect([declined.statusCode, body(declined)]).toEqual([200, { status: true, content: { order: { _id: orderId, status: -1 } } }]);
    const decidedAt = clock.now;
    expect(await refundOf(transactionId)).toMatchObject({ status: 'pending', attempts: 0, last_error: null, reason: 'declined' });
    expect(await ledgerTotal()).toBe(0);

    // First try: the gateway times out; the refund waits 30 s.
    expect(await ctx.app.refunds.runOnce()).toEqual({ succeeded: 0, requested: 0, failed: 0, retrying: 1 });
    expect(await refundOf(transactionId)).toMatchObject({ status: 'pending', attempts: 1, last_error: 'the gateway timed out', next_attempt_at: new Date(decidedAt.getTime() + 30 * SECOND) });
    // Nothing is due before then.
    later(30 * SECOND - 1);
    expect(await ctx.app.refunds.runOnce()).toEqual({ succeeded: 0, requested: 0, failed: 0, retrying: 0 });
    later(1);
    // Second try fails again: now a minute.
    await ctx.app.refunds.runOnce();
    expect(await refundOf(transactionId)).toMatchObject({ status: 'pending', attempts: 2, next_attempt_at: new Date(clock.now.getTime() + 60 * SECOND) });
    later(60 * SECOND);
    expect(await ctx.app.refunds.runOnce()).toEqual({ succeeded: 1, requested: 0, failed: 0, retrying: 0 });
    expect(await refundOf(transactionId)).toMatchObject({ status: 'succeeded', attempts: 3, last_error: null, gateway_refund_id: `rf_${transactionId}` });

    const calls = gateway.refundCalls.filter((c) => c.transactionId === transactionId);
    expect(calls.map((c) => [c.amountMinor, c.isRetry])).toEqual([[2500, false], [2500, true], [2500, true]]);
    // Done: never asked again.
    later(3_600 * SECOND);
    await ctx.app.refunds.runOnce();
    expect(gateway.refundCalls.filter((c) => c.transactionId === transactionId)).toHaveLength(3);

    const listed = body(await get('/api/v1/admin/refund/list?status=succeeded&perPage=100', admin)).content;
    expect(listed.refunds.find((r: { transactionId: string }) => r.transactionId === transactionId)).toMatchObject({
      orderId,
      amount: 25,
      reason: 'declined',
      status: 'succeeded',
      attempts: 3,
      lastError: null,
      gatewayRefundId: `rf_${transactionId}`,
      nextAttemptAt: null,
      gateway: 'fake',
    });
  });

  it('follows a refund the gateway accepted until it confirms it, and shows a refused one as failed', async () => {
    const sme = await activeSme();
    const accepted = await waitingOrder(sme, 50);
    const refused = await waitingOrder(sme, 60);
    gateway.answerRefunds(async (request) =>
      request.transactionId === refused.transactionId ? { state: 'failed', detail: 'the card account is closed' } : { state: 'requested', gatewayRefundId: 'rf_42' },
    );
    let confirmations = ['pending', 'succeeded'] as const;
    gateway.answerRefundStatus(async () => {
      const [next, ...rest] = confirmations;
      confirmations = rest as unknown as typeof confirmations;
      return next ?? 'succeeded';
    });
    for (const { orderId } of [accepted, refused]) expect((await post('/api/v1/provider/order/decline', supplierHeaders, { orderId })).statusCode).toBe(200);

    expect(await ctx.app.refunds.runOnce()).toEqual({ succeeded: 0, requested: 1, failed: 1, retrying: 0 });
    expect(await refundOf(accepted.transactionId)).toMatchObject({ status: 'requested', gateway_refund_id: 'rf_42', attempts: 1 });
    expect(await refundOf(refused.transactionId)).toMatchObject({ status: 'failed', last_error: 'the card account is closed', attempts: 1 });

    const pending = body(await get('/api/v1/admin/refund/list?status=requested', admin)).content;
    expect(pending.refunds.map((r: { transactionId: string }) => r.transactionId)).toEqual([accepted.transactionId]);
    const failed = body(await get('/api/v1/admin/refund/list?status=failed&perPage=100', admin)).content;
    expect(failed.refunds.find((r: { transactionId: string }) => r.transactionId === refused.transactionId)).toMatchObject({ status: 'failed', lastError: 'the card account is closed', amount: 15 });

    later(30 * SECOND);
    expect(await ctx.app.refunds.runOnce()).toMatchObject({ retrying: 1 });
    expect(await refundOf(accepted.transactionId)).toMatchObject({ status: 'requested', attempts: 2 });
    later(60 * SECOND);
    expect(await ctx.app.refunds.runOnce()).toMatchObject({ succeeded: 1 });
    expect(await refundOf(accepted.transactionId)).toMatchObject({ status: 'succeeded', attempts: 3 });
    expect(gateway.refundStatusCalls).toEqual(['rf_42', 'rf_42']);
    // The refused one is never asked again.
    expect(gateway.refundCalls.filter((c) => c.transactionId === refused.transactionId)).toHaveLength(1);
  });

  it('is refused by the admin list’s access and filter checks', async () => {
    const bad = await get('/api/v1/admin/refund/list?status=lost', admin);
    expect(bad.statusCode).toBe(400);
    const sme = await activeSme();
    expect((await get('/api/v1/admin/refund/list', sme.headers)).statusCode).toBe(403);
  });
});

describe('money that lands after its order was canceled', () => {
  it('is refunded through the durable refund, moving no credit, with an audit event by no one', async () => {
    const sme = await activeSme();
    const orderId = await createOrder(sme, 40);
    const { transactionId } = body(await post('/api/v1/sme/pay/init', sme.headers, { orderId })).content;
    expect((await post('/api/v1/sme/order/cancel', sme.headers, { orderId })).statusCode).toBe(200);
    gateway.setStatus(transactionId, 'approved');
    expect(body(await post('/api/v1/sme/pay/verify', sme.headers, { transactionId })).content).toEqual({ payStatus: false, orderId });
    expect(await refundOf(transactionId)).toMatchObject({ status: 'pending', reason: 'order_canceled' });
    const payment = await ctx.db.execute<{ status: string }>(sql`select status from payments where transaction_id = ${transactionId}`);
    expect(payment.rows).toEqual([{ status: 'refunded' }]);
    // Verified again, nothing more is recorded.
    await post('/api/v1/sme/pay/verify', sme.headers, { transactionId });
    expect((await ctx.db.execute(sql`select id from refunds where transaction_id = ${transactionId}`)).rows).toHaveLength(1);

    await ctx.app.refunds.runOnce();
    expect(await refundOf(transactionId)).toMatchObject({ status: 'succeeded', attempts: 1 });
    const events = (await auditEventsOf(ctx.db, orderId)).filter((e) => e.action === AUDIT_ACTIONS.orderRefunded);
    expect(events).toEqual([expect.objectContaining({ actor: null, detail: expect.objectContaining({ reason: 'order_canceled', amount: 10 }) })]);
    const credit = await ctx.db.execute<{ a: string; s: string }>(sql`select credit_amount as a, credit_spend as s from smes where id = ${sme.smeId}`);
    expect(credit.rows[0]).toEqual({ a: '1000000', s: '0' });
    expect(await ledgerTotal()).toBe(0);
  });
});

describe('two workers in two processes', () => {
  it('carry out each refund exactly once', async () => {
    const sme = await activeSme();
    const orders = [];
    // More than one worker's batch (20), so both find work while the other is at the gateway.
    for (let i = 0; i < 25; i += 1) orders.push(await waitingOrder(sme, 10 + i));
    gateway.answerRefunds(async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { state: 'succeeded', gatewayRefundId: `rf_${request.transactionId}` };
    });
    for (const { orderId } of orders) expect((await post('/api/v1/provider/order/decline', supplierHeaders, { orderId })).statusCode).toBe(200);
    const before = gateway.refundCalls.length;

    const runs = await Promise.all([ctx.app.refunds.runOnce(), other.app.refunds.runOnce()]);
    expect(runs.reduce((sum, run) => sum + run.succeeded, 0)).toBe(25);
    expect(runs.every((run) => run.succeeded > 0)).toBe(true);

    const calls = gateway.refundCalls.slice(before).map((c) => c.transactionId);
    expect(calls.sort()).toEqual(orders.map((o) => o.transactionId).sort());
    for (const { transactionId } of orders) expect(await refundOf(transactionId)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });
});
