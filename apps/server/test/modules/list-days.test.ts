// A numbered page of the admin's, the bank's and an insurer's order lists and of the instalment list
// starts at the day that holds its first row (ADR 0041): the rows per UTC day are kept in rollups, the
// page's day is found from them and only that day's rows before the page are skipped. Every page by
// number, from both ends, is exactly the slice of the whole list read the long way, with days of one
// row, of many, empty days between them and rows either side of midnight; an order moved to another
// day moves its count with it.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { startOfSkip } from '../../src/db/list-page.js';
import { verifyRollups } from '../../src/db/rollups/index.js';
import { listAllInstallments, listOrders, type OrderPageQuery } from '../../src/modules/orders/repository.js';
import { bearer, body, createAccount, loginAs, recordCreditGranted, useTestApp } from '../helpers.js';
import { planNodes, planOfLastStatement } from '../statement-plan.js';

const clock = { now: new Date('2026-09-01T08:00:00.000Z') };
const ctx = useTestApp({ clock: () => clock.now });

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });

let admin: Headers;
let bank: Headers;
let insurer: Headers;
let insurerCompanyId: string;
let supplierId: string;
const buyers: Headers[] = [];
const PER_PAGE = 3;

/**
 * When the orders are made: 1 on Sep 1, none on Sep 2, 4 on Sep 3 (two in the last millisecond of the
 * day, so a page boundary falls at midnight), 2 at the first instant of Sep 4, 6 on Sep 6, 1 on Sep 9.
 */
const INSTANTS = [
  '2026-09-01T10:00:00.000Z',
  '2026-09-03T09:00:00.000Z',
  '2026-09-03T12:00:00.000Z',
  '2026-09-03T23:59:59.999Z',
  '2026-09-03T23:59:59.999Z',
  '2026-09-04T00:00:00.000Z',
  '2026-09-04T00:00:00.000Z',
  ...Array.from({ length: 6 }, (_, k) => `2026-09-06T0${k}:30:00.000Z`),
  '2026-09-09T18:00:00.000Z',
];

beforeAll(async () => {
  const supplier = await createAccount(ctx.db, { role: 'provider', level: 5 });
  supplierId = (await ctx.db.execute<{ id: string }>(sql`select id from providers where user_id = ${supplier.id}`)).rows[0]!.id;
  admin = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'admin' })));
  bank = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'bank' })));
  const insurance = await createAccount(ctx.db, { role: 'insurance', company: 'Day Cover' });
  insurerCompanyId = (await ctx.db.execute<{ id: string }>(sql`select insurance_company_id as id from users where id = ${insurance.id}`)).rows[0]!.id;
  insurer = bearer(await loginAs(ctx.app, insurance));
  // two SMEs, the first insured by Day Cover, with plans of two and three instalments
  for (const [k, plan] of [[5000, 5000], [3000, 3000, 4000]].entries()) {
    const account = await createAccount(ctx.db, { role: 'sme', level: 8, creditLimit: 1_000_000, plan });
    if (k === 0) await recordCreditGranted(ctx.db, account.id, insurance);
    buyers.push(bearer(await loginAs(ctx.app, account)));
  }
  for (const [k, at] of INSTANTS.entries()) {
    clock.now = new Date(at);
    const headers = buyers[k % 3 === 2 ? 1 : 0]!;
    const created = await post('/api/v1/sme/order/create', headers, { providerId: supplierId, amount: 10 + k, description: `order ${k}` });
    expect(created.statusCode, created.body).toBe(200);
    // every fourth canceled: the status filter's days differ from the whole list's
    if (k % 4 === 1) expect((await post('/api/v1/sme/order/cancel', headers, { orderId: body(created).content.order._id })).statusCode).toBe(200);
  }
});

/** The whole list read the long way, in its order. */
async function everyId(statement: ReturnType<typeof sql>): Promise<string[]> {
  return (await ctx.db.execute<{ id: string }>(statement)).rows.map((r) => r.id);
}

