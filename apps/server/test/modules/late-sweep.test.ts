// What the minute jobs read stays proportional to what changed (ADR 0026): a canceled order's unpaid
// instalments are closed on every cancel path (the SME, the 72-hour job, a first payment settled too
// late, a supplier's decline) and never enter the late sweep, while every screen shows them as before;
// the late job marks exactly the instalments whose deadline passed, at the millisecond; migration 0021
// closes the instalments of orders canceled before it.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../src/db/migrate.js';
import { insertOldParties, useDatabaseBefore } from '../migration-before.js';
import { bearer, body, createAccount, loginAs, useTestApp } from '../helpers.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = { now: new Date('2026-09-01T08:00:00.000Z') };
const ctx = useTestApp({ clock: () => clock.now });

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });

let sme: Headers;
let smeEmail: string;
let supplier: Headers;
let supplierId: string;
let admin: Headers;

async function createOrder(amount: number, description: string): Promise<string> {
  const response = await post('/api/v1/sme/order/create', sme, { providerId: supplierId, amount, description });
  expect(response.statusCode, response.body).toBe(200);
  return body(response).content.order._id as string;
}

async function startPayment(orderId: string, call: 'init' | 'installment' = 'init'): Promise<string> {
  return body(await post(`/api/v1/sme/pay/${call}`, sme, { orderId })).content.transactionId as string;
}

async function completePayment(transactionId: string) {
  const response = await post('/api/v1/pub/gateway/sandbox/complete', {}, { transactionId, approve: true });
  expect(response.statusCode, response.body).toBe(200);
}

async function installmentsOf(orderId: string) {
  const result = await ctx.db.execute<{ position: number; paid_at: Date | null; closed_at: Date | null; late_notice_sent_at: Date | null }>(
    sql`select position, paid_at, closed_at, late_notice_sent_at from installments where order_id = ${orderId} order by position`,
  );
  return result.rows.map((r) => ({
    position: r.position,
    paid: r.paid_at !== null,
    closedAt: r.closed_at ? new Date(r.closed_at).toISOString() : null,
    noticed: r.late_notice_sent_at !== null,
  }));
}

/** Instalments of these orders the late job would read: its index's predicate, with the deadline passed. */
async function inLateSweep(orderIds: string[], now: Date): Promise<number> {
  const result = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from installments
        where order_id in (${sql.join(orderIds.map((id) => sql`${id}::uuid`), sql`, `)})
          and paid_at is null and closed_at is null and late_notice_sent_at is null and position > 0 and deadline < ${now}`,
  );
  return result.rows[0]!.n;
}

async function lateNotices(): Promise<number> {
  const result = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from outbox_messages where recipient = ${smeEmail} and subject like '%is late%'`);
  return result.rows[0]!.n;
}

async function orderFlags(orderId: string) {
  const result = await ctx.db.execute<{ late_active: boolean; late_once: boolean; updated_at: Date }>(
    sql`select late_active, late_once, updated_at from orders where id = ${orderId}`,
  );
  const row = result.rows[0]!;
  return { lateActive: row.late_active, lateOnce: row.late_once, updatedAt: new Date(row.updated_at).toISOString() };
}

beforeAll(async () => {
  const buyer = await createAccount(ctx.db, { role: 'sme', level: 8, creditLimit: 1_000_000 });
  smeEmail = buyer.email;
  sme = bearer(await loginAs(ctx.app, buyer));
  const own = await createAccount(ctx.db, { role: 'provider', level: 5, company: 'Sweep Supplies' });
  supplier = bearer(await loginAs(ctx.app, own));
  supplierId = (await ctx.db.execute<{ id: string }>(sql`select id from providers where user_id = ${own.id}`)).rows[0]!.id;
  admin = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'admin' })));
});

