// Idempotency keys on order/create, pay/init and pay/installment: the same key and body within 24
// hours answers the first answer and takes effect once, even sent concurrently; the same key with
// another request is refused; keys are per account.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@qist/domain';
import { bearer, body, createAccount, loginAs, useSecondApp, useTestApp } from '../helpers.js';

type Headers = Record<string, string>;
const HOUR = 3_600_000;
const clock = { now: new Date('2026-12-01T08:00:00.000Z') };
const ctx = useTestApp({ clock: () => clock.now });
const other = useSecondApp(ctx, { clock: () => clock.now });

let supplierId: string;

async function activeSme(creditLimit = 1_000_000) {
  const account = await createAccount(ctx.db, { role: 'sme', level: 8, creditLimit });
  const smeId = (await ctx.db.execute<{ id: string }>(sql`select id from smes where user_id = ${account.id}`)).rows[0]!.id;
  return { headers: bearer(await loginAs(ctx.app, account)), smeId };
}

const call = (url: string, headers: Headers, payload: unknown, key?: string, app = ctx.app) =>
  app.inject({ method: 'POST', url, headers: key === undefined ? headers : { ...headers, 'idempotency-key': key }, payload: payload as object });

async function ordersOf(smeId: string): Promise<number> {
  return (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from orders where sme_id = ${smeId}`)).rows[0]!.n;
}
async function spendOf(smeId: string): Promise<number> {
  return Number((await ctx.db.execute<{ s: string }>(sql`select credit_spend as s from smes where id = ${smeId}`)).rows[0]!.s);
}

beforeAll(async () => {
  const supplier = await createAccount(ctx.db, { role: 'provider', level: 5 });
  supplierId = (await ctx.db.execute<{ id: string }>(sql`select id from providers where user_id = ${supplier.id}`)).rows[0]!.id;
});

describe('creating an order with an Idempotency-Key', () => {
  it('answers the first answer to 12 concurrent identical requests (over two API processes), reserving the credit once', async () => {
    const sme = await activeSme();
    const key = randomUUID();
    const order = { providerId: supplierId, amount: 120, description: 'Cold room shelving' };
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call('/api/v1/sme/order/create', sme.headers, order, key, i % 2 === 0 ? ctx.app : other.app)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    const ids = new Set(answers.map((a) => body(a).content.order._id as string));
    expect(ids.size).toBe(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(11);
    expect(await ordersOf(sme.smeId)).toBe(1);
    expect(await spendOf(sme.smeId)).toBe(12_000);
    // The payment link went out once.
    const [id] = [...ids];
    const messages = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from outbox_messages where body like ${`%orderId=${id}%`}`);
    expect(messages.rows[0]!.n).toBe(1);
  });

  it('takes the same body in another key order as the same request, and refuses another body or route under the key, changing nothing', async () => {
    const sme = await activeSme();
    const key = 'order-2026-12-01-0001';
    const first = await call('/api/v1/sme/order/create', sme.headers, { providerId: supplierId, amount: 50, description: 'Crates' }, key);
    const same = await call('/api/v1/sme/order/create', sme.headers, { description: 'Crates', amount: 50, providerId: supplierId }, key);
    expect([same.statusCode, same.body]).toEqual([200, first.body]);

    const changed = await call('/api/v1/sme/order/create', sme.headers, { providerId: supplierId, amount: 51, description: 'Crates' }, key);
    expect([changed.statusCode, body(changed)]).toEqual([422, { status: false, msg: MESSAGES.idempotencyKeyReused }]);
    const elsewhere = await call('/api/v1/sme/pay/init', sme.headers, { orderId: body(first).content.order._id }, key);
    expect([elsewhere.statusCode, body(elsewhere).msg]).toEqual([422, MESSAGES.idempotencyKeyReused]);
    expect(await ordersOf(sme.smeId)).toBe(1);
    expect((await ctx.db.execute(sql`select id from payments where order_id = ${body(first).content.order._id}`)).rows).toEqual([]);
  });

  it('keeps keys per account: another SME’s equal key is its own', async () => {
    const a = await activeSme();
    const b = await activeSme();
    const key = 'shared-looking-key';
    const order = { providerId: supplierId, amount: 10, description: 'Tape' };
    const first = await call('/api/v1/sme/order/create', a.headers, order, key);
    const second = await call('/api/v1/sme/order/create', b.headers, order, key);
    expect(body(first).content.order._id).not.toBe(body(second).content.order._id);
    expect([await ordersOf(a.smeId), await ordersOf(b.smeId)]).toEqual([1, 1]);
  });

  it('answers a refusal again as it was first given, and forgets the key after 24 hours', async () => {
    const sme = await activeSme(10_000);
    const key = randomUUID();
    const firstUse = new Date('2026-12-02T08:00:00.000Z');
    clock.now = firstUse;
    const order = { providerId: supplierId, amount: 150, description: 'Too much for the line' };
    const refused = await call('/api/v1/sme/order/create', sme.headers, order, key);
    expect(refused.statusCode).toBe(400);
    // The line is raised meanwhile: under the key the first answer still stands.
    await ctx.db.execute(sql`update smes set credit_limit = 1000000, credit_amount = 1000000 where id = ${sme.smeId}`);
    clock.now = new Date(firstUse.getTime() + 24 * HOUR - 1);
    const replayed = await call('/api/v1/sme/order/create', sme.headers, order, key);
    expect([replayed.statusCode, replayed.body, replayed.headers['idempotent-replayed']]).toEqual([400, refused.body, 'true']);
    expect(await ordersOf(sme.smeId)).toBe(0);
    // 24 hours after the first use the key is new again.
    clock.now = new Date(firstUse.getTime() + 24 * HOUR);
    const fresh = await call('/api/v1/sme/order/create', sme.headers, order, key);
    expect([fresh.statusCode, fresh.headers['idempotent-replayed']]).toEqual([200, undefined]);
    expect(await ordersOf(sme.smeId)).toBe(1);
    // The job drops keys past their time.
    clock.now = new Date(clock.now.getTime() + 24 * HOUR);
    await ctx.app.jobs.runOnce();
    expect((await ctx.db.execute(sql`select key from idempotency_keys where key = ${key}`)).rows).toEqual([]);
  });

  it('holds no key for a request refused for its input, and refuses a malformed key', async () => {
    const sme = await activeSme();
    const key = randomUUID();
    const invalid = await call('/api/v1/sme/order/create', sme.headers, { providerId: supplierId, amount: 0.001, description: 'x' }, key);
    expect(invalid.statusCode).toBe(400);
    const valid = await call('/api/v1/sme/order/create', sme.headers, { providerId: supplierId, amount: 5, description: 'x' }, key);
    expect(valid.statusCode).toBe(200);
    for (const bad of ['', ' padded ', 'x'.repeat(256), 'tab\there']) {
      const response = await call('/api/v1/sme/order/create', sme.headers, { providerId: supplierId, amount: 5, description: 'y' }, bad);
      expect([response.statusCode, body(response).msg], JSON.stringify(bad)).toEqual([400, MESSAGES.idempotencyKeyInvalid]);
    }
    expect(await ordersOf(sme.smeId)).toBe(1);
  });
});