const orderLists = () => [
  { name: 'the admin’s list', url: '/api/v1/admin/order/list', who: admin, where: sql`true` },
  { name: 'the admin’s list of canceled orders', url: '/api/v1/admin/order/list?status=-1', who: admin, where: sql`status = -1` },
  { name: 'the bank’s list of created orders', url: '/api/v1/bank/order/list?status=0', who: bank, where: sql`status = 0` },
  { name: 'the bank’s list', url: '/api/v1/bank/order/list', who: bank, where: sql`true` },
  { name: 'the insurer’s list', url: '/api/v1/insurance/order/list', who: insurer, where: sql`insurer_id = ${insurerCompanyId}` },
  { name: 'the insurer’s list of created orders', url: '/api/v1/insurance/order/list?status=0', who: insurer, where: sql`insurer_id = ${insurerCompanyId} and status = 0` },
];

/** Every page by number, then `last=true`: each the slice of `expected` it stands for, with its total. */
async function expectPagesAre(url: string, who: Headers, key: 'orders' | 'installments', expected: string[]) {
  const pages = Math.ceil(expected.length / PER_PAGE);
  const join = url.includes('?') ? '&' : '?';
  for (let page = 1; page <= pages + 1; page++) {
    const content = body(await get(`${url}${join}page=${page}&perPage=${PER_PAGE}`, who)).content;
    expect({ page, count: content.count, rows: content[key].map((r: { _id: string }) => r._id) }).toEqual({
      page,
      count: expected.length,
      rows: expected.slice((page - 1) * PER_PAGE, page * PER_PAGE),
    });
  }
  const last = body(await get(`${url}${join}last=true&perPage=${PER_PAGE}`, who)).content;
  expect(last[key].map((r: { _id: string }) => r._id)).toEqual(expected.slice((Math.max(1, pages) - 1) * PER_PAGE));
}

describe('a numbered page of a long list', () => {
  it('is, for every order list with days kept and every page, the slice of the list read the long way', async () => {
    for (const { name, url, who, where } of orderLists()) {
      const expected = await everyId(sql`select id from orders where ${where} order by created_at desc, id desc`);
      expect(expected.length, name).toBeGreaterThan(0);
      await expectPagesAre(url, who, 'orders', expected);
    }
  });

  it('is, for the instalment list, the slice of every instalment in its order', async () => {
    const expected = await everyId(sql`select id from installments order by order_created_at desc, order_id desc, position`);
    expect(expected.length).toBeGreaterThan(2 * INSTANTS.length);
    await expectPagesAre('/api/v1/admin/installment/list', admin, 'installments', expected);
    await expectPagesAre('/api/v1/bank/installment/list', bank, 'installments', expected);
  });

  it('follows an order moved to another day (and its instalments with it), the rollups staying equal to the rows', async () => {
    const [moved] = await everyId(sql`select id from orders where created_at = '2026-09-04T00:00:00Z' order by id limit 1`);
    await ctx.db.execute(sql`update orders set created_at = '2026-09-02T05:00:00Z' where id = ${moved}`);
    const days = await ctx.db.execute<{ day: string; n: number }>(
      sql`select to_char(day, 'YYYY-MM-DD') as day, sum(count)::int as n from rollup_order_days group by day having sum(count) <> 0 order by day`,
    );
    expect(days.rows).toEqual([
      { day: '2026-09-01', n: 1 },
      { day: '2026-09-02', n: 1 },
      { day: '2026-09-03', n: 4 },
      { day: '2026-09-04', n: 1 },
      { day: '2026-09-06', n: 6 },
      { day: '2026-09-09', n: 1 },
    ]);
    expect(await verifyRollups(ctx.db)).toEqual([]);
    await expectPagesAre('/api/v1/admin/order/list', admin, 'orders', await everyId(sql`select id from orders order by created_at desc, id desc`));
    await expectPagesAre(
      '/api/v1/admin/installment/list',
      admin,
      'installments',
      await everyId(sql`select id from installments order by order_created_at desc, order_id desc, position`),
    );
  });

  it('reads its rows from its day on: the index scan is bounded by the day’s edge', async () => {
    const read = (query: Partial<OrderPageQuery>) =>
      planOfLastStatement(ctx.db, (db) => listOrders(db, {}, { page: 1, perPage: 2, status: -10, late: false, ...query }));
    for (const [query, direction, bound] of [
      [{ page: 3 }, 'Backward', '<'],
      [{ page: 5 }, 'Forward', '>='],
    ] as const) {
      const limit = planNodes(await read(query)).find((n) => n['Node Type'] === 'Limit');
      const scan = limit?.Plans?.[0];
      expect(scan?.['Index Name']).toBe('orders_created_idx');
      expect(scan?.['Scan Direction']).toBe(direction);
      expect(scan?.['Index Cond']).toContain(`created_at ${bound}`);
    }
    const instalments = planNodes(await planOfLastStatement(ctx.db, (db) => listAllInstallments(db, { page: 4, perPage: 2 }))).find(
      (n) => n['Node Type'] === 'Limit',
    );
    expect(instalments?.Plans?.[0]?.['Index Name']).toBe('installments_list_idx');
    expect(instalments?.Plans?.[0]?.['Index Cond']).toContain('order_created_at');
  });

  it('counts orders made at once on both sides of a midnight, from two SMEs, and pages them as the list reads them', async () => {
    const before = (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from orders`)).rows[0]!.n;
    // twelve orders asked at once; the clock gives each reading the last millisecond of a day or the next
    // day's first instant in turn, so the orders written together fall on both sides of the midnight
    let reads = 0;
    Object.defineProperty(clock, 'now', {
      configurable: true,
      get: () => new Date((reads++ % 2 === 0 ? '2026-09-10T23:59:59.999Z' : '2026-09-11T00:00:00.000Z')),
    });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, k) => post('/api/v1/sme/order/create', buyers[k % 2]!, { providerId: supplierId, amount: 50 + k, description: `at once ${k}` })),
    );
    Object.defineProperty(clock, 'now', { configurable: true, writable: true, value: new Date('2026-09-12T08:00:00.000Z') });
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 12 }, () => 200));
    expect((await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from orders`)).rows[0]!.n).toBe(before + 12);
    const days = await ctx.db.execute<{ day: string; n: number }>(
      sql`select to_char(day, 'YYYY-MM-DD') as day, sum(count)::int as n from rollup_order_days where day >= '2026-09-10' group by day order by day`,
    );
    const written = await ctx.db.execute<{ day: string; n: number }>(
      sql`select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as n from orders
          where created_at >= '2026-09-10' group by 1 order by 1`,
    );
    expect(days.rows).toEqual(written.rows);
    expect(written.rows.map((r) => r.day)).toEqual(['2026-09-10', '2026-09-11']);
    expect(written.rows.reduce((sum, r) => sum + r.n, 0)).toBe(12);
    expect(await verifyRollups(ctx.db)).toEqual([]);
    await expectPagesAre('/api/v1/admin/order/list', admin, 'orders', await everyId(sql`select id from orders order by created_at desc, id desc`));
    await expectPagesAre(
      '/api/v1/admin/installment/list',
      admin,
      'installments',
      await everyId(sql`select id from installments order by order_created_at desc, order_id desc, position`),
    );
  });
});

