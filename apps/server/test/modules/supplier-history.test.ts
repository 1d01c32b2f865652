// A supplier's order history: an order that reached the supplier (its first instalment paid) stays in
// the supplier's list, show and dashboard once it is declined, read-only; an order canceled before it
// reached the supplier never shows. Migration 0009 records which existing orders reached their supplier.
import { existsSync, readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@qist/domain';
import { uploadsDir } from '../../src/config.js';
import { runMigrations } from '../../src/db/migrate.js';
import { insertOldParties, useDatabaseBefore } from '../migration-before.js';
import { SAMPLE_FILES, bearer, body, createAccount, loginAs, multipart, useTestApp } from '../helpers.js';

const HOUR = 3_600_000;
const clock = { now: new Date('2026-09-01T08:00:00.000Z') };
const ctx = useTestApp({ clock: () => clock.now });

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });

async function partyId(table: 'smes' | 'providers', userId: string): Promise<string> {
  const result = await ctx.db.execute<{ id: string }>(sql`select id from ${sql.raw(table)} where user_id = ${userId}`);
  return result.rows[0]!.id;
}

let supplier: Headers;
let otherSupplier: Headers;
let supplierId: string;
let sme: Headers;
let smeId: string;

async function createOrder(amount: number, description: string): Promise<string> {
  const response = await post('/api/v1/sme/order/create', sme, { providerId: supplierId, amount, description });
  expect(response.statusCode, response.body).toBe(200);
  return body(response).content.order._id as string;
}

async function payFirst(orderId: string): Promise<string> {
  const start = body(await post('/api/v1/sme/pay/init', sme, { orderId })).content;
  await post('/api/v1/pub/gateway/sandbox/complete', {}, { transactionId: start.transactionId, approve: true });
  return start.transactionId as string;
}

function uploadInvoice(orderId: string, headers: Headers) {
  const form = multipart({ orderId }, { field: 'orderInvoice', filename: 'invoice.png', contentType: 'image/png', bytes: SAMPLE_FILES.png });
  return ctx.app.inject({ method: 'POST', url: '/api/v1/provider/order/invoice/upload', headers: { ...headers, ...form.headers }, payload: form.payload });
}

/** Everything a supplier step could change on an order, and around it. */
async function snapshot(orderId: string) {
  const order = await ctx.db.execute(sql`select status, paid, late_active, late_once, reached_supplier, verify_code, invoice_file, updated_at from orders where id = ${orderId}`);
  const entries = await ctx.db.execute(sql`select count(*)::int as n from ledger_entries where order_id = ${orderId}`);
  const credit = await ctx.db.execute(sql`select credit_amount, credit_spend from smes where id = ${smeId}`);
  const payments = await ctx.db.execute(sql`select status from payments where order_id = ${orderId} order by created_at`);
  const installments = await ctx.db.execute(sql`select position, paid_at from installments where order_id = ${orderId} order by position`);
  const dir = uploadsDir(ctx.config);
  const files = existsSync(dir) ? readdirSync(dir, { recursive: true }).length : 0;
  return { order: order.rows, entries: entries.rows, credit: credit.rows, payments: payments.rows, installments: installments.rows, files };
}

const world = {} as { waiting: string; declined: string; canceledBySme: string; autoCanceled: string; paidAfterCancel: string };

beforeAll(async () => {
  const own = await createAccount(ctx.db, { role: 'provider', level: 5, company: 'History Supplies' });
  supplier = bearer(await loginAs(ctx.app, own));
  supplierId = await partyId('providers', own.id);
  otherSupplier = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'provider', level: 5 })));
  const buyer = await createAccount(ctx.db, { role: 'sme', level: 8, creditLimit: 1_000_000 });
  sme = bearer(await loginAs(ctx.app, buyer));
  smeId = await partyId('smes', buyer.id);

  // Never paid, then left past the payment window: the job cancels it.
  world.autoCanceled = await createOrder(30, 'auto-canceled');
  clock.now = new Date(clock.now.getTime() + 73 * HOUR);
  await ctx.app.jobs.runOnce();
  world.canceledBySme = await createOrder(20, 'canceled by the SME');
  expect(body(await post('/api/v1/sme/order/cancel', sme, { orderId: world.canceledBySme })).content.order.status).toBe(-1);
  // Paid only after the SME canceled it: the money goes back and the order never reached the supplier.
  world.paidAfterCancel = await createOrder(25, 'paid after cancel');
  const start = body(await post('/api/v1/sme/pay/init', sme, { orderId: world.paidAfterCancel })).content;
  await post('/api/v1/sme/order/cancel', sme, { orderId: world.paidAfterCancel });
  await post('/api/v1/pub/gateway/sandbox/complete', {}, { transactionId: start.transactionId, approve: true });
  clock.now = new Date(clock.now.getTime() + HOUR);
  world.declined = await createOrder(100, 'declined by the supplier');
  await payFirst(world.declined);
  expect(body(await post('/api/v1/provider/order/decline', supplier, { orderId: world.declined })).content.order).toEqual({ _id: world.declined, status: -1 });
  clock.now = new Date(clock.now.getTime() + HOUR);
  world.waiting = await createOrder(40, 'waiting');
  await payFirst(world.waiting);
});

