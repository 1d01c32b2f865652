// Each back-office role's queue: the counts beside its menu (one call per role, counted as its lists
// count), and the bank's view of SMEs (from level 5 on, and those it rejected; never before the admin).
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@qist/domain';
import { uploadsDir } from '../../src/config.js';
import { documents, insuranceDeclines, orders, providers, smes, users, verificationLogs } from '../../src/db/schema/index.js';
import { createLocalStorage } from '../../src/modules/files/storage.js';
import { SAMPLE_FILES, bearer, body, createAccount, loginAs, recordCreditGranted, useTestApp, type TestAccount } from '../helpers.js';

const ctx = useTestApp();
type Headers = Record<string, string>;
const staff = {} as Record<'admin' | 'bank' | 'insurer1' | 'insurer2', Headers>;
const accounts = {} as Record<'admin' | 'bank' | 'insurer1' | 'insurer2', TestAccount>;
const companies = {} as Record<'insurer1' | 'insurer2', string>;

type Sme = { account: TestAccount; smeId: string };
/** The SMEs of the platform by the part they play; built once, read by every test. */
const world = {} as {
  level3: Sme;
  adminQueue: Sme[];
  bankQueue: Sme[];
  insurer1Queue: Sme[];
  /** Declined by the first insurer: now the second's turn. */
  insurer2Queue: Sme;
  granted: Sme;
  active: Sme;
  bankRejected: Sme;
  adminRejected: Sme;
  docs: { level4: string; level5: string };
};

const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload: object) => ctx.app.inject({ method: 'POST', url, headers, payload });

async function smeAt(level: number): Promise<Sme> {
  const account = await createAccount(ctx.db, { role: 'sme', level });
  const [row] = await ctx.db.select({ id: smes.id }).from(smes).where(eq(smes.userId, account.id));
  return { account, smeId: row!.id };
}

async function log(sme: Sme, level: number, operator: TestAccount, desc: string) {
  await ctx.db.insert(verificationLogs).values({ userId: sme.account.id, level, desc, operatorUserId: operator.id, operatorRole: operator.role });
}

async function storeDocument(sme: Sme): Promise<string> {
  const fileName = await createLocalStorage(uploadsDir(ctx.config)).save(SAMPLE_FILES.png, 'png');
  await ctx.db.insert(documents).values({ userId: sme.account.id, title: 'CR license', fileName, mime: 'image/png', size: SAMPLE_FILES.png.length });
  return fileName;
}

async function companyOf(account: TestAccount): Promise<string> {
  const [row] = await ctx.db.select({ id: users.insuranceCompanyId }).from(users).where(eq(users.id, account.id));
  return row!.id!;
}

beforeAll(async () => {
  // Created first, so the first insurer's company comes first by priority.
  accounts.insurer1 = await createAccount(ctx.db, { role: 'insurance', company: 'First Takaful' });
  accounts.insurer2 = await createAccount(ctx.db, { role: 'insurance', company: 'Second Re' });
  accounts.admin = await createAccount(ctx.db, { role: 'admin' });
  accounts.bank = await createAccount(ctx.db, { role: 'bank' });
  for (const who of ['admin', 'bank', 'insurer1', 'insurer2'] as const) staff[who] = bearer(await loginAs(ctx.app, accounts[who]));
  companies.insurer1 = await companyOf(accounts.insurer1);
  companies.insurer2 = await companyOf(accounts.insurer2);

  world.level3 = await smeAt(3);
  world.adminQueue = [await smeAt(4), await smeAt(4), await smeAt(4)];
  world.bankQueue = [await smeAt(5), await smeAt(5)];
  world.insurer1Queue = [await smeAt(6), await smeAt(6)];
  world.insurer2Queue = await smeAt(6);
  await ctx.db.insert(insuranceDeclines).values({ smeId: world.insurer2Queue.smeId, companyId: companies.insurer1 });
  await log(world.insurer2Queue, 6, accounts.insurer1, 'declined; passed to the next company');
  world.granted = await smeAt(7);
  await recordCreditGranted(ctx.db, world.granted.account.id, accounts.insurer1);
  world.active = await smeAt(8);
  world.bankRejected = await smeAt(-2);
  await log(world.bankRejected, 5, accounts.admin, 'documents fine');
  await log(world.bankRejected, -2, accounts.bank, 'the IBAN certificate is not the business account');
  world.adminRejected = await smeAt(-2);
  await log(world.adminRejected, -2, accounts.admin, 'the CR license has expired');
  world.docs = { level4: await storeDocument(world.adminQueue[0]!), level5: await storeDocument(world.bankQueue[0]!) };

  const supplier = await createAccount(ctx.db, { role: 'provider', level: 5 });
  await createAccount(ctx.db, { role: 'provider', level: 4 });
  await createAccount(ctx.db, { role: 'provider', level: 4 });
  await createAccount(ctx.db, { role: 'provider', level: 3 });
  const [provider] = await ctx.db.select({ id: providers.id }).from(providers).where(eq(providers.userId, supplier.id));
  // Orders at every status the queues look at and around them: 2 invoices to verify, 3 payouts.
  await ctx.db.insert(orders).values(
    [1, 4, 4, 5, 5, 5, 6].map((status, i) => ({
      smeId: world.active.smeId,
      providerId: provider!.id,
      amount: 10_000 * (i + 1),
      status,
      reachedSupplier: status >= 1,
      description: `order ${i}`,
      taxRate: 1000,
      bankShareRate: 1000,
    })),
  );
});

