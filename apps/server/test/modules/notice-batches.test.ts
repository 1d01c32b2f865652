// The reminder and late-notice jobs (issue 21): notices are claimed and queued in batches of 20, each
// in a transaction of its own, so a batch the database refuses rolls back alone: the batches before it
// stay queued, the run fails, and the next run queues what is left, each notice once.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createAccount, loginAs, useTestApp } from '../helpers.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const clock = { now: new Date('2026-10-01T08:00:00.000Z') };
const ctx = useTestApp({ clock: () => clock.now });

const ORDERS = 45;
/** The second instalment of each order, in the order of their deadlines. */
const instalments: string[] = [];
let smeEmail = '';
const firstDeadline = new Date('2026-10-20T08:00:00.000Z');

beforeAll(async () => {
  const supplier = await createAccount(ctx.db, { role: 'provider', level: 5 });
  const providerId = (await ctx.db.execute<{ id: string }>(sql`select id from providers where user_id = ${supplier.id}`)).rows[0]!.id;
  const account = await createAccount(ctx.db, { role: 'sme', level: 8, creditLimit: 10_000_000 });
  smeEmail = account.email;
  const headers = bearer(await loginAs(ctx.app, account));
  const post = (url: string, payload: object, h: Record<string, string> = headers) => ctx.app.inject({ method: 'POST', url, headers: h, payload });
  for (let i = 0; i < ORDERS; i += 1) {
    const orderId = body(await post('/api/v1/sme/order/create', { providerId, amount: 100 + i, description: `notice ${i}` })).content.order._id as string;
    const transactionId = body(await post('/api/v1/sme/pay/init', { orderId })).content.transactionId as string;
    expect(body(await post('/api/v1/pub/gateway/sandbox/complete', { transactionId, approve: true }, {})).status).toBe(true);
    expect(body(await post('/api/v1/sme/pay/verify', { transactionId })).content.payStatus).toBe(true);
    const next = await ctx.db.execute<{ id: string }>(sql`select id from installments where order_id = ${orderId} and position = 1`);
    instalments.push(next.rows[0]!.id);
  }
  // One deadline a minute apart, so the claim's order (by deadline) is known: batches 0–19, 20–39, 40–44.
  for (const [i, id] of instalments.entries()) {
    await ctx.db.execute(sql`update installments set deadline = ${new Date(firstDeadline.getTime() + i * MINUTE)} where id = ${id}`);
  }
  // The database refuses to claim the 43rd, as a fault only it has would: the third batch fails.
  await ctx.db.execute(sql.raw(`create function refuse_one_notice() returns trigger language plpgsql as $$
    begin if new.id = '${instalments[42]}' and new.reminder_sent_at is not null then raise exception 'instalment cannot be reminded'; end if; return new; end $$`));
  await ctx.db.execute(sql`create trigger refuse_one_notice before update on installments for each row execute function refuse_one_notice()`);
});

afterAll(async () => {
  await ctx.db.execute(sql`drop trigger if exists refuse_one_notice on installments`);
});

async function reminded(): Promise<boolean[]> {
  const rows = await ctx.db.execute<{ id: string; sent: boolean }>(
    sql`select id, reminder_sent_at is not null as sent from installments where id = any(${sql.param(instalments)}::uuid[])`,
  );
  const sent = new Map(rows.rows.map((r) => [r.id, r.sent]));
  return instalments.map((id) => sent.get(id) ?? false);
}

async function reminderMessages(): Promise<number> {
  const rows = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from outbox_messages where recipient = ${smeEmail} and subject like '%an instalment is due on%'`);
  return rows.rows[0]!.n;
}

describe('the reminder job', () => {
  it('keeps the batches before one the database refuses, fails, and the next run queues the rest once', async () => {
    const now = new Date(firstDeadline.getTime() - DAY);
    // The database's sentence, under the query layer's wrapping.
    await expect(ctx.app.orders.queueReminders(now)).rejects.toMatchObject({
      cause: expect.objectContaining({ message: 'instalment cannot be reminded' }),
    });
    // The first two batches are queued; the failed one (40–44) rolled back whole.
    expect(await reminded()).toEqual(instalments.map((_, i) => i < 40));
    expect(await reminderMessages()).toBe(40);

    await ctx.db.execute(sql`drop trigger refuse_one_notice on installments`);
    expect(await ctx.app.orders.queueReminders(now)).toBe(5);
    expect(await reminded()).toEqual(instalments.map(() => true));
    expect(await reminderMessages()).toBe(45);
    // Nothing is left to remind: a third run queues nothing.
    expect(await ctx.app.orders.queueReminders(now)).toBe(0);
    expect(await reminderMessages()).toBe(45);
  });
});
