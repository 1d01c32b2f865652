// A pending payment expires after PAYMENT_PENDING_TTL_MINUTES, or when the gateway gives it up, so the
// SME can start again; money that still arrives for it is settled once or refunded.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@qist/domain';
import { loadConfig } from '../../src/config.js';
import { createFakeGateway } from '../fakes/gateway.js';
import { TEST_SESSION_SECRET, bearer, body, createAccount, loginAs, useTestApp, type TestContext } from '../helpers.js';

type Headers = Record<string, string>;
const MINUTE = 60_000;
const TTL_MINUTES = 30;

/** The SME and supplier of one app, and calls against it. */
function world(ctx: TestContext) {
  const state = { supplierId: '', sme: {} as { headers: Headers; smeId: string } };
  const post = (url: string, headers: Headers, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });
  beforeAll(async () => {
    const supplier = await createAccount(ctx.db, { role: 'provider', level: 5 });
    state.supplierId = (await ctx.db.execute<{ id: string }>(sql`select id from providers where user_id = ${supplier.id}`)).rows[0]!.id;
    const account = await createAccount(ctx.db, { role: 'sme', level: 8, creditLimit: 1_000_000 });
    state.sme = {
      headers: bearer(await loginAs(ctx.app, account)),
      smeId: (await ctx.db.execute<{ id: string }>(sql`select id from smes where user_id = ${account.id}`)).rows[0]!.id,
    };
  });
  return {
    state,
    post,
    async createOrder(amount = 100): Promise<string> {
      const created = await post('/api/v1/sme/order/create', state.sme.headers, { providerId: state.supplierId, amount, description: 'Crates' });
      expect(created.statusCode, created.body).toBe(200);
      return body(created).content.order._id as string;
    },
    async start(orderId: string, call: 'init' | 'installment' = 'init'): Promise<{ transactionId: string; paymentUrl: string }> {
      const response = await post(`/api/v1/sme/pay/${call}`, state.sme.headers, { orderId });
      expect(response.statusCode, response.body).toBe(200);
      return body(response).content;
    },
    async paymentStatus(transactionId: string): Promise<string | undefined> {
      return (await ctx.db.execute<{ status: string }>(sql`select status from payments where transaction_id = ${transactionId}`)).rows[0]?.status;
    },
  };
}

describe('PAYMENT_PENDING_TTL_MINUTES', () => {
  it('defaults to an hour and takes minutes', () => {
    const base = { DATA_DIR: '/tmp/qist-expiry-config', SESSION_SECRET: TEST_SESSION_SECRET };
    expect(loadConfig(base).paymentPendingTtlMs).toBe(60 * MINUTE);
    expect(loadConfig({ ...base, PAYMENT_PENDING_TTL_MINUTES: '15' }).paymentPendingTtlMs).toBe(15 * MINUTE);
    expect(() => loadConfig({ ...base, PAYMENT_PENDING_TTL_MINUTES: '0' })).toThrow(/PAYMENT_PENDING_TTL_MINUTES/);
  });
});

describe('on the sandbox, after its time', () => {
  const clock = { now: new Date('2026-10-01T10:00:00.000Z') };
  const ctx = useTestApp({ clock: () => clock.now, env: { PAYMENT_PENDING_TTL_MINUTES: String(TTL_MINUTES) } });
  const w = world(ctx);

  it('is reused until the last millisecond, then given up at the boundary: a new one starts and the old page takes no answer', async () => {
    const startedAt = new Date('2026-10-01T10:00:00.000Z');
    clock.now = startedAt;
    const orderId = await w.createOrder();
    const first = await w.start(orderId);

    clock.now = new Date(startedAt.getTime() + TTL_MINUTES * MINUTE - 1);
    expect(await w.start(orderId)).toEqual(first);
    expect(await w.paymentStatus(first.transactionId)).toBe('pending');

    clock.now = new Date(startedAt.getTime() + TTL_MINUTES * MINUTE);
    const second = await w.start(orderId);
    expect(second.transactionId).not.toBe(first.transactionId);
    expect(await w.paymentStatus(first.transactionId)).toBe('expired');
    expect(await w.paymentStatus(second.transactionId)).toBe('pending');

    // The old sandbox page is closed: approving it is refused, in words, and changes nothing.
    const late = await w.post('/api/v1/pub/gateway/sandbox/complete', {}, { transactionId: first.transactionId, approve: true });
    expect([late.statusCode, body(late).msg]).toEqual([409, MESSAGES.paymentExpired]);
    expect(body(await ctx.app.inject({ method: 'GET', url: `/api/v1/pub/gateway/sandbox/${first.transactionId}` })).content.status).toBe('expired');

    // The new one pays the instalment.
    await w.post('/api/v1/pub/gateway/sandbox/complete', {}, { transactionId: second.transactionId, approve: true });
    expect(body(await w.post('/api/v1/sme/pay/verify', w.state.sme.headers, { transactionId: second.transactionId })).content.payStatus).toBe(true);
    expect(body(await w.post('/api/v1/sme/pay/verify', w.state.sme.headers, { transactionId: first.transactionId })).content.payStatus).toBe(false);
  });

  it('is given up by a verify after its time too, so the next start is a new payment', async () => {
    const startedAt = new Date('2026-10-02T10:00:00.000Z');
    clock.now = startedAt;
    const orderId = await w.createOrder();
    const first = await w.start(orderId);
    clock.now = new Date(startedAt.getTime() + TTL_MINUTES * MINUTE - 1);
    expect(body(await w.post('/api/v1/sme/pay/verify', w.state.sme.headers, { transactionId: first.transactionId })).content.payStatus).toBe(false);
    expect(await w.paymentStatus(first.transactionId)).toBe('pending');
    clock.now = new Date(startedAt.getTime() + TTL_MINUTES * MINUTE);
    expect(body(await w.post('/api/v1/sme/pay/verify', w.state.sme.headers, { transactionId: first.transactionId })).content.payStatus).toBe(false);
    expect(await w.paymentStatus(first.transactionId)).toBe('expired');
    expect((await w.start(orderId)).transactionId).not.toBe(first.transactionId);
  });
});

