// Each recorded action through the API writes exactly one audit event, with its actor, target and
// address, in the action's transaction (a refused action writes none, and one failing at its commit
// after its event was written leaves neither event nor change); the admin lists the trail
// with its filters and exports it as CSV; and the chain of what the API wrote verifies.
import { asc, eq, gt, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, MESSAGES } from '@qist/domain';
import { uploadsDir } from '../../src/config.js';
import { auditEvents, categories, documents, insuranceCompanies, providers, smes, users, verificationLogs } from '../../src/db/schema/index.js';
import { verifyAuditChain } from '../../src/modules/audit/verify.js';
import { createLocalStorage } from '../../src/modules/files/storage.js';
import { SAMPLE_FILES, bearer, body, createAccount, loginAs, multipart, useTestApp, writerOf, type TestAccount } from '../helpers.js';

const ctx = useTestApp();

type Headers = Record<string, string>;
const ADDRESS = '203.0.113.7';
const staff = {} as Record<'admin' | 'bank' | 'insurance' | 'supplier', { account: TestAccount; headers: Headers }>;
let supplierId: string;

const post = (url: string, headers: Headers, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers, payload: payload as object, remoteAddress: ADDRESS });
const put = (url: string, headers: Headers, payload: unknown) => ctx.app.inject({ method: 'PUT', url, headers, payload: payload as object, remoteAddress: ADDRESS });
const get = (url: string, headers: Headers = {}) => ctx.app.inject({ method: 'GET', url, headers, remoteAddress: ADDRESS });

async function lastSeq(): Promise<number> {
  const [row] = await ctx.db.select({ seq: sql<number>`coalesce(max(${auditEvents.seq}), 0)::int` }).from(auditEvents);
  return row!.seq;
}

/** Runs an API call and returns its answer and the events it wrote. */
async function acted<R extends { statusCode: number }>(call: () => Promise<R>) {
  const before = await lastSeq();
  const response = await call();
  const events = await ctx.db.select().from(auditEvents).where(gt(auditEvents.seq, before)).orderBy(asc(auditEvents.seq));
  return { response, events };
}

/** Runs an API call and returns the events it wrote. */
async function eventsOf(call: () => Promise<{ statusCode: number }>, status = 200) {
  const { response, events } = await acted(call);
  expect(response.statusCode).toBe(status);
  return events;
}

/** Whether a row of a table was last written by the transaction that wrote an audit event. */
async function writtenWith(event: { id: string }, table: string, column: string, value: string): Promise<boolean> {
  return (await writerOf(ctx.db, table, column, value)) === (await writerOf(ctx.db, 'audit_events', 'id', event.id));
}

async function smeAt(level: number, creditLimit?: number) {
  const account = await createAccount(ctx.db, { role: 'sme', level, creditLimit });
  const [row] = await ctx.db.select().from(smes).where(eq(smes.userId, account.id));
  return { account, smeId: row!.id };
}

function by(who: keyof typeof staff) {
  const { account } = staff[who];
  return { actorId: account.id, actorEmail: account.email, actorRole: account.role, ip: ADDRESS };
}

beforeAll(async () => {
  for (const role of ['admin', 'bank', 'insurance'] as const) {
    const account = await createAccount(ctx.db, { role });
    staff[role] = { account, headers: bearer(await loginAs(ctx.app, account)) };
  }
  const supplier = await createAccount(ctx.db, { role: 'provider', level: 5 });
  staff.supplier = { account: supplier, headers: bearer(await loginAs(ctx.app, supplier)) };
  const [row] = await ctx.db.select().from(providers).where(eq(providers.userId, supplier.id));
  supplierId = row!.id;
});

