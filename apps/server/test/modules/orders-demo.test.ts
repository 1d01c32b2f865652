// The demo's orders: every status, one late, the ledger they imply, and enough credit left to buy.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uploadsDir } from '../../src/config.js';
import { signupCodes } from '../../src/db/schema/index.js';
import { seedDemoData } from '../../src/db/seed.js';
import { createLocalStorage } from '../../src/modules/files/storage.js';
import { seedDemoOrders } from '../../src/modules/orders/demo-seed.js';
import { bearer, body, demoAccount, loginAs, useTestApp } from '../helpers.js';

const ctx = useTestApp();

describe('demo orders', () => {
  it('gives sme@example.com orders at every status, one late, a balanced ledger and at least 5,000 available', async () => {
    await ctx.db.delete(signupCodes);
    await seedDemoData(ctx.db, createLocalStorage(uploadsDir(ctx.config)), ctx.config.sessionSecret);
    expect(await seedDemoOrders({ db: ctx.db, orders: ctx.app.orders, fulfilment: ctx.app.fulfilment, sandbox: ctx.app.sandbox! })).toBe(10);

    const login = body(await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'sme@example.com', password: 'demo12345' } })).content;
    const headers = bearer(login.token);
    const { orders, count } = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/sme/order/list?perPage=20', headers })).content;
    expect(count).toBe(10);
    expect(new Set(orders.map((o: { status: number }) => o.status))).toEqual(new Set([-1, 0, 1, 2, 3, 4, 5, 6]));
    // Two canceled: one by the SME before paying, which the supplier never sees; one the supplier declined, in its history.
    const canceled = orders.filter((o: { status: number }) => o.status === -1);
    expect(canceled.map((o: { description: string; paid: boolean }) => [o.description, o.paid]).sort()).toEqual([
      ['Display stands (declined by the supplier)', false],
      ['Shelving units (canceled)', false],
    ]);
    const supplier = body(await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'supplier@example.com', password: 'demo12345' } })).content;
    const history = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/provider/order/list?status=-1', headers: bearer(supplier.token) })).content;
    expect(history.orders.map((o: { description: string }) => o.description)).toEqual(['Display stands (declined by the supplier)']);
    expect(orders.filter((o: { latePay: { active: boolean } }) => o.latePay.active)).toHaveLength(1);
    // From status 4 on the order carries its invoice; from 2 on the SME sees its verify code.
    expect(orders.filter((o: { status: number; invoice: unknown }) => o.status >= 4 && o.invoice !== null)).toHaveLength(3);
    const admin = { token: await loginAs(ctx.app, await demoAccount(ctx.db, 'admin@example.com')) };
    const paid = orders.find((o: { status: number }) => o.status === 6);
    const shown = body(await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/order/show/${paid._id}`, headers: bearer(admin.token) })).content.order;
    expect(shown.breakdown.bankShare + shown.breakdown.platformShare).toBeCloseTo(shown.breakdown.discount, 2);
    // The paid order went through four eyes: bank@example.com requested the payout, bank2@example.com approved it.
    const approvals = await ctx.db.execute<{ status: string; requester: string; approver: string }>(
      sql`select a.status, r.email as requester, d.email as approver from payout_approvals a
          join users r on r.id = a.requested_by join users d on d.id = a.decided_by where a.order_id = ${paid._id}`,
    );
    expect(approvals.rows).toEqual([{ status: 'approved', requester: 'bank@example.com', approver: 'bank2@example.com' }]);
    const pending = await ctx.db.execute(sql`select id from payout_approvals where status = 'pending'`);
    expect(pending.rows).toEqual([]);

    const { sme } = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/sme/profile/get', headers })).content;
    expect(sme.credit.amount).toBeGreaterThanOrEqual(5000);
    expect(sme.credit.amount + sme.credit.spend).toBe(sme.credit.limit);
    const receivable = await ctx.db.execute<{ b: string }>(
      sql`select coalesce(sum(p.amount),0)::bigint as b from ledger_postings p join smes s on s.id = p.sme_id join users u on u.id = s.user_id
          where u.email = 'sme@example.com' and p.account = 'sme_receivable'`,
    );
    expect(Number(receivable.rows[0]!.b) / 100).toBe(sme.credit.spend);
    const total = await ctx.db.execute<{ t: string }>(sql`select coalesce(sum(amount),0)::bigint as t from ledger_postings`);
    expect(Number(total.rows[0]!.t)).toBe(0);
  });
});