describe("the supplier's declined orders", () => {
  it('stay in its list (all and the canceled filter) and its dashboard; those canceled before reaching it never show', async () => {
    const all = body(await get('/api/v1/provider/order/list?page=1&perPage=100&status=-10', supplier)).content;
    expect(all.orders.map((o: { _id: string; status: number }) => [o._id, o.status])).toEqual([
      [world.waiting, 1],
      [world.declined, -1],
    ]);
    expect(all.count).toBe(2);
    const canceled = body(await get('/api/v1/provider/order/list?status=-1', supplier)).content;
    expect(canceled).toMatchObject({ count: 1, orders: [{ _id: world.declined, status: -1, paid: false, description: 'declined by the supplier' }] });
    expect(body(await get('/api/v1/provider/order/list?status=0', supplier)).content).toEqual({ orders: [], count: 0, cursors: { first: null, last: null } });
    expect(body(await get('/api/v1/provider/order/list?status=-1', otherSupplier)).content).toEqual({ orders: [], count: 0, cursors: { first: null, last: null } });

    const dashboard = body(await get('/api/v1/provider/dashboard', supplier)).content;
    expect(dashboard.ordersByStatus).toEqual({ '-1': 1, '1': 1 });
    expect(dashboard).toMatchObject({ toAccept: 1, expectedPayouts: { count: 1, amount: 36 } });

    // The SME sees all five of its orders; four are canceled.
    const mine = body(await get('/api/v1/sme/order/list?perPage=100&status=-1', sme)).content;
    expect(mine.count).toBe(4);

    const reached = await ctx.db.execute<{ description: string; status: number; reached_supplier: boolean }>(
      sql`select description, status, reached_supplier from orders where sme_id = ${smeId} order by created_at`,
    );
    expect(reached.rows).toEqual([
      { description: 'auto-canceled', status: -1, reached_supplier: false },
      { description: 'canceled by the SME', status: -1, reached_supplier: false },
      { description: 'paid after cancel', status: -1, reached_supplier: false },
      { description: 'declined by the supplier', status: -1, reached_supplier: true },
      { description: 'waiting', status: 1, reached_supplier: true },
    ]);
  });

  it('show read-only to their supplier, and not at all when canceled before reaching it', async () => {
    const shown = await get(`/api/v1/provider/order/show/${world.declined}`, supplier);
    expect(shown.statusCode).toBe(200);
    const order = body(shown).content.order;
    expect(order).toMatchObject({ _id: world.declined, status: -1, paid: false, amount: 100, latePay: { once: false, active: false }, invoice: null });
    expect(order.installments.map((i: { paid: { at: string | null } }) => i.paid.at)).toEqual([null, null, null, null]);
    expect(order).not.toHaveProperty('verify_code');
    expect(order).not.toHaveProperty('breakdown');

    for (const orderId of [world.canceledBySme, world.autoCanceled, world.paidAfterCancel]) {
      const hidden = await get(`/api/v1/provider/order/show/${orderId}`, supplier);
      expect([hidden.statusCode, body(hidden)], orderId).toEqual([404, { status: false, msg: MESSAGES.orderNotFound }]);
    }
    const stranger = await get(`/api/v1/provider/order/show/${world.declined}`, otherSupplier);
    expect([stranger.statusCode, body(stranger).msg]).toEqual([404, MESSAGES.orderNotFound]);
  });

  it('refuse every supplier step with 409 naming the status, changing nothing', async () => {
    const before = await snapshot(world.declined);
    const steps = {
      accept: () => post('/api/v1/provider/order/accept', supplier, { orderId: world.declined }),
      decline: () => post('/api/v1/provider/order/decline', supplier, { orderId: world.declined }),
      delivered: () => post('/api/v1/provider/order/delivered', supplier, { orderId: world.declined, verifyCode: 'ABCDEFGH' }),
      invoice: () => uploadInvoice(world.declined, supplier),
    };
    for (const [name, call] of Object.entries(steps)) {
      // Five times each: a refused status is not a wrong verify code, so no limit is reached.
      for (let i = 0; i < 5; i += 1) {
        const response = await call();
        expect([response.statusCode, body(response)], name).toEqual([409, { status: false, msg: 'this is not possible while the order is canceled' }]);
      }
    }
    expect(await snapshot(world.declined)).toEqual(before);
    expect(before.order).toMatchObject([{ status: -1, paid: false, reached_supplier: true, verify_code: null, invoice_file: null }]);
    expect(before.payments).toEqual([{ status: 'refunded' }]);
  });

  it('answer a step on an order canceled before it reached the supplier, or on another’s, as not found, changing nothing', async () => {
    for (const orderId of [world.canceledBySme, world.autoCanceled, world.paidAfterCancel]) {
      const before = await snapshot(orderId);
      for (const url of ['/api/v1/provider/order/accept', '/api/v1/provider/order/decline']) {
        const response = await post(url, supplier, { orderId });
        expect([response.statusCode, body(response)], `${url} ${orderId}`).toEqual([404, { status: false, msg: MESSAGES.orderNotFound }]);
      }
      const upload = await uploadInvoice(orderId, supplier);
      expect([upload.statusCode, body(upload).msg]).toEqual([404, MESSAGES.orderNotFound]);
      expect(await snapshot(orderId)).toEqual(before);
    }
    const before = await snapshot(world.declined);
    const foreign = await post('/api/v1/provider/order/decline', otherSupplier, { orderId: world.declined });
    expect([foreign.statusCode, body(foreign).msg]).toEqual([404, MESSAGES.orderNotFound]);
    expect(await snapshot(world.declined)).toEqual(before);
  });

  it('keep the database honest: an order under way has reached its supplier, a created one has not', async () => {
    await expect(ctx.db.execute(sql`update orders set status = 2, reached_supplier = false where id = ${world.waiting}`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`update orders set reached_supplier = true where id = ${(await createOrder(5, 'created'))}`)).rejects.toThrow();
    const rows = await ctx.db.execute(sql`select status, reached_supplier from orders where id = ${world.waiting}`);
    expect(rows.rows).toEqual([{ status: 1, reached_supplier: true }]);
  });
});

