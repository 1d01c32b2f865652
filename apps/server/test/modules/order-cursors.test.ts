// Keyset paging of the order lists (ADR 0027): walking a list with its cursors, forwards from the first
// page and backwards from the last, reads exactly the pages `page` reads over the same data, in the
// same order; orders created in the same instant are told apart by their id. A cursor that is not one
// is refused (400) and nothing is read or written.
import { MESSAGES, decodeListCursor, encodeListCursor } from '@qist/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { listOrders, type OrderPageQuery } from '../../src/modules/orders/repository.js';
import { bearer, body, createAccount, loginAs, useTestApp } from '../helpers.js';
import { expectWalksAgree, listWalks } from '../list-walk.js';
import { planNodes, planOfLastStatement } from '../statement-plan.js';

const clock = { now: new Date('2026-09-01T08:00:00.000Z') };
const ctx = useTestApp({ clock: () => clock.now });

type Headers = Record<string, string>;
type Page = { orders: { _id: string }[]; count: number; cursors: { first: string | null; last: string | null } };
const post = (url: string, headers: Headers, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });

let admin: Headers;
let sme: Headers;
let smeUserId: string;

async function page(url: string, headers: Headers): Promise<Page> {
  const response = await get(url, headers);
  expect(response.statusCode, response.body).toBe(200);
  return body(response).content as Page;
}

const ids = (p: Page) => p.orders.map((o) => o._id);
const walks = listWalks(async (url, headers) => {
  const read = await page(url, headers);
  return { rows: ids(read), count: read.count, cursors: read.cursors };
});

beforeAll(async () => {
  const supplier = await createAccount(ctx.db, { role: 'provider', level: 5 });
  const supplierId = (await ctx.db.execute<{ id: string }>(sql`select id from providers where user_id = ${supplier.id}`)).rows[0]!.id;
  admin = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'admin' })));
  const accounts = [];
  for (let k = 0; k < 2; k++) {
    const account = await createAccount(ctx.db, { role: 'sme', level: 8, creditLimit: 1_000_000, plan: [5000, 5000] });
    accounts.push({ account, headers: bearer(await loginAs(ctx.app, account)) });
  }
  sme = accounts[0]!.headers;
  smeUserId = accounts[0]!.account.id;
  // 23 orders, three at a time in the same instant (the id decides their order), every fourth canceled.
  for (let k = 0; k < 23; k++) {
    if (k % 3 === 0) clock.now = new Date(clock.now.getTime() + 60_000);
    const headers = accounts[k % 4 === 3 ? 1 : 0]!.headers;
    const created = await post('/api/v1/sme/order/create', headers, { providerId: supplierId, amount: 10 + k, description: `order ${k}` });
    expect(created.statusCode, created.body).toBe(200);
    if (k % 4 === 1) {
      const canceled = await post('/api/v1/sme/order/cancel', headers, { orderId: body(created).content.order._id });
      expect(canceled.statusCode, canceled.body).toBe(200);
    }
  }
});