describe('back-office decisions', () => {
  it('the admin verifying an SME writes one event; a refused verify writes none', async () => {
    const { smeId } = await smeAt(4);
    const events = await eventsOf(() => post('/api/v1/admin/sme/verify', staff.admin.headers, { smeId, desc: 'documents in order' }));
    expect(events).toEqual([
      expect.objectContaining({ action: AUDIT_ACTIONS.smeVerified, ...by('admin'), targetType: 'sme', targetId: smeId, detail: { from: 4, to: 5, desc: 'documents in order' } }),
    ]);
    expect(await eventsOf(() => post('/api/v1/admin/sme/verify', staff.admin.headers, { smeId, desc: 'again' }), 409)).toEqual([]);
  });

  it('the bank rejecting, the insurer granting credit and the admin setting the plan each write one event', async () => {
    const rejected = await smeAt(5);
    expect(await eventsOf(() => post('/api/v1/bank/sme/reject', staff.bank.headers, { smeId: rejected.smeId, desc: 'unclear', full: false }))).toEqual([
      expect.objectContaining({ action: AUDIT_ACTIONS.smeRejected, ...by('bank'), targetId: rejected.smeId, detail: { from: 5, to: -2, full: false, desc: 'unclear' } }),
    ]);

    const insured = await smeAt(6);
    const granted = await eventsOf(() => post('/api/v1/insurance/sme/verify', staff.insurance.headers, { smeId: insured.smeId, desc: 'covered', credit: 5000 }));
    expect(granted).toEqual([expect.objectContaining({ action: AUDIT_ACTIONS.smeCreditGranted, ...by('insurance'), targetId: insured.smeId })]);
    expect(granted[0]!.detail).toMatchObject({ from: 6, to: 7, credit: 5000, desc: 'covered' });

    const plan = await eventsOf(() => post('/api/v1/admin/sme/active', staff.admin.headers, { smeId: insured.smeId, desc: 'go', installments: [0.5, 0.5] }));
    expect(plan).toEqual([
      expect.objectContaining({ action: AUDIT_ACTIONS.smeActivated, ...by('admin'), targetId: insured.smeId, detail: { from: 7, to: 8, installments: [0.5, 0.5], desc: 'go' } }),
    ]);
  });

  it('verifying a supplier with its discount writes one event', async () => {
    const account = await createAccount(ctx.db, { role: 'provider', level: 4 });
    const [row] = await ctx.db.select().from(providers).where(eq(providers.userId, account.id));
    expect(await eventsOf(() => post('/api/v1/admin/provider/verify', staff.admin.headers, { providerId: row!.id, desc: 'ok', taxRate: 0.05 }))).toEqual([
      expect.objectContaining({ action: AUDIT_ACTIONS.providerVerified, ...by('admin'), targetType: 'provider', targetId: row!.id, detail: { from: 4, to: 5, taxRate: 0.05, desc: 'ok' } }),
    ]);
  });
  it('an insurer rejecting an SME writes one event in the decision’s transaction; a refused reject writes none', async () => {
    const { account, smeId } = await smeAt(6);
    const [company] = await ctx.db
      .select({ name: insuranceCompanies.name })
      .from(users)
      .innerJoin(insuranceCompanies, eq(insuranceCompanies.id, users.insuranceCompanyId))
      .where(eq(users.id, staff.insurance.account.id));
    const { response, events } = await acted(() => post('/api/v1/insurance/sme/reject', staff.insurance.headers, { smeId, desc: 'too little history', full: false }));
    expect({ status: response.statusCode, body: body(response) }).toEqual({ status: 200, body: { status: true, content: { level: -2 } } });
    expect(events).toEqual([
      expect.objectContaining({
        action: AUDIT_ACTIONS.smeInsuranceRejected,
        ...by('insurance'),
        targetType: 'sme',
        targetId: smeId,
        detail: { from: 6, to: -2, full: false, company: company!.name, desc: 'too little history' },
      }),
    ]);
    const [sme] = await ctx.db.select({ level: smes.level }).from(smes).where(eq(smes.id, smeId));
    expect(sme?.level).toBe(-2);
    expect(await writtenWith(events[0]!, 'smes', 'id', smeId)).toBe(true);
    const logs = await ctx.db.select({ level: verificationLogs.level, desc: verificationLogs.desc }).from(verificationLogs).where(eq(verificationLogs.userId, account.id));
    expect(logs).toEqual([{ level: -2, desc: 'too little history' }]);

    // The SME is no longer at the insurer's step: refused, nothing written.
    const again = await acted(() => post('/api/v1/insurance/sme/reject', staff.insurance.headers, { smeId, desc: 'again', full: false }));
    expect([again.response.statusCode, again.events]).toEqual([409, []]);
  });

  it('the admin rejecting a supplier writes one event in the decision’s transaction; a refused reject writes none', async () => {
    const account = await createAccount(ctx.db, { role: 'provider', level: 4 });
    const [row] = await ctx.db.select().from(providers).where(eq(providers.userId, account.id));
    const { response, events } = await acted(() => post('/api/v1/admin/provider/reject', staff.admin.headers, { providerId: row!.id, desc: 'licence expired', full: true }));
    expect({ status: response.statusCode, body: body(response) }).toEqual({ status: 200, body: { status: true, content: { level: -1 } } });
    expect(events).toEqual([
      expect.objectContaining({
        action: AUDIT_ACTIONS.providerRejected,
        ...by('admin'),
        targetType: 'provider',
        targetId: row!.id,
        detail: { from: 4, to: -1, full: true, desc: 'licence expired' },
      }),
    ]);
    const [provider] = await ctx.db.select({ level: providers.level }).from(providers).where(eq(providers.id, row!.id));
    expect(provider?.level).toBe(-1);
    expect(await writtenWith(events[0]!, 'providers', 'id', row!.id)).toBe(true);

    const again = await acted(() => post('/api/v1/admin/provider/reject', staff.admin.headers, { providerId: row!.id, desc: 'again', full: false }));
    expect([again.response.statusCode, again.events]).toEqual([409, []]);
  });
});