describe('migration 0009', () => {
  const before = useDatabaseBefore(9);

  it('marks the orders that reached their supplier (declined ones included), unflags canceled orders and records late payments', async () => {
    const database = await before.open();
    try {
      const db = database.db;
      const { smeRow, providerRow } = await insertOldParties(db);
      // As a decline used to leave them: refunded and canceled, yet flagged paid (one instalment) and late now.
      const orders: [string, number, boolean, boolean, boolean][] = [
        ['created', 0, false, false, false],
        ['canceled by the SME', -1, false, false, false],
        ['declined', -1, true, true, true],
        ['waiting', 1, true, false, false],
        ['paid by bank', 6, true, true, false],
      ];
      const ids: Record<string, string> = {};
      for (const [description, status, everPaid, paid, late] of orders) {
        const id = (
          await db.execute<{ id: string }>(
            sql`insert into orders (sme_id, provider_id, amount, status, paid, late_active, late_once, description, tax_rate, bank_share_rate)
                values (${smeRow}, ${providerRow}, 10000, ${status}, ${paid}, ${late}, ${late}, ${description}, 1000, 1000) returning id`,
          )
        ).rows[0]!.id;
        ids[description] = id;
        const paidAt = status >= 1 && paid ? sql`now()` : sql`null`;
        await db.execute(sql`insert into installments (order_id, sme_id, position, rate, amount, deadline, paid_at) values (${id}, ${smeRow}, 0, 10000, 10000, now(), ${paidAt})`);
        await db.execute(sql`insert into ledger_entries (kind, order_id, sme_id) values ('order_created', ${id}, ${smeRow})`);
        if (everPaid) await db.execute(sql`insert into ledger_entries (kind, order_id, sme_id) values ('installment_paid', ${id}, ${smeRow})`);
      }

      // Paid a day after its deadline while no sweep ran: late once was never recorded.
      await db.execute(sql`insert into installments (order_id, sme_id, position, rate, amount, deadline, paid_at)
                           values (${ids['paid by bank']!}, ${smeRow}, 1, 0, 0, now() - interval '2 days', now() - interval '1 day')`);

      await runMigrations(db);

      const after = await db.execute<{ description: string; status: number; reached_supplier: boolean; paid: boolean; late_active: boolean; late_once: boolean }>(
        sql`select description, status, reached_supplier, paid, late_active, late_once from orders order by status, description`,
      );
      expect(after.rows).toEqual([
        { description: 'canceled by the SME', status: -1, reached_supplier: false, paid: false, late_active: false, late_once: false },
        { description: 'declined', status: -1, reached_supplier: true, paid: false, late_active: false, late_once: true },
        { description: 'created', status: 0, reached_supplier: false, paid: false, late_active: false, late_once: false },
        { description: 'waiting', status: 1, reached_supplier: true, paid: false, late_active: false, late_once: false },
        { description: 'paid by bank', status: 6, reached_supplier: true, paid: true, late_active: false, late_once: true },
      ]);
      await expect(db.execute(sql`update orders set status = 2 where id = ${ids.created!}`)).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
