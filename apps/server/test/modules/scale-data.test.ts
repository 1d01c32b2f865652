// `npm run seed:scale`'s loader: a small load is consistent by every check, the product's own API
// agrees with its rows, the same seed gives the same data, and a database with orders is refused.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyOf } from '@qist/domain';
import { uploadsDir } from '../../src/config.js';
import { signupCodes } from '../../src/db/schema/index.js';
import { seedDemoData } from '../../src/db/seed.js';
import { verifyAuditChain } from '../../src/modules/audit/verify.js';
import { createLocalStorage } from '../../src/modules/files/storage.js';
import { verifyLedger } from '../../src/modules/ledger/verify.js';
import { seedDemoOrders } from '../../src/modules/orders/demo-seed.js';
import { checkScaleData } from '../../src/modules/scale-data/checks.js';
import { BinaryCopyBuffer } from '../../src/modules/scale-data/copy.js';
import { loadScaleData, ScaleRefusal, type ScaleOptions } from '../../src/modules/scale-data/load.js';
import { bearer, body, createTestDatabase, demoAccount, loginAs, useTestApp, type TestDatabase } from '../helpers.js';

const ctx = useTestApp();
const NOW = Math.floor(Date.now() / 1000) * 1000;
const ORDERS = 300;

const options = (overrides: Partial<ScaleOptions> = {}): ScaleOptions => ({
  orders: ORDERS,
  smes: 12,
  suppliers: 3,
  seed: 7,
  months: 12,
  batch: 70,
  now: NOW,
  append: false,
  explain: false,
  currency: currencyOf('USD'),
  ...overrides,
});

async function load(database: { pool: TestDatabase['pool'] }, overrides: Partial<ScaleOptions> = {}) {
  const client = await database.pool.connect();
  try {
    return await loadScaleData(client, options(overrides));
  } finally {
    client.release();
  }
}

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const one = async <T>(query: ReturnType<typeof sql>) => (await ctx.db.execute(query)).rows[0] as T;

