import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@qist/domain';
import { insuranceCompanies, providers, smes, verificationLogs } from '../../src/db/schema/index.js';
import { createBackOfficeAccount } from '../../src/modules/auth/back-office.js';
import { bearer, body, createAccount, enrolledBackOffice, loginAs, uniqueEmail, useTestApp } from '../helpers.js';

const ctx = useTestApp();
const staff: Record<'admin' | 'bank', Record<string, string>> = { admin: {}, bank: {} };
/** Three insurers in priority order: Alpha (1), Beta (2), Gamma (3). */
const insurers: { name: string; headers: Record<string, string>; companyId: string }[] = [];

beforeAll(async () => {
  staff.admin = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'admin' })));
  staff.bank = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'bank' })));
  for (const name of ['Alpha Takaful', 'Beta Assurance', 'Gamma Re']) {
    const email = uniqueEmail('insurer');
    const account = await createBackOfficeAccount(ctx.db, { role: 'insurance', email, password: 'insurer-password', company: name });
    const token = await loginAs(ctx.app, await enrolledBackOffice(ctx.db, { id: account.id, email, password: 'insurer-password', role: 'insurance' }));
    insurers.push({ name, headers: bearer(token), companyId: account.insuranceCompanyId! });
  }
});

async function smeAt(level: number) {
  const account = await createAccount(ctx.db, { role: 'sme', level });
  const [row] = await ctx.db.select().from(smes).where(eq(smes.userId, account.id));
  return { account, smeId: row!.id };
}

async function levelOf(smeId: string) {
  const [row] = await ctx.db.select().from(smes).where(eq(smes.id, smeId));
  return row!;
}

function post(url: string, headers: Record<string, string>, payload: object) {
  return ctx.app.inject({ method: 'POST', url, headers, payload });
}

describe('admin and bank decisions', () => {
  it('admin verifies at level 4 (→ 5) with a log row naming the admin', async () => {
    const { account, smeId } = await smeAt(4);
    const response = await post('/api/v1/admin/sme/verify', staff.admin, { smeId, desc: 'documents are in order' });
    expect(body(response)).toEqual({ status: true, content: { level: 5 } });
    expect(await levelOf(smeId)).toMatchObject({ level: 5, adminVerified: true });
    const logs = await ctx.db.select().from(verificationLogs).where(eq(verificationLogs.userId, account.id));
    expect(logs.map((l) => [l.level, l.code, l.desc, l.operatorRole])).toEqual([[5, 'verified', 'documents are in order', 'admin']]);
  });

  it.each([3, 5, -2, -1])('admin verify is refused at level %i and changes nothing', async (level) => {
    const { smeId } = await smeAt(level);
    const response = await post('/api/v1/admin/sme/verify', staff.admin, { smeId, desc: 'ok' });
    expect(response.statusCode).toBe(409);
    expect(body(response).msg).toBe(MESSAGES.wrongLevelForDecision);
    expect((await levelOf(smeId)).level).toBe(level);
  });

  it('requires a description', async () => {
    const { smeId } = await smeAt(4);
    const response = await post('/api/v1/admin/sme/verify', staff.admin, { smeId, desc: '  ' });
    expect(body(response)).toEqual({ status: false, msg: MESSAGES.descriptionRequired });
    expect((await levelOf(smeId)).level).toBe(4);
  });

  it('admin rejects to -2 (edit and resubmit) or, in full, to -1', async () => {
    const plain = await smeAt(4);
    expect(body(await post('/api/v1/admin/sme/reject', staff.admin, { smeId: plain.smeId, desc: 'IBAN letter is unreadable', full: false })).content).toEqual({ level: -2 });
    const full = await smeAt(4);
    expect(body(await post('/api/v1/admin/sme/reject', staff.admin, { smeId: full.smeId, desc: 'forged licence', full: true })).content).toEqual({ level: -1 });
    expect((await levelOf(plain.smeId)).level).toBe(-2);
    expect((await levelOf(full.smeId)).level).toBe(-1);
  });

  it('bank verifies at level 5 (→ 6) and is refused at 4', async () => {
    const ready = await smeAt(5);
    expect(body(await post('/api/v1/bank/sme/verify', staff.bank, { smeId: ready.smeId, desc: 'account checked' })).content).toEqual({ level: 6 });
    expect(await levelOf(ready.smeId)).toMatchObject({ level: 6, bankVerified: true });
    const early = await smeAt(4);
    expect((await post('/api/v1/bank/sme/verify', staff.bank, { smeId: early.smeId, desc: 'x' })).statusCode).toBe(409);
    const banned = await smeAt(5);
    expect(body(await post('/api/v1/bank/sme/reject', staff.bank, { smeId: banned.smeId, desc: 'fraud', full: true })).content).toEqual({ level: -1 });
  });

  it.each([
    ['bank', '/api/v1/admin/sme/verify'],
    ['insurance', '/api/v1/admin/sme/verify'],
    ['admin', '/api/v1/bank/sme/verify'],
    ['admin', '/api/v1/insurance/sme/verify'],
    ['sme', '/api/v1/admin/sme/active'],
    ['provider', '/api/v1/admin/provider/verify'],
  ] as const)('refuses the %s role on %s', async (role, url) => {
    const { smeId } = await smeAt(4);
    const headers = role === 'insurance' ? insurers[0]!.headers : role === 'admin' || role === 'bank' ? staff[role] : bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role })));
    const response = await post(url, headers, { smeId, desc: 'x', credit: 10, installments: [1], providerId: smeId, taxRate: 0.1 });
    expect(response.statusCode).toBe(403);
    expect((await levelOf(smeId)).level).toBe(4);
  });
});

