import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insuranceCompanies, users } from '../../src/db/schema/index.js';
import { createBackOfficeAccount } from '../../src/modules/auth/back-office.js';
import { body, uniqueEmail, useTestApp } from '../helpers.js';

const ctx = useTestApp();

describe('back-office accounts (npm run user:create)', () => {
  it('creates an admin who can then sign in', async () => {
    const email = uniqueEmail('ops');
    await createBackOfficeAccount(ctx.db, { role: 'admin', email, password: 'long-enough-pass' });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: 'long-enough-pass' } });
    expect(body(login).content).toMatchObject({ 'user-role': 'admin', user: { level: null } });
  });

  it('puts a new insurance company at the end of the priority order and reuses an existing one', async () => {
    const first = await createBackOfficeAccount(ctx.db, { role: 'insurance', email: uniqueEmail('ins'), password: 'long-enough-pass', company: 'Oman Cover' });
    const second = await createBackOfficeAccount(ctx.db, { role: 'insurance', email: uniqueEmail('ins'), password: 'long-enough-pass', company: 'Qatar Shield' });
    const third = await createBackOfficeAccount(ctx.db, { role: 'insurance', email: uniqueEmail('ins'), password: 'long-enough-pass', company: 'Oman Cover' });
    expect(third.insuranceCompanyId).toBe(first.insuranceCompanyId);
    const companies = await ctx.db.select().from(insuranceCompanies).orderBy(insuranceCompanies.priority);
    expect(companies.map((c) => c.name)).toEqual(['Oman Cover', 'Qatar Shield']);
    expect(second.insuranceCompanyId).toBe(companies[1]?.id);
  });

  it.each([
    [{ role: 'sme', password: 'long-enough-pass' }, /^role: role must be one of admin, bank, insurance$/],
    [{ role: 'insurance', password: 'long-enough-pass' }, /^company: company is required/],
    [{ role: 'bank', password: 'short' }, /^password: password is too short$/],
  ])('refuses bad input %# and creates nothing', async (input, message) => {
    const email = uniqueEmail('bad');
    await expect(createBackOfficeAccount(ctx.db, { ...(input as object), email } as never)).rejects.toThrow(message);
    expect(await ctx.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('refuses a taken email', async () => {
    const email = uniqueEmail('twice');
    await createBackOfficeAccount(ctx.db, { role: 'bank', email, password: 'long-enough-pass' });
    await expect(createBackOfficeAccount(ctx.db, { role: 'bank', email, password: 'long-enough-pass' })).rejects.toThrow(/already exists/);
  });
});
