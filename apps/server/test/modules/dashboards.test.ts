// Each role's dashboard counts exactly the orders its list shows and reads its money from the ledger.
import { MESSAGES, fromMinorUnits, isInstallmentLate, shareOf } from '@qist/domain';
import { sql } from 'drizzle-orm';
import { verifyRollups } from '../../src/db/rollups/index.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadsDir } from '../../src/config.js';
import { signupCodes } from '../../src/db/schema/index.js';
import { seedDemoData } from '../../src/db/seed.js';
import { createLocalStorage } from '../../src/modules/files/storage.js';
import { seedDemoOrders } from '../../src/modules/orders/demo-seed.js';
import { bearer, body, demoAccount, loginAs, useTestApp } from '../helpers.js';

const ctx = useTestApp();
type Headers = Record<string, string>;
const headers: Record<string, Headers> = {};

const get = (url: string, h: Headers) => ctx.app.inject({ method: 'GET', url, headers: h });
const post = (url: string, h: Headers, payload: object) => ctx.app.inject({ method: 'POST', url, headers: h, payload });

/** `{ status: count }` of a role's order list, read through the list itself. */
async function listCounts(role: string, h: Headers): Promise<Record<string, number>> {
  const { orders, count } = body(await get(`/api/v1/${role}/order/list?perPage=100&status=-10`, h)).content;
  expect(orders).toHaveLength(count);
  const counts: Record<string, number> = {};
  for (const o of orders as { status: number }[]) counts[String(o.status)] = (counts[String(o.status)] ?? 0) + 1;
  return counts;
}

async function balance(account: string): Promise<number> {
  const result = await ctx.db.execute<{ b: string }>(sql`select coalesce(sum(amount),0)::bigint as b from ledger_postings where account = ${account}`);
  return Number(result.rows[0]!.b) / 100;
}

beforeAll(async () => {
  await ctx.db.delete(signupCodes);
  await seedDemoData(ctx.db, createLocalStorage(uploadsDir(ctx.config)), ctx.config.sessionSecret);
  await seedDemoOrders({ db: ctx.db, orders: ctx.app.orders, fulfilment: ctx.app.fulfilment, sandbox: ctx.app.sandbox! });
  for (const [role, email] of [['sme', 'sme@example.com'], ['provider', 'supplier@example.com'], ['admin', 'admin@example.com'], ['bank', 'bank@example.com'], ['insurance', 'insurer1@example.com']] as const) {
    headers[role] = bearer(await loginAs(ctx.app, await demoAccount(ctx.db, email)));
  }
  // One more order, created and paid in the test, so the figures are not only the seed's.
  const supplier = body(await get('/api/v1/sme/provider/list?perPage=100', headers.sme!)).content.providers.find(
    (p: { auth_id: { email: string } }) => p.auth_id.email === 'supplier@example.com',
  );
  const orderId = body(await post('/api/v1/sme/order/create', headers.sme!, { providerId: supplier._id, amount: 250, description: 'Dashboard check' })).content.order._id;
  const start = body(await post('/api/v1/sme/pay/init', headers.sme!, { orderId })).content;
  await post('/api/v1/pub/gateway/sandbox/complete', {}, { transactionId: start.transactionId, approve: true });
});

/** The rows of a CSV answer (a simple reader: the fields these tests look at hold no line breaks). */
function csvRows(text: string): string[][] {
  return text.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((line) => line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.filter((cell) => cell !== '').map((cell) => cell.replace(/,$/, '')));
}

