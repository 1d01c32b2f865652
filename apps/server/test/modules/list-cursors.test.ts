// Keyset paging of the instalment list and of the SME and supplier lists (ADR 0031), as the order lists
// have it (ADR 0027): walking a list with its cursors, forwards from the first page and backwards from
// the last, reads exactly the pages `page` reads over the same data, with each list's filter and order;
// rows in the same instant are told apart by their id (an instalment by its order's id and its
// position). A cursor that is not one is refused (400) and nothing is read or written.
import { MESSAGES, decodeListCursor, encodeListCursor } from '@qist/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../src/db/transaction.js';
import { listProviders, listSmes } from '../../src/modules/backoffice/repository.js';
import { listAllInstallments } from '../../src/modules/orders/repository.js';
import { bearer, body, createAccount, loginAs, recordCreditGranted, useTestApp } from '../helpers.js';
import { expectWalksAgree, listWalks } from '../list-walk.js';
import { planNodes, planOfLastStatement, type PlanNode } from '../statement-plan.js';

const clock = { now: new Date('2026-09-01T08:00:00.000Z') };
const ctx = useTestApp({ clock: () => clock.now });

type Headers = Record<string, string>;
type Page = { rows: string[]; count: number; cursors: { first: string | null; last: string | null } };
const post = (url: string, headers: Headers, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });

let admin: Headers;
let bank: Headers;
/** An insurance company first in priority: it insured the three buyers, and every SME at level 6 is in its queue. */
let insurer: Headers;

/** The list's rows' ids as one page answers them, whichever list it is. */
async function page(url: string, headers: Headers): Promise<Page> {
  const response = await get(url, headers);
  expect(response.statusCode, response.body).toBe(200);
  const content = body(response).content as Record<string, unknown> & Omit<Page, 'rows'>;
  const items = (content.installments ?? content.smes ?? content.providers) as { _id: string }[];
  return { rows: items.map((i) => i._id), count: content.count, cursors: content.cursors };
}

const walks = listWalks(page);
const { join } = walks;

beforeAll(async () => {
  const supplier = await createAccount(ctx.db, { role: 'provider', level: 5 });
  const supplierId = (await ctx.db.execute<{ id: string }>(sql`select id from providers where user_id = ${supplier.id}`)).rows[0]!.id;
  admin = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'admin' })));
  bank = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'bank' })));
  const insurance = await createAccount(ctx.db, { role: 'insurance', company: 'First Cover' });
  await ctx.db.execute(sql`update insurance_companies set priority = 0 where id = (select insurance_company_id from users where id = ${insurance.id})`);
  insurer = bearer(await loginAs(ctx.app, insurance));
  // three SMEs with plans of one, two and four instalments
  const buyers = [];
  for (const plan of [[10000], [5000, 5000], [2500, 2500, 2500, 2500]]) {
    const account = await createAccount(ctx.db, { role: 'sme', level: 8, creditLimit: 1_000_000, plan });
    await recordCreditGranted(ctx.db, account.id, insurance);
    buyers.push(bearer(await loginAs(ctx.app, account)));
  }
  // 14 orders, three at a time in the same instant (their ids decide their order), every fifth canceled
  for (let k = 0; k < 14; k++) {
    if (k % 3 === 0) clock.now = new Date(clock.now.getTime() + 60_000);
    const headers = buyers[k % 3]!;
    const created = await post('/api/v1/sme/order/create', headers, { providerId: supplierId, amount: 10 + k, description: `order ${k}` });
    expect(created.statusCode, created.body).toBe(200);
    if (k % 5 === 4) expect((await post('/api/v1/sme/order/cancel', headers, { orderId: body(created).content.order._id })).statusCode).toBe(200);
  }
  // more SMEs and suppliers at a few levels; then every party's creation put on four instants, so most
  // rows tie on the sort's first column and only the id orders them
  for (let k = 0; k < 20; k++) await createAccount(ctx.db, { role: 'sme', level: [4, 5, 6, -2][k % 4]! });
  for (let k = 0; k < 15; k++) await createAccount(ctx.db, { role: 'provider', level: [4, 5, 0][k % 3]! });
  for (const table of [sql`smes`, sql`providers`]) {
    await ctx.db.execute(sql`update ${table} set created_at = '2026-08-01T00:00:00.123456Z'::timestamptz + (abs(hashtext(id::text)) % 4) * interval '1 hour'`);
  }
});