describe('settings', () => {
  it('a share-rate change records the old and new rate; a refused one writes nothing', async () => {
    const [event] = await eventsOf(() => put('/api/v1/admin/bank/share-rate', staff.admin.headers, { rate: 0.4 }));
    expect(event).toMatchObject({ action: AUDIT_ACTIONS.shareRateChanged, ...by('admin'), targetType: 'setting', targetId: 'bank-share-rate', detail: { to: 0.4 } });
    expect(await eventsOf(() => put('/api/v1/admin/bank/share-rate', staff.admin.headers, { rate: 7 }), 400)).toEqual([]);
  });

  it('creating and editing an industry write one event each in the change’s transaction; a refused one writes none', async () => {
    const created = await acted(() => post('/api/v1/admin/category', staff.admin.headers, { title: 'Cold Storage', desc: 'Refrigerated warehouses' }));
    expect(created.response.statusCode).toBe(200);
    const category = body(created.response).content.category;
    expect(category).toEqual({ _id: expect.any(String), title: 'Cold Storage', desc: 'Refrigerated warehouses', titleAr: '', descAr: '' });
    expect(created.events).toEqual([
      expect.objectContaining({ action: AUDIT_ACTIONS.categoryCreated, ...by('admin'), targetType: 'setting', targetId: `category:${category._id}`, detail: { title: 'Cold Storage' } }),
    ]);
    expect(await writtenWith(created.events[0]!, 'categories', 'id', category._id)).toBe(true);
    // The same title again: refused, nothing written.
    const taken = await acted(() => post('/api/v1/admin/category', staff.admin.headers, { title: 'Cold Storage', desc: 'again' }));
    expect([taken.response.statusCode, body(taken.response).msg, taken.events]).toEqual([409, MESSAGES.categoryTitleTaken, []]);

    const edited = await acted(() =>
      put('/api/v1/admin/category', staff.admin.headers, { categoryId: category._id, title: 'Cold Chain', desc: 'Refrigerated transport', titleAr: 'سلسلة التبريد' }),
    );
    expect(body(edited.response)).toEqual({
      status: true,
      content: { category: { _id: category._id, title: 'Cold Chain', desc: 'Refrigerated transport', titleAr: 'سلسلة التبريد', descAr: '' } },
    });
    expect(edited.events).toEqual([
      expect.objectContaining({ action: AUDIT_ACTIONS.categoryUpdated, ...by('admin'), targetType: 'setting', targetId: `category:${category._id}`, detail: { title: 'Cold Chain' } }),
    ]);
    const [row] = await ctx.db.select().from(categories).where(eq(categories.id, category._id));
    expect(row).toMatchObject({ title: 'Cold Chain', desc: 'Refrigerated transport', titleAr: 'سلسلة التبريد' });
    expect(await writtenWith(edited.events[0]!, 'categories', 'id', category._id)).toBe(true);
    const missing = await acted(() => put('/api/v1/admin/category', staff.admin.headers, { categoryId: '0b5f2a8e-3c1d-4e7f-9a6b-2d4c8e1f3a5b', title: 'Nowhere', desc: 'x' }));
    expect([missing.response.statusCode, body(missing.response).msg, missing.events]).toEqual([404, MESSAGES.categoryNotFound, []]);
  });

  it('reordering the insurers records the order before and after in the change’s transaction; a list that is no permutation writes none', async () => {
    const [second] = await ctx.db.insert(insuranceCompanies).values({ name: 'Second Line Re', priority: 10_000 }).returning({ id: insuranceCompanies.id });
    const before = body(await get('/api/v1/admin/insurance/order', staff.admin.headers)).content.insurances.map((c: { _id: string }) => c._id) as string[];
    expect(before.at(-1)).toBe(second!.id);
    const wanted = [second!.id, ...before.slice(0, -1)];
    const { response, events } = await acted(() => post('/api/v1/admin/insurance/order', staff.admin.headers, { insuranceList: wanted }));
    expect(response.statusCode).toBe(200);
    expect(body(response).content.insurances.map((c: { _id: string; priority: number }) => [c._id, c.priority])).toEqual(wanted.map((id, i) => [id, i + 1]));
    expect(events).toEqual([
      expect.objectContaining({ action: AUDIT_ACTIONS.insuranceOrderChanged, ...by('admin'), targetType: 'setting', targetId: 'insurance-order', detail: { from: before, to: wanted } }),
    ]);
    const stored = await ctx.db.select({ id: insuranceCompanies.id }).from(insuranceCompanies).orderBy(asc(insuranceCompanies.priority));
    expect(stored.map((c) => c.id)).toEqual(wanted);
    expect(await writtenWith(events[0]!, 'insurance_companies', 'id', second!.id)).toBe(true);

    const partial = await acted(() => post('/api/v1/admin/insurance/order', staff.admin.headers, { insuranceList: wanted.slice(1) }));
    expect([partial.response.statusCode, body(partial.response).msg, partial.events]).toEqual([400, MESSAGES.insuranceOrderInvalid, []]);
    expect((await ctx.db.select({ id: insuranceCompanies.id }).from(insuranceCompanies).orderBy(asc(insuranceCompanies.priority))).map((c) => c.id)).toEqual(wanted);
  });

  it('a sign-up code change records the role, not the code', async () => {
    const events = await eventsOf(() => put('/api/v1/admin/signup-codes', staff.admin.headers, { role: 'sme', code: 'NEW-CODE-2026' }));
    expect(events).toEqual([expect.objectContaining({ action: AUDIT_ACTIONS.signupCodeChanged, targetId: 'signup-code:sme', detail: { role: 'sme' } })]);
    expect(JSON.stringify(events)).not.toContain('NEW-CODE-2026');
  });
});

