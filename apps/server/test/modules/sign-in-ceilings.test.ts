// Failed sign-ins under three ceilings at once: per account and address, per account from every
// address (a lock-out), and per address over every account. Guesses sent at once are judged exactly
// up to the ceiling; a throttled answer is the same whether or not the account exists.
import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@qist/domain';
import { rateEvents } from '../../src/db/schema/index.js';
import { createThrottle, forgetSubject } from '../../src/modules/throttle/service.js';
import { body, createAccount, uniqueEmail, useTestApp, type TestContext } from '../helpers.js';

const refusal = { status: false, msg: MESSAGES.tooManyAttempts };
const wrong = { status: false, msg: MESSAGES.invalidCredentials };

function signIn(ctx: TestContext, email: string, password: string, ip: string): Promise<LightMyRequestResponse> {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress: ip });
}

/** How many answers were judged (the password checked and found wrong) and how many refused. */
function tally(answers: LightMyRequestResponse[]): { judged: number; refused: number } {
  for (const a of answers) expect(body(a)).toEqual(a.statusCode === 401 ? wrong : refusal);
  expect(answers.every((a) => a.statusCode === 401 || a.statusCode === 429)).toBe(true);
  return { judged: answers.filter((a) => a.statusCode === 401).length, refused: answers.filter((a) => a.statusCode === 429).length };
}

async function failuresOf(ctx: TestContext, where: { subject?: string; ip?: string }): Promise<number> {
  const conditions = [eq(rateEvents.kind, 'login_failed')];
  if (where.subject) conditions.push(eq(rateEvents.subject, where.subject));
  if (where.ip) conditions.push(eq(rateEvents.ip, where.ip));
  const [row] = await ctx.db.select({ n: count() }).from(rateEvents).where(and(...conditions));
  return row?.n ?? 0;
}

describe('one account guessed from many addresses', () => {
  const ctx = useTestApp({ env: { LOGIN_MAX_FAILURES: '3', LOGIN_ACCOUNT_MAX_FAILURES: '7' } });
  const addresses = ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4', '192.0.2.5'];

  /** 4 wrong guesses from each of 5 addresses, all sent at once. */
  const guessFromEverywhere = (email: string) =>
    Promise.all(addresses.flatMap((ip) => Array.from({ length: 4 }, () => signIn(ctx, email, 'not-the-password', ip))));

  it('judges exactly the account ceiling of 20 parallel guesses, then locks the account out, right password included', async () => {
    const account = await createAccount(ctx.db, { role: 'sme' });
    expect(tally(await guessFromEverywhere(account.email))).toEqual({ judged: 7, refused: 13 });
    expect(await failuresOf(ctx, { subject: account.email })).toBe(7);

    const locked = await signIn(ctx, account.email, account.password, '198.51.100.99');
    expect(locked.statusCode).toBe(429);
    expect(body(locked)).toEqual(refusal);
    // The lock-out is the account's: another account signs in from the same addresses.
    const other = await createAccount(ctx.db, { role: 'provider' });
    expect((await signIn(ctx, other.email, other.password, addresses[0]!)).statusCode).toBe(200);
  });

  it('answers an email without an account exactly as it answers an account', async () => {
    const account = await createAccount(ctx.db, { role: 'sme' });
    const known = await guessFromEverywhere(account.email);
    const unknown = await guessFromEverywhere(uniqueEmail('nobody'));
    expect(tally(unknown)).toEqual(tally(known));
    const shape = (a: LightMyRequestResponse) => [a.statusCode, a.body, a.headers['content-type'], a.headers['content-length']];
    const refusedKnown = known.filter((a) => a.statusCode === 429).map(shape);
    const refusedUnknown = unknown.filter((a) => a.statusCode === 429).map(shape);
    expect(refusedUnknown).toEqual(refusedKnown);
    expect(new Set(refusedKnown.map((s) => JSON.stringify(s))).size).toBe(1);
  });

  it('ends the lock-out when the owner proves they hold the account', async () => {
    const account = await createAccount(ctx.db, { role: 'sme' });
    await guessFromEverywhere(account.email);
    expect((await signIn(ctx, account.email, account.password, '198.51.100.98')).statusCode).toBe(429);
    // What a password reset through the account's email does, in its transaction.
    await ctx.db.transaction((tx) => forgetSubject(tx, 'login_failed', account.email));
    expect(await failuresOf(ctx, { subject: account.email })).toBe(0);
    const back = await signIn(ctx, account.email, account.password, '198.51.100.98');
    expect(back.statusCode).toBe(200);
    expect(body(back).content.token).toEqual(expect.any(String));
  });
});

