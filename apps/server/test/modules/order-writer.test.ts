// Orders sharing statements (order-writer.ts) against the real PostgreSQL: orders that wait while a
// statement runs are written together, each still decided by its own SME's credit; a shared statement
// that fails is retried order by order; two processes writing the same SMEs in opposite orders never
// deadlock; and through the API, many SMEs ordering at once end with every figure exact.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LEDGER_ACCOUNTS, PROVIDER_LEVEL, SME_LEVEL, buildSchedule, orderCreatedEntry } from '@qist/domain';
import { createDatabase } from '../../src/db/client.js';
import { readOrderContexts, type NewOrder } from '../../src/modules/orders/create-order.js';
import { createOrderWriter } from '../../src/modules/orders/order-writer.js';
import { bearer, body, createAccount, loginAs, useTestApp } from '../helpers.js';

const ctx = useTestApp();
const NOW = new Date('2026-03-01T09:00:00.000Z');
const TERMS = { activeLevel: SME_LEVEL.adminActivated, entryKind: orderCreatedEntry(1).kind, receivableAccount: LEDGER_ACCOUNTS.smeReceivable };

async function partyId(table: 'smes' | 'providers', userId: string): Promise<string> {
  const result = await ctx.db.execute<{ id: string }>(sql`select id from ${sql.raw(table)} where user_id = ${userId}`);
  return result.rows[0]!.id;
}

async function supplier(): Promise<string> {
  return partyId('providers', (await createAccount(ctx.db, { role: 'provider', level: 5 })).id);
}

/** Active SMEs, each with this credit (minor units). */
async function smes(n: number, creditLimit: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) ids.push(await partyId('smes', (await createAccount(ctx.db, { role: 'sme', level: 8, creditLimit })).id));
  return ids;
}

function newOrder(smeId: string, providerId: string, amountMinor: number, description = 'shared statement'): NewOrder {
  return {
    orderId: randomUUID(),
    smeId,
    amountMinor,
    providerId,
    description,
    taxRate: 0,
    bankShareRate: 1000,
    createdAt: NOW,
    schedule: buildSchedule(amountMinor, [2500, 2500, 2500, 2500], NOW),
    entry: orderCreatedEntry(amountMinor),
    messages: [{ channel: 'email', recipient: `${smeId}@example.com`, subject: 'Pay your order', body: 'link', status: 'pending' }],
  };
}

type Credit = { id: string; amount: number; spend: number; receivable: number; orders: number; installments: number; messages: number };

async function creditOf(smeIds: string[]): Promise<Credit[]> {
  const result = await ctx.db.execute<{ id: string; amount: string; spend: string; receivable: string; orders: string; installments: string; messages: string }>(sql`
    select s.id, s.credit_amount as amount, s.credit_spend as spend,
           (select coalesce(sum(p.amount), 0) from ledger_postings p where p.account = 'sme_receivable' and p.sme_id = s.id) as receivable,
           (select count(*) from orders o where o.sme_id = s.id) as orders,
           (select count(*) from installments i where i.sme_id = s.id) as installments,
           (select count(*) from outbox_messages m where m.recipient = s.id::text || '@example.com') as messages
    from smes s where s.id = any(${sql.param(smeIds)}::uuid[]) order by s.id`);
  return result.rows.map((r) => ({
    id: r.id,
    amount: Number(r.amount),
    spend: Number(r.spend),
    receivable: Number(r.receivable),
    orders: Number(r.orders),
    installments: Number(r.installments),
    messages: Number(r.messages),
  }));
}

async function ledgerTotal(): Promise<number> {
  const result = await ctx.db.execute<{ t: string }>(sql`select coalesce(sum(amount), 0)::bigint as t from ledger_postings`);
  return Number(result.rows[0]!.t);
}

/** How many transactions wrote these orders (the rows' xmin): orders written together share one. */
async function transactionsOf(orderIds: string[]): Promise<number> {
  const result = await ctx.db.execute<{ n: string }>(sql`select count(distinct xmin::text) as n from orders where id = any(${sql.param(orderIds)}::uuid[])`);
  return Number(result.rows[0]!.n);
}

