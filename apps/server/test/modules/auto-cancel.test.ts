// The auto-cancel job (issue 21): each expired order is canceled in a transaction of its own, so one
// that cannot be canceled rolls back alone, the others are canceled with their credit released, and the
// run fails naming it; the next run cancels it once it can be.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyRollups } from '../../src/db/rollups/index.js';
import { bearer, body, createAccount, loginAs, useSecondApp, useTestApp } from '../helpers.js';

const HOUR = 3_600_000;
const createdAt = new Date('2026-11-02T09:00:00.000Z');
const clock = { now: createdAt };
const ctx = useTestApp({ clock: () => clock.now });
const second = useSecondApp(ctx, { clock: () => clock.now });

const orderIds: string[] = [];
const smeIds: string[] = [];
let stuck: string;
let providerId: string;

beforeAll(async () => {
  const supplier = await createAccount(ctx.db, { role: 'provider', level: 5 });
  providerId = (await ctx.db.execute<{ id: string }>(sql`select id from providers where user_id = ${supplier.id}`)).rows[0]!.id;
  for (let s = 0; s < 3; s += 1) {
    const account = await createAccount(ctx.db, { role: 'sme', level: 8, creditLimit: 100_000 });
    smeIds.push((await ctx.db.execute<{ id: string }>(sql`select id from smes where user_id = ${account.id}`)).rows[0]!.id);
    const headers = bearer(await loginAs(ctx.app, account));
    for (let o = 0; o < 4; o += 1) {
      const created = await ctx.app.inject({ method: 'POST', url: '/api/v1/sme/order/create', headers, payload: { providerId, amount: 10 + o, description: 'expiring' } });
      orderIds.push(body(created).content.order._id as string);
    }
  }
  // One order the database refuses to change, as a fault only it has would.
  stuck = orderIds[5]!;
  await ctx.db.execute(sql.raw(`create function refuse_stuck_order() returns trigger language plpgsql as $$
    begin if new.id = '${stuck}' then raise exception 'order ${stuck} cannot change'; end if; return new; end $$`));
  await ctx.db.execute(sql`create trigger refuse_stuck_order before update on orders for each row execute function refuse_stuck_order()`);
});

afterAll(async () => {
  await ctx.db.execute(sql`drop trigger if exists refuse_stuck_order on orders`);
});

async function statuses(): Promise<Record<string, number>> {
  const rows = await ctx.db.execute<{ id: string; status: number }>(sql`select id, status from orders where id = any(${sql.param(orderIds)}::uuid[])`);
  return Object.fromEntries(rows.rows.map((r) => [r.id, r.status]));
}

async function moneyChecks() {
  const ledger = await ctx.db.execute<{ t: string }>(sql`select coalesce(sum(amount), 0)::bigint as t from ledger_postings`);
  const credit = await ctx.db.execute<{ off: number }>(
    sql`select count(*)::int as off from smes s
        left join (select sme_id, sum(amount)::bigint as b from ledger_postings where account = 'sme_receivable' group by sme_id) r on r.sme_id = s.id
        where s.id = any(${sql.param(smeIds)}::uuid[]) and (s.credit_spend <> coalesce(r.b, 0) or s.credit_amount <> s.credit_limit - s.credit_spend)`,
  );
  return { ledger: Number(ledger.rows[0]!.t), creditOff: credit.rows[0]!.off, rollups: await verifyRollups(ctx.db) };
}

describe('the auto-cancel job', () => {
  it('cancels every expired order it can, each alone; the one it cannot is named and left for the next run', async () => {
    const later = new Date(createdAt.getTime() + 72 * HOUR + 1);
    await expect(ctx.app.orders.cancelExpiredOrders(later)).rejects.toThrow(
      new RegExp(`^1 expired order\\(s\\) could not be canceled \\(${stuck}\\); 11 were\\. First error: .*order ${stuck} cannot change`),
    );
    const after = await statuses();
    expect(Object.entries(after).filter(([, status]) => status === -1)).toHaveLength(11);
    expect(after[stuck]).toBe(0);
    // Only the 11 released their credit: each SME's spend is its receivable, the ledger at 0, the rollups exact.
    const spend = await ctx.db.execute<{ s: string }>(sql`select sum(credit_spend)::bigint as s from smes where id = any(${sql.param(smeIds)}::uuid[])`);
    expect(Number(spend.rows[0]!.s)).toBe((10 + (5 % 4)) * 100); // only the stuck order (the sixth: amount 11) still spends credit
    expect(await moneyChecks()).toEqual({ ledger: 0, creditOff: 0, rollups: [] });
    const notices = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from outbox_messages where subject ilike '%cancel%'`);
    expect(notices.rows[0]!.n).toBe(11);

    // Once the order can change, the next run cancels it, and only it.
    await ctx.db.execute(sql`drop trigger refuse_stuck_order on orders`);
    expect(await ctx.app.orders.cancelExpiredOrders(later)).toBe(1);
    expect(Object.values(await statuses())).toEqual(Array.from({ length: 12 }, () => -1));
    expect(await moneyChecks()).toEqual({ ledger: 0, creditOff: 0, rollups: [] });
  });

  it('leaves an order inside its window alone', async () => {
    expect(await ctx.app.orders.cancelExpiredOrders(new Date(createdAt.getTime() + 72 * HOUR))).toBe(0);
  });

  it('run by two processes at once, cancels each order once: credit released once, one notice each', async () => {
    const account = await createAccount(ctx.db, { role: 'sme', level: 8, creditLimit: 100_000 });
    const smeId = (await ctx.db.execute<{ id: string }>(sql`select id from smes where user_id = ${account.id}`)).rows[0]!.id;
    smeIds.push(smeId);
    const headers = bearer(await loginAs(ctx.app, account));
    clock.now = new Date(createdAt.getTime() + 24 * HOUR);
    const racing: string[] = [];
    for (let o = 0; o < 10; o += 1) {
      const created = await ctx.app.inject({ method: 'POST', url: '/api/v1/sme/order/create', headers, payload: { providerId, amount: 20, description: 'racing' } });
      racing.push(body(created).content.order._id as string);
    }
    const later = new Date(clock.now.getTime() + 72 * HOUR + 1);
    const counts = await Promise.all([ctx.app.orders.cancelExpiredOrders(later), second.app.orders.cancelExpiredOrders(later), ctx.app.orders.cancelExpiredOrders(later)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(10);
    const rows = await ctx.db.execute<{ status: number }>(sql`select status from orders where id = any(${sql.param(racing)}::uuid[])`);
    expect(rows.rows.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => -1));
    const sme = await ctx.db.execute<{ spend: string; amount: string }>(sql`select credit_spend as spend, credit_amount as amount from smes where id = ${smeId}`);
    expect(sme.rows[0]).toEqual({ spend: '0', amount: '100000' }); // the whole credit line (minor units) back
    const notices = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from outbox_messages where recipient = ${account.email} and subject ilike '%cancel%'`);
    expect(notices.rows[0]!.n).toBe(10);
    expect(await moneyChecks()).toEqual({ ledger: 0, creditOff: 0, rollups: [] });
  });
});