describe('many accounts guessed from one address', () => {
  const ctx = useTestApp({ env: { LOGIN_MAX_FAILURES: '3', LOGIN_ADDRESS_MAX_FAILURES: '10' } });

  it('judges exactly the address ceiling of 13 accounts × 3 parallel guesses, then refuses the address', async () => {
    const ip = '203.0.113.7';
    // 8 accounts and 5 emails without one: the ceiling counts them alike.
    const emails = [
      ...(await Promise.all(Array.from({ length: 8 }, () => createAccount(ctx.db, { role: 'sme' })))).map((a) => a.email),
      ...Array.from({ length: 5 }, () => uniqueEmail('nobody')),
    ];
    const answers = await Promise.all(emails.flatMap((email) => Array.from({ length: 3 }, () => signIn(ctx, email, 'not-the-password', ip))));
    expect(tally(answers)).toEqual({ judged: 10, refused: 29 });
    expect(await failuresOf(ctx, { ip })).toBe(10);

    // From that address even a right password of a fresh account is refused; from another it is judged.
    const fresh = await createAccount(ctx.db, { role: 'provider' });
    const refused = await signIn(ctx, fresh.email, fresh.password, ip);
    expect(refused.statusCode).toBe(429);
    expect(body(refused)).toEqual(refusal);
    expect((await signIn(ctx, fresh.email, fresh.password, '203.0.113.8')).statusCode).toBe(200);
  });
});

describe('the ceilings in time', () => {
  const ctx = useTestApp();
  const HOUR = 3_600_000;

  it('count only the window, each over its own address and subject', async () => {
    const clock = { now: new Date('2026-05-01T10:00:00.000Z') };
    const throttle = createThrottle(ctx.db, () => clock.now);
    const take = (ip: string, subject: string) =>
      throttle.takeEach({
        kind: 'login_failed',
        ip,
        subject,
        ceilings: [
          { per: 'address and subject', max: 2, windowMs: HOUR },
          { per: 'subject', max: 3, windowMs: 24 * HOUR },
          { per: 'address', max: 4, windowMs: HOUR },
        ],
        msg: MESSAGES.tooManyAttempts,
      });
    const subject = uniqueEmail('timed');
    await take('192.0.2.50', subject);
    await take('192.0.2.50', subject);
    await expect(take('192.0.2.50', subject)).rejects.toMatchObject({ statusCode: 429, message: MESSAGES.tooManyAttempts });
    await take('192.0.2.51', subject);
    await expect(take('192.0.2.52', subject)).rejects.toMatchObject({ statusCode: 429 });
    // The address has 2 of its 4: two more accounts from it, then it is full.
    await take('192.0.2.50', uniqueEmail('other'));
    await take('192.0.2.50', uniqueEmail('other'));
    await expect(take('192.0.2.50', uniqueEmail('other'))).rejects.toMatchObject({ statusCode: 429 });

    // An hour on, the address is free again but the account is still at its day's ceiling.
    clock.now = new Date(clock.now.getTime() + HOUR + 1);
    await take('192.0.2.50', uniqueEmail('other'));
    await expect(take('192.0.2.53', subject)).rejects.toMatchObject({ statusCode: 429 });
    // A day after the first failures, the account is judged again.
    clock.now = new Date(Date.parse('2026-05-01T10:00:00.000Z') + 24 * HOUR + 1);
    const attempt = await take('192.0.2.53', subject);
    await attempt.release();
    expect(await failuresOf(ctx, { subject, ip: '192.0.2.53' })).toBe(0);
  });
});