describe('exports', () => {
  it('stream each list as CSV with a BOM and a header: exactly the filtered list’s rows', async () => {
    for (const [role, status] of [['admin', 6], ['admin', -10], ['bank', 1], ['insurance', -10]] as const) {
      const response = await get(`/api/v1/${role}/order/export?status=${status}`, headers[role]!);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(response.body.startsWith('\uFEFFid,created at,SME,')).toBe(true);
      const [, ...rows] = csvRows(response.body);
      const { orders, count } = body(await get(`/api/v1/${role}/order/list?perPage=100&status=${status}`, headers[role]!)).content;
      expect(rows.map((r) => r[0]), `${role} ${status}`).toEqual(orders.map((o: { _id: string }) => o._id));
      expect(rows).toHaveLength(count);
    }
    const installments = await get('/api/v1/admin/installment/export', headers.admin!);
    const [, ...rows] = csvRows(installments.body);
    const { installments: listed, count } = body(await get('/api/v1/admin/installment/list?perPage=100', headers.admin!)).content;
    expect(rows).toHaveLength(count);
    expect(rows.slice(0, listed.length).map((r) => r[0])).toEqual(listed.map((i: { _id: string }) => i._id));
    expect((await get('/api/v1/admin/order/export', headers.sme!)).statusCode).toBe(403);
  });

  it('stream the SME, supplier and pre-registration lists with their filter and visibility', async () => {
    const cases: [string, string, string, string][] = [
      ['admin', '/api/v1/admin/sme/export?level=8', '/api/v1/admin/sme/list?perPage=100&level=8', 'smes'],
      ['admin', '/api/v1/admin/sme/export', '/api/v1/admin/sme/list?perPage=100', 'smes'],
      ['bank', '/api/v1/bank/sme/export?level=5', '/api/v1/bank/sme/list?perPage=100&level=5', 'smes'],
      ['bank', '/api/v1/bank/sme/export', '/api/v1/bank/sme/list?perPage=100', 'smes'],
      ['insurance', '/api/v1/insurance/sme/export', '/api/v1/insurance/sme/list?perPage=100', 'smes'],
      ['admin', '/api/v1/admin/provider/export?level=5', '/api/v1/admin/provider/list?perPage=100&level=5', 'providers'],
      ['admin', '/api/v1/admin/form/export', '/api/v1/admin/form/list?perPage=100', 'forms'],
    ];
    await post('/api/v1/ads/form/register', {}, { CompanyName: 'مخبز الخليج', BusinessSector: 'Retail', YearOfEstablishment: 2020, CompanyEmail: 'bakery@example.test', CompanyPhone: '+965 5555 1234', LoanAmount: 5000 });
    for (const [role, exportUrl, listUrl, key] of cases) {
      const response = await get(exportUrl, headers[role]!);
      expect(response.headers['content-type'], exportUrl).toBe('text/csv; charset=utf-8');
      const [header, ...rows] = csvRows(response.body);
      expect(header![0]).toBe('id');
      const listed = body(await get(listUrl, headers[role]!)).content;
      expect(rows.map((r) => r[0]), exportUrl).toEqual(listed[key].map((item: { _id: string }) => item._id));
      expect(rows.length).toBeGreaterThan(0);
    }
    expect((await get('/api/v1/admin/form/export', headers.admin!)).body).toContain('مخبز الخليج');
    expect((await get('/api/v1/admin/provider/export', headers.bank!)).statusCode).toBe(403);
  });

  it('writes a cell that a spreadsheet would run as a formula as text', async () => {
    const supplier = body(await get('/api/v1/sme/provider/list?perPage=100', headers.sme!)).content.providers[0];
    await post('/api/v1/sme/order/create', headers.sme!, { providerId: supplier._id, amount: 3, description: '=HYPERLINK("http://evil.example")' });
    const text = (await get('/api/v1/admin/order/export?status=0', headers.admin!)).body;
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
  });
});

describe('the SME’s invoices', () => {
  it('lists exactly its orders that carry an invoice, newest first', async () => {
    const { invoices, count } = body(await get('/api/v1/sme/invoice/list?perPage=100', headers.sme!)).content;
    const { orders } = body(await get('/api/v1/sme/order/list?perPage=100', headers.sme!)).content;
    const withInvoice = orders.filter((o: { invoice: unknown }) => o.invoice !== null);
    expect(invoices.map((o: { _id: string }) => o._id)).toEqual(withInvoice.map((o: { _id: string }) => o._id));
    expect(count).toBe(3);
    expect(invoices.every((o: { invoice: { file: string } }) => /\.pdf$/.test(o.invoice.file))).toBe(true);
    expect((await get('/api/v1/sme/invoice/list', headers.provider!)).statusCode).toBe(403);
  });
});

/** The SME's dues by the rule read the long way: unpaid instalments of sme@example.com's orders at status 1 and on, due from now to now + 30, 60, 90 days. */
async function duesTheLongWay() {
  const reference = await ctx.db.execute<{ window: string; count: number; amount: string }>(sql`
    select w.d::text as window, count(i.id)::int as count, coalesce(sum(i.amount), 0)::bigint as amount
    from (values (30), (60), (90)) w(d)
    left join (installments i join orders o on o.id = i.order_id join smes s on s.id = o.sme_id join users u on u.id = s.user_id)
      on u.email = 'sme@example.com' and o.status >= 1 and i.paid_at is null and i.closed_at is null
         and i.deadline >= now() and i.deadline <= now() + make_interval(days => w.d)
    group by w.d order by w.d`);
  return Object.fromEntries(reference.rows.map((r) => [`days${r.window}`, { count: r.count, amount: fromMinorUnits(Number(r.amount)) }]));
}