describe('the insurance cascade', () => {
  const verify = (i: number, smeId: string, credit = 5000) => post('/api/v1/insurance/sme/verify', insurers[i]!.headers, { smeId, desc: 'good history', credit });
  const decline = (i: number, smeId: string) => post('/api/v1/insurance/sme/reject', insurers[i]!.headers, { smeId, full: true });
  const queue = async (i: number) =>
    body(await ctx.app.inject({ method: 'GET', url: '/api/v1/insurance/sme/list?level=6', headers: insurers[i]!.headers })).content.smes.map((s: { _id: string }) => s._id);

  it('gives the SME to the highest-priority company only; the others are refused', async () => {
    const { smeId } = await smeAt(6);
    expect(await queue(0)).toContain(smeId);
    expect(await queue(1)).not.toContain(smeId);
    const early = await verify(1, smeId);
    expect(early.statusCode).toBe(409);
    expect(body(early).msg).toBe(MESSAGES.notYourTurn);
    const show = await ctx.app.inject({ method: 'GET', url: `/api/v1/insurance/sme/show/${smeId}`, headers: insurers[1]!.headers });
    expect(show.statusCode).toBe(404);
  });

  it('decline, decline, accept: the third company grants the credit (→ 7)', async () => {
    const { account, smeId } = await smeAt(6);
    expect(body(await decline(0, smeId)).content).toEqual({ level: 6 });
    expect(await queue(1)).toContain(smeId);
    expect(body(await decline(1, smeId)).content).toEqual({ level: 6 });
    expect(await queue(2)).toContain(smeId);
    expect(body(await verify(2, smeId, 12000)).content).toEqual({ level: 7 });
    // the company that granted the credit is the SME's insurer from now on (its orders carry it)
    expect(await levelOf(smeId)).toMatchObject({ level: 7, creditLimit: 1_200_000, creditAmount: 1_200_000, insuredBy: insurers[2]!.companyId });
    const logs = await ctx.db.select().from(verificationLogs).where(eq(verificationLogs.userId, account.id)).orderBy(verificationLogs.createdAt);
    // What the platform says is a code with its params; the insurer's own words stay apart.
    expect(logs.map((l) => [l.code, l.params, l.desc])).toEqual([
      ['insuranceDeclined', { company: 'Alpha Takaful', next: 'Beta Assurance' }, ''],
      ['insuranceDeclined', { company: 'Beta Assurance', next: 'Gamma Re' }, ''],
      ['creditGranted', { amount: 12000, company: 'Gamma Re' }, 'good history'],
    ]);
    // Each company still sees the SME it decided on.
    expect(body(await ctx.app.inject({ method: 'GET', url: '/api/v1/insurance/sme/list', headers: insurers[0]!.headers })).content.smes.map((s: { _id: string }) => s._id)).toContain(smeId);
  });

  it('three declines leave no company: level -6', async () => {
    const { smeId } = await smeAt(6);
    await decline(0, smeId);
    await decline(1, smeId);
    expect(body(await decline(2, smeId)).content).toEqual({ level: -6 });
    expect(await levelOf(smeId)).toMatchObject({ level: -6, insuredBy: null });
    expect((await verify(2, smeId)).statusCode).toBe(409);
  });

  it('a plain reject sends the SME back to edit (-2) and needs a description', async () => {
    const { smeId } = await smeAt(6);
    const noDesc = await post('/api/v1/insurance/sme/reject', insurers[0]!.headers, { smeId, full: false });
    expect(body(noDesc).msg).toBe(MESSAGES.descriptionRequired);
    expect(body(await post('/api/v1/insurance/sme/reject', insurers[0]!.headers, { smeId, desc: 'need audited accounts', full: false })).content).toEqual({ level: -2 });
  });

  it('reordering the priorities changes whose turn it is', async () => {
    const { smeId } = await smeAt(6);
    const order = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/insurance/order', headers: staff.admin })).content.insurances;
    const ids = order.map((c: { _id: string }) => c._id);
    const gamma = insurers[2]!.companyId;
    const reordered = [gamma, ...ids.filter((id: string) => id !== gamma)];
    const saved = await post('/api/v1/admin/insurance/order', staff.admin, { insuranceList: reordered });
    expect(body(saved).content.insurances.map((c: { _id: string; priority: number }) => [c._id, c.priority])).toEqual(reordered.map((id, i) => [id, i + 1]));
    expect(await queue(2)).toContain(smeId);
    expect(await queue(0)).not.toContain(smeId);
    expect(body(await verify(2, smeId)).content).toEqual({ level: 7 });
    // Back to the original order for the other tests.
    await post('/api/v1/admin/insurance/order', staff.admin, { insuranceList: ids });
  });

  it('refuses an order that is not a full permutation of the companies', async () => {
    const ids = (await ctx.db.select({ id: insuranceCompanies.id }).from(insuranceCompanies)).map((r) => r.id);
    for (const list of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), '00000000-0000-4000-8000-000000000000']]) {
      const response = await post('/api/v1/admin/insurance/order', staff.admin, { insuranceList: list });
      expect(body(response)).toEqual({ status: false, msg: MESSAGES.insuranceOrderInvalid });
    }
  });
});