describe('on the gateway’s word, and money that lands late', () => {
  const clock = { now: new Date('2026-10-05T10:00:00.000Z') };
  const gateway = createFakeGateway();
  const ctx = useTestApp({ clock: () => clock.now, gateway, env: { PAYMENT_PENDING_TTL_MINUTES: String(TTL_MINUTES) } });
  const w = world(ctx);

  it('expires a payment the gateway gave up, before its time', async () => {
    const orderId = await w.createOrder();
    const first = await w.start(orderId);
    gateway.setStatus(first.transactionId, 'expired');
    expect(body(await w.post('/api/v1/sme/pay/verify', w.state.sme.headers, { transactionId: first.transactionId })).content.payStatus).toBe(false);
    expect(await w.paymentStatus(first.transactionId)).toBe('expired');
    expect((await w.start(orderId)).transactionId).not.toBe(first.transactionId);
  });

  it('tells the gateway when the page should close: the payment’s time is passed on at the start', async () => {
    // The fake keeps what it was asked; the start carries the moment the platform gives the payment up.
    const calls: Date[] = [];
    const original = gateway.start.bind(gateway);
    gateway.start = async (payment) => {
      calls.push(payment.expiresAt);
      return original(payment);
    };
    try {
      await w.start(await w.createOrder());
    } finally {
      gateway.start = original;
    }
    expect(calls).toEqual([new Date(clock.now.getTime() + TTL_MINUTES * MINUTE)]);
  });

  it('settles money that arrives for an expired payment once, and refunds the second payment of the same instalment', async () => {
    const startedAt = new Date('2026-10-06T10:00:00.000Z');
    clock.now = startedAt;
    const orderId = await w.createOrder(100);
    const first = await w.start(orderId);
    clock.now = new Date(startedAt.getTime() + TTL_MINUTES * MINUTE);
    const second = await w.start(orderId);
    expect(await w.paymentStatus(first.transactionId)).toBe('expired');

    // The payer had paid the first page after all, and then the second.
    gateway.setStatus(first.transactionId, 'approved');
    gateway.setStatus(second.transactionId, 'approved');
    expect(body(await w.post('/api/v1/sme/pay/verify', w.state.sme.headers, { transactionId: first.transactionId })).content.payStatus).toBe(true);
    expect(body(await w.post('/api/v1/sme/pay/verify', w.state.sme.headers, { transactionId: second.transactionId })).content.payStatus).toBe(false);
    expect([await w.paymentStatus(first.transactionId), await w.paymentStatus(second.transactionId)]).toEqual(['approved', 'refunded']);
    const refund = await ctx.db.execute<{ reason: string; amount: string }>(sql`select reason, amount from refunds where transaction_id = ${second.transactionId}`);
    expect(refund.rows).toEqual([{ reason: 'already_paid', amount: '2500' }]);
    const order = await ctx.db.execute<{ status: number }>(sql`select status from orders where id = ${orderId}`);
    expect(order.rows).toEqual([{ status: 1 }]);
    const credit = await ctx.db.execute<{ s: string }>(sql`select credit_spend as s from smes where id = ${w.state.sme.smeId}`);
    const receivable = await ctx.db.execute<{ b: string }>(
      sql`select coalesce(sum(amount), 0)::bigint as b from ledger_postings where account = 'sme_receivable' and sme_id = ${w.state.sme.smeId}`,
    );
    expect(credit.rows[0]!.s).toBe(receivable.rows[0]!.b);
  });

  it('keeps the payment in flight when the gateway cannot say what became of it', async () => {
    const startedAt = new Date('2026-10-07T10:00:00.000Z');
    clock.now = startedAt;
    const orderId = await w.createOrder();
    const first = await w.start(orderId);
    clock.now = new Date(startedAt.getTime() + TTL_MINUTES * MINUTE);
    const original = gateway.status.bind(gateway);
    gateway.status = async () => {
      throw new Error('the gateway timed out');
    };
    try {
      expect(await w.start(orderId)).toEqual(first);
    } finally {
      gateway.status = original;
    }
    expect(await w.paymentStatus(first.transactionId)).toBe('pending');
  });
});