describe('where a skip starts', () => {
  const days = [
    { day: '2026-09-09', n: 1 },
    { day: '2026-09-06', n: 6 },
    { day: '2026-09-03', n: 4 },
  ];

  it('reading newest first, is the end of the day that holds the row at the offset, less the rows of the newer days', () => {
    expect(startOfSkip(days, 'forward', 0)).toEqual({ edge: '2026-09-10T00:00:00.000Z', offset: 0 });
    expect(startOfSkip(days, 'forward', 1)).toEqual({ edge: '2026-09-07T00:00:00.000Z', offset: 0 });
    expect(startOfSkip(days, 'forward', 6)).toEqual({ edge: '2026-09-07T00:00:00.000Z', offset: 5 });
    expect(startOfSkip(days, 'forward', 7)).toEqual({ edge: '2026-09-04T00:00:00.000Z', offset: 0 });
    expect(startOfSkip(days, 'forward', 10)).toEqual({ edge: '2026-09-04T00:00:00.000Z', offset: 3 });
  });

  it('reading oldest first, is the start of the day, less the rows of the older days', () => {
    expect(startOfSkip(days, 'backward', 0)).toEqual({ edge: '2026-09-03T00:00:00.000Z', offset: 0 });
    expect(startOfSkip(days, 'backward', 3)).toEqual({ edge: '2026-09-03T00:00:00.000Z', offset: 3 });
    expect(startOfSkip(days, 'backward', 4)).toEqual({ edge: '2026-09-06T00:00:00.000Z', offset: 0 });
    expect(startOfSkip(days, 'backward', 10)).toEqual({ edge: '2026-09-09T00:00:00.000Z', offset: 0 });
  });

  it('refuses an offset past the rows the days count', () => {
    expect(() => startOfSkip(days, 'forward', 11)).toThrow(/offset 11 is past the 11 rows/);
  });
});
