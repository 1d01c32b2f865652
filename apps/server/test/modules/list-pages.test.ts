// The lists whose cost ADR 0026 bounded answer exactly as before: the instalment list page by page is
// the whole list in its order (newest order first, each order's instalments in their order) with its
// exact total; an order list's page and total agree, past the end too; an insurer sees exactly the
// SMEs its own users granted credit to (level 7), in its SME list, order list and dashboard.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createAccount, loginAs, recordCreditGranted, useTestApp, type TestAccount } from '../helpers.js';

const clock = { now: new Date('2026-10-01T08:00:00.000Z') };
const ctx = useTestApp({ clock: () => clock.now });

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });

let supplierId: string;
let admin: Headers;
const smes: { account: TestAccount; headers: Headers; id: string }[] = [];
/** Gulf Cover (two users) granted the first two SMEs their credit, Other Cover the third. */
const insurers: Record<'gulf' | 'colleague' | 'other', TestAccount> = {} as never;

async function createOrder(headers: Headers, amount: number): Promise<string> {
  const response = await post('/api/v1/sme/order/create', headers, { providerId: supplierId, amount, description: `order of ${amount}` });
  expect(response.statusCode, response.body).toBe(200);
  return body(response).content.order._id as string;
}

beforeAll(async () => {
  const supplier = await createAccount(ctx.db, { role: 'provider', level: 5 });
  supplierId = (await ctx.db.execute<{ id: string }>(sql`select id from providers where user_id = ${supplier.id}`)).rows[0]!.id;
  admin = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'admin' })));
  // Three SMEs with plans of different lengths, orders a minute apart (two in the same instant).
  for (const plan of [[10_000], [5000, 5000], [2500, 2500, 2500, 2500]]) {
    const account = await createAccount(ctx.db, { role: 'sme', level: 8, creditLimit: 1_000_000, plan });
    const id = (await ctx.db.execute<{ id: string }>(sql`select id from smes where user_id = ${account.id}`)).rows[0]!.id;
    smes.push({ account, headers: bearer(await loginAs(ctx.app, account)), id });
  }
  // An SME is insured before it can order: a second user of Gulf Cover decided on one SME; Other Cover on another.
  insurers.gulf = await createAccount(ctx.db, { role: 'insurance', company: 'Gulf Cover' });
  insurers.other = await createAccount(ctx.db, { role: 'insurance', company: 'Other Cover' });
  insurers.colleague = await createAccount(ctx.db, { role: 'insurance', company: 'Gulf Cover colleague' });
  await ctx.db.execute(sql`update users set insurance_company_id = (select insurance_company_id from users where id = ${insurers.gulf.id}) where id = ${insurers.colleague.id}`);
  await recordCreditGranted(ctx.db, smes[0]!.account.id, insurers.gulf);
  await recordCreditGranted(ctx.db, smes[1]!.account.id, insurers.colleague);
  await recordCreditGranted(ctx.db, smes[2]!.account.id, insurers.other);
  for (let k = 0; k < 9; k++) {
    clock.now = new Date(clock.now.getTime() + (k === 4 ? 0 : 60_000));
    await createOrder(smes[k % 3]!.headers, 10 + k);
  }
});

describe('the instalment list', () => {
  it('pages through every instalment in the list’s order (the second half read from the end), with the exact total, and past the end', async () => {
    const expected = await ctx.db.execute<{ id: string }>(
      sql`select i.id from installments i join orders o on o.id = i.order_id order by o.created_at desc, o.id desc, i.position`,
    );
    const total = expected.rows.length;
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(total / 4); page++) {
      const content = body(await get(`/api/v1/admin/installment/list?page=${page}&perPage=4`, admin)).content;
      expect(content.count).toBe(expected.rows.length);
      paged.push(...content.installments.map((i: { _id: string }) => i._id));
    }
    expect(paged).toEqual(expected.rows.map((r) => r.id));
    expect(total).toBeGreaterThanOrEqual(3 * (1 + 2 + 4));
    const past = body(await get(`/api/v1/admin/installment/list?page=${Math.ceil(total / 4) + 1}&perPage=4`, admin)).content;
    expect(past).toEqual({ installments: [], count: total, cursors: { first: null, last: null } });
  });
});

describe('an order list', () => {
  it('answers its page and its total together, and the total past the end', async () => {
    const total = (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from orders`)).rows[0]!.n;
    expect(total).toBeGreaterThanOrEqual(9);
    const all = body(await get('/api/v1/admin/order/list?perPage=4&page=1', admin)).content;
    expect([all.orders.length, all.count]).toEqual([4, total]);
    const lastPage = Math.ceil(total / 4);
    const last = body(await get(`/api/v1/admin/order/list?perPage=4&page=${lastPage}`, admin)).content;
    expect([last.orders.length, last.count]).toEqual([total - 4 * (lastPage - 1), total]);
    expect(body(await get(`/api/v1/admin/order/list?perPage=4&page=${lastPage + 1}`, admin)).content).toEqual({ orders: [], count: total, cursors: { first: null, last: null } });
    const own = body(await get('/api/v1/sme/order/list?perPage=100', smes[0]!.headers)).content;
    expect([own.orders.length, own.count]).toEqual([3, 3]);
  });
});

describe('an insurer', () => {
  it('sees exactly the SMEs its users granted credit to, in its SME list, order list and dashboard', async () => {
    const { gulf } = insurers;
    const log = (sme: { account: TestAccount }, operator: TestAccount, level: number) =>
      ctx.db.execute(sql`insert into verification_logs (user_id, level, "desc", operator_user_id, operator_role) values (${sme.account.id}, ${level}, '', ${operator.id}, 'insurance')`);
    // A log at another level by Gulf Cover is a decision it made (its SME list) but not credit it granted (its orders).
    const seen = await createAccount(ctx.db, { role: 'sme', level: 8 });
    await log({ account: seen }, gulf, 6);
    const headers = bearer(await loginAs(ctx.app, gulf));

    const listed = body(await get('/api/v1/insurance/sme/list?perPage=100', headers)).content;
    const ids = (rows: { _id: string }[]) => rows.map((r) => r._id).sort();
    const seenId = (await ctx.db.execute<{ id: string }>(sql`select id from smes where user_id = ${seen.id}`)).rows[0]!.id;
    expect(ids(listed.smes)).toEqual([smes[0]!.id, smes[1]!.id, seenId].sort());
    expect(listed.count).toBe(3);

    const orders = body(await get('/api/v1/insurance/order/list?perPage=100', headers)).content;
    const insured = await ctx.db.execute<{ id: string }>(
      sql`select id from orders where sme_id in (${smes[0]!.id}::uuid, ${smes[1]!.id}::uuid) order by created_at desc, id desc`,
    );
    expect(orders.orders.map((o: { _id: string }) => o._id)).toEqual(insured.rows.map((r) => r.id));
    expect(orders.count).toBe(6);

    const dashboard = body(await get('/api/v1/insurance/dashboard', headers)).content;
    expect(dashboard.insuredSmes).toBe(2);
    expect(Object.values(dashboard.ordersByStatus as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(6);
  });
});