describe('seed:scale', () => {
  beforeAll(async () => {
    // The database as a first start makes it: the demo data and its orders, then the load.
    await ctx.db.delete(signupCodes);
    await seedDemoData(ctx.db, createLocalStorage(uploadsDir(ctx.config)), ctx.config.sessionSecret);
    await seedDemoOrders({ db: ctx.db, orders: ctx.app.orders, fulfilment: ctx.app.fulfilment, sandbox: ctx.app.sandbox! });
  });

  it('writes a consistent data set: every check holds, and the ledger and audit verifiers agree', async () => {
    const report = await load(ctx.database);
    expect(report.checks.map((c) => [c.name, c.ok])).toEqual([
      ['foreign keys', true],
      ['ledger', true],
      ['credit', true],
      ['instalments', true],
      ['insurers', true],
      ['rollups', true],
    ]);
    expect(report.rows.orders).toBe(ORDERS);
    expect(report.rows.smes).toBe(12);
    expect(report.rows.providers).toBe(3);
    expect(report.rows.ledger_postings).toBeGreaterThan(2 * ORDERS);

    const client = await ctx.database.pool.connect();
    try {
      expect((await checkScaleData(client)).every((c) => c.ok)).toBe(true);
    } finally {
      client.release();
    }
    expect((await verifyLedger(ctx.db)).problems).toEqual([]);
    expect((await verifyAuditChain(ctx.db)).problem).toBeNull();

    // Every status, late instalments marked as the late job marks them, payments for every paid instalment.
    const statuses = await ctx.db.execute<{ status: number; n: number }>(
      sql`select status, count(*)::int as n from orders where description like '%, order %' group by status order by status`,
    );
    expect(statuses.rows.map((r) => r.status)).toEqual([-1, 0, 1, 2, 3, 4, 5, 6]);
    const late = await one<{ orders: number; flagged: number; noticed: number; overdue: number }>(sql`
      select (select count(*) from orders o where o.late_active)::int as flagged,
             (select count(*) from orders o where o.status >= 1 and exists (
                select 1 from installments i where i.order_id = o.id and i.paid_at is null and i.position > 0 and i.deadline < ${new Date(NOW)}))::int as orders,
             (select count(*) from installments i join orders o on o.id = i.order_id
               where o.status >= 1 and i.paid_at is null and i.position > 0 and i.deadline < ${new Date(NOW)})::int as overdue,
             (select count(*) from installments where late_notice_sent_at is not null)::int as noticed`);
    expect(late.flagged).toBeGreaterThan(0);
    expect(late.flagged).toBe(late.orders);
    expect(late.noticed).toBe(late.overdue);
    const unpaid = await one<{ n: number }>(sql`
      select count(*)::int as n from installments i where i.paid_at is not null
         and not exists (select 1 from payments p where p.installment_id = i.id and p.status = 'approved' and p.amount = i.amount)`);
    expect(unpaid.n).toBe(0);
    const declined = await one<{ refunds: number; refunded: number }>(sql`
      select (select count(*) from refunds r join payments p on p.id = r.payment_id and p.status = 'refunded')::int as refunds,
             (select count(*) from payments where status = 'refunded')::int as refunded`);
    expect(declined.refunds).toBe(declined.refunded);
    expect(declined.refunds).toBeGreaterThan(0);
  });

  it('the product’s own API agrees with the rows', async () => {
    const admin = await loginAs(ctx.app, await demoAccount(ctx.db, 'admin@example.com'));
    const orders = await one<{ n: number }>(sql`select count(*)::int as n from orders`);
    expect(orders.n).toBe(ORDERS + 10);
    expect(body(await get('/api/v1/admin/order/list?perPage=10', admin)).content.count).toBe(orders.n);
    const ledger = body(await get('/api/v1/admin/ledger/balances', admin)).content;
    expect(ledger.total).toBe(0);

    // An SME signs in with the scale password; its dashboard's credit is its row, and its row its receivable.
    const sme = await one<{ email: string; limit: string; spend: string; amount: string; receivable: string; orders: number }>(sql`
      select u.email, s.credit_limit::text as limit, s.credit_spend::text as spend, s.credit_amount::text as amount,
             (select coalesce(sum(amount), 0) from ledger_postings p where p.account = 'sme_receivable' and p.sme_id = s.id)::text as receivable,
             (select count(*) from orders o where o.sme_id = s.id)::int as orders
      from smes s join users u on u.id = s.user_id where u.email = 'sme-7-1@scale.example'`);
    expect(sme.spend).toBe(sme.receivable);
    const token = await loginAs(ctx.app, { ...(await demoAccount(ctx.db, sme.email)) });
    const dashboard = body(await get('/api/v1/sme/dashboard', token)).content;
    expect(dashboard.credit).toEqual({ limit: Number(sme.limit) / 100, used: Number(sme.spend) / 100, available: Number(sme.amount) / 100 });
    expect(Object.values(dashboard.ordersByStatus as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(sme.orders);
    expect(body(await get('/api/v1/sme/order/list?perPage=10&status=-10', token)).content.count).toBe(sme.orders);

    // About half the SMEs are insured by the first insurer: its dashboard counts them (and the demo SME it insured).
    const insurer = await loginAs(ctx.app, await demoAccount(ctx.db, 'insurer1@example.com'));
    const insured = await one<{ n: number }>(sql`
      select count(distinct l.user_id)::int as n from verification_logs l join users u on u.id = l.operator_user_id
      join insurance_companies c on c.id = u.insurance_company_id where l.level = 7 and c.priority = 1`);
    expect(body(await get('/api/v1/insurance/dashboard', insurer)).content.insuredSmes).toBe(insured.n);
    expect(insured.n).toBeGreaterThanOrEqual(6);
  });

  it('refuses a database that already holds orders unless appending, and a seed loaded before always', async () => {
    const before = await one<{ n: number }>(sql`select count(*)::int as n from orders`);
    await expect(load(ctx.database, { seed: 8 })).rejects.toThrow(/already holds orders besides the demo's: pass --append/);
    await expect(load(ctx.database, { append: true })).rejects.toThrow(/seed 7 was already loaded/);
    await expect(load(ctx.database, { seed: 8 })).rejects.toBeInstanceOf(ScaleRefusal);
    expect((await one<{ n: number }>(sql`select count(*)::int as n from orders`)).n).toBe(before.n);

    const report = await load(ctx.database, { seed: 8, orders: 40, smes: 2, suppliers: 1, append: true });
    expect(report.checks.every((c) => c.ok)).toBe(true);
    expect((await one<{ n: number }>(sql`select count(*)::int as n from orders`)).n).toBe(before.n + 40);
  });

  it('names what broke when a check fails', async () => {
    const client = await ctx.database.pool.connect();
    try {
      await client.query('begin');
      // An entry that does not balance, slipped past the deferred trigger the way a load skips it.
      await client.query('set local session_replication_role = replica');
      const entry = (await client.query<{ id: string }>(`insert into ledger_entries (kind) values ('order_created') returning id`)).rows[0]!;
      await client.query(`insert into ledger_postings (entry_id, account, amount) values ($1, 'order_funding', 5)`, [entry.id]);
      // A posting of an entry that does not exist (it brings the ledger's total back to 0).
      await client.query(`insert into ledger_postings (entry_id, account, amount) values (gen_random_uuid(), 'gateway_clearing', -5)`);
      // And an instalment of an order that does not exist.
      await client.query(
        `insert into installments (order_id, sme_id, order_created_at, position, rate, amount, deadline) values (gen_random_uuid(), gen_random_uuid(), now(), 0, 10000, 5, now())`,
      );
      // And an instalment whose copy of its order's creation (the instalment list's order) moved.
      await client.query(`update installments set order_created_at = order_created_at - interval '1 day' where id = (select id from installments limit 1)`);
      // And an insured SME's order that lost its insurer.
      await client.query(`update orders set insurer_id = null where id = (select id from orders where insurer_id is not null limit 1)`);
      const failed = (await checkScaleData(client)).filter((c) => !c.ok);
      // the rows went past the rollups' triggers too: the ledger balances', the insurers' orders' (by status
      // and by day), the instalments' (the total and by day) and the SMEs' dues rollups no longer match
      expect(failed.map((c) => c.sentence)).toEqual([
        'foreign keys do not resolve: 1 installments.order_id without their orders (installments_order_id_orders_id_fk); ' +
          '1 ledger_postings.entry_id without their ledger_entries (ledger_postings_entry_id_ledger_entries_id_fk)',
        'the ledger is broken: 0 entries without postings, 1 entries that do not balance, all postings sum to 0',
        'instalments are off: 0 orders whose instalments do not sum to their amount, 0 whose paid flag disagrees with them, 1 whose instalments do not carry their creation',
        "insurers are off: 0 SMEs whose insured_by is not the company of their level-7 decision, 1 orders whose insurer_id is not their SME's",
        'rollups differ from their recomputation: rollup_insurer_orders, rollup_insurer_order_days, rollup_ledger_balances, rollup_installments, rollup_installment_days, rollup_sme_dues',
      ]);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});

describe('seed:scale with the same seed', () => {
  const databases: TestDatabase[] = [];
  beforeAll(async () => {
    databases.push(await createTestDatabase(), await createTestDatabase());
  });
  afterAll(async () => {
    for (const database of databases) await database.drop();
  });

  it('writes the same data into two databases', async () => {
    const digests: Record<string, string>[] = [];
    for (const database of databases) {
      await load(database, { orders: 120, smes: 5, suppliers: 2, seed: 11 });
      const digest: Record<string, string> = {};
      // Every loaded table, with the back office's random ids replaced by their emails (insurers by their names).
      const queries: Record<string, string> = {
        users: `select email, password_hash, role, name, language, created_at from users where role in ('sme', 'provider')`,
        smes: `select to_jsonb(s) - 'insured_by', c.name as insurer from smes s left join insurance_companies c on c.id = s.insured_by`,
        providers: 'select * from providers',
        orders: `select to_jsonb(o) - 'insurer_id', c.name as insurer from orders o left join insurance_companies c on c.id = o.insurer_id`,
        installments: 'select * from installments',
        payments: 'select * from payments',
        sandbox_transactions: 'select * from sandbox_transactions',
        refunds: 'select * from refunds',
        ledger_entries: 'select * from ledger_entries',
        ledger_postings: 'select entry_id, account, sme_id, order_id, amount, created_at from ledger_postings',
        payout_approvals: `select a.id, a.order_id, a.amount, r.email, a.requested_at, a.status, d.email, a.decided_at
                           from payout_approvals a join users r on r.id = a.requested_by left join users d on d.id = a.decided_by`,
        verification_logs: `select l.user_id, l.level, l.code, l.params, o.email, l.operator_role, l.created_at
                            from verification_logs l join users o on o.id = l.operator_user_id`,
      };
      for (const [table, query] of Object.entries(queries)) {
        const result = await database.pool.query<{ n: number; md5: string }>(
          `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5 from (${query}) t`,
        );
        digest[table] = `${result.rows[0]!.n} ${result.rows[0]!.md5}`;
      }
      digests.push(digest);
    }
    expect(digests[0]!.orders).toMatch(/^120 /);
    expect(digests[1]).toEqual(digests[0]);
  });
});

describe('seed:scale rows in COPY binary form', () => {
  const types = new Map([['t', new Map([['id', 'uuid'], ['n', 'integer'], ['big', 'bigint'], ['at', 'timestamp with time zone'], ['ok', 'boolean'], ['note', 'text'], ['price', 'numeric']])]]);

  it('writes each value in its type’s binary form, a null as length -1', () => {
    const rows = new BinaryCopyBuffer('t', ['id', 'n', 'big', 'at', 'ok', 'note'], types);
    rows.row(['00112233-4455-6677-8899-aabbccddeeff', -2, 2 ** 40 + 5, Date.UTC(2000, 0, 1, 0, 0, 0, 1), true, null]);
    const job = rows.take();
    expect(job).toMatchObject({ table: 't', rows: 1, binary: true });
    expect(Buffer.concat(job.chunks).toString('hex')).toBe(
      '0006' + // six fields
        '00000010' + '00112233445566778899aabbccddeeff' +
        '00000004' + 'fffffffe' +
        '00000008' + '0000010000000005' +
        '00000008' + '00000000000003e8' + // 1 ms after 2000-01-01 is 1,000 µs
        '00000001' + '01' +
        'ffffffff',
    );
  });

  it('refuses a type it does not write, a column the table lacks, and a value that is not of its type', () => {
    expect(() => new BinaryCopyBuffer('t', ['price'], types)).toThrow('t.price is of type numeric, which the binary load does not write');
    expect(() => new BinaryCopyBuffer('t', ['missing'], types)).toThrow('t.missing is not a column of this database');
    const rows = new BinaryCopyBuffer('t', ['id', 'big'], types);
    expect(() => rows.row(['0011-not-a-uuid', 1])).toThrow('not a uuid: "0011-not-a-uuid"');
    expect(() => rows.row(['00112233-4455-6677-8899-aabbccddeeff', 1.5])).toThrow('not a whole number: 1.5');
    expect(() => rows.row(['00112233-4455-6677-8899-aabbccddeeff'])).toThrow('t: 1 values for 2 columns');
  });
});