describe('an order list walked with its cursors', () => {
  const lists = [
    { name: 'the admin’s list', base: '/api/v1/admin/order/list', who: () => admin },
    { name: 'the admin’s list of canceled orders', base: '/api/v1/admin/order/list?status=-1', who: () => admin },
    { name: 'the admin’s list of created orders', base: '/api/v1/admin/order/list?status=0', who: () => admin },
    { name: 'the SME’s list', base: '/api/v1/sme/order/list', who: () => sme },
    { name: 'the SME’s list of created orders', base: '/api/v1/sme/order/list?status=0', who: () => sme },
  ];
  for (const { name, base, who } of lists) {
    it(`${name}: forwards, backwards and its last page are the pages \`page\` reads`, async () => {
      for (const perPage of [4, 5]) {
        await expectWalksAgree(walks, base, who(), perPage);
      }
    });
  }

  it('reads the rows in the database’s order, ties in the same instant broken by id, and each page carries its rows’ cursors', async () => {
    const expected = await ctx.db.execute<{ id: string; at: string }>(
      sql`select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from orders order by created_at desc, id desc`,
    );
    const ties = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from (select created_at from orders group by 1 having count(*) > 1) t`);
    expect(ties.rows[0]!.n).toBeGreaterThan(3);
    const forward = await walks.forwards('/api/v1/admin/order/list', admin, 4);
    expect(forward.pages.flat()).toEqual(expected.rows.map((r) => r.id));
    const first = await page('/api/v1/admin/order/list?perPage=4', admin);
    expect(decodeListCursor(first.cursors.first!)).toEqual({ at: expected.rows[0]!.at, id: expected.rows[0]!.id });
    expect(decodeListCursor(first.cursors.last!)).toEqual({ at: expected.rows[3]!.at, id: expected.rows[3]!.id });
  });

  it('reads the page before a row that is near the top as the first page, and nothing before the first row', async () => {
    const first = await page('/api/v1/admin/order/list?perPage=4', admin);
    const second = await page(`/api/v1/admin/order/list?perPage=4&after=${first.cursors.first}`, admin);
    // three rows come before the second row: the page before it is page 1, whole
    expect(ids(await page(`/api/v1/admin/order/list?perPage=4&before=${second.cursors.first}`, admin))).toEqual(ids(first));
    const none = await page(`/api/v1/admin/order/list?perPage=4&before=${first.cursors.first}`, admin);
    expect([none.orders, none.count, none.cursors]).toEqual([[], first.count, { first: null, last: null }]);
  });

  it('answers the last page of an empty list with nothing', async () => {
    const empty = await page('/api/v1/admin/order/list?status=4&last=true', admin);
    expect(empty).toEqual({ orders: [], count: 0, cursors: { first: null, last: null } });
  });

  it('keeps to the SME’s own orders when given a cursor of another SME’s order', async () => {
    const all = await page('/api/v1/admin/order/list?perPage=100', admin);
    const own = await page('/api/v1/sme/order/list?perPage=100', sme);
    const mine = new Set(ids(own));
    const foreign = all.orders.findIndex((o) => !mine.has(o._id));
    const cursor = encodeListCursor(decodeListCursor((await page(`/api/v1/admin/order/list?perPage=1&page=${foreign + 1}`, admin)).cursors.first!)!);
    const after = await page(`/api/v1/sme/order/list?perPage=100&after=${cursor}`, sme);
    expect(ids(after).every((id) => mine.has(id))).toBe(true);
    expect(ids(after)).toEqual(ids(all).slice(foreign + 1).filter((id) => mine.has(id)));
    expect(smeUserId).toBeTruthy();
  });
});

describe('a cursor that is not one', () => {
  const valid = encodeListCursor({ at: '2026-09-01T08:01:00.000000Z', id: '00000000-0000-4000-8000-000000000000' });
  const bad = [
    'nonsense',
    '%2B%2B%2B',
    Buffer.from('2026-09-01T08:01:00.000000Z not-a-uuid').toString('base64url'),
    Buffer.from('2026-02-31T08:01:00.000000Z 00000000-0000-4000-8000-000000000000').toString('base64url'),
    Buffer.from("2026-09-01T08:01:00.000000Z' or 1=1 --").toString('base64url'),
    'A'.repeat(300),
  ];
  for (const cursor of bad) {
    it(`is refused with a sentence, and nothing is changed: ${cursor.slice(0, 24)}`, async () => {
      const before = await ctx.db.execute<{ n: number; s: number }>(sql`select count(*)::int as n, coalesce(sum(status), 0)::int as s from orders`);
      for (const param of ['after', 'before']) {
        for (const url of [`/api/v1/admin/order/list?${param}=${cursor}`, `/api/v1/sme/order/list?${param}=${cursor}`, `/api/v1/sme/invoice/list?${param}=${cursor}`]) {
          const response = await get(url, url.includes('/sme/') ? sme : admin);
          expect([response.statusCode, body(response)], url).toEqual([400, { status: false, msg: MESSAGES.listCursorInvalid }]);
        }
      }
      const after = await ctx.db.execute<{ n: number; s: number }>(sql`select count(*)::int as n, coalesce(sum(status), 0)::int as s from orders`);
      expect(after.rows).toEqual(before.rows);
    });
  }

  it('is told apart from asking for two pages at once', async () => {
    for (const query of [`after=${valid}&before=${valid}`, `after=${valid}&last=true`, `before=${valid}&last=true`]) {
      const response = await get(`/api/v1/admin/order/list?${query}`, admin);
      expect([response.statusCode, body(response)]).toEqual([400, { status: false, msg: MESSAGES.listCursorConflict }]);
    }
    const response = await get(`/api/v1/admin/order/list?after=${valid}&last=false`, admin);
    expect(response.statusCode).toBe(200);
  });
});

describe('a page’s plan', () => {
  const nodes = planNodes;

  /** The plan of the statement that reads the page's rows. */
  const pagePlan = (query: Partial<OrderPageQuery>) =>
    planOfLastStatement(ctx.db, (db) => listOrders(db, {}, { page: 1, perPage: 4, status: -10, late: false, ...query }));

  for (const [name, query, direction] of [
    ['the first page', {}, 'Backward'],
    ['the last page', { last: true }, 'Forward'],
    ['a page after a row', { after: { at: '2026-09-01T08:04:00.000000Z', id: '00000000-0000-4000-8000-000000000000' } }, 'Backward'],
    ['a page before a row', { before: { at: '2026-09-01T08:04:00.000000Z', id: '00000000-0000-4000-8000-000000000000' } }, 'Forward'],
  ] as const) {
    it(`reads ${name} from orders_created_idx in its order, no sort but of the page’s own rows`, async () => {
      const plan = await pagePlan(query);
      const all = nodes(plan);
      // the page's limit reads the index itself, in the direction that reaches the page first
      const limit = all.find((n) => n['Node Type'] === 'Limit');
      expect(limit?.Plans?.[0]?.['Index Name']).toBe('orders_created_idx');
      expect(limit?.Plans?.[0]?.['Scan Direction']).toBe(direction);
      expect(all.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'orders')).toEqual([]);
      // no sort between the index and the page's limit: at most one, at the top, of the page's own rows
      expect(all.filter((n) => n['Node Type'] === 'Sort' && n !== plan)).toEqual([]);
    });
  }
});
