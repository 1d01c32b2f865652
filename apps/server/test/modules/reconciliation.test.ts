// The daily reconciliation with the sandbox's own record: a day with a matched payment, a payment the
// ledger lacks, an amount mismatch, a payment the gateway never took and a refunded one; the day is
// stored, flagged on the admin's dashboard until looked at (once, under concurrent clicks), flagged
// again for a new difference, and computed by the daily job.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, MESSAGES, utcDayOf } from '@qist/domain';
import { auditEventsOf, bearer, body, createAccount, loginAs, useTestApp, writerOf, type TestAccount } from '../helpers.js';

type Headers = Record<string, string>;
const ctx = useTestApp();
/** A past day the test moves the sandbox's record to, as if the gateway had taken those payments then. */
const DAY = '2026-03-10';
const NOON = new Date(`${DAY}T12:00:00.000Z`);

let supplierId: string;
let adminAccount: TestAccount;
let admin: Headers;
let sme: Headers;

const post = (url: string, headers: Headers, payload: object) => ctx.app.inject({ method: 'POST', url, headers, payload });
const get = (url: string, headers: Headers = admin) => ctx.app.inject({ method: 'GET', url, headers });
const reconcile = async (date: string) => {
  const response = await get(`/api/v1/admin/reconciliation?date=${date}`);
  expect(response.statusCode, response.body).toBe(200);
  return body(response).content;
};

async function order(amount = 100): Promise<string> {
  const created = await post('/api/v1/sme/order/create', sme, { providerId: supplierId, amount, description: 'Shelves' });
  expect(created.statusCode, created.body).toBe(200);
  return body(created).content.order._id as string;
}
async function start(orderId: string): Promise<string> {
  const started = await post('/api/v1/sme/pay/init', sme, { orderId });
  expect(started.statusCode, started.body).toBe(200);
  return body(started).content.transactionId as string;
}
/** Pays the first instalment on the sandbox's page: the platform settles it through the signed callback. */
async function paid(amount = 100) {
  const orderId = await order(amount);
  const transactionId = await start(orderId);
  const completed = await post('/api/v1/pub/gateway/sandbox/complete', {}, { transactionId, approve: true });
  expect(completed.statusCode, completed.body).toBe(200);
  return { orderId, transactionId };
}
/** The gateway's record of the payment says it was taken at noon of DAY. */
const takenOnDay = (transactionId: string) => ctx.db.execute(sql`update sandbox_transactions set completed_at = ${NOON} where id = ${transactionId}`);
const ledgerDayOf = async (transactionId: string) =>
  utcDayOf(
    new Date(
      (
        await ctx.db.execute<{ at: string }>(
          sql`select e.created_at::text as at from ledger_entries e join payments p on p.id = e.payment_id where p.transaction_id = ${transactionId} and e.kind = 'installment_paid'`,
        )
      ).rows[0]!.at,
    ),
  );
const dashboardDays = async () => body(await get('/api/v1/admin/dashboard')).content.reconciliation.openDays as { date: string; differences: number }[];

beforeAll(async () => {
  const supplier = await createAccount(ctx.db, { role: 'provider', level: 5 });
  supplierId = (await ctx.db.execute<{ id: string }>(sql`select id from providers where user_id = ${supplier.id}`)).rows[0]!.id;
  adminAccount = await createAccount(ctx.db, { role: 'admin' });
  admin = bearer(await loginAs(ctx.app, adminAccount));
  sme = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'sme', level: 8, creditLimit: 10_000_000 })));
});