const countOf = async (url: string, headers: Headers) => body(await get(url, headers)).content.count as number;
const idsOf = async (url: string, headers: Headers) => (body(await get(url, headers)).content.smes as { _id: string }[]).map((s) => s._id);

describe('queue counts', () => {
  it("give the admin the SMEs and suppliers at level 4 and the invoices to verify, as its lists count them", async () => {
    const response = await get('/api/v1/admin/queue/counts', staff.admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, content: { smes: 3, providers: 2, invoices: 2 } });
    expect(body(response).content).toEqual({
      smes: await countOf('/api/v1/admin/sme/list?level=4', staff.admin),
      providers: await countOf('/api/v1/admin/provider/list?level=4', staff.admin),
      invoices: await countOf('/api/v1/admin/order/list?status=4', staff.admin),
    });
    const [inDb] = await ctx.db.select({ n: count() }).from(smes).where(eq(smes.level, 4));
    expect(inDb?.n).toBe(3);
  });

  it('give the bank the SMEs at level 5 and the orders awaiting payout, as its lists count them', async () => {
    const response = await get('/api/v1/bank/queue/counts', staff.bank);
    expect(response.json()).toEqual({ status: true, content: { smes: 2, payouts: 3 } });
    expect(body(response).content).toEqual({
      smes: await countOf('/api/v1/bank/sme/list?level=5', staff.bank),
      payouts: await countOf('/api/v1/bank/order/list?status=5', staff.bank),
    });
    const [inDb] = await ctx.db.select({ n: count() }).from(orders).where(eq(orders.status, 5));
    expect(inDb?.n).toBe(3);
  });

  it("give an insurer its own queue only, not another company's nor the SMEs it declined", async () => {
    expect((await get('/api/v1/insurance/queue/counts', staff.insurer1)).json()).toEqual({ status: true, content: { smes: 2 } });
    expect((await get('/api/v1/insurance/queue/counts', staff.insurer2)).json()).toEqual({ status: true, content: { smes: 1 } });

    // The second insurer's level-6 list is exactly its queue.
    expect(await countOf('/api/v1/insurance/sme/list?level=6', staff.insurer2)).toBe(1);
    expect(await idsOf('/api/v1/insurance/sme/list?level=6', staff.insurer2)).toEqual([world.insurer2Queue.smeId]);
    // The first one's level-6 list also shows the SME it declined (its decision), which no longer waits for it.
    const firstList = await idsOf('/api/v1/insurance/sme/list?level=6', staff.insurer1);
    expect(firstList.sort()).toEqual([...world.insurer1Queue.map((s) => s.smeId), world.insurer2Queue.smeId].sort());
    expect(firstList.filter((id) => id !== world.insurer2Queue.smeId)).toHaveLength(2);
  });

  it('follow the decisions: each one moves an SME from one queue to the next', async () => {
    const counts = async () => ({
      admin: body(await get('/api/v1/admin/queue/counts', staff.admin)).content.smes as number,
      bank: body(await get('/api/v1/bank/queue/counts', staff.bank)).content.smes as number,
      insurer1: body(await get('/api/v1/insurance/queue/counts', staff.insurer1)).content.smes as number,
      insurer2: body(await get('/api/v1/insurance/queue/counts', staff.insurer2)).content.smes as number,
    });
    const sme = await smeAt(4);
    const before = await counts();

    expect(body(await post('/api/v1/admin/sme/verify', staff.admin, { smeId: sme.smeId, desc: 'fine' })).content).toEqual({ level: 5 });
    expect(await counts()).toEqual({ ...before, admin: before.admin - 1, bank: before.bank + 1 });

    expect(body(await post('/api/v1/bank/sme/verify', staff.bank, { smeId: sme.smeId, desc: 'account checked' })).content).toEqual({ level: 6 });
    expect(await counts()).toEqual({ ...before, admin: before.admin - 1, insurer1: before.insurer1 + 1 });

    expect(body(await post('/api/v1/insurance/sme/reject', staff.insurer1, { smeId: sme.smeId, desc: '', full: true })).content).toEqual({ level: 6 });
    expect(await counts()).toEqual({ ...before, admin: before.admin - 1, insurer2: before.insurer2 + 1 });

    const [row] = await ctx.db.select({ level: smes.level }).from(smes).where(eq(smes.id, sme.smeId));
    expect(row?.level).toBe(6);
    const declines = await ctx.db.select().from(insuranceDeclines).where(and(eq(insuranceDeclines.smeId, sme.smeId), eq(insuranceDeclines.companyId, companies.insurer1)));
    expect(declines).toHaveLength(1);
  });

  it.each([
    ['admin', 'bank'],
    ['bank', 'insurer1'],
    ['insurance', 'admin'],
  ] as const)('refuse the %s counts to %s (403) and to nobody signed in (401)', async (role, who) => {
    expect((await get(`/api/v1/${role}/queue/counts`, staff[who])).json()).toEqual({ status: false, msg: MESSAGES.forbidden });
    const anonymous = await get(`/api/v1/${role}/queue/counts`, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ status: false, msg: MESSAGES.loginRequired });
  });
});