describe('orders and files', () => {
  async function deliveredOrder() {
    const sme = await createAccount(ctx.db, { role: 'sme', level: 8 });
    const headers = bearer(await loginAs(ctx.app, sme));
    const orderId = body(await post('/api/v1/sme/order/create', headers, { providerId: supplierId, amount: 100, description: 'Shelves' })).content.order._id as string;
    const start = body(await post('/api/v1/sme/pay/init', headers, { orderId })).content;
    await post('/api/v1/pub/gateway/sandbox/complete', {}, { transactionId: start.transactionId, approve: true });
    return orderId;
  }

  it('a supplier declining a paid order records the refund in the decline', async () => {
    const orderId = await deliveredOrder();
    const events = await eventsOf(() => post('/api/v1/provider/order/decline', staff.supplier.headers, { orderId }));
    expect(events).toEqual([expect.objectContaining({ action: AUDIT_ACTIONS.orderRefunded, ...by('supplier'), targetType: 'order', targetId: orderId })]);
    expect(events[0]!.detail).toMatchObject({ reason: 'declined', amount: 25 });
  });

  it('the admin verifying an invoice and the bank downloading it write one event each; the supplier downloading writes none', async () => {
    const orderId = await deliveredOrder();
    await post('/api/v1/provider/order/accept', staff.supplier.headers, { orderId });
    const code = (await ctx.db.execute<{ verify_code: string }>(sql`select verify_code from orders where id = ${orderId}`)).rows[0]!.verify_code;
    await post('/api/v1/provider/order/delivered', staff.supplier.headers, { orderId, verifyCode: code });
    const form = multipart({ orderId }, { field: 'orderInvoice', filename: 'invoice.png', contentType: 'image/png', bytes: SAMPLE_FILES.png });
    await ctx.app.inject({ method: 'POST', url: '/api/v1/provider/order/invoice/upload', headers: { ...staff.supplier.headers, ...form.headers }, payload: form.payload });
    const file = (await ctx.db.execute<{ invoice_file: string }>(sql`select invoice_file from orders where id = ${orderId}`)).rows[0]!.invoice_file;

    expect(await eventsOf(() => post('/api/v1/admin/order/invoice/verify', staff.admin.headers, { orderId }))).toEqual([
      expect.objectContaining({ action: AUDIT_ACTIONS.invoiceVerified, ...by('admin'), targetType: 'order', targetId: orderId, detail: { from: 4, to: 5, invoice: file } }),
    ]);
    expect(await eventsOf(() => post('/api/v1/admin/order/invoice/verify', staff.admin.headers, { orderId }), 409)).toEqual([]);

    expect(await eventsOf(() => get(`/api/v1/pub/order/invoice/file/${file}`, staff.bank.headers))).toEqual([
      expect.objectContaining({ action: AUDIT_ACTIONS.invoiceDownloaded, ...by('bank'), targetType: 'invoice', targetId: file, detail: { orderId } }),
    ]);
    expect(await eventsOf(() => get(`/api/v1/pub/order/invoice/file/${file}`, staff.supplier.headers))).toEqual([]);
    // HEAD asks without acting: 405, and nothing is written.
    const before = await lastSeq();
    const head = await ctx.app.inject({ method: 'HEAD', url: `/api/v1/pub/order/invoice/file/${file}`, headers: staff.bank.headers });
    expect([head.statusCode, head.headers.allow]).toEqual([405, 'GET']);
    expect(await lastSeq()).toBe(before);
  });

  it('the admin downloading a KYC document writes one event; its owner downloading writes none', async () => {
    const owner = await smeAt(4);
    const fileName = await createLocalStorage(uploadsDir(ctx.config)).save(SAMPLE_FILES.png, 'png');
    await ctx.db.insert(documents).values({ userId: owner.account.id, title: 'CR license', fileName, originalName: 'cr.png', mime: 'image/png', size: SAMPLE_FILES.png.length });
    expect(await eventsOf(() => get(`/api/v1/pub/sme/doc/file/${fileName}`, staff.admin.headers))).toEqual([
      expect.objectContaining({ action: AUDIT_ACTIONS.documentDownloaded, ...by('admin'), targetType: 'document', targetId: fileName, detail: { kind: 'sme', owner: owner.account.id, via: 'session' } }),
    ]);
    const ownerHeaders = bearer(await loginAs(ctx.app, owner.account));
    expect(await eventsOf(() => get(`/api/v1/pub/sme/doc/file/${fileName}`, ownerHeaders))).toEqual([]);

    // The links a back-office profile shows are made for its reader: opening one (an <img>, no bearer) is recorded too.
    const profile = body(await get(`/api/v1/admin/sme/show/${owner.smeId}`, staff.admin.headers)).content.sme;
    const url = profile.docs.find((d: { file: string }) => d.file === fileName).url as string;
    expect(url).toContain(`&by=${staff.admin.account.id}&`);
    expect(await eventsOf(() => get(url))).toEqual([
      expect.objectContaining({ action: AUDIT_ACTIONS.documentDownloaded, ...by('admin'), targetType: 'document', targetId: fileName, detail: { kind: 'sme', owner: owner.account.id, via: 'signed-link' } }),
    ]);
    // Another reader's name in the link breaks its signature: refused (no session either), nothing recorded.
    const forged = url.replace(staff.admin.account.id, staff.bank.account.id);
    expect(await eventsOf(() => get(forged), 401)).toEqual([]);
    // The owner's own links name no reader and record nothing.
    const ownDocs = body(await get('/api/v1/sme/profile/get', ownerHeaders)).content;
    const ownUrl = JSON.stringify(ownDocs).match(new RegExp(`/api/v1/pub/sme/doc/file/${fileName}\\?[^"]+`))![0];
    expect(ownUrl).not.toContain('by=');
    expect(await eventsOf(() => get(ownUrl))).toEqual([]);
  });
});