describe('a day’s reconciliation', () => {
  const seen: Record<string, { orderId: string; transactionId: string }> = {};

  beforeAll(async () => {
    // Matched: taken on DAY at the gateway, counted today by the ledger (a settlement across days matches).
    seen.matched = await paid(100);
    await takenOnDay(seen.matched.transactionId);
    // The gateway's record says it took one cent more than the ledger counted.
    seen.mismatch = await paid(200);
    await takenOnDay(seen.mismatch.transactionId);
    await ctx.db.execute(sql`update sandbox_transactions set amount = amount + 1 where id = ${seen.mismatch.transactionId}`);
    // Taken by the gateway, and its callback never arrived: the ledger lacks it.
    const lostOrder = await order(300);
    seen.lost = { orderId: lostOrder, transactionId: await start(lostOrder) };
    await ctx.db.execute(sql`update sandbox_transactions set status = 'approved' where id = ${seen.lost.transactionId}`);
    await takenOnDay(seen.lost.transactionId);
    // Paid after the order was canceled: taken, never counted, and refunded (no difference).
    const canceledOrder = await order(400);
    const canceledTransaction = await start(canceledOrder);
    expect((await post('/api/v1/sme/order/cancel', sme, { orderId: canceledOrder })).statusCode).toBe(200);
    await post('/api/v1/pub/gateway/sandbox/complete', {}, { transactionId: canceledTransaction, approve: true });
    seen.refunded = { orderId: canceledOrder, transactionId: canceledTransaction };
    await takenOnDay(canceledTransaction);
    // Counted by the ledger, but the gateway's record says the payer declined.
    seen.notTaken = await paid(500);
    await ctx.db.execute(sql`update sandbox_transactions set status = 'declined' where id = ${seen.notTaken.transactionId}`);
  });

  it('matches by transaction and lists a payment the ledger lacks and an amount mismatch, each with its order', async () => {
    const day = await reconcile(DAY);
    expect(day).toMatchObject({ date: DAY, currency: 'USD', gateway: 'sandbox', matched: 1, differences: 2, reviewed: null, missingAtGateway: [] });
    expect(day.missingInLedger).toEqual([{ transactionId: seen.lost!.transactionId, orderId: seen.lost!.orderId, gatewayAmount: 75, ledgerAmount: null }]);
    expect(day.amountMismatch).toEqual([{ transactionId: seen.mismatch!.transactionId, orderId: seen.mismatch!.orderId, gatewayAmount: 50.01, ledgerAmount: 50 }]);
    expect(day.refunded).toEqual([{ transactionId: seen.refunded!.transactionId, orderId: seen.refunded!.orderId, gatewayAmount: 100, ledgerAmount: null }]);
    const stored = await ctx.db.execute<{ matched: number; differences: number }>(sql`select matched, differences from reconciliations where date = ${DAY}`);
    expect(stored.rows).toEqual([{ matched: 1, differences: 2 }]);
  });

  it('lists money the ledger counted on its day that the gateway never took', async () => {
    const date = await ledgerDayOf(seen.notTaken!.transactionId);
    const day = await reconcile(date);
    expect(day.missingAtGateway).toContainEqual({ transactionId: seen.notTaken!.transactionId, orderId: seen.notTaken!.orderId, gatewayAmount: null, ledgerAmount: 125 });
    // Payments counted on this day that the gateway took on DAY: compared with the gateway's word on each.
    const countedToday = async (name: string) => (await ledgerDayOf(seen[name]!.transactionId)) === date;
    expect(day.matched).toBe((await countedToday('matched')) ? 1 : 0);
    expect(day.amountMismatch).toEqual(
      (await countedToday('mismatch')) ? [{ transactionId: seen.mismatch!.transactionId, orderId: seen.mismatch!.orderId, gatewayAmount: 50.01, ledgerAmount: 50 }] : [],
    );
    expect([day.missingInLedger, day.refunded]).toEqual([[], []]);
  });

  it('refuses a day after today or not a day, storing nothing', async () => {
    const tomorrow = utcDayOf(new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
    for (const date of [tomorrow, '2026-02-30', 'yesterday', '']) {
      const response = await get(`/api/v1/admin/reconciliation?date=${date}`);
      expect([response.statusCode, body(response).msg], date).toEqual([400, MESSAGES.reconciliationDate]);
    }
    const stored = await ctx.db.execute(sql`select 1 from reconciliations where date > current_date + 1`);
    expect(stored.rows).toEqual([]);
    expect((await get(`/api/v1/admin/reconciliation?date=${DAY}`, sme)).statusCode).toBe(403);
  });

  it('shows on the dashboard until looked at, once under concurrent clicks, and again for a new difference', async () => {
    expect(await dashboardDays()).toContainEqual({ date: DAY, differences: 2 });
    const clicks = await Promise.all(Array.from({ length: 6 }, () => post('/api/v1/admin/reconciliation/review', admin, { date: DAY })));
    expect(clicks.map((c) => c.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const reviewed = body(clicks.find((c) => c.statusCode === 200)!).content;
    expect(reviewed.reviewed).toMatchObject({ by: expect.stringContaining('@') });
    expect(body(clicks.find((c) => c.statusCode === 409)!).msg).toBe(MESSAGES.reconciliationNothingToReview);
    // One event, by the admin who clicked, about the day, with what was looked at; written by the click's transaction.
    expect(await auditEventsOf(ctx.db, DAY)).toEqual([
      { action: AUDIT_ACTIONS.reconciliationReviewed, actor: adminAccount.email, targetType: 'reconciliation', targetId: DAY, ip: '127.0.0.1', detail: { differences: 2, matched: 1 } },
    ]);
    const [event] = (await ctx.db.execute<{ id: string; actor_id: string }>(sql`select id, actor_id from audit_events where target_id = ${DAY}`)).rows;
    expect(event!.actor_id).toBe(adminAccount.id);
    expect(await writerOf(ctx.db, 'reconciliations', 'date', DAY)).toBe(await writerOf(ctx.db, 'audit_events', 'id', event!.id));
    const [stored] = (await ctx.db.execute<{ reviewed_by: string; reviewed: boolean }>(sql`select reviewed_by, reviewed_signature = signature as reviewed from reconciliations where date = ${DAY}`)).rows;
    expect(stored).toEqual({ reviewed_by: adminAccount.id, reviewed: true });
    expect((await dashboardDays()).map((d) => d.date)).not.toContain(DAY);
    // Opened again, the same differences stay looked at.
    expect((await reconcile(DAY)).reviewed).not.toBeNull();

    // Another payment the ledger lacks appears on that day: the day is flagged again.
    const lostOrder = await order(600);
    const lost = await start(lostOrder);
    await ctx.db.execute(sql`update sandbox_transactions set status = 'approved' where id = ${lost}`);
    await takenOnDay(lost);
    const again = await reconcile(DAY);
    expect([again.differences, again.reviewed]).toEqual([3, null]);
    expect(again.missingInLedger.map((d: { orderId: string }) => d.orderId).sort()).toEqual([seen.lost!.orderId, lostOrder].sort());
    expect(await dashboardDays()).toContainEqual({ date: DAY, differences: 3 });
  });

  it('refuses to mark a day without differences', async () => {
    await reconcile('2021-01-01');
    const response = await post('/api/v1/admin/reconciliation/review', admin, { date: '2021-01-01' });
    expect([response.statusCode, body(response).msg]).toEqual([409, MESSAGES.reconciliationNothingToReview]);
  });
});

describe('the daily job', () => {
  it('computes yesterday once it is over and the past week’s days it has not, flagging a difference on the dashboard', async () => {
    const yesterday = utcDayOf(new Date(Date.now() - 24 * 60 * 60 * 1000));
    const lostOrder = await order(700);
    const lost = await start(lostOrder);
    await ctx.db.execute(sql`update sandbox_transactions set status = 'approved', completed_at = ${new Date(`${yesterday}T08:00:00.000Z`)} where id = ${lost}`);
    await ctx.db.execute(sql`delete from reconciliations where date >= ${utcDayOf(new Date(Date.now() - 8 * 24 * 60 * 60 * 1000))}`);

    expect((await ctx.app.jobs.runOnce()).reconciliation).toBe(7);
    const stored = await ctx.db.execute<{ date: string; differences: number }>(sql`select date::text as date, differences from reconciliations where date = ${yesterday}`);
    expect(stored.rows).toEqual([{ date: yesterday, differences: 1 }]);
    expect(await dashboardDays()).toContainEqual({ date: yesterday, differences: 1 });
    // The days are final: the next run computes nothing (the open day is looked at again only after an hour).
    expect((await ctx.app.jobs.runOnce()).reconciliation).toBe(0);
  });
});
