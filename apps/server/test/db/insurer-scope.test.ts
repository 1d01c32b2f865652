// An SME's insurer is set once, by the level-7 decision, and every order of the SME carries it from the
// moment it is written (a trigger copies it, whoever writes the order); the database refuses to change
// either afterwards, so the insurer's list, its counts and its dashboard's rollups cannot drift from it, also
// when many orders of insured SMEs arrive at once and share statements.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyRollups } from '../../src/db/rollups/index.js';
import { bearer, body, createAccount, databaseRefusal, loginAs, recordCreditGranted, useTestApp, type TestAccount } from '../helpers.js';

const ctx = useTestApp();
type Headers = Record<string, string>;
let supplierId = '';
let gulf: TestAccount;
let other: TestAccount;

const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await ctx.db.execute<T>(query)).rows[0]!;
const companyOf = async (account: TestAccount) => (await one<{ c: string }>(sql`select insurance_company_id as c from users where id = ${account.id}`)).c;
const smeIdOf = async (account: TestAccount) => (await one<{ id: string }>(sql`select id from smes where user_id = ${account.id}`)).id;

async function orderOf(headers: Headers, amount: number): Promise<string> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/sme/order/create', headers, payload: { providerId: supplierId, amount, description: 'Shelving' } });
  expect(response.statusCode, response.body).toBe(200);
  return body(response).content.order._id as string;
}

beforeAll(async () => {
  const supplier = await createAccount(ctx.db, { role: 'provider', level: 5 });
  supplierId = (await one<{ id: string }>(sql`select id from providers where user_id = ${supplier.id}`)).id;
  gulf = await createAccount(ctx.db, { role: 'insurance', company: 'Gulf Cover' });
  other = await createAccount(ctx.db, { role: 'insurance', company: 'Other Cover' });
});