describe('passwords', () => {
  it('a password change records the account as actor and target; a wrong current password writes none', async () => {
    const account = await createAccount(ctx.db, { role: 'bank' });
    const headers = bearer(await loginAs(ctx.app, account));
    expect(await eventsOf(() => post('/api/v1/auth/password/change', headers, { currentPassword: 'wrong-password-here', newPassword: 'a-new-long-passphrase-9' }), 400)).toEqual([]);
    expect(await eventsOf(() => post('/api/v1/auth/password/change', headers, { currentPassword: account.password, newPassword: 'a-new-long-passphrase-9' }))).toEqual([
      expect.objectContaining({ action: AUDIT_ACTIONS.passwordChanged, actorId: account.id, actorEmail: account.email, actorRole: 'bank', ip: ADDRESS, targetType: 'user', targetId: account.id }),
    ]);
  });
});

describe('an action that fails after its event was written', () => {
  it('answers an error and leaves no event, the supplier and its log as they were, and the chain sound', async () => {
    const account = await createAccount(ctx.db, { role: 'provider', level: 4 });
    const [provider] = await ctx.db.select().from(providers).where(eq(providers.userId, account.id));
    const logsOf = () => ctx.db.select().from(verificationLogs).where(eq(verificationLogs.userId, account.id));
    const [before, logsBefore, seqBefore] = [provider!, await logsOf(), await lastSeq()];

    // Every audited service records its event as the last statement of its transaction, so the
    // failure comes at the commit: a deferred trigger on the supplier's row, which refuses only once
    // the verification's audit event is in the transaction (had the event not been written first,
    // nothing would refuse and the verification would succeed).
    await ctx.db.execute(sql`
      create function test_refuse_after_audit() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from audit_events where action = '${sql.raw(AUDIT_ACTIONS.providerVerified)}' and target_id = new.id::text) then
          raise exception 'the write after the audit event failed';
        end if;
        return null;
      end $$`);
    await ctx.db.execute(sql`
      create constraint trigger test_refuse_after_audit after update on providers
      deferrable initially deferred for each row execute function test_refuse_after_audit()`);
    let response;
    try {
      response = await post('/api/v1/admin/provider/verify', staff.admin.headers, { providerId: before.id, desc: 'documents in order', taxRate: 0.05 });
    } finally {
      await ctx.db.execute(sql`drop trigger test_refuse_after_audit on providers`);
      await ctx.db.execute(sql`drop function test_refuse_after_audit()`);
    }

    expect({ status: response.statusCode, body: body(response) }).toEqual({ status: 500, body: { status: false, msg: MESSAGES.serverError } });
    expect(await lastSeq()).toBe(seqBefore);
    expect(await ctx.db.select().from(auditEvents).where(eq(auditEvents.targetId, before.id))).toEqual([]);
    expect(await ctx.db.select().from(providers).where(eq(providers.id, before.id))).toEqual([before]);
    expect(await logsOf()).toEqual(logsBefore);
    expect(await verifyAuditChain(ctx.db)).toEqual({ events: seqBefore, head: { seq: seqBefore, hash: expect.stringMatching(/^[0-9a-f]{64}$/) }, problem: null, broken: null });

    // Without the trigger the same verification goes through, with its one event.
    expect(await eventsOf(() => post('/api/v1/admin/provider/verify', staff.admin.headers, { providerId: before.id, desc: 'documents in order', taxRate: 0.05 }))).toEqual([
      expect.objectContaining({ action: AUDIT_ACTIONS.providerVerified, targetId: before.id }),
    ]);
  });
});

