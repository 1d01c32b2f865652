import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@qist/domain';
import { preregistrations, users } from '../../src/db/schema/index.js';
import { body, createAccount, uniqueEmail, useTestApp } from '../helpers.js';

const ctx = useTestApp({ env: { LOGIN_MAX_FAILURES: '3', SIGNUP_MAX_PER_HOUR: '2' } });

describe('throttling per address', () => {
  it('refuses sign-in after the allowed failures, even with the right password', async () => {
    const account = await createAccount(ctx.db, { role: 'sme' });
    const attempt = (password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: account.email, password } });
    for (let i = 0; i < 3; i += 1) expect((await attempt('wrong-password')).statusCode).toBe(401);
    const blocked = await attempt(account.password);
    expect(blocked.statusCode).toBe(429);
    expect(body(blocked)).toEqual({ status: false, msg: MESSAGES.tooManyAttempts });
  });

  it('counts failures per account: another account from the same address still signs in', async () => {
    const other = await createAccount(ctx.db, { role: 'provider' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: other.email, password: other.password },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses sign-ups beyond the hourly limit and creates nothing', async () => {
    const emails = [uniqueEmail('a'), uniqueEmail('b'), uniqueEmail('c')];
    const statuses = [];
    for (const email of emails) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { email, password: 'sturdy-ledger-42', role: 'sme', code: 'SME-DEMO-CODE' },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(body(response).msg).toBe(MESSAGES.tooManySignUps);
    }
    expect(statuses).toEqual([200, 200, 429]);
    const [row] = await ctx.db.select({ n: count() }).from(users).where(eq(users.email, emails[2]!));
    expect(row?.n).toBe(0);
  });
});

describe('pre-registration throttling', () => {
  const tight = useTestApp({ env: { PREREGISTER_MAX_PER_HOUR: '2' } });

  it('refuses a third pre-registration from one address within the hour and stores nothing', async () => {
    const payload = {
      CompanyName: 'Spam Co',
      BusinessSector: 'Retail',
      YearOfEstablishment: new Date().getUTCFullYear(),
      CompanyEmail: 'spam@example.com',
      CompanyPhone: '12345678',
      LoanAmount: 10,
    };
    const send = (ip: string) => tight.app.inject({ method: 'POST', url: '/api/v1/ads/form/register', payload, remoteAddress: ip });
    const statuses = [(await send('192.0.2.10')).statusCode, (await send('192.0.2.10')).statusCode];
    const third = await send('192.0.2.10');
    expect(statuses).toEqual([200, 200]);
    expect(third.statusCode).toBe(429);
    expect(body(third)).toEqual({ status: false, msg: MESSAGES.tooManyPreRegistrations });
    expect((await send('192.0.2.11')).statusCode).toBe(200);
    const [row] = await tight.db.select({ n: count() }).from(preregistrations);
    expect(row?.n).toBe(3);
  });
});