describe("an SME's insurer", () => {
  it('is carried by every order of the SME as it is written, by the order step or any other writer', async () => {
    const insured = await createAccount(ctx.db, { role: 'sme', level: 8 });
    const uninsured = await createAccount(ctx.db, { role: 'sme', level: 8 });
    await recordCreditGranted(ctx.db, insured.id, gulf);
    const insuredOrder = await orderOf(bearer(await loginAs(ctx.app, insured)), 40);
    const uninsuredOrder = await orderOf(bearer(await loginAs(ctx.app, uninsured)), 50);
    const written = await one<{ id: string }>(sql`insert into orders (sme_id, provider_id, amount, description, tax_rate, bank_share_rate)
      values (${await smeIdOf(insured)}, ${supplierId}, 700, 'written by hand', 1000, 2000) returning id`);
    const carried = await ctx.db.execute<{ id: string; insurer_id: string | null }>(
      sql`select id, insurer_id from orders where id in (${insuredOrder}, ${uninsuredOrder}, ${written.id})`,
    );
    const company = await companyOf(gulf);
    expect(Object.fromEntries(carried.rows.map((r) => [r.id, r.insurer_id]))).toEqual({ [insuredOrder]: company, [uninsuredOrder]: null, [written.id]: company });

    // the insurer's list and its count (from its rollup) hold the SME's orders, and nobody else's list does
    const list = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/insurance/order/list?perPage=100', headers: bearer(await loginAs(ctx.app, gulf)) })).content;
    expect(list.orders.map((o: { _id: string }) => o._id).sort()).toEqual([insuredOrder, written.id].sort());
    expect(list.count).toBe(2);
    const theirs = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/insurance/order/list?perPage=100', headers: bearer(await loginAs(ctx.app, other)) })).content;
    expect([theirs.orders, theirs.count]).toEqual([[], 0]);
  });

  it('is set once: the database refuses another company for the SME, and another insurer or SME for its orders', async () => {
    const sme = await createAccount(ctx.db, { role: 'sme', level: 8 });
    await recordCreditGranted(ctx.db, sme.id, gulf);
    const orderId = await orderOf(bearer(await loginAs(ctx.app, sme)), 30);
    const smeId = await smeIdOf(sme);
    const elsewhere = await createAccount(ctx.db, { role: 'sme', level: 8 });

    const refusal = (statement: ReturnType<typeof sql>) => databaseRefusal(ctx.db.execute(statement));
    expect(await refusal(sql`update smes set insured_by = ${await companyOf(other)} where id = ${smeId}`)).toMatch(/^the insurer of SME .* is set once: .* is refused$/);
    expect(await refusal(sql`update smes set insured_by = null where id = ${smeId}`)).toMatch(/^the insurer of SME .* is set once/);
    expect(await refusal(sql`update orders set insurer_id = null where id = ${orderId}`)).toBe(`order ${orderId} keeps the SME and the insurer it was written with`);
    expect(await refusal(sql`update orders set sme_id = ${await smeIdOf(elsewhere)} where id = ${orderId}`)).toBe(`order ${orderId} keeps the SME and the insurer it was written with`);
    // what the order's own steps write is untouched by the guard
    await ctx.db.execute(sql`update orders set description = 'Shelving, two bays' where id = ${orderId}`);
    const now = await one<{ insured_by: string; insurer_id: string; description: string }>(
      sql`select s.insured_by, o.insurer_id, o.description from orders o join smes s on s.id = o.sme_id where o.id = ${orderId}`,
    );
    expect(now).toEqual({ insured_by: await companyOf(gulf), insurer_id: await companyOf(gulf), description: 'Shelving, two bays' });
  });

  it('is carried by every order of many made at once across the insurers\' SMEs (shared statements), with no credit overspent and the insurers\' rollups exact', async () => {
    // six SMEs, three per insurer, each with room for two orders of 400 and not three
    const smes: { account: TestAccount; headers: Headers; insurer: TestAccount }[] = [];
    for (let k = 0; k < 6; k++) {
      const account = await createAccount(ctx.db, { role: 'sme', level: 8, creditLimit: 100_000 });
      const insurer = k % 2 === 0 ? gulf : other;
      await recordCreditGranted(ctx.db, account.id, insurer);
      smes.push({ account, headers: bearer(await loginAs(ctx.app, account)), insurer });
    }
    const before = await ctx.db.execute<{ insurer_id: string; n: number }>(
      sql`select insurer_id, count(*)::int as n from orders where insurer_id is not null group by insurer_id`,
    );
    // three orders of each SME at once: 18 requests racing, of which each SME's credit admits two
    const answers = await Promise.all(
      smes.flatMap((sme) =>
        [0, 1, 2].map(() => ctx.app.inject({ method: 'POST', url: '/api/v1/sme/order/create', headers: sme.headers, payload: { providerId: supplierId, amount: 400, description: 'Racks' } })),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(12).fill(200), ...Array(6).fill(400)]);
    // the third of each SME is refused for its credit, in words (the room left, 200, is less than 400)
    expect(new Set(answers.filter((a) => a.statusCode === 400).map((a) => body(a).msg))).toEqual(new Set(['must be less than 200$']));

    for (const sme of smes) {
      const rows = await ctx.db.execute<{ insurer_id: string; amount: string }>(
        sql`select o.insurer_id, o.amount::text from orders o join smes s on s.id = o.sme_id where s.user_id = ${sme.account.id}`,
      );
      expect(rows.rows).toEqual([
        { insurer_id: await companyOf(sme.insurer), amount: '40000' },
        { insurer_id: await companyOf(sme.insurer), amount: '40000' },
      ]);
      const credit = await one<{ spend: string; amount: string }>(sql`select credit_spend::text as spend, credit_amount::text as amount from smes where user_id = ${sme.account.id}`);
      expect(credit).toEqual({ spend: '80000', amount: '20000' });
    }
    // each insurer's list counts six more orders (from its rollup), and every rollup equals its recomputation
    for (const insurer of [gulf, other]) {
      const company = await companyOf(insurer);
      const had = before.rows.find((r) => r.insurer_id === company)?.n ?? 0;
      const list = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/insurance/order/list?perPage=1', headers: bearer(await loginAs(ctx.app, insurer)) })).content;
      expect(list.count).toBe(had + 6);
    }
    expect(await verifyRollups(ctx.db)).toEqual([]);
  });
});