describe('activation with an instalment plan', () => {
  const activate = (smeId: string, installments: unknown) => post('/api/v1/admin/sme/active', staff.admin, { smeId, desc: 'activated', installments });

  it.each([
    [[0.5, 0.4], MESSAGES.installmentsSum],
    [[0.5, 0, 0.5], MESSAGES.zeroPercent],
    [[], MESSAGES.installmentsCareful],
    [[0.5, null], MESSAGES.installmentsCareful],
  ])('refuses the plan %j', async (plan, msg) => {
    const { smeId } = await smeAt(7);
    expect(body(await activate(smeId, plan))).toEqual({ status: false, msg });
    expect((await levelOf(smeId)).level).toBe(7);
  });

  it('accepts 70/10/10/10 though the floats do not sum to 1, and activates the SME (→ 8)', async () => {
    const { smeId } = await smeAt(7);
    expect(body(await activate(smeId, [0.7, 0.1, 0.1, 0.1])).content).toEqual({ level: 8 });
    expect(await levelOf(smeId)).toMatchObject({ level: 8, installmentPlan: [7000, 1000, 1000, 1000] });
  });

  it('is refused for an SME with no credit limit, and changes nothing', async () => {
    const { smeId } = await smeAt(7);
    await ctx.db.update(smes).set({ creditLimit: 0, creditAmount: 0 }).where(eq(smes.id, smeId));
    expect(body(await activate(smeId, [1]))).toEqual({ status: false, msg: MESSAGES.creditLimitMissing });
    expect(await levelOf(smeId)).toMatchObject({ level: 7, installmentPlan: [] });
  });

  it('is refused before the insurance step', async () => {
    const { smeId } = await smeAt(6);
    expect((await activate(smeId, [1])).statusCode).toBe(409);
  });
});

describe('supplier decisions', () => {
  async function providerAt(level: number) {
    const account = await createAccount(ctx.db, { role: 'provider', level });
    const [row] = await ctx.db.select().from(providers).where(eq(providers.userId, account.id));
    return { account, providerId: row!.id };
  }

  it('verifies a supplier with a 12% discount', async () => {
    const { account, providerId } = await providerAt(4);
    expect(body(await post('/api/v1/admin/provider/verify', staff.admin, { providerId, desc: 'ok', taxRate: 0.12 })).content).toEqual({ level: 5 });
    const token = await loginAs(ctx.app, account);
    const { provider } = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/provider/profile/get', headers: bearer(token) })).content;
    expect(provider).toMatchObject({ level: 5, tax_rate: 0.12, adminVerified: true });
  });

  it.each([0, 1, 1.5, -0.1])('refuses the discount rate %d', async (taxRate) => {
    const { providerId } = await providerAt(4);
    expect(body(await post('/api/v1/admin/provider/verify', staff.admin, { providerId, desc: 'ok', taxRate }))).toEqual({ status: false, msg: MESSAGES.invalidDiscountRate });
  });

  it('rejects a supplier to -2 or -1 and is refused at another level', async () => {
    const plain = await providerAt(4);
    expect(body(await post('/api/v1/admin/provider/reject', staff.admin, { providerId: plain.providerId, desc: 'missing VAT', full: false })).content).toEqual({ level: -2 });
    const early = await providerAt(3);
    expect((await post('/api/v1/admin/provider/verify', staff.admin, { providerId: early.providerId, desc: 'ok', taxRate: 0.1 })).statusCode).toBe(409);
  });
});