describe('starting payments with an Idempotency-Key', () => {
  it('starts one payment for concurrent pay/init and pay/installment requests under one key each', async () => {
    const sme = await activeSme();
    const orderId = body(await call('/api/v1/sme/order/create', sme.headers, { providerId: supplierId, amount: 40, description: 'Bins' })).content.order._id;
    const key = randomUUID();
    const starts = await Promise.all(Array.from({ length: 10 }, () => call('/api/v1/sme/pay/init', sme.headers, { orderId }, key)));
    expect(new Set(starts.map((s) => s.body)).size).toBe(1);
    expect(starts.every((s) => s.statusCode === 200)).toBe(true);
    const { transactionId } = body(starts[0]!).content;
    await call('/api/v1/pub/gateway/sandbox/complete', {}, { transactionId, approve: true });
    expect(body(await call('/api/v1/sme/pay/verify', sme.headers, { transactionId })).content.payStatus).toBe(true);

    const next = randomUUID();
    const installments = await Promise.all(Array.from({ length: 10 }, () => call('/api/v1/sme/pay/installment', sme.headers, { orderId }, next)));
    expect(new Set(installments.map((s) => s.body)).size).toBe(1);
    const payments = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from payments where order_id = ${orderId}`);
    expect(payments.rows[0]!.n).toBe(2);
    // The first key's answer stands for its request; under it, pay/init is not asked again of the order now waiting.
    const again = await call('/api/v1/sme/pay/init', sme.headers, { orderId }, key);
    expect([again.statusCode, again.body]).toEqual([200, starts[0]!.body]);
  });
});