describe('the admin reads the trail', () => {
  it('lists newest first with the count, filtered by action, actor (email or id), target and time', async () => {
    const all = body(await get('/api/v1/admin/audit/list?perPage=100', staff.admin.headers)).content;
    expect(all.count).toBe(await lastSeq());
    expect(all.events.map((e: { seq: number }) => e.seq)).toEqual([...Array(all.count).keys()].map((i) => all.count - i));
    const newest = all.events[0];
    expect(newest).toEqual({
      _id: expect.any(String), seq: all.count, at: expect.any(String), actor: expect.any(Object), action: expect.any(String),
      target: { type: expect.any(String), id: expect.any(String) }, ip: ADDRESS, detail: expect.any(Object), prevHash: expect.stringMatching(/^[0-9a-f]{64}$/), hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    const byAction = body(await get(`/api/v1/admin/audit/list?action=${AUDIT_ACTIONS.smeVerified}`, staff.admin.headers)).content;
    expect(byAction.count).toBe(1);
    expect(byAction.events[0]).toMatchObject({ action: AUDIT_ACTIONS.smeVerified, actor: { _id: staff.admin.account.id, email: staff.admin.account.email, role: 'admin' } });

    const byEmail = body(await get(`/api/v1/admin/audit/list?actor=${encodeURIComponent(staff.bank.account.email.toUpperCase())}`, staff.admin.headers)).content;
    const byId = body(await get(`/api/v1/admin/audit/list?actor=${staff.bank.account.id}`, staff.admin.headers)).content;
    expect(byEmail.count).toBe(3);
    expect(byId).toEqual(byEmail);
    // The bank user's sign-in is recorded too (the oldest of its events).
    expect(byEmail.events.map((e: { action: string }) => e.action)).toEqual([AUDIT_ACTIONS.invoiceDownloaded, AUDIT_ACTIONS.smeRejected, AUDIT_ACTIONS.signInSucceeded]);

    const target = byAction.events[0].target.id as string;
    expect(body(await get(`/api/v1/admin/audit/list?targetId=${target}`, staff.admin.headers)).content.events.map((e: { action: string }) => e.action)).toEqual([AUDIT_ACTIONS.smeVerified]);

    const today = new Date().toISOString().slice(0, 10);
    expect(body(await get(`/api/v1/admin/audit/list?from=${today}&to=${today}&perPage=1`, staff.admin.headers)).content.count).toBe(all.count);
    expect(body(await get('/api/v1/admin/audit/list?to=2000-01-01', staff.admin.headers)).content).toEqual({ events: [], count: 0 });
    expect(body(await get(`/api/v1/admin/audit/list?from=${encodeURIComponent(newest.at)}`, staff.admin.headers)).content.count).toBe(1);

    const paged = body(await get('/api/v1/admin/audit/list?page=2&perPage=2', staff.admin.headers)).content;
    expect(paged.events.map((e: { seq: number }) => e.seq)).toEqual([all.count - 2, all.count - 3]);
    expect(body(await get('/api/v1/admin/audit/list?action=nothing', staff.admin.headers)).status).toBe(false);
  });

  it('exports the filtered trail as CSV, newest first', async () => {
    const response = await get(`/api/v1/admin/audit/export?actor=${staff.bank.account.id}`, staff.admin.headers);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('id,seq,at,actor id,actor email,actor role,action,target type,target id,ip,detail,prev hash,hash');
    expect(lines).toHaveLength(4);
    const [, first, second, third] = lines;
    expect(third).toContain(`,${AUDIT_ACTIONS.signInSucceeded},user,${staff.bank.account.id},`);
    expect(first).toContain(`,${staff.bank.account.id},${staff.bank.account.email},bank,${AUDIT_ACTIONS.invoiceDownloaded},invoice,`);
    expect(second).toContain(`,${AUDIT_ACTIONS.smeRejected},sme,`);
    expect(second).toContain('"{""desc"":""unclear"",""from"":5,""full"":false,""to"":-2}"');
  });

  it('is the admin’s only', async () => {
    for (const role of ['bank', 'insurance', 'supplier'] as const) {
      const response = await get('/api/v1/admin/audit/list', staff[role].headers);
      expect([response.statusCode, body(response).msg]).toEqual([403, MESSAGES.forbidden]);
    }
    expect((await get('/api/v1/admin/audit/export')).statusCode).toBe(401);
  });

  it('the chain of everything the API wrote verifies', async () => {
    const seq = await lastSeq();
    expect(await verifyAuditChain(ctx.db)).toEqual({ events: seq, head: { seq, hash: expect.stringMatching(/^[0-9a-f]{64}$/) }, problem: null, broken: null });
  });
});
