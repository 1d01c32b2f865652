// Four eyes on bank payouts (DESIGN.md §8): the admin's approval threshold, the bank's payout request
// at or above it, the approval by a second bank user (once, however many approve at the same time, in
// one process or two) and the rejection with a reason.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, amountDecimalsMessage } from '@qist/domain';
import { bearer, body, createAccount, loginAs, recordCreditGranted, auditEventsOf, useSecondApp, useTestApp, type TestAccount } from '../helpers.js';

const ctx = useTestApp();

type Headers = Record<string, string>;
let supplierId: string;
let admin: Headers;
let adminAccount: TestAccount;
let bank: Headers;
let bankAccount: TestAccount;
let bank2: Headers;
let bank2Account: TestAccount;
let insurer: Headers;
let insurerAccount: TestAccount;

const post = (url: string, headers: Headers, payload: unknown, app: FastifyInstance = ctx.app) =>
  app.inject({ method: 'POST', url, headers, payload: payload as object });
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });
const put = (url: string, headers: Headers, payload: unknown) => ctx.app.inject({ method: 'PUT', url, headers, payload: payload as object });
const THRESHOLD_URL = '/api/v1/admin/payout/approval-threshold';

async function setThreshold(threshold: number) {
  const response = await put(THRESHOLD_URL, admin, { threshold });
  expect(body(response).content).toEqual({ threshold });
}

async function partyId(table: 'smes' | 'providers', userId: string): Promise<string> {
  const result = await ctx.db.execute<{ id: string }>(sql`select id from ${sql.raw(table)} where user_id = ${userId}`);
  return result.rows[0]!.id;
}

/**
 * An order whose invoice the admin verified (status 5), made through the API up to its first instalment,
 * for an SME the test insurer granted (so the insurer sees the order).
 */
async function verifiedOrder(amount: number) {
  const sme = await createAccount(ctx.db, { role: 'sme', level: 8, creditLimit: 100_000_000 });
  await recordCreditGranted(ctx.db, sme.id, insurerAccount);
  const headers = bearer(await loginAs(ctx.app, sme));
  const created = await post('/api/v1/sme/order/create', headers, { providerId: supplierId, amount, description: 'Cold room' });
  const orderId = body(created).content.order._id as string;
  const start = body(await post('/api/v1/sme/pay/init', headers, { orderId })).content;
  await post('/api/v1/pub/gateway/sandbox/complete', {}, { transactionId: start.transactionId, approve: true });
  await ctx.db.execute(sql`update orders set status = 5 where id = ${orderId}`);
  return { orderId, smeHeaders: headers };
}