describe("the bank's view of SMEs", () => {
  it('lists the SMEs from level 5 on and those it rejected, never those the admin has not passed', async () => {
    const listed = await idsOf('/api/v1/bank/sme/list?perPage=100', staff.bank);
    const seen = [...world.bankQueue, ...world.insurer1Queue, world.insurer2Queue, world.granted, world.active, world.bankRejected];
    expect(listed).toEqual(expect.arrayContaining(seen.map((s) => s.smeId)));
    for (const hidden of [world.level3, ...world.adminQueue, world.adminRejected]) expect(listed).not.toContain(hidden.smeId);
    expect(await countOf('/api/v1/bank/sme/list?level=4', staff.bank)).toBe(0);
    expect(await idsOf('/api/v1/bank/sme/list?level=-2', staff.bank)).toEqual([world.bankRejected.smeId]);
    // The export follows the same rule.
    const csv = (await get('/api/v1/bank/sme/export', staff.bank)).body;
    expect(csv).toContain(world.bankRejected.smeId);
    expect(csv).not.toContain(world.adminQueue[0]!.smeId);
  });

  it("answers 404 for the profile, timeline and documents of an SME at level 4, as for another's record", async () => {
    const sme = world.adminQueue[0]!;
    const profile = await get(`/api/v1/bank/sme/show/${sme.smeId}`, staff.bank);
    expect(profile.statusCode).toBe(404);
    expect(profile.json()).toEqual({ status: false, msg: MESSAGES.smeNotFound });
    expect((await get(`/api/v1/bank/sme/log/list/${sme.smeId}`, staff.bank)).json()).toEqual({ status: false, msg: MESSAGES.smeNotFound });
    const file = await get(`/api/v1/pub/sme/doc/file/${world.docs.level4}`, staff.bank);
    expect(file.statusCode).toBe(404);
    expect(file.json()).toEqual({ status: false, msg: MESSAGES.fileNotFound });
    // The admin still sees all of it.
    expect((await get(`/api/v1/pub/sme/doc/file/${world.docs.level4}`, staff.admin)).statusCode).toBe(200);
  });

  it('shows the profile, timeline and documents of an SME at level 5 and of one it rejected', async () => {
    const sme = world.bankQueue[0]!;
    expect(body(await get(`/api/v1/bank/sme/show/${sme.smeId}`, staff.bank)).content.sme).toMatchObject({ _id: sme.smeId, level: 5 });
    const file = await get(`/api/v1/pub/sme/doc/file/${world.docs.level5}`, staff.bank);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(SAMPLE_FILES.png)).toBe(true);
    const { logs } = body(await get(`/api/v1/bank/sme/log/list/${world.bankRejected.smeId}`, staff.bank)).content;
    expect(logs.map((l: { desc: string }) => l.desc)).toContain('the IBAN certificate is not the business account');
  });

  it('loses sight of an SME it rejected once it is back at level 4, until the admin passes it again', async () => {
    const sme = await smeAt(-2);
    await log(sme, -2, accounts.bank, 'statement missing');
    expect((await get(`/api/v1/bank/sme/show/${sme.smeId}`, staff.bank)).statusCode).toBe(200);
    await ctx.db.update(smes).set({ level: 4 }).where(eq(smes.id, sme.smeId));
    expect((await get(`/api/v1/bank/sme/show/${sme.smeId}`, staff.bank)).json()).toEqual({ status: false, msg: MESSAGES.smeNotFound });
    expect(body(await post('/api/v1/admin/sme/verify', staff.admin, { smeId: sme.smeId, desc: 'statement added' })).content).toEqual({ level: 5 });
    expect(body(await get(`/api/v1/bank/sme/show/${sme.smeId}`, staff.bank)).content.sme.level).toBe(5);
  });
});