describe('dashboards', () => {
  it('count, for every role, exactly the orders its list shows', async () => {
    for (const role of ['sme', 'provider', 'admin', 'bank', 'insurance']) {
      const dashboard = body(await get(`/api/v1/${role}/dashboard`, headers[role]!)).content;
      expect(dashboard.ordersByStatus, role).toEqual(await listCounts(role, headers[role]!));
    }
    expect(Object.keys(body(await get('/api/v1/admin/dashboard', headers.admin!)).content.ordersByStatus).length).toBe(8);
    // The supplier's history holds the order it declined, not the one the SME canceled before paying.
    const supplier = body(await get('/api/v1/provider/dashboard', headers.provider!)).content.ordersByStatus;
    expect(supplier['-1']).toBe(1);
    expect(supplier['0']).toBeUndefined();
    expect(body(await get('/api/v1/provider/order/list?status=-1', headers.provider!)).content.count).toBe(supplier['-1']);
  });

  it("count the SME's instalments still owed on orders under way: not those of an order waiting for its first payment, nor a canceled one's", async () => {
    const supplier = body(await get('/api/v1/sme/provider/list?perPage=100', headers.sme!)).content.providers.find(
      (p: { auth_id: { email: string } }) => p.auth_id.email === 'supplier@example.com',
    );
    // an order waiting for its first payment (its instalments are owed but the order is not under way)
    const waiting = body(await post('/api/v1/sme/order/create', headers.sme!, { providerId: supplier._id, amount: 80, description: 'Waiting for its first payment' })).content.order._id;
    // and one canceled before it was paid (its instalments are closed)
    const canceled = body(await post('/api/v1/sme/order/create', headers.sme!, { providerId: supplier._id, amount: 90, description: 'Canceled' })).content.order._id;
    expect((await post('/api/v1/sme/order/cancel', headers.sme!, { orderId: canceled })).statusCode).toBe(200);

    const d = body(await get('/api/v1/sme/dashboard', headers.sme!)).content;
    expect(d.dueWithin).toEqual(await duesTheLongWay());
    const next = await ctx.db.execute<{ order_id: string; amount: string; deadline: Date }>(sql`
      select i.order_id, i.amount, i.deadline from installments i join orders o on o.id = i.order_id join smes s on s.id = o.sme_id join users u on u.id = s.user_id
      where u.email = 'sme@example.com' and o.status >= 1 and i.paid_at is null order by i.deadline, i.position limit 1`);
    expect(d.nextInstallment).toMatchObject({ orderId: next.rows[0]!.order_id, amount: fromMinorUnits(Number(next.rows[0]!.amount)) });
    expect(new Date(d.nextInstallment.deadline).getTime()).toBe(new Date(next.rows[0]!.deadline).getTime());
    // the two new orders' instalments are in the table, unpaid, and counted in neither figure
    const theirs = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from installments where order_id in (${waiting}, ${canceled}) and paid_at is null`);
    expect(theirs.rows[0]!.n).toBe(8);
    expect(d.dueWithin.days90.count).toBeGreaterThan(0);
  });

  it('count the instalments due within each window by day and at its two ends: at the first instant of a day, in the last of one, just after now and just past the window', async () => {
    // the SME's owed instalments moved to the days and instants either side of each edge
    const owed = await ctx.db.execute<{ id: string; deadline: Date }>(sql`
      select i.id, i.deadline from installments i join orders o on o.id = i.order_id join smes s on s.id = o.sme_id join users u on u.id = s.user_id
      where u.email = 'sme@example.com' and o.status >= 1 and i.paid_at is null and i.closed_at is null order by i.id`);
    const day = sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`;
    const instants = [
      sql`now() + interval '10 minutes'`,
      sql`${day} + interval '1 day'`,
      sql`${day} + interval '1 day' - interval '1 microsecond'`,
      sql`${day} + interval '30 days'`,
      sql`now() + interval '30 days' - interval '10 minutes'`,
      sql`now() + interval '30 days' + interval '10 minutes'`,
      sql`${day} + interval '31 days'`,
      sql`now() + interval '60 days' - interval '10 minutes'`,
      sql`${day} + interval '90 days'`,
      sql`now() + interval '90 days' + interval '10 minutes'`,
    ];
    expect(owed.rows.length).toBeGreaterThanOrEqual(instants.length);
    // the rest far past every window, so the windows hold exactly the moved ones they reach; all put back after
    for (const [k, { id }] of owed.rows.entries()) {
      await ctx.db.execute(sql`update installments set deadline = ${instants[k] ?? sql`now() + interval '200 days'`} where id = ${id}`);
    }
    try {
      const d = body(await get('/api/v1/sme/dashboard', headers.sme!)).content;
      expect(d.dueWithin).toEqual(await duesTheLongWay());
      // five within 30 days (the two ends of today, the first instant of day 30, ten minutes before the
      // window ends), eight within 60, nine within 90 (the last just past it)
      expect([d.dueWithin.days30.count, d.dueWithin.days60.count, d.dueWithin.days90.count]).toEqual([5, 8, 9]);
      expect(await verifyRollups(ctx.db)).toEqual([]);
    } finally {
      for (const { id, deadline } of owed.rows) await ctx.db.execute(sql`update installments set deadline = ${deadline} where id = ${id}`);
    }
  });

  it('give the SME its credit, next instalment, upcoming and late instalments and spending by supplier', async () => {
    const d = body(await get('/api/v1/sme/dashboard', headers.sme!)).content;
    const { sme } = body(await get('/api/v1/sme/profile/get', headers.sme!)).content;
    expect(d.credit).toEqual({ limit: sme.credit.limit, used: sme.credit.spend, available: sme.credit.amount });
    expect(d.late.count).toBe(1);
    expect(d.nextInstallment).not.toBeNull();
    expect(new Date(d.nextInstallment.deadline).getTime()).toBeLessThan(Date.now());
    expect(d.dueWithin.days30.count).toBeLessThanOrEqual(d.dueWithin.days60.count);
    expect(d.dueWithin.days60.amount).toBeLessThanOrEqual(d.dueWithin.days90.amount);
    const spent = d.bySupplier.reduce((sum: number, s: { amount: number }) => sum + s.amount, 0);
    const { orders } = body(await get('/api/v1/sme/order/list?perPage=100', headers.sme!)).content;
    expect(spent).toBeCloseTo(orders.filter((o: { status: number }) => o.status >= 1).reduce((sum: number, o: { amount: number }) => sum + o.amount, 0), 2);
  });

  it('give the supplier its work and its payouts, and the back office the ledger’s figures', async () => {
    const p = body(await get('/api/v1/provider/dashboard', headers.provider!)).content;
    expect([p.toAccept, p.toDeliver, p.toInvoice]).toEqual([p.ordersByStatus['1'] ?? 0, p.ordersByStatus['2'] ?? 0, p.ordersByStatus['3'] ?? 0]);
    expect(p.toAccept).toBeGreaterThanOrEqual(2);
    expect(p.paidOutByMonth.reduce((sum: number, m: { amount: number }) => sum + m.amount, 0)).toBeCloseTo(-(await balance('bank_payouts')), 2);
    // expected payouts: amount − the domain's discount (shareOf) over the supplier's orders not paid out yet
    const waiting = await ctx.db.execute<{ amount: string; tax_rate: number }>(sql`select o.amount, o.tax_rate from orders o
      join providers p on p.id = o.provider_id join users u on u.id = p.user_id
      where u.email = 'supplier@example.com' and o.status between 1 and 5`);
    const expected = waiting.rows.reduce((sum, o) => sum + Number(o.amount) - shareOf(Number(o.amount), o.tax_rate), 0);
    expect(waiting.rows.length).toBeGreaterThanOrEqual(2);
    expect(p.expectedPayouts).toEqual({ count: waiting.rows.length, amount: fromMinorUnits(expected) });

    const a = body(await get('/api/v1/admin/dashboard', headers.admin!)).content;
    expect(a.feeIncome).toEqual({ bank: -(await balance('bank_fee_income')), platform: -(await balance('platform_fee_income')) });
    expect(a.invoicesToVerify).toBe(a.ordersByStatus['4']);
    expect(a.smesByLevel['8']).toBeGreaterThanOrEqual(1);
    expect(a.late.count).toBe(1);

    const b = body(await get('/api/v1/bank/dashboard', headers.bank!)).content;
    expect(b.receivables).toBeCloseTo(await balance('sme_receivable'), 2);
    expect(b.bankShareEarned).toBe(a.feeIncome.bank);
    expect(b.awaitingPayout.count).toBe(b.ordersByStatus['5']);

    const i = body(await get('/api/v1/insurance/dashboard', headers.insurance!)).content;
    expect(i.insuredSmes).toBeGreaterThanOrEqual(1);
    expect(i.credit.granted).toBeGreaterThanOrEqual(10_000);
  });

  it('refuses another role, with the refusal and no figure in the answer', async () => {
    for (const [url, caller] of [
      ['/api/v1/admin/dashboard', headers.sme!],
      ['/api/v1/sme/dashboard', headers.bank!],
      ['/api/v1/bank/dashboard', headers.provider!],
      ['/api/v1/insurance/dashboard', headers.admin!],
    ] as const) {
      const refused = await get(url, caller);
      expect(refused.statusCode).toBe(403);
      expect(body(refused)).toEqual({ status: false, msg: MESSAGES.forbidden });
    }
  });
});