describe('a canceled order’s instalments', () => {
  it('are closed on every cancel path, stay out of the late sweep, and show exactly as before', async () => {
    clock.now = new Date('2026-09-01T08:00:00.000Z');
    const start = clock.now;
    // The 72-hour job cancels one; the SME cancels one; one is paid only after its window (its settlement
    // cancels it, as the job would); the supplier
    // declines one it had (its paid first instalment refunded); one goes on as a control.
    const autoCanceled = await createOrder(40, 'auto-canceled');
    const paidTooLate = await createOrder(40, 'paid after its window');
    const lateTransaction = await startPayment(paidTooLate);
    clock.now = new Date(start.getTime() + 73 * HOUR);
    const jobTime = clock.now.toISOString();
    await completePayment(lateTransaction);
    await ctx.app.jobs.runOnce();
    const canceledBySme = await createOrder(40, 'canceled by the SME');
    expect(body(await post('/api/v1/sme/order/cancel', sme, { orderId: canceledBySme })).content.order.status).toBe(-1);
    const declined = await createOrder(40, 'declined');
    await completePayment(await startPayment(declined));
    const live = await createOrder(40, 'live');
    await completePayment(await startPayment(live));
    clock.now = new Date(clock.now.getTime() + HOUR);
    const declineTime = clock.now.toISOString();
    expect(body(await post('/api/v1/provider/order/decline', supplier, { orderId: declined })).content.order.status).toBe(-1);

    const canceled = { autoCanceled, paidTooLate, canceledBySme, declined };
    for (const [name, orderId] of Object.entries(canceled)) {
      const closedAt = { autoCanceled: jobTime, paidTooLate: jobTime, canceledBySme: jobTime, declined: declineTime }[name];
      expect(await installmentsOf(orderId), name).toEqual([0, 1, 2, 3].map((position) => ({ position, paid: false, closedAt, noticed: false })));
    }
    expect((await installmentsOf(live)).map((i) => [i.paid, i.closedAt])).toEqual([[true, null], [false, null], [false, null], [false, null]]);

    // Every deadline passes: only the live order's instalments are late, marked and noticed.
    clock.now = new Date(start.getTime() + 100 * DAY);
    const canceledIds = Object.values(canceled);
    expect(await inLateSweep(canceledIds, clock.now)).toBe(0);
    expect(await inLateSweep([live], clock.now)).toBe(3);
    await ctx.app.jobs.runOnce();
    expect(await lateNotices()).toBe(3);
    expect(await inLateSweep([live], clock.now)).toBe(0);
    for (const orderId of canceledIds) expect((await orderFlags(orderId)).lateActive).toBe(false);
    expect(await orderFlags(live)).toMatchObject({ lateActive: true, lateOnce: true });

    // The SME's order page, the order list and the instalment list show them unpaid, as before.
    for (const orderId of canceledIds) {
      const order = body(await get(`/api/v1/sme/order/show/${orderId}`, sme)).content.order;
      expect(order, orderId).toMatchObject({ status: -1, paid: false, latePay: { active: false } });
      expect(order.installments.map((i: { paid: { at: string | null } }) => i.paid.at)).toEqual([null, null, null, null]);
    }
    const listed = body(await get('/api/v1/admin/installment/list?perPage=100', admin)).content;
    for (const orderId of canceledIds) {
      const rows = listed.installments.filter((i: { order_id: string }) => i.order_id === orderId);
      expect(rows.map((i: { paid: { at: string | null }; order_status: number }) => [i.paid.at, i.order_status])).toEqual([[null, -1], [null, -1], [null, -1], [null, -1]]);
    }
    const late = body(await get('/api/v1/sme/order/list?status=-10&late=true', sme)).content;
    expect(late.orders.map((o: { _id: string }) => o._id)).toEqual([live]);
    expect(late.count).toBe(1);
  });

  it('are never paid once closed: the database refuses it', async () => {
    clock.now = new Date('2027-01-01T08:00:00.000Z');
    const orderId = await createOrder(30, 'canceled then forced');
    await post('/api/v1/sme/order/cancel', sme, { orderId });
    await expect(ctx.db.execute(sql`update installments set paid_at = now() where order_id = ${orderId} and position = 1`)).rejects.toMatchObject({
      cause: { constraint: 'installments_closed_unpaid_check' },
    });
    expect((await installmentsOf(orderId)).every((i) => !i.paid && i.closedAt !== null)).toBe(true);
  });
});

