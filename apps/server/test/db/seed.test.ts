import { count, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uploadsDir } from '../../src/config.js';
import { categories, documents, insuranceCompanies, signupCodes, users } from '../../src/db/schema/index.js';
import { DEMO_TOTP_SECRET, isDatabaseEmpty, seedDemoData } from '../../src/db/seed.js';
import { createLocalStorage } from '../../src/modules/files/storage.js';
import { bearer, body, demoAccount, loginAs, useTestApp } from '../helpers.js';

const ctx = useTestApp();

describe('demo seed', () => {
  it('fills an empty database with the accounts, companies, codes and categories of DESIGN.md §6', async () => {
    // useTestApp seeds sign-up codes only; start from a database without accounts.
    await ctx.db.delete(signupCodes);
    expect(await isDatabaseEmpty(ctx.db)).toBe(true);
    const storage = createLocalStorage(uploadsDir(ctx.config));
    await seedDemoData(ctx.db, storage, ctx.config.sessionSecret);

    const emails = (await ctx.db.select({ email: users.email }).from(users)).map((u) => u.email);
    expect(emails).toEqual(
      expect.arrayContaining(['admin@example.com', 'bank@example.com', 'bank2@example.com', 'insurer1@example.com', 'insurer2@example.com', 'sme@example.com', 'supplier@example.com']),
    );
    const companies = await ctx.db.select().from(insuranceCompanies).orderBy(insuranceCompanies.priority);
    expect(companies.map((c) => [c.name, c.priority])).toEqual([['Gulf Insurance', 1], ['Kuwait Re', 2]]);
    const [categoryCount] = await ctx.db.select({ n: count() }).from(categories);
    expect(categoryCount?.n).toBe(20);

    const login = async (email: string) => {
      const answer = body(await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: 'demo12345' } })).content;
      if (!answer.mfaRequired) return answer;
      // Back-office demo accounts sign in with a code of the documented demo secret.
      return { token: await loginAs(ctx.app, await demoAccount(ctx.db, email)) };
    };
    const backOffice = await ctx.db.select({ email: users.email, secret: users.mfaSecret }).from(users).where(isNotNull(users.mfaEnabledAt));
    expect(backOffice.map((u) => u.email).sort()).toEqual(['admin@example.com', 'bank2@example.com', 'bank@example.com', 'insurer1@example.com', 'insurer2@example.com']);
    // Stored sealed, never as the secret itself.
    for (const { secret } of backOffice) expect(secret).toMatch(/^v1\./);
    for (const { secret } of backOffice) expect(secret).not.toContain(DEMO_TOTP_SECRET);
    expect(body(await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'admin@example.com', password: 'demo12345' } })).content).toEqual({
      mfaRequired: true,
      mfaToken: expect.any(String),
    });
    const sme = await login('sme@example.com');
    expect(sme.user.level).toBe(8);
    const { sme: profile } = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/sme/profile/get', headers: bearer(sme.token) })).content;
    expect(profile.credit).toMatchObject({ limit: 10000, amount: 10000, spend: 0 });
    expect(profile.installments).toEqual([0.25, 0.25, 0.25, 0.25]);
    const { logs } = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/sme/log/list', headers: bearer(sme.token) })).content;
    expect(logs.map((l: { level: number }) => l.level)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);

    const supplier = await login('supplier@example.com');
    const { provider } = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/provider/profile/get', headers: bearer(supplier.token) })).content;
    expect(provider).toMatchObject({ level: 5, tax_rate: 0.1 });
    expect(provider.docs).toHaveLength(4);
    const file = await ctx.app.inject({ method: 'GET', url: provider.docs[0].url });
    expect(file.headers['content-type']).toBe('application/pdf');

    const [review] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'sme-review@example.com'));
    expect(await ctx.db.select().from(documents).where(eq(documents.userId, review!.id))).toHaveLength(4);
    expect(await isDatabaseEmpty(ctx.db)).toBe(false);

    // One SME waits for each back-office step, with the documents and notes of the steps before.
    const admin = await login('admin@example.com');
    expect(body(await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/queue/counts', headers: bearer(admin.token) })).content).toMatchObject({ smes: 1, providers: 1 });
    const bank = await login('bank@example.com');
    expect(body(await ctx.app.inject({ method: 'GET', url: '/api/v1/bank/queue/counts', headers: bearer(bank.token) })).content).toMatchObject({ smes: 1 });
    const bankList = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/bank/sme/list?level=5', headers: bearer(bank.token) })).content;
    expect(bankList.smes.map((s: { auth_id: { email: string } }) => s.auth_id.email)).toEqual(['sme-bank@example.com']);
    const bankLogs = body(await ctx.app.inject({ method: 'GET', url: `/api/v1/bank/sme/log/list/${bankList.smes[0]._id}`, headers: bearer(bank.token) })).content.logs;
    expect(bankLogs.at(-1)).toMatchObject({ level: 5, operator: { role: 'admin' }, desc: expect.stringContaining('commercial registry') });

    const insurer = await login('insurer1@example.com');
    const insurerHeaders = bearer(insurer.token);
    expect(body(await ctx.app.inject({ method: 'GET', url: '/api/v1/insurance/queue/counts', headers: insurerHeaders })).content).toEqual({ smes: 1 });
    const queue = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/insurance/sme/list?level=6', headers: insurerHeaders })).content.smes;
    expect(queue.map((s: { auth_id: { email: string } }) => s.auth_id.email)).toEqual(['sme-insurance@example.com']);
    const { sme: queued } = body(await ctx.app.inject({ method: 'GET', url: `/api/v1/insurance/sme/show/${queue[0]._id}`, headers: insurerHeaders })).content;
    expect(queued).toMatchObject({ level: 6, bankVerified: true, credit: { request: 30000 } });
    expect(queued.docs).toHaveLength(4);
    const notes = body(await ctx.app.inject({ method: 'GET', url: `/api/v1/insurance/sme/log/list/${queue[0]._id}`, headers: insurerHeaders })).content.logs
      .filter((l: { desc: string }) => l.desc !== '')
      .map((l: { level: number; operator: { role: string } }) => [l.level, l.operator.role]);
    expect(notes).toEqual([[5, 'admin'], [6, 'bank']]);
    // The second insurer's turn has not come.
    const second = await login('insurer2@example.com');
    expect(body(await ctx.app.inject({ method: 'GET', url: '/api/v1/insurance/queue/counts', headers: bearer(second.token) })).content).toEqual({ smes: 0 });
  });
});