describe('the late filter of the order lists', () => {
  type ShownInstallment = { amount: number; paid: { at: string | null; deadline: string } };

  /** The ids of a role's orders with a late instalment, and those instalments, judged by the domain's rule on each order's show. */
  async function lateByShow(role: string): Promise<{ ids: string[]; installments: ShownInstallment[] }> {
    const { orders } = body(await get(`/api/v1/${role}/order/list?perPage=100`, headers[role]!)).content;
    const ids: string[] = [];
    const installments: ShownInstallment[] = [];
    const now = new Date();
    for (const { _id } of orders as { _id: string }[]) {
      const { order } = body(await get(`/api/v1/${role}/order/show/${_id}`, headers[role]!)).content;
      const late = (order.installments as ShownInstallment[]).filter(
        (i, index) => order.status >= 1 && isInstallmentLate({ index, deadline: new Date(i.paid.deadline), paidAt: i.paid.at ? new Date(i.paid.at) : null }, now),
      );
      if (late.length > 0) ids.push(_id);
      installments.push(...late);
    }
    return { ids, installments };
  }

  it('lists exactly the orders behind each dashboard’s late figure, in the list and in its CSV', async () => {
    // A second late order, with two instalments past their deadline: the test's own paid order.
    const [mine] = (await ctx.db.execute<{ id: string }>(sql`select id from orders where description = 'Dashboard check'`)).rows;
    await ctx.db.execute(sql`update installments set deadline = now() - interval '2 days' where order_id = ${mine!.id} and position in (1, 2)`);

    for (const role of ['sme', 'provider', 'admin', 'bank', 'insurance']) {
      const expected = await lateByShow(role);
      const { orders, count } = body(await get(`/api/v1/${role}/order/list?perPage=100&late=true`, headers[role]!)).content;
      expect(orders.map((o: { _id: string }) => o._id), role).toEqual(expected.ids);
      expect(count, role).toBe(expected.ids.length);
      const unfiltered = body(await get(`/api/v1/${role}/order/list?perPage=100&late=false`, headers[role]!)).content;
      expect(unfiltered.count, role).toBeGreaterThan(count);
      if (role !== 'provider') {
        const { late } = body(await get(`/api/v1/${role}/dashboard`, headers[role]!)).content;
        const amount = expected.installments.reduce((sum, i) => sum + i.amount, 0);
        expect(late, role).toEqual({ count: expected.installments.length, amount: Number(amount.toFixed(2)) });
      }
    }
    const admin = await lateByShow('admin');
    expect(admin.ids).toHaveLength(2);
    expect(admin.ids).toContain(mine!.id);
    expect(admin.installments).toHaveLength(3);

    // with a status as well
    const sending = body(await get(`/api/v1/admin/order/list?perPage=100&late=true&status=1`, headers.admin!)).content;
    expect(sending.orders.map((o: { _id: string }) => o._id)).toEqual([mine!.id]);

    for (const role of ['admin', 'bank', 'insurance']) {
      const [, ...rows] = csvRows((await get(`/api/v1/${role}/order/export?late=true`, headers[role]!)).body);
      const { orders } = body(await get(`/api/v1/${role}/order/list?perPage=100&late=true`, headers[role]!)).content;
      expect(rows.map((r) => r[0]), role).toEqual(orders.map((o: { _id: string }) => o._id));
    }
  });

  it('refuses a late value that is not true or false', async () => {
    for (const url of ['/api/v1/admin/order/list?late=yes', '/api/v1/sme/order/list?late=1', '/api/v1/bank/order/export?late=']) {
      const refused = await get(url, url.includes('/sme/') ? headers.sme! : url.includes('/bank/') ? headers.bank! : headers.admin!);
      expect(refused.statusCode, url).toBe(400);
      expect(body(refused).status, url).toBe(false);
    }
  });
});