describe('a list walked with its cursors', () => {
  const lists = [
    { name: 'the admin’s instalment list', base: '/api/v1/admin/installment/list', who: () => admin },
    { name: 'the bank’s instalment list', base: '/api/v1/bank/installment/list', who: () => bank },
    { name: 'the admin’s SME list', base: '/api/v1/admin/sme/list', who: () => admin },
    { name: 'the admin’s SME list, oldest first', base: '/api/v1/admin/sme/list?order=asc', who: () => admin },
    { name: 'the admin’s SME list at level 5', base: '/api/v1/admin/sme/list?level=5', who: () => admin },
    { name: 'the admin’s SME list at level 4, oldest first', base: '/api/v1/admin/sme/list?level=4&order=asc', who: () => admin },
    { name: 'the bank’s SME list', base: '/api/v1/bank/sme/list', who: () => bank },
    { name: 'the insurer’s SME list (those it insured and its queue)', base: '/api/v1/insurance/sme/list', who: () => insurer },
    { name: 'the insurer’s SME list, oldest first', base: '/api/v1/insurance/sme/list?order=asc', who: () => insurer },
    { name: 'the supplier list', base: '/api/v1/admin/provider/list', who: () => admin },
    { name: 'the supplier list at level 4, oldest first', base: '/api/v1/admin/provider/list?level=4&order=asc', who: () => admin },
  ];
  for (const { name, base, who } of lists) {
    it(`${name}: forwards, backwards and its last page are the pages \`page\` reads`, async () => {
      for (const perPage of [3, 4]) {
        await expectWalksAgree(walks, base, who(), perPage);
      }
    });
  }

  it('lists the instalments in the database’s order: newest order first (ties by order id), each order’s in their order', async () => {
    const expected = await ctx.db.execute<{ id: string; at: string }>(
      sql`select i.id, to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
          from installments i join orders o on o.id = i.order_id order by o.created_at desc, o.id desc, i.position`,
    );
    const ties = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from (select created_at from orders group by 1 having count(*) > 1) t`);
    expect(ties.rows[0]!.n).toBeGreaterThan(2);
    // the copy of each order's instant on its instalments is the order's own
    const copies = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from installments i join orders o on o.id = i.order_id where i.order_created_at <> o.created_at`);
    expect(copies.rows[0]!.n).toBe(0);
    const forward = await walks.forwards('/api/v1/admin/installment/list', admin, 5);
    expect(forward.pages.flat()).toEqual(expected.rows.map((r) => r.id));
    const first = await page('/api/v1/admin/installment/list?perPage=5', admin);
    expect(decodeListCursor(first.cursors.first!)).toEqual({ at: expected.rows[0]!.at, id: expected.rows[0]!.id });
    expect(decodeListCursor(first.cursors.last!)).toEqual({ at: expected.rows[4]!.at, id: expected.rows[4]!.id });
  });

  it('keeps each instalment’s copy of its order’s creation when the order’s is moved, and lists it there', async () => {
    const [moved] = (await ctx.db.execute<{ id: string }>(sql`select id from orders order by created_at desc, id desc limit 1`)).rows;
    const copies = sql`select count(*)::int as n from installments i join orders o on o.id = i.order_id where i.order_created_at <> o.created_at`;
    try {
      await ctx.db.execute(sql`update orders set created_at = created_at - interval '30 days' where id = ${moved!.id}`);
      expect((await ctx.db.execute<{ n: number }>(copies)).rows[0]!.n).toBe(0);
      const last = await page('/api/v1/admin/installment/list?perPage=100&last=true', admin);
      const ofMoved = await ctx.db.execute<{ id: string }>(sql`select id from installments where order_id = ${moved!.id} order by position`);
      expect(last.rows.slice(-ofMoved.rows.length)).toEqual(ofMoved.rows.map((r) => r.id));
    } finally {
      await ctx.db.execute(sql`update orders set created_at = created_at + interval '30 days' where id = ${moved!.id}`);
    }
    expect((await ctx.db.execute<{ n: number }>(copies)).rows[0]!.n).toBe(0);
  });

  it('lists the SMEs in the database’s order, ties in the same instant broken by id', async () => {
    const expected = await ctx.db.execute<{ id: string; at: string }>(
      sql`select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from smes order by created_at desc, id desc`,
    );
    const forward = await walks.forwards('/api/v1/admin/sme/list', admin, 4);
    expect(forward.pages.flat()).toEqual(expected.rows.map((r) => r.id));
    const first = await page('/api/v1/admin/sme/list?perPage=4', admin);
    expect(decodeListCursor(first.cursors.first!)).toEqual({ at: expected.rows[0]!.at, id: expected.rows[0]!.id });
  });

  it('reads the page before a row near the top as the first page, and nothing before the first row', async () => {
    for (const base of ['/api/v1/admin/installment/list', '/api/v1/admin/sme/list']) {
      const first = await page(join(base, 'perPage=4'), admin);
      const second = await page(join(base, `perPage=4&after=${first.cursors.first}`), admin);
      expect((await page(join(base, `perPage=4&before=${second.cursors.first}`), admin)).rows).toEqual(first.rows);
      const none = await page(join(base, `perPage=4&before=${first.cursors.first}`), admin);
      expect([none.rows, none.count, none.cursors]).toEqual([[], first.count, { first: null, last: null }]);
    }
  });

  it('answers the last page of an empty list with nothing', async () => {
    expect(await page('/api/v1/admin/sme/list?level=3&last=true', admin)).toEqual({ rows: [], count: 0, cursors: { first: null, last: null } });
  });
});