describe('orders sharing statements', () => {
  it('writes the orders that waited in one statement, each decided by its own SME credit', async () => {
    const providerId = await supplier();
    const rich = await smes(8, 10_000);
    const poor = await smes(4, 999);
    const sizes: number[] = [];
    const writer = createOrderWriter(ctx.db, { maxInFlight: 1, onStatement: (n) => sizes.push(n) });
    const orders = [...rich, ...poor].map((id) => newOrder(id, providerId, 1_000));
    // All asked in the same tick: the first finds the slot free and goes alone, the rest wait for it.
    const written = await Promise.all(orders.map((o) => writer.write(o, TERMS)));

    expect(sizes).toEqual([1, 11]);
    expect(written).toEqual([...rich.map(() => true), ...poor.map(() => false)]);
    expect(await transactionsOf(orders.map((o) => o.orderId))).toBe(2);
    const byId = new Map((await creditOf([...rich, ...poor])).map((c) => [c.id, c]));
    for (const id of rich) expect(byId.get(id)).toMatchObject({ amount: 9_000, spend: 1_000, receivable: 1_000, orders: 1, installments: 4, messages: 1 });
    for (const id of poor) expect(byId.get(id)).toMatchObject({ amount: 999, spend: 0, receivable: 0, orders: 0, installments: 0, messages: 0 });
    const stored = await ctx.db.execute<{ created_at: Date; amount: string }>(
      sql`select created_at, amount from orders where id = any(${sql.param(orders.map((o) => o.orderId))}::uuid[])`,
    );
    expect(stored.rows.map((r) => [new Date(r.created_at).toISOString(), Number(r.amount)])).toEqual(rich.map(() => [NOW.toISOString(), 1_000]));
    expect(await ledgerTotal()).toBe(0);
  });

  it('puts two orders of one SME in different statements, and its credit decides them in turn', async () => {
    const providerId = await supplier();
    const [sme, other] = await smes(2, 1_500);
    const sizes: number[] = [];
    const writer = createOrderWriter(ctx.db, { maxInFlight: 1, onStatement: (n) => sizes.push(n) });
    const orders = [newOrder(other!, providerId, 500), newOrder(sme!, providerId, 1_000), newOrder(sme!, providerId, 1_000)];
    const written = await Promise.all(orders.map((o) => writer.write(o, TERMS)));

    expect(sizes).toEqual([1, 1, 1]);
    expect(written).toEqual([true, true, false]);
    expect(await creditOf([sme!])).toEqual([expect.objectContaining({ amount: 500, spend: 1_000, receivable: 1_000, orders: 1 })]);
  });

  it('retries a failed shared statement order by order: the faulty order fails alone', async () => {
    const providerId = await supplier();
    const ids = await smes(6, 10_000);
    const sizes: number[] = [];
    const writer = createOrderWriter(ctx.db, { maxInFlight: 1, onStatement: (n) => sizes.push(n) });
    const orders = ids.map((id, i) => (i === 3 ? newOrder(id, randomUUID(), 1_000) : newOrder(id, providerId, 1_000))); // no such supplier
    const outcomes = await Promise.allSettled(orders.map((o) => writer.write(o, TERMS)));

    expect(sizes).toEqual([1, 5, 1, 1, 1, 1, 1]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(String((outcomes[3] as PromiseRejectedResult).reason)).toMatch(/foreign key/);
    const byId = new Map((await creditOf(ids)).map((c) => [c.id, c]));
    ids.forEach((id, i) => {
      expect(byId.get(id)).toMatchObject(i === 3 ? { amount: 10_000, spend: 0, orders: 0, installments: 0, messages: 0 } : { amount: 9_000, spend: 1_000, receivable: 1_000, orders: 1 });
    });
    expect(await ledgerTotal()).toBe(0);
  });

  it('two processes writing the same SMEs in opposite orders never deadlock: every statement commits whole', async () => {
    const providerId = await supplier();
    const ids = await smes(20, 1_000_000);
    // Two processes, each writing the 20 SMEs' orders in one statement, one forwards and one backwards.
    const processes = [createDatabase(ctx.database.url, 4), createDatabase(ctx.database.url, 4)];
    try {
      const sizes: number[][] = [[], []];
      const writers = processes.map(({ db }, w) => createOrderWriter(db, { maxInFlight: 1, onStatement: (n) => sizes[w]!.push(n) }));
      const rounds = 8;
      for (let round = 0; round < rounds; round += 1) {
        const forwards = ids.map((id) => newOrder(id, providerId, 100));
        const backwards = [...ids].reverse().map((id) => newOrder(id, providerId, 100));
        const written = await Promise.all([...forwards.map((o) => writers[0]!.write(o, TERMS)), ...backwards.map((o) => writers[1]!.write(o, TERMS))]);
        expect(written.every(Boolean)).toBe(true);
      }
      // Each round, each writer: its first order alone, then the 19 others together; no retry alone.
      expect(sizes).toEqual([0, 1].map(() => Array.from({ length: rounds }, () => [1, 19]).flat()));
    } finally {
      await Promise.all(processes.map((p) => p.close()));
    }
    const credits = await creditOf(ids);
    expect(credits.every((c) => c.spend === 16 * 100 && c.amount === 1_000_000 - 1_600 && c.receivable === 1_600 && c.orders === 16)).toBe(true);
    expect(await ledgerTotal()).toBe(0);
  });
});

describe('orders reading their context together', () => {
  it('answers each request in its place: its SME, and the supplier only when at the level asked', async () => {
    const verified = await supplier();
    const pending = await partyId('providers', (await createAccount(ctx.db, { role: 'provider', level: 4 })).id);
    const sme = await createAccount(ctx.db, { role: 'sme', level: 8, creditLimit: 7_000, plan: [5000, 5000] });
    const other = await createAccount(ctx.db, { role: 'sme', level: 6 });
    const notAnSme = await createAccount(ctx.db, { role: 'provider', level: 5 });
    const contexts = await readOrderContexts(
      ctx.db,
      [
        { smeUserId: sme.id, providerId: verified },
        { smeUserId: notAnSme.id, providerId: verified },
        { smeUserId: other.id, providerId: pending },
        { smeUserId: sme.id, providerId: randomUUID() },
      ],
      PROVIDER_LEVEL.adminVerified,
    );
    expect(contexts.map((c) => c && { sme: c.sme_id, level: c.level, credit: Number(c.credit_amount), plan: c.installment_plan, provider: c.provider_id })).toEqual([
      { sme: await partyId('smes', sme.id), level: 8, credit: 7_000, plan: [5000, 5000], provider: verified },
      undefined,
      { sme: await partyId('smes', other.id), level: 6, credit: 0, plan: expect.any(Array), provider: null },
      { sme: await partyId('smes', sme.id), level: 8, credit: 7_000, plan: [5000, 5000], provider: null },
    ]);
  });
});

describe('many SMEs ordering at once through the API', () => {
  it('answers each order by its own SME credit, and the figures add up', async () => {
    const providerId = await supplier();
    const accounts = await Promise.all(Array.from({ length: 30 }, (_, i) => createAccount(ctx.db, { role: 'sme', level: 8, creditLimit: i % 3 === 0 ? 500 : 20_000 })));
    const headers = await Promise.all(accounts.map(async (a) => bearer(await loginAs(ctx.app, a))));
    const ids = await Promise.all(accounts.map((a) => partyId('smes', a.id)));
    // Each SME orders twice at once: 100.00 then 50.00 (10,000 and 5,000 minor units).
    const responses = await Promise.all(
      headers.flatMap((h, i) =>
        [100, 50].map((amount) =>
          ctx.app.inject({ method: 'POST', url: '/api/v1/sme/order/create', headers: h, payload: { providerId, amount, description: `many ${i} ${amount}` } }),
        ),
      ),
    );
    const credits = new Map((await creditOf(ids)).map((c) => [c.id, c]));
    ids.forEach((id, i) => {
      const [big, small] = [responses[2 * i]!, responses[2 * i + 1]!];
      if (i % 3 === 0) {
        // 5.00 of credit: both refused, nothing written
        expect([big.statusCode, small.statusCode, body(big).msg, body(small).msg]).toEqual([400, 400, 'must be less than 5$', 'must be less than 5$']);
        expect(credits.get(id)).toMatchObject({ amount: 500, spend: 0, receivable: 0, orders: 0 });
      } else {
        expect([big.statusCode, small.statusCode]).toEqual([200, 200]);
        expect(credits.get(id)).toMatchObject({ amount: 20_000 - 15_000, spend: 15_000, receivable: 15_000, orders: 2, installments: 8 });
      }
    });
    expect(await ledgerTotal()).toBe(0);
  });
});
