// Late is a matter of time: the dashboards' late figure (the late job's kept part plus what passed its
// deadline since) equals the order list's late filter at every instant — before and after a deadline to
// the millisecond, before and after the job, after a payment and after a cancel.
import { ALL_FILTER, ORDER_STATUS, type Role } from '@qist/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadsDir } from '../../src/config.js';
import { verifyRollups } from '../../src/db/rollups/index.js';
import { signupCodes } from '../../src/db/schema/index.js';
import { seedDemoData } from '../../src/db/seed.js';
import { withTransaction, type Executor } from '../../src/db/transaction.js';
import type { Principal } from '../../src/lib/principal.js';
import { adminFigures, smeFigures } from '../../src/modules/dashboards/repository.js';
import { createLocalStorage } from '../../src/modules/files/storage.js';
import { listOrders } from '../../src/modules/orders/repository.js';
import { useTestApp } from '../helpers.js';

const ctx = useTestApp();
let sme: Principal;
let orderId = '';

async function principalOf(email: string, role: Role): Promise<Principal> {
  const found = await ctx.db.execute<{ id: string; name: string }>(sql`select id, name from users where email = ${email} and role = ${role}`);
  const user = found.rows[0]!;
  return { sessionId: 'late-figures', userId: user.id, email, role, name: user.name, insuranceCompanyId: null, mfaSetupRequired: false };
}

/** The admin's and the SME's late figures and the admin's late list, on one snapshot. */
async function lateNow(db: Executor) {
  const admin = (await adminFigures(db, new Date())) as { late: { count: number; amount: number } };
  const mine = (await smeFigures(db, sme.userId)) as { late: { count: number; amount: number } };
  const list = await listOrders(db, {}, { status: ALL_FILTER, late: true, page: 1, perPage: 100 });
  return { admin: admin.late, sme: mine.late, listed: list.rows.map((r) => r.id) };
}

/** Moves the order's second instalment's deadline to the transaction's now() plus `offset` (e.g. '-1 millisecond'). */
const deadlineAt = (db: Executor, offset: string) =>
  db.execute(sql`update installments set deadline = now() + ${offset}::interval where order_id = ${orderId} and position = 1`);

beforeAll(async () => {
  await ctx.db.delete(signupCodes);
  await seedDemoData(ctx.db, createLocalStorage(uploadsDir(ctx.config)), ctx.config.sessionSecret);
  sme = await principalOf('sme@example.com', 'sme');
  const supplier = await ctx.db.execute<{ id: string }>(sql`select p.id from providers p join users u on u.id = p.user_id where u.email = 'supplier@example.com'`);
  ({ _id: orderId } = await ctx.app.orders.createOrder(sme, { providerId: supplier.rows[0]!.id, amount: 400, description: 'late figures' }));
  const { transactionId } = await ctx.app.orders.startPayment(sme, orderId, 'first');
  await ctx.app.sandbox!.complete(transactionId, true);
  await ctx.app.orders.settle(transactionId);
});

describe('late figures', () => {
  it('are nothing at the deadline itself and one instalment a millisecond after it, in the figures and the list alike', async () => {
    const amount = Number((await ctx.db.execute<{ amount: string }>(sql`select amount from installments where order_id = ${orderId} and position = 1`)).rows[0]!.amount);
    await withTransaction(ctx.db, async (tx) => {
      // within one transaction now() stands still: the boundary is exact
      await deadlineAt(tx, '0 milliseconds');
      expect(await lateNow(tx)).toEqual({ admin: { count: 0, amount: 0 }, sme: { count: 0, amount: 0 }, listed: [] });
      await deadlineAt(tx, '-1 millisecond');
      expect(await lateNow(tx)).toEqual({ admin: { count: 1, amount }, sme: { count: 1, amount }, listed: [orderId] });
    });
  });

  it('stay the same when the late job handles the instalment (kept from then on), and go when it is paid', async () => {
    await deadlineAt(ctx.db, '-1 hour');
    const before = await lateNow(ctx.db);
    expect(before.admin.count).toBe(1);
    await ctx.app.orders.markLatePayments(new Date());
    const kept = await ctx.db.execute<{ n: string }>(sql`select coalesce(sum(count), 0) as n from rollup_late_installments`);
    expect(Number(kept.rows[0]!.n)).toBe(1);
    expect(await lateNow(ctx.db)).toEqual(before);
    expect(await verifyRollups(ctx.db)).toEqual([]);

    const { transactionId } = await ctx.app.orders.startPayment(sme, orderId, 'next');
    await ctx.app.sandbox!.complete(transactionId, true);
    await ctx.app.orders.settle(transactionId);
    expect(await lateNow(ctx.db)).toEqual({ admin: { count: 0, amount: 0 }, sme: { count: 0, amount: 0 }, listed: [] });
    expect(await verifyRollups(ctx.db)).toEqual([]);
  });

  it('leave with an order the supplier declines: its instalments are closed, owed no more', async () => {
    await deadlineAt(ctx.db, '-1 hour'); // the paid one stays paid; the next is due below
    await ctx.db.execute(sql`update installments set deadline = now() - interval '1 hour' where order_id = ${orderId} and position = 2`);
    await ctx.app.orders.markLatePayments(new Date());
    expect((await lateNow(ctx.db)).listed).toEqual([orderId]);
    const supplier = await principalOf('supplier@example.com', 'provider');
    await ctx.app.fulfilment.decline(supplier, orderId, null);
    const order = await ctx.db.execute<{ status: number }>(sql`select status from orders where id = ${orderId}`);
    expect(order.rows[0]!.status).toBe(ORDER_STATUS.canceled);
    expect(await lateNow(ctx.db)).toEqual({ admin: { count: 0, amount: 0 }, sme: { count: 0, amount: 0 }, listed: [] });
    expect(await verifyRollups(ctx.db)).toEqual([]);
  });
});
