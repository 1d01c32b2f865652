// Limits decided in one step: requests sent at once get exactly what the limit allows, and code
// steps lock for the day once an account has been sent or has missed too many codes.
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CODE_LIMIT_WINDOW_MS,
  MAX_CODES_PER_DAY,
  MAX_WRONG_TRIES_PER_DAY,
  MESSAGES,
  fillMessage,
  matchMessage,
} from '@qist/domain';
import { preregistrations, rateEvents, verificationCodes } from '../../src/db/schema/index.js';
import { bearer, body, createAccount, loginAs, useTestApp } from '../helpers.js';

const ctx = useTestApp({ env: { LOGIN_MAX_FAILURES: '10', PREREGISTER_MAX_PER_HOUR: '10' } });

/** Runs `total` calls with at most `width` in flight at once. */
async function inFlight<T>(total: number, width: number, call: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < total) {
        const i = next;
        next += 1;
        results[i] = await call(i);
      }
    }),
  );
  return results;
}

describe('limits under concurrency', () => {
  it('judges exactly 10 wrong passwords when 40 arrive with 16 in flight', async () => {
    const account = await createAccount(ctx.db, { role: 'sme' });
    const answers = await inFlight(40, 16, () =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: account.email, password: 'not-the-password' }, remoteAddress: '198.51.100.7' }),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect(body(answers.find((a) => a.statusCode === 429)!)).toEqual({ status: false, msg: MESSAGES.tooManyAttempts });
  });

  it('gives the slot back on a right password, so sign-ins never count as failures', async () => {
    const account = await createAccount(ctx.db, { role: 'sme' });
    const answers = await inFlight(15, 8, () =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: account.email, password: account.password }, remoteAddress: '198.51.100.8' }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(15).fill(200));
    for (const answer of answers) expect(body(answer).content.token).toEqual(expect.any(String));
    // Every slot was given back: no failure is left counted against the account.
    const [row] = await ctx.db.select({ n: count() }).from(rateEvents).where(eq(rateEvents.subject, account.email));
    expect(row?.n).toBe(0);
  });

  it('lets exactly 10 of 40 parallel pre-registrations from one address in', async () => {
    const payload = {
      CompanyName: 'Race Co',
      BusinessSector: 'Retail',
      YearOfEstablishment: new Date().getUTCFullYear(),
      CompanyEmail: 'race@example.com',
      CompanyPhone: '12345678',
      LoanAmount: 10,
    };
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => ctx.app.inject({ method: 'POST', url: '/api/v1/ads/form/register', payload, remoteAddress: '198.51.100.9' })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(30);
    const [row] = await ctx.db.select({ n: count() }).from(preregistrations).where(eq(preregistrations.ip, '198.51.100.9'));
    expect(row?.n).toBe(10);
  });

  it('sends one code when five resends arrive at once', async () => {
    const sme = await createAccount(ctx.db, { role: 'sme', level: 0 });
    const headers = bearer(await loginAs(ctx.app, sme));
    const answers = await Promise.all(Array.from({ length: 5 }, () => ctx.app.inject({ method: 'GET', url: '/api/v1/sme/email/resend', headers })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) expect(body(refused)).toEqual({ status: false, msg: MESSAGES.resendTooSoon });
    const codes = await ctx.db.select().from(verificationCodes).where(eq(verificationCodes.userId, sme.id));
    expect(codes).toHaveLength(1);
  });
});

/** Codes of the last day as if sent earlier: `ages` in hours, each with its wrong tries. */
async function pastCodes(userId: string, purpose: 'email' | 'phone', codes: { hoursAgo: number; wrongTries: number }[]) {
  await ctx.db.insert(verificationCodes).values(
    codes.map((c) => ({
      userId,
      purpose,
      target: 'x',
      codeHash: 'not-a-code',
      wrongTries: c.wrongTries,
      createdAt: sql`now() - make_interval(hours => ${c.hoursAgo})`,
      expiresAt: sql`now() - make_interval(hours => ${c.hoursAgo}) + interval '15 minutes'`,
      consumedAt: sql`now() - make_interval(hours => ${c.hoursAgo})`,
    })),
  );
}

describe('daily limits of codes', () => {
  it(`refuses a code beyond ${MAX_CODES_PER_DAY} a day and says when to try again`, async () => {
    const sme = await createAccount(ctx.db, { role: 'sme', level: 0 });
    const headers = bearer(await loginAs(ctx.app, sme));
    // The oldest was sent 20 hours ago: the step opens again in 4 hours.
    await pastCodes(sme.id, 'email', Array.from({ length: MAX_CODES_PER_DAY }, (_, i) => ({ hoursAgo: 20 - i, wrongTries: 0 })));
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/v1/sme/email/resend', headers });
    expect(refused.statusCode).toBe(429);
    const { msg } = body(refused);
    expect(matchMessage(msg!)?.key).toBe('codeLockedMinutes');
    const minutes = Number(matchMessage(msg!)!.values.minutes);
    expect(minutes).toBeGreaterThanOrEqual(4 * 60 - 1);
    expect(minutes).toBeLessThanOrEqual(4 * 60);
    expect(msg).toBe(fillMessage('codeLockedMinutes', { minutes }));
    const codes = await ctx.db.select().from(verificationCodes).where(eq(verificationCodes.userId, sme.id));
    expect(codes).toHaveLength(MAX_CODES_PER_DAY);
  });

  it('counts only the last day: codes older than the window do not lock', async () => {
    const sme = await createAccount(ctx.db, { role: 'sme', level: 0 });
    const headers = bearer(await loginAs(ctx.app, sme));
    const olderHours = CODE_LIMIT_WINDOW_MS / 3_600_000 + 1;
    await pastCodes(sme.id, 'email', Array.from({ length: MAX_CODES_PER_DAY }, () => ({ hoursAgo: olderHours, wrongTries: 5 })));
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/sme/email/resend', headers })).statusCode).toBe(200);
  });

  it(`locks the phone step after ${MAX_WRONG_TRIES_PER_DAY} wrong tries in a day, for sending and for trying`, async () => {
    const sme = await createAccount(ctx.db, { role: 'sme', level: 1 });
    const headers = bearer(await loginAs(ctx.app, sme));
    await pastCodes(sme.id, 'phone', [
      { hoursAgo: 3, wrongTries: 5 },
      { hoursAgo: 2, wrongTries: 5 },
    ]);
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/v1/sme/phone/add', headers, payload: { phone: '55512345', countryCode: '965' } });
    expect(sent.statusCode).toBe(200);
    const otp = body(sent).content.otp as string;
    const wrong = String((Number(otp) + 1) % 10_000).padStart(4, '0');
    for (let i = 0; i < 5; i += 1) {
      await ctx.app.inject({ method: 'POST', url: '/api/v1/sme/phone/validate', headers, payload: { otp: wrong } });
    }
    // 15 wrong tries today: even the right code is refused now, with when to try again.
    const locked = await ctx.app.inject({ method: 'POST', url: '/api/v1/sme/phone/validate', headers, payload: { otp } });
    expect(locked.statusCode).toBe(429);
    expect(matchMessage(body(locked).msg!)?.key).toBe('codeLockedMinutes');
    const resend = await ctx.app.inject({ method: 'POST', url: '/api/v1/sme/phone/add', headers, payload: { phone: '55512345', countryCode: '965' } });
    expect(resend.statusCode).toBe(429);
    expect(matchMessage(body(resend).msg!)?.key).toBe('codeLockedMinutes');
    const codes = await ctx.db.select().from(verificationCodes).where(eq(verificationCodes.userId, sme.id));
    expect(codes).toHaveLength(3);
  });
});