describe('the insurer’s SME list', () => {
  it('holds exactly the SMEs it insured and those in its queue, and counts them', async () => {
    const expected = await ctx.db.execute<{ id: string }>(
      sql`select s.id from smes s where s.insured_by = (select id from insurance_companies where name = 'First Cover') or s.level = 6 order by s.created_at desc, s.id desc`,
    );
    const listed = await page('/api/v1/insurance/sme/list?perPage=100', insurer);
    expect(listed.rows).toEqual(expected.rows.map((r) => r.id));
    expect(listed.count).toBe(3 + 5);
  });

  it('counts each level as it lists it: those it insured from their rollup, its queue counted', async () => {
    const levels = await ctx.db.execute<{ level: number; ids: string[] }>(
      sql`select s.level, array_agg(s.id order by s.created_at desc, s.id desc) as ids from smes s
          where s.insured_by = (select id from insurance_companies where name = 'First Cover') or s.level = 6 group by s.level order by s.level`,
    );
    // the SMEs it insured (level 8) and its queue (level 6) are on different levels
    expect(levels.rows.map((r) => r.level)).toEqual([6, 8]);
    for (const level of [6, 7, 8]) {
      const ids = levels.rows.find((r) => r.level === level)?.ids ?? [];
      const listed = await page(`/api/v1/insurance/sme/list?perPage=100&level=${level}`, insurer);
      expect({ level, rows: listed.rows, count: listed.count }).toEqual({ level, rows: ids, count: ids.length });
    }
  });
});