async function orderStatus(orderId: string): Promise<number> {
  return (await ctx.db.execute<{ status: number }>(sql`select status from orders where id = ${orderId}`)).rows[0]!.status;
}
async function payoutPostings(orderId: string): Promise<[string, number][]> {
  const result = await ctx.db.execute<{ account: string; amount: string }>(
    sql`select account, amount from ledger_postings p join ledger_entries e on e.id = p.entry_id
        where e.order_id = ${orderId} and e.kind = 'bank_payout' order by account`,
  );
  return result.rows.map((r) => [r.account, Number(r.amount)]);
}
async function payoutEntries(orderId: string): Promise<number> {
  const result = await ctx.db.execute<{ n: string }>(sql`select count(*) as n from ledger_entries where order_id = ${orderId} and kind = 'bank_payout'`);
  return Number(result.rows[0]!.n);
}
async function approvalRows(orderId: string) {
  const result = await ctx.db.execute<{ status: string; amount: string; requested_by: string; decided_by: string | null; reason: string | null }>(
    sql`select status, amount, requested_by, decided_by, reason from payout_approvals where order_id = ${orderId} order by requested_at, id`,
  );
  return result.rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

/** 2,000.01 at 7.5% with a 33% bank share: the split the direct payout posts (fulfilment.test.ts). */
const PAYOUT_OF_2000_01: [string, number][] = [
  ['bank_fee_income', -4950],
  ['bank_payouts', -185001],
  ['order_funding', 200001],
  ['platform_fee_income', -10050],
];

beforeAll(async () => {
  const supplier = await createAccount(ctx.db, { role: 'provider', level: 5, taxRate: 750 });
  supplierId = await partyId('providers', supplier.id);
  adminAccount = await createAccount(ctx.db, { role: 'admin' });
  admin = bearer(await loginAs(ctx.app, adminAccount));
  bankAccount = await createAccount(ctx.db, { role: 'bank' });
  bank = bearer(await loginAs(ctx.app, bankAccount));
  bank2Account = await createAccount(ctx.db, { role: 'bank' });
  bank2 = bearer(await loginAs(ctx.app, bank2Account));
  insurerAccount = await createAccount(ctx.db, { role: 'insurance' });
  insurer = bearer(await loginAs(ctx.app, insurerAccount));
  await ctx.db.execute(sql`insert into platform_settings (id, bank_share_rate) values (true, 3300)
                           on conflict (id) do update set bank_share_rate = 3300`);
});

describe('the payout approval threshold', () => {
  it('is 0 until the admin sets it, read by the admin and the bank, set by the admin only, in currency units', async () => {
    for (const headers of [admin, bank]) expect(body(await get(THRESHOLD_URL, headers)).content).toEqual({ threshold: 0 });
    expect((await put(THRESHOLD_URL, bank, { threshold: 10 })).statusCode).toBe(403);
    for (const threshold of [-1, 1.001, 'ten']) {
      const refused = await put(THRESHOLD_URL, admin, { threshold });
      expect([refused.statusCode, body(refused).msg], String(threshold)).toEqual([400, threshold === 1.001 ? amountDecimalsMessage() : MESSAGES.payoutThresholdInvalid]);
    }
    const before = await auditEventsOf(ctx.db, 'payout-approval-threshold');
    await setThreshold(1500.25);
    expect(body(await get(THRESHOLD_URL, bank)).content).toEqual({ threshold: 1500.25 });
    // Recorded with what it replaced; the refused changes above recorded nothing.
    expect((await auditEventsOf(ctx.db, 'payout-approval-threshold')).slice(before.length)).toEqual([
      { action: 'settings.approval-threshold-changed', actor: adminAccount.email, targetType: 'setting', targetId: 'payout-approval-threshold', ip: '127.0.0.1', detail: { from: 0, to: 1500.25 } },
    ]);
    const stored = await ctx.db.execute<{ t: string }>(sql`select payout_approval_threshold as t from platform_settings`);
    expect(Number(stored.rows[0]!.t)).toBe(150025);
    await setThreshold(0);
  });

  it('is respected on both sides: below it the bank pays at once, at it the payout is requested', async () => {
    await setThreshold(2000.01);
    const below = await verifiedOrder(2000);
    const paid = await post('/api/v1/bank/order/pay', bank, { orderId: below.orderId });
    expect([paid.statusCode, body(paid).content]).toEqual([200, { order: { _id: below.orderId, status: 6 } }]);
    expect(await orderStatus(below.orderId)).toBe(6);
    expect(await payoutEntries(below.orderId)).toBe(1);
    expect(await approvalRows(below.orderId)).toEqual([]);
    expect(await auditEventsOf(ctx.db, below.orderId)).toEqual([
      { action: 'payout.paid', actor: bankAccount.email, targetType: 'order', targetId: below.orderId, ip: '127.0.0.1', detail: { amount: 2000, threshold: 2000.01 } },
    ]);

    const at = await verifiedOrder(2000.01);
    const requested = await post('/api/v1/bank/order/pay', bank, { orderId: at.orderId });
    expect(requested.statusCode).toBe(200);
    expect(body(requested).content.order).toBeUndefined();
    expect(body(requested).content.approval).toMatchObject({ orderId: at.orderId, amount: 2000.01, requestedBy: bankAccount.id, status: 'pending' });
    expect(await orderStatus(at.orderId)).toBe(5);
    expect(await payoutEntries(at.orderId)).toBe(0);
    expect(await auditEventsOf(ctx.db, at.orderId)).toEqual([
      {
        action: 'payout.requested',
        actor: bankAccount.email,
        targetType: 'order',
        targetId: at.orderId,
        ip: '127.0.0.1',
        detail: { approval: body(requested).content.approval._id, amount: 2000.01, threshold: 2000.01 },
      },
    ]);
    await setThreshold(0);
  });
});

describe('a payout request', () => {
  it('waits at 5 for a second bank user, who pays exactly the postings of a direct payout', async () => {
    const { orderId, smeHeaders } = await verifiedOrder(2000.01);
    const requested = body(await post('/api/v1/bank/order/pay', bank, { orderId })).content.approval;
    expect(requested).toEqual({
      _id: expect.any(String),
      orderId,
      amount: 2000.01,
      requestedBy: bankAccount.id,
      requester: { _id: bankAccount.id, email: bankAccount.email },
      requestedAt: expect.any(String),
      status: 'pending',
      decidedBy: null,
      decidedAt: null,
      reason: null,
    });
    expect(await approvalRows(orderId)).toEqual([{ status: 'pending', amount: 200001, requested_by: bankAccount.id, decided_by: null, reason: null }]);

    // A second request, by anyone, while one is pending: 409, nothing added.
    for (const headers of [bank, bank2]) {
      const again = await post('/api/v1/bank/order/pay', headers, { orderId });
      expect([again.statusCode, body(again).msg]).toEqual([409, MESSAGES.payoutAlreadyRequested]);
    }
    expect(await approvalRows(orderId)).toHaveLength(1);

    // Every back-office role sees the pending request on the order, with its requester and time; the SME does not.
    for (const [role, headers] of [['admin', admin], ['bank', bank2], ['insurance', insurer]] as const) {
      const shown = body(await get(`/api/v1/${role}/order/show/${orderId}`, headers)).content.order;
      expect(shown.pendingPayout, role).toEqual({
        _id: requested._id,
        amount: 2000.01,
        requestedBy: bankAccount.id,
        requester: { _id: bankAccount.id, email: bankAccount.email },
        requestedAt: requested.requestedAt,
      });
    }
    expect(body(await get(`/api/v1/sme/order/show/${orderId}`, smeHeaders)).content.order).not.toHaveProperty('pendingPayout');

    // The requester can never approve its own request.
    const own = await post('/api/v1/bank/approval/approve', bank, { approvalId: requested._id });
    expect([own.statusCode, body(own).msg]).toEqual([403, MESSAGES.payoutOwnRequest]);
    expect(await orderStatus(orderId)).toBe(5);
    expect(await payoutEntries(orderId)).toBe(0);

    const approved = await post('/api/v1/bank/approval/approve', bank2, { approvalId: requested._id });
    expect(approved.statusCode).toBe(200);
    expect(body(approved).content.order).toEqual({ _id: orderId, status: 6 });
    expect(body(approved).content.approval).toMatchObject({
      _id: requested._id,
      status: 'approved',
      decidedBy: { _id: bank2Account.id, email: bank2Account.email },
      decidedAt: expect.any(String),
      reason: null,
    });
    expect(await orderStatus(orderId)).toBe(6);
    expect(await payoutPostings(orderId)).toEqual(PAYOUT_OF_2000_01);
    expect(await approvalRows(orderId)).toEqual([{ status: 'approved', amount: 200001, requested_by: bankAccount.id, decided_by: bank2Account.id, reason: null }]);
    const shown = body(await get(`/api/v1/admin/order/show/${orderId}`, admin)).content.order;
    expect(shown.pendingPayout).toBeNull();
    expect(shown.breakdown.supplierPayout).toBe(1850.01);

    const twice = await post('/api/v1/bank/approval/approve', bank2, { approvalId: requested._id });
    expect([twice.statusCode, body(twice).msg]).toEqual([409, MESSAGES.payoutApprovalDecided]);
    expect(await payoutEntries(orderId)).toBe(1);
    const unknown = await post('/api/v1/bank/approval/approve', bank2, { approvalId: '00000000-0000-4000-8000-000000000000' });
    expect([unknown.statusCode, body(unknown).msg]).toEqual([404, MESSAGES.payoutApprovalNotFound]);
  });

  it('is closed by a rejection with a reason: the order stays at 5, nothing posted, and a new request is possible', async () => {
    const { orderId } = await verifiedOrder(300);
    const first = body(await post('/api/v1/bank/order/pay', bank, { orderId })).content.approval;
    for (const reason of [undefined, '', '   ']) {
      const refused = await post('/api/v1/bank/approval/reject', bank2, { approvalId: first._id, reason });
      expect([refused.statusCode, body(refused).msg]).toEqual([400, MESSAGES.payoutReasonRequired]);
    }
    const rejected = await post('/api/v1/bank/approval/reject', bank2, { approvalId: first._id, reason: ' Invoice total does not match ' });
    expect(rejected.statusCode).toBe(200);
    expect(body(rejected).content).toMatchObject({
      order: { _id: orderId, status: 5 },
      approval: { _id: first._id, status: 'rejected', reason: 'Invoice total does not match', decidedBy: { _id: bank2Account.id } },
    });
    expect(await orderStatus(orderId)).toBe(5);
    expect(await payoutEntries(orderId)).toBe(0);
    const late = await post('/api/v1/bank/approval/approve', bank2, { approvalId: first._id });
    expect([late.statusCode, body(late).msg]).toEqual([409, MESSAGES.payoutApprovalDecided]);
    const againRejected = await post('/api/v1/bank/approval/reject', bank, { approvalId: first._id, reason: 'again' });
    expect([againRejected.statusCode, body(againRejected).msg]).toEqual([409, MESSAGES.payoutApprovalDecided]);
    expect(body(await get(`/api/v1/bank/order/show/${orderId}`, bank)).content.order.pendingPayout).toBeNull();

    // A new request after the rejection, this time by the second user, approved by the first.
    const second = body(await post('/api/v1/bank/order/pay', bank2, { orderId })).content.approval;
    expect(second).toMatchObject({ status: 'pending', requestedBy: bank2Account.id });
    expect(body(await post('/api/v1/bank/approval/approve', bank, { approvalId: second._id })).content.order).toEqual({ _id: orderId, status: 6 });
    expect((await approvalRows(orderId)).map((r) => [r.status, r.requested_by, r.decided_by, r.reason])).toEqual([
      ['rejected', bankAccount.id, bank2Account.id, 'Invoice total does not match'],
      ['approved', bank2Account.id, bankAccount.id, null],
    ]);
    expect(await payoutEntries(orderId)).toBe(1);
    // Each step is in the audit trail, about the order: who requested, who rejected (with the reason), who approved.
    const amount = { amount: 300 };
    expect((await auditEventsOf(ctx.db, orderId)).map((e) => [e.action, e.actor, e.detail])).toEqual([
      ['payout.requested', bankAccount.email, { approval: first._id, ...amount, threshold: 0 }],
      ['payout.rejected', bank2Account.email, { approval: first._id, ...amount, requestedBy: bankAccount.id, reason: 'Invoice total does not match' }],
      ['payout.requested', bank2Account.email, { approval: second._id, ...amount, threshold: 0 }],
      ['payout.approved', bankAccount.email, { approval: second._id, ...amount, requestedBy: bank2Account.id }],
    ]);
  });

  it('is refused for an order not at 5, naming its status', async () => {
    const { orderId } = await verifiedOrder(40);
    await ctx.db.execute(sql`update orders set status = 4 where id = ${orderId}`);
    const early = await post('/api/v1/bank/order/pay', bank, { orderId });
    expect([early.statusCode, body(early).msg]).toEqual([409, 'this is not possible while the order is uploadedInvoice']);
    expect(await approvalRows(orderId)).toEqual([]);
  });
});

describe('concurrent approvals', () => {
  it('pay once when 10 different bank users approve the same request at the same time', async () => {
    const { orderId } = await verifiedOrder(2000.01);
    const approval = body(await post('/api/v1/bank/order/pay', bank, { orderId })).content.approval;
    const approvers = await Promise.all(Array.from({ length: 10 }, () => createAccount(ctx.db, { role: 'bank' })));
    const headers = await Promise.all(approvers.map(async (a) => bearer(await loginAs(ctx.app, a))));
    const responses = await Promise.all(headers.map((h) => post('/api/v1/bank/approval/approve', h, { approvalId: approval._id })));
    const winners = responses.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    const losers = responses.filter((r) => r.statusCode !== 200);
    expect(losers.map((r) => [r.statusCode, body(r).msg])).toEqual(Array.from({ length: 9 }, () => [409, MESSAGES.payoutApprovalDecided]));
    const winner = approvers[responses.indexOf(winners[0]!)]!;
    expect(await approvalRows(orderId)).toEqual([{ status: 'approved', amount: 200001, requested_by: bankAccount.id, decided_by: winner.id, reason: null }]);
    expect(await orderStatus(orderId)).toBe(6);
    expect(await payoutEntries(orderId)).toBe(1);
    expect(await payoutPostings(orderId)).toEqual(PAYOUT_OF_2000_01);
  });

  describe('in two API processes on the same database', () => {
    const other = useSecondApp(ctx);

    it('pay once when approvals race through both', async () => {
      const { orderId } = await verifiedOrder(2000.01);
      const approval = body(await post('/api/v1/bank/order/pay', bank, { orderId })).content.approval;
      const approvers = await Promise.all(Array.from({ length: 10 }, () => createAccount(ctx.db, { role: 'bank' })));
      const apps = approvers.map((_, i) => (i % 2 === 0 ? ctx.app : other.app));
      const headers = await Promise.all(approvers.map(async (a, i) => bearer(await loginAs(apps[i]!, a))));
      const responses = await Promise.all(headers.map((h, i) => post('/api/v1/bank/approval/approve', h, { approvalId: approval._id }, apps[i])));
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(responses.filter((r) => r.statusCode === 409 && body(r).msg === MESSAGES.payoutApprovalDecided)).toHaveLength(9);
      expect(await orderStatus(orderId)).toBe(6);
      expect((await auditEventsOf(ctx.db, orderId)).map((e) => e.action)).toEqual(['payout.requested', 'payout.approved']);
      expect(await payoutEntries(orderId)).toBe(1);
      expect(await payoutPostings(orderId)).toEqual(PAYOUT_OF_2000_01);
      expect((await approvalRows(orderId)).map((r) => r.status)).toEqual(['approved']);
    });

    it('let one request through when two processes request the same payout at once', async () => {
      const { orderId } = await verifiedOrder(75);
      const responses = await Promise.all([
        post('/api/v1/bank/order/pay', bank, { orderId }),
        post('/api/v1/bank/order/pay', bank2, { orderId }, other.app),
      ]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect((await approvalRows(orderId)).map((r) => r.status)).toEqual(['pending']);
    });
  });
});

describe('the approval queue', () => {
  it('lists requests by status with their order, amount, breakdown and requester, paged', async () => {
    const pendingOrder = await verifiedOrder(2000.01);
    const approval = body(await post('/api/v1/bank/order/pay', bank, { orderId: pendingOrder.orderId })).content.approval;
    const rejectedOrder = await verifiedOrder(120);
    const toReject = body(await post('/api/v1/bank/order/pay', bank, { orderId: rejectedOrder.orderId })).content.approval;
    await post('/api/v1/bank/approval/reject', bank2, { approvalId: toReject._id, reason: 'Wrong supplier account' });

    const counts = await ctx.db.execute<{ status: string; n: string }>(sql`select status, count(*) as n from payout_approvals group by status`);
    const countOf = (status: string) => Number(counts.rows.find((r) => r.status === status)?.n ?? 0);

    const pending = body(await get('/api/v1/bank/approval/list?status=pending&perPage=100', bank2)).content;
    expect(pending.count).toBe(countOf('pending'));
    expect(pending.approvals.every((a: { status: string }) => a.status === 'pending')).toBe(true);
    const item = pending.approvals.find((a: { _id: string }) => a._id === approval._id);
    expect(item).toMatchObject({
      orderId: pendingOrder.orderId,
      amount: 2000.01,
      requester: { _id: bankAccount.id, email: bankAccount.email },
      order: { _id: pendingOrder.orderId, status: 5, description: 'Cold room' },
      breakdown: { discountRate: 0.075, discount: 150, bankShareRate: 0.33, bankShare: 49.5, platformShareRate: 0.67, platformShare: 100.5, supplierPayout: 1850.01 },
    });

    const rejected = body(await get('/api/v1/bank/approval/list?status=rejected', bank)).content;
    expect(rejected.count).toBe(countOf('rejected'));
    expect(rejected.approvals[0]).toMatchObject({ _id: toReject._id, status: 'rejected', reason: 'Wrong supplier account', order: { status: 5 } });
    const approved = body(await get('/api/v1/bank/approval/list?status=approved&perPage=1&page=1', bank)).content;
    expect(approved.count).toBe(countOf('approved'));
    expect(approved.approvals).toHaveLength(1);
    expect(approved.approvals[0].status).toBe('approved');
    expect(approved.approvals[0].order.status).toBe(6);
    const byDefault = body(await get('/api/v1/bank/approval/list', bank)).content;
    expect(byDefault.count).toBe(countOf('pending'));
    expect((await get('/api/v1/bank/approval/list?status=paid', bank)).statusCode).toBe(400);
  });
});
