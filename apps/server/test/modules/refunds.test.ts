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

describe('an admin’s retry of a failed refund', () => {
  async function failedRefund(amount = 80) {
    const sme = await activeSme();
    const order = await waitingOrder(sme, amount);
    gateway.answerRefunds(async () => ({ state: 'failed', detail: 'the card account is closed' }));
    expect((await post('/api/v1/provider/order/decline', supplierHeaders, { orderId: order.orderId })).statusCode).toBe(200);
    await ctx.app.refunds.runOnce();
    expect(await refundOf(order.transactionId)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'the card account is closed' });
    gateway.answerRefunds(async (request) => ({ state: 'succeeded', gatewayRefundId: `rf_${request.transactionId}` }));
    const refundId = (await ctx.db.execute<{ id: string }>(sql`select id from refunds where transaction_id = ${order.transactionId}`)).rows[0]!.id;
    return { ...order, refundId };
  }

  const completedAt = async (refundId: string) =>
    (await ctx.db.execute<{ completed_at: Date | null }>(sql`select completed_at from refunds where id = ${refundId}`)).rows[0]!.completed_at;

  it('makes it pending and due now, attempts kept, with an audit event; the worker then asks the gateway again as a retry', async () => {
    const { orderId, transactionId, refundId } = await failedRefund(80);
    later(5 * 60 * SECOND);
    const retried = await post('/api/v1/admin/refund/retry', admin, { refundId });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(body(retried).content.refund).toMatchObject({
      _id: refundId,
      orderId,
      transactionId,
      amount: 20,
      status: 'pending',
      attempts: 1,
      lastError: 'the card account is closed',
      nextAttemptAt: clock.now.toISOString(),
      completedAt: null,
    });
    expect(await refundOf(transactionId)).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: clock.now });
    expect(await completedAt(refundId)).toBeNull();

    const events = (await auditEventsOf(ctx.db, orderId)).filter((e) => e.action === AUDIT_ACTIONS.refundRetried);
    expect(events).toEqual([
      expect.objectContaining({
        actor: expect.stringMatching(/@/),
        targetType: 'order',
        detail: { refund: refundId, amount: 20, attempts: 1, lastError: 'the card account is closed', gateway: 'fake' },
      }),
    ]);

    expect(await ctx.app.refunds.runOnce()).toMatchObject({ succeeded: 1 });
    expect(await refundOf(transactionId)).toMatchObject({ status: 'succeeded', attempts: 2, last_error: null });
    expect(gateway.refundCalls.filter((c) => c.transactionId === transactionId).map((c) => c.isRetry)).toEqual([false, true]);
    expect(await ledgerTotal()).toBe(0);
  });

  it('refuses a refund that has not failed (409, naming its status), an unknown one (404) and a malformed id (400), changing nothing', async () => {
    const sme = await activeSme();
    const pending = await waitingOrder(sme, 40);
    gateway.answerRefunds(async () => {
      throw new Error('the gateway timed out');
    });
    expect((await post('/api/v1/provider/order/decline', supplierHeaders, { orderId: pending.orderId })).statusCode).toBe(200);
    const refundId = (await ctx.db.execute<{ id: string }>(sql`select id from refunds where transaction_id = ${pending.transactionId}`)).rows[0]!.id;
    const before = await refundOf(pending.transactionId);

    const refused = await post('/api/v1/admin/refund/retry', admin, { refundId });
    expect([refused.statusCode, body(refused)]).toEqual([409, { status: false, msg: 'only a failed refund can be tried again; this one is pending' }]);
    expect(await refundOf(pending.transactionId)).toEqual(before);

    const unknown = await post('/api/v1/admin/refund/retry', admin, { refundId: '0b5f2a8e-3c1d-4e7f-9a6b-2d4c8e1f3a5b' });
    expect([unknown.statusCode, body(unknown)]).toEqual([404, { status: false, msg: 'refund not found' }]);
    const malformed = await post('/api/v1/admin/refund/retry', admin, { refundId: 'not-an-id' });
    expect([malformed.statusCode, body(malformed).msg]).toEqual([400, 'refund not found']);
    expect((await post('/api/v1/admin/refund/retry', sme.headers, { refundId })).statusCode).toBe(403);
    expect((await auditEventsOf(ctx.db, pending.orderId)).filter((e) => e.action === AUDIT_ACTIONS.refundRetried)).toEqual([]);
  });

  it('resets a refund once when retries race, across two API processes', async () => {
    const { orderId, transactionId, refundId } = await failedRefund(60);
    const apps = [ctx.app, other.app];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => apps[i % 2]!.inject({ method: 'POST', url: '/api/v1/admin/refund/retry', headers: admin, payload: { refundId } })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(body(refused).msg).toBe('only a failed refund can be tried again; this one is pending');
    }
    expect(await refundOf(transactionId)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await auditEventsOf(ctx.db, orderId)).filter((e) => e.action === AUDIT_ACTIONS.refundRetried)).toHaveLength(1);
  });
});

describe('the admin’s list and dashboard', () => {
  const figures = async () => body(await get('/api/v1/admin/dashboard', admin)).content.payments as { refundsNeedingAttention: number; openAnomalies: number };

  it('lists the refunds needing attention (every one not succeeded), and counts the failed and those pending over a day', async () => {
    const start = await figures();
    const sme = await activeSme();
    const stuck = await waitingOrder(sme, 20);
    const done = await waitingOrder(sme, 24);
    gateway.answerRefunds(async (request) => {
      if (request.transactionId === stuck.transactionId) throw new Error('the gateway timed out');
      return { state: 'succeeded', gatewayRefundId: `rf_${request.transactionId}` };
    });
    for (const { orderId } of [stuck, done]) expect((await post('/api/v1/provider/order/decline', supplierHeaders, { orderId })).statusCode).toBe(200);
    await ctx.app.refunds.runOnce();

    const attention = body(await get('/api/v1/admin/refund/list?status=attention&perPage=100', admin)).content;
    const listed = attention.refunds.map((r: { transactionId: string }) => r.transactionId);
    expect(listed).toContain(stuck.transactionId);
    expect(listed).not.toContain(done.transactionId);
    expect(attention.refunds.every((r: { status: string }) => r.status !== 'succeeded')).toBe(true);
    expect(attention.count).toBe(attention.refunds.length);
    const all = body(await get('/api/v1/admin/refund/list?status=all&perPage=100', admin)).content;
    expect(all.count).toBeGreaterThan(attention.count);

    // Pending, but recorded less than a day ago: not yet a flag.
    expect(await figures()).toEqual(start);
    later(24 * 3_600 * SECOND + 1);
    expect((await figures()).refundsNeedingAttention).toBe(start.refundsNeedingAttention + 1);
    // The gateway refuses it: failed, still flagged; succeeded after a retry: no longer.
    gateway.answerRefunds(async () => ({ state: 'failed', detail: 'refused' }));
    await ctx.app.refunds.runOnce();
    expect(await refundOf(stuck.transactionId)).toMatchObject({ status: 'failed' });
    expect((await figures()).refundsNeedingAttention).toBe(start.refundsNeedingAttention + 1);
    gateway.answerRefunds(async (request) => ({ state: 'succeeded', gatewayRefundId: `rf_${request.transactionId}` }));
    const refundId = attention.refunds.find((r: { transactionId: string }) => r.transactionId === stuck.transactionId)._id;
    expect((await post('/api/v1/admin/refund/retry', admin, { refundId })).statusCode).toBe(200);
    await ctx.app.refunds.runOnce();
    expect(await figures()).toEqual(start);
  });
});