describe('a cursor that is not one', () => {
  const valid = encodeListCursor({ at: '2026-09-01T08:01:00.000000Z', id: '00000000-0000-4000-8000-000000000000' });
  const bad = [
    'nonsense',
    Buffer.from('2026-09-01T08:01:00.000000Z not-a-uuid').toString('base64url'),
    Buffer.from('2026-02-31T08:01:00.000000Z 00000000-0000-4000-8000-000000000000').toString('base64url'),
    'A'.repeat(300),
  ];
  const urls = ['/api/v1/admin/installment/list', '/api/v1/bank/installment/list', '/api/v1/admin/sme/list', '/api/v1/bank/sme/list', '/api/v1/admin/provider/list'];
  const state = sql`select (select count(*) from installments)::int as i, (select count(*) from smes)::int as s, (select count(*) from providers)::int as p,
                           (select coalesce(sum(status), 0) from orders)::int as o`;

  it('is refused with a sentence, and nothing is changed', async () => {
    const before = (await ctx.db.execute(state)).rows;
    for (const cursor of bad) {
      for (const param of ['after', 'before']) {
        for (const url of urls) {
          const response = await get(`${url}?${param}=${cursor}`, url.includes('/bank/') ? bank : admin);
          expect([response.statusCode, body(response)], `${url} ${param}=${cursor}`).toEqual([400, { status: false, msg: MESSAGES.listCursorInvalid }]);
        }
      }
    }
    expect((await ctx.db.execute(state)).rows).toEqual(before);
  });

  it('is refused on the instalment list when it names no instalment', async () => {
    for (const param of ['after', 'before']) {
      const response = await get(`/api/v1/admin/installment/list?${param}=${valid}`, admin);
      expect([response.statusCode, body(response)]).toEqual([400, { status: false, msg: MESSAGES.listCursorInvalid }]);
    }
  });

  it('is told apart from asking for two pages at once', async () => {
    for (const url of urls) {
      for (const query of [`after=${valid}&before=${valid}`, `after=${valid}&last=true`]) {
        const response = await get(`${url}?${query}`, url.includes('/bank/') ? bank : admin);
        expect([response.statusCode, body(response)]).toEqual([400, { status: false, msg: MESSAGES.listCursorConflict }]);
      }
    }
  });
});

describe('a page’s plan', () => {
  const nodes = planNodes;
  const planOf = (read: (db: Tx) => Promise<unknown>) => planOfLastStatement(ctx.db, read);

  /** The page's limit reads the list's index itself, in the direction that reaches the page first; no sort but, at most, one of the page's own rows at the top. */
  function expectIndexPage(plan: PlanNode, index: string, direction: string) {
    const all = nodes(plan);
    const limit = all.find((n) => n['Node Type'] === 'Limit');
    expect(limit?.Plans?.[0]?.['Index Name']).toBe(index);
    expect(limit?.Plans?.[0]?.['Scan Direction']).toBe(direction);
    expect(all.filter((n) => n['Node Type'] === 'Sort' && n !== plan)).toEqual([]);
  }

  const key = { at: '2026-09-01T08:02:00.000000Z', orderId: '00000000-0000-4000-8000-000000000000', position: 1 };
  for (const [name, query, direction] of [
    ['the first page', {}, 'Forward'],
    ['the last page', { last: true }, 'Backward'],
    ['a middle page by number', { page: 3 }, 'Forward'],
    ['a page after a row', { after: key }, 'Forward'],
    ['a page before a row', { before: key }, 'Backward'],
  ] as const) {
    it(`reads the instalment list’s ${name} from installments_list_idx alone`, async () => {
      const plan = await planOf((db) => listAllInstallments(db, { page: 1, perPage: 4, ...query }));
      expectIndexPage(plan, 'installments_list_idx', direction);
      // the page's keys come from the index alone
      const limit = nodes(plan).find((n) => n['Node Type'] === 'Limit');
      expect(limit?.Plans?.[0]?.['Node Type']).toBe('Index Only Scan');
    });
  }

  const position = { at: '2026-08-01T01:00:00.123456Z', id: '00000000-0000-4000-8000-000000000000' };
  for (const [name, query, index, direction] of [
    ['the first page', {}, 'smes_created_idx', 'Backward'],
    ['the last page', { last: true }, 'smes_created_idx', 'Forward'],
    ['a page after a row', { after: position }, 'smes_created_idx', 'Backward'],
    ['a page before a row, oldest first', { before: { at: '2026-08-01T03:00:00.123456Z', id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' }, order: 'asc' }, 'smes_created_idx', 'Backward'],
    ['a level’s first page', { level: 4 }, 'smes_level_created_idx', 'Backward'],
  ] as const) {
    it(`reads the SME list’s ${name} from ${index}`, async () => {
      const base = { page: 1, perPage: 4, sortBy: 'createdAt', order: 'desc', level: -10, last: false } as const;
      expectIndexPage(await planOf((db) => listSmes(db, { ...base, ...query })), index, direction);
    });
  }

  it('reads the supplier list’s page after a row from providers_created_idx', async () => {
    const query = { page: 1, perPage: 4, sortBy: 'createdAt', order: 'desc', level: -10, last: false, after: position } as const;
    expectIndexPage(await planOf((db) => listProviders(db, query)), 'providers_created_idx', 'Backward');
  });
});