describe('the late job', () => {
  it('marks exactly the instalments whose deadline passed: not one millisecond before, at the millisecond after, once', async () => {
    clock.now = new Date('2027-03-01T08:00:00.000Z');
    const first = await createOrder(40, 'due first');
    await completePayment(await startPayment(first));
    clock.now = new Date('2027-03-02T08:00:00.000Z');
    const second = await createOrder(40, 'due a day later');
    await completePayment(await startPayment(second));
    const deadline = new Date(new Date('2027-03-01T08:00:00.000Z').getTime() + 30 * DAY);
    const noticesBefore = await lateNotices();

    for (const at of [deadline.getTime() - 1, deadline.getTime()]) {
      clock.now = new Date(at);
      await ctx.app.jobs.runOnce();
      expect(await orderFlags(first), new Date(at).toISOString()).toMatchObject({ lateActive: false, lateOnce: false });
      expect(body(await get(`/api/v1/sme/order/show/${first}`, sme)).content.order.latePay).toEqual({ once: false, active: false });
      expect(await lateNotices()).toBe(noticesBefore);
    }

    clock.now = new Date(deadline.getTime() + 1);
    await ctx.app.jobs.runOnce();
    expect(await orderFlags(first)).toEqual({ lateActive: true, lateOnce: true, updatedAt: clock.now.toISOString() });
    expect(body(await get(`/api/v1/sme/order/show/${first}`, sme)).content.order.latePay).toEqual({ once: true, active: true });
    expect(await orderFlags(second)).toMatchObject({ lateActive: false, lateOnce: false });
    expect((await installmentsOf(first)).map((i) => i.noticed)).toEqual([false, true, false, false]);
    expect(await lateNotices()).toBe(noticesBefore + 1);
    const marked = await orderFlags(first);

    // The next run finds nothing new: the handled instalment left the sweep and its order is untouched.
    clock.now = new Date(deadline.getTime() + 60_000);
    await ctx.app.jobs.runOnce();
    expect(await orderFlags(first)).toEqual(marked);
    expect(await lateNotices()).toBe(noticesBefore + 1);

    // Paying it clears late now (the payment's own step); the next deadline is found by the next run.
    await completePayment(await startPayment(first, 'installment'));
    expect(await orderFlags(first)).toMatchObject({ lateActive: false, lateOnce: true });
    clock.now = new Date(deadline.getTime() + DAY + 1);
    await ctx.app.jobs.runOnce();
    expect(await orderFlags(second)).toMatchObject({ lateActive: true, lateOnce: true });
    expect(await orderFlags(first)).toMatchObject({ lateActive: false, lateOnce: true });
    expect(await lateNotices()).toBe(noticesBefore + 2);
  });
});

describe('migration 0021', () => {
  const before = useDatabaseBefore(21);

  it('closes the unpaid instalments of orders already canceled, at their cancel time, and nothing else', async () => {
    const database = await before.open();
    try {
      const db = database.db;
      const { smeRow, providerRow } = await insertOldParties(db);
      const canceledAt = new Date('2026-02-03T04:05:06.000Z');
      const ids: Record<string, string> = {};
      for (const [name, status, reached, paidFirst] of [['canceled', -1, false, false], ['declined', -1, true, true], ['waiting', 1, true, true]] as const) {
        ids[name] = (
          await db.execute<{ id: string }>(
            sql`insert into orders (sme_id, provider_id, amount, status, reached_supplier, description, tax_rate, bank_share_rate, created_at, updated_at)
                values (${smeRow}, ${providerRow}, 10000, ${status}, ${reached}, ${name}, 1000, 1000, '2026-01-01T00:00:00Z', ${canceledAt}) returning id`,
          )
        ).rows[0]!.id;
        await db.execute(
          sql`insert into installments (order_id, sme_id, position, rate, amount, deadline, paid_at)
              select ${ids[name]}::uuid, ${smeRow}::uuid, k, 5000, 5000, '2026-01-01T00:00:00Z'::timestamptz + k * interval '30 days',
                     case when k = 0 and ${paidFirst}::boolean then '2026-01-01T01:00:00Z'::timestamptz end
              from generate_series(0, 1) k`,
        );
      }
      await runMigrations(db);
      const rows = await db.execute<{ description: string; position: number; paid: boolean; closed_at: Date | null }>(
        sql`select o.description, i.position, i.paid_at is not null as paid, i.closed_at from installments i join orders o on o.id = i.order_id order by o.description, i.position`,
      );
      expect(rows.rows.map((r) => [r.description, r.position, r.paid, r.closed_at ? new Date(r.closed_at).toISOString() : null])).toEqual([
        ['canceled', 0, false, canceledAt.toISOString()],
        ['canceled', 1, false, canceledAt.toISOString()],
        ['declined', 0, true, null],
        ['declined', 1, false, canceledAt.toISOString()],
        ['waiting', 0, true, null],
        ['waiting', 1, false, null],
      ]);
    } finally {
      await database.close();
    }
  });
});
