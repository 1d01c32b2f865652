// Passwords (DESIGN §8): a reset link sent through the outbox whether or not anyone can tell an
// account exists, used once within its hour; a change by the signed-in user. Both end the other
// sessions at once.
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, MESSAGES } from '@qist/domain';
import { auditEvents, outboxMessages, passwordResetTokens, rateEvents, sessions, users } from '../../src/db/schema/index.js';
import { hashResetToken } from '../../src/modules/auth/password-service.js';
import { bearer, body, createAccount, loginAs, uniqueEmail, useSecondApp, useTestApp, writerOf, type TestAccount, type TestContext } from '../helpers.js';

const HOUR = 3_600_000;
const NEW_PASSWORD = 'quiet-harbour-lantern-7';

function forgot(ctx: TestContext, email: string, ip = '192.0.2.10'): Promise<LightMyRequestResponse> {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth/password/forgot', payload: { email }, remoteAddress: ip });
}

function reset(ctx: TestContext, token: string, password = NEW_PASSWORD): Promise<LightMyRequestResponse> {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth/password/reset', payload: { token, password } });
}

function signIn(ctx: TestContext, email: string, password: string, ip = '192.0.2.20'): Promise<LightMyRequestResponse> {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress: ip });
}

function me(ctx: TestContext, token: string): Promise<LightMyRequestResponse> {
  return ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
}

function messagesTo(ctx: TestContext, recipient: string) {
  return ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));
}

/** The token of the reset link in a message's text. */
function tokenIn(text: string): string {
  const match = /\/auth\/reset-password\?token=([\w-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return match[1];
}

async function passwordHashOf(ctx: TestContext, userId: string): Promise<string> {
  const [row] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row!.hash;
}

async function openSessionsOf(ctx: TestContext, userId: string): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(sessions).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  return row?.n ?? 0;
}

/** Asks for a link and reads its token from the one email the outbox holds for the account. */
async function resetTokenFor(ctx: TestContext, account: TestAccount): Promise<string> {
  expect((await forgot(ctx, account.email)).statusCode).toBe(200);
  const emails = (await messagesTo(ctx, account.email)).filter((m) => m.channel === 'email');
  return tokenIn(emails.at(-1)!.body);
}

describe('forgot and reset', () => {
  const clock = { now: new Date('2026-04-01T08:00:00.000Z') };
  const ctx = useTestApp({ clock: () => clock.now, env: { PUBLIC_URL: 'https://qist.example' } });
  const other = useSecondApp(ctx, { clock: () => clock.now });

  it('answers an account and an unknown email identically, and writes a link only for the account', async () => {
    const account = await createAccount(ctx.db, { role: 'sme', phone: { countryCode: '971', number: '501234567' } });
    const unknown = uniqueEmail('nobody');
    const known = await forgot(ctx, account.email);
    const other = await forgot(ctx, unknown);
    const shape = (r: LightMyRequestResponse) => ({ status: r.statusCode, body: r.body, type: r.headers['content-type'], length: r.headers['content-length'] });
    expect(shape(other)).toEqual(shape(known));
    expect(body(known)).toEqual({ status: true, content: {} });

    expect(await messagesTo(ctx, unknown)).toEqual([]);
    const emails = await messagesTo(ctx, account.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ channel: 'email', status: 'demo', subject: 'Qist: choose a new password' });
    const token = tokenIn(emails[0]!.body);
    expect(emails[0]!.body).toContain(`https://qist.example/auth/reset-password?token=${token}`);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    // The account has a phone: the same link by SMS.
    const sms = await messagesTo(ctx, '+971501234567');
    expect(sms).toHaveLength(1);
    expect(tokenIn(sms[0]!.body)).toBe(token);

    // Only the hash is stored, with an hour to live.
    const stored = await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, account.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ tokenHash: hashResetToken(token), usedAt: null });
    expect(stored[0]!.expiresAt.getTime() - clock.now.getTime()).toBe(HOUR);
    expect(JSON.stringify(stored)).not.toContain(token);

    const done = await reset(ctx, token);
    expect(done.statusCode).toBe(200);
    expect(body(done)).toEqual({ status: true, content: {} });
    expect((await signIn(ctx, account.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(ctx, account.email, account.password)).statusCode).toBe(401);
  });

  it('writes the link in the account\'s language', async () => {
    const account = await createAccount(ctx.db, { role: 'provider' });
    await ctx.db.update(users).set({ language: 'ar' }).where(eq(users.id, account.id));
    await forgot(ctx, account.email);
    const [email] = await messagesTo(ctx, account.email);
    expect(email?.subject).toBe('قسط: اختر كلمة مرور جديدة');
    expect(email?.body).toContain('/auth/reset-password?token=');
  });

  it('works once: a second use is refused and changes nothing', async () => {
    const account = await createAccount(ctx.db, { role: 'sme' });
    const token = await resetTokenFor(ctx, account);
    expect((await reset(ctx, token)).statusCode).toBe(200);
    const hash = await passwordHashOf(ctx, account.id);
    const again = await reset(ctx, token, 'another-fresh-password-9');
    expect(again.statusCode).toBe(400);
    expect(body(again)).toEqual({ status: false, msg: MESSAGES.resetLinkInvalid });
    expect(await passwordHashOf(ctx, account.id)).toBe(hash);
  });

  it('refuses a link after its hour, and a token nobody issued', async () => {
    const account = await createAccount(ctx.db, { role: 'sme' });
    const token = await resetTokenFor(ctx, account);
    const hash = await passwordHashOf(ctx, account.id);
    clock.now = new Date(clock.now.getTime() + HOUR);
    try {
      const late = await reset(ctx, token);
      expect(late.statusCode).toBe(400);
      expect(body(late)).toEqual({ status: false, msg: MESSAGES.resetLinkInvalid });
    } finally {
      clock.now = new Date(clock.now.getTime() - HOUR);
    }
    const made_up = await reset(ctx, 'A'.repeat(43));
    expect(body(made_up)).toEqual({ status: false, msg: MESSAGES.resetLinkInvalid });
    expect(await passwordHashOf(ctx, account.id)).toBe(hash);
    const [row] = await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, account.id));
    expect(row?.usedAt).toBeNull();
  });

  it('refuses a weak password with the sign-up sentences, the link still unused', async () => {
    const account = await createAccount(ctx.db, { role: 'sme' });
    const token = await resetTokenFor(ctx, account);
    const hash = await passwordHashOf(ctx, account.id);
    expect(body(await reset(ctx, token, 'password123'))).toEqual({ status: false, msg: MESSAGES.passwordTooCommon });
    expect(body(await reset(ctx, token, 'abcdefgh'))).toEqual({ status: false, msg: MESSAGES.passwordTooSimple });
    expect(body(await reset(ctx, token, 'short'))).toEqual({ status: false, msg: MESSAGES.passwordTooShort });
    expect(await passwordHashOf(ctx, account.id)).toBe(hash);
    expect((await reset(ctx, token)).statusCode).toBe(200);
  });

  it('keeps only the newest link of an account working', async () => {
    const account = await createAccount(ctx.db, { role: 'sme' });
    const first = await resetTokenFor(ctx, account);
    const second = await resetTokenFor(ctx, account);
    expect(second).not.toBe(first);
    expect(body(await reset(ctx, first))).toEqual({ status: false, msg: MESSAGES.resetLinkInvalid });
    expect((await reset(ctx, second)).statusCode).toBe(200);
  });

  it('ends every session of the account at once', async () => {
    const account = await createAccount(ctx.db, { role: 'provider' });
    const tokens = [await loginAs(ctx.app, account), await loginAs(ctx.app, account)];
    for (const t of tokens) expect((await me(ctx, t)).statusCode).toBe(200);
    const link = await resetTokenFor(ctx, account);
    expect((await reset(ctx, link)).statusCode).toBe(200);
    for (const t of tokens) expect((await me(ctx, t)).statusCode).toBe(401);
    expect(await openSessionsOf(ctx, account.id)).toBe(0);
  });

  it('ends the sessions another API process has just served, at once, on that process too', async () => {
    const account = await createAccount(ctx.db, { role: 'sme' });
    const tokens = [await loginAs(ctx.app, account), await loginAs(other.app, account)];
    for (const t of tokens) expect((await other.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(t) })).statusCode).toBe(200);
    expect((await reset(ctx, await resetTokenFor(ctx, account))).statusCode).toBe(200);
    for (const t of tokens) {
      const answer = await other.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(t) });
      expect(answer.statusCode).toBe(401);
      expect(body(answer).status).toBe(false);
    }
    expect(await openSessionsOf(ctx, account.id)).toBe(0);
  });

  it('records the reset in its transaction, with the account as actor and target and the sessions it ended; a refused reset records nothing', async () => {
    const account = await createAccount(ctx.db, { role: 'provider' });
    await loginAs(ctx.app, account);
    await loginAs(ctx.app, account);
    const token = await resetTokenFor(ctx, account);
    const eventsOfAccount = () => ctx.db.select().from(auditEvents).where(eq(auditEvents.targetId, account.id)).orderBy(asc(auditEvents.seq));
    const signIns = await eventsOfAccount();
    expect(signIns.map((e) => e.action)).toEqual([AUDIT_ACTIONS.signInSucceeded, AUDIT_ACTIONS.signInSucceeded]);

    expect(body(await reset(ctx, token, 'password123'))).toEqual({ status: false, msg: MESSAGES.passwordTooCommon });
    expect(await eventsOfAccount()).toEqual(signIns);

    const done = await reset(ctx, token);
    expect({ status: done.statusCode, body: body(done) }).toEqual({ status: 200, body: { status: true, content: {} } });
    const events = await eventsOfAccount();
    expect(events.slice(0, 2)).toEqual(signIns);
    expect(events.slice(2)).toEqual([
      expect.objectContaining({
        action: AUDIT_ACTIONS.passwordReset,
        actorId: account.id,
        actorEmail: account.email,
        actorRole: 'provider',
        targetType: 'user',
        targetId: account.id,
        ip: '127.0.0.1',
        detail: { sessionsEnded: 2 },
      }),
    ]);
    // The new password and the event were written by one transaction.
    expect(await writerOf(ctx.db, 'users', 'id', account.id)).toBe(await writerOf(ctx.db, 'audit_events', 'id', events[2]!.id));
    expect(await openSessionsOf(ctx, account.id)).toBe(0);

    // The used link again: refused, nothing recorded.
    expect(body(await reset(ctx, token, 'another-fresh-password-9'))).toEqual({ status: false, msg: MESSAGES.resetLinkInvalid });
    expect(await eventsOfAccount()).toEqual(events);
  });

  it('lets exactly one of many concurrent redeems of one link succeed', async () => {
    const account = await createAccount(ctx.db, { role: 'sme' });
    const token = await resetTokenFor(ctx, account);
    const passwords = Array.from({ length: 6 }, (_, i) => `parallel-garden-${i}-lantern`);
    const answers = await Promise.all(passwords.map((p) => reset(ctx, token, p)));
    const won = answers.map((a, i) => (a.statusCode === 200 ? i : -1)).filter((i) => i >= 0);
    expect(won).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(body(a)).toEqual({ status: false, msg: MESSAGES.resetLinkInvalid });
    // The password set is the winner's.
    expect((await signIn(ctx, account.email, passwords[won[0]!]!)).statusCode).toBe(200);
  });
});

describe('a reset ends the sign-in lock-out', () => {
  const ctx = useTestApp({ env: { LOGIN_MAX_FAILURES: '3', LOGIN_ACCOUNT_MAX_FAILURES: '5' } });

  it('lets the owner sign in again from any address', async () => {
    const account = await createAccount(ctx.db, { role: 'sme' });
    for (const ip of ['198.51.100.1', '198.51.100.2']) {
      for (let i = 0; i < 3; i += 1) await signIn(ctx, account.email, 'not-the-password', ip);
    }
    expect((await signIn(ctx, account.email, account.password, '198.51.100.3')).statusCode).toBe(429);

    const token = await resetTokenFor(ctx, account);
    expect((await reset(ctx, token)).statusCode).toBe(200);
    const [row] = await ctx.db
      .select({ n: count() })
      .from(rateEvents)
      .where(and(eq(rateEvents.kind, 'login_failed'), eq(rateEvents.subject, account.email)));
    expect(row?.n).toBe(0);
    expect((await signIn(ctx, account.email, NEW_PASSWORD, '198.51.100.3')).statusCode).toBe(200);
  });
});

describe('forgot is throttled per email and per address', () => {
  const ctx = useTestApp({ env: { PASSWORD_FORGOT_MAX_PER_EMAIL: '2', PASSWORD_FORGOT_MAX_PER_ADDRESS: '4' } });

  it('refuses the third request for one email from any address, and the fifth from one address', async () => {
    const account = await createAccount(ctx.db, { role: 'sme' });
    expect((await forgot(ctx, account.email, '203.0.113.1')).statusCode).toBe(200);
    expect((await forgot(ctx, account.email, '203.0.113.2')).statusCode).toBe(200);
    const third = await forgot(ctx, account.email, '203.0.113.3');
    expect(third.statusCode).toBe(429);
    expect(body(third)).toEqual({ status: false, msg: MESSAGES.tooManyAttempts });
    expect(await messagesTo(ctx, account.email)).toHaveLength(2);

    const ip = '203.0.113.9';
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await forgot(ctx, uniqueEmail('nobody'), ip)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 429]);
  });
});

describe('POST /api/v1/auth/password/change', () => {
  const ctx = useTestApp({ env: { LOGIN_MAX_FAILURES: '3' } });
  const other = useSecondApp(ctx);

  function change(token: string, payload: Record<string, string>, ip = '192.0.2.30') {
    return ctx.app.inject({ method: 'POST', url: '/api/v1/auth/password/change', headers: bearer(token), payload, remoteAddress: ip });
  }

  it('sets the new password, ends every other session and keeps the current one', async () => {
    const account = await createAccount(ctx.db, { role: 'admin' });
    const current = await loginAs(ctx.app, account);
    const others = [await loginAs(ctx.app, account), await loginAs(ctx.app, account)];
    for (const t of others) expect((await me(ctx, t)).statusCode).toBe(200);

    const answer = await change(current, { currentPassword: account.password, newPassword: NEW_PASSWORD });
    expect(answer.statusCode).toBe(200);
    expect(body(answer)).toEqual({ status: true, content: {} });
    for (const t of others) expect((await me(ctx, t)).statusCode).toBe(401);
    expect((await me(ctx, current)).statusCode).toBe(200);
    expect(await openSessionsOf(ctx, account.id)).toBe(1);
    expect((await signIn(ctx, account.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(ctx, account.email, account.password)).statusCode).toBe(401);
  });

  it('ends the other sessions on another API process at once, the current one kept there too', async () => {
    const account = await createAccount(ctx.db, { role: 'bank' });
    const current = await loginAs(ctx.app, account);
    const elsewhere = await loginAs(other.app, account);
    const meOn = (token: string) => other.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect((await meOn(elsewhere)).statusCode).toBe(200);
    expect((await change(current, { currentPassword: account.password, newPassword: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await meOn(elsewhere)).statusCode).toBe(401);
    expect((await meOn(current)).statusCode).toBe(200);
    expect(await openSessionsOf(ctx, account.id)).toBe(1);
  });

  it('refuses a wrong current password, counts it as a failed sign-in and changes nothing', async () => {
    const account = await createAccount(ctx.db, { role: 'sme' });
    const token = await loginAs(ctx.app, account);
    const other = await loginAs(ctx.app, account);
    const hash = await passwordHashOf(ctx, account.id);

    const wrong = await change(token, { currentPassword: 'not-the-password', newPassword: NEW_PASSWORD }, '192.0.2.31');
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong)).toEqual({ status: false, msg: MESSAGES.currentPasswordWrong });
    const [row] = await ctx.db
      .select({ n: count() })
      .from(rateEvents)
      .where(and(eq(rateEvents.kind, 'login_failed'), eq(rateEvents.subject, account.email)));
    expect(row?.n).toBe(1);
    expect(await passwordHashOf(ctx, account.id)).toBe(hash);
    expect((await me(ctx, other)).statusCode).toBe(200);

    // The sign-in ceiling of the account and address holds here too.
    await change(token, { currentPassword: 'not-the-password', newPassword: NEW_PASSWORD }, '192.0.2.31');
    await change(token, { currentPassword: 'not-the-password', newPassword: NEW_PASSWORD }, '192.0.2.31');
    const throttled = await change(token, { currentPassword: account.password, newPassword: NEW_PASSWORD }, '192.0.2.31');
    expect(throttled.statusCode).toBe(429);
    expect(body(throttled)).toEqual({ status: false, msg: MESSAGES.tooManyAttempts });
    expect(await passwordHashOf(ctx, account.id)).toBe(hash);
  });

  it('refuses a weak or unchanged new password, and a caller without a session', async () => {
    const account = await createAccount(ctx.db, { role: 'insurance' });
    const token = await loginAs(ctx.app, account);
    const hash = await passwordHashOf(ctx, account.id);
    expect(body(await change(token, { currentPassword: account.password, newPassword: 'password123' }))).toEqual({
      status: false,
      msg: MESSAGES.passwordTooCommon,
    });
    expect(body(await change(token, { currentPassword: account.password, newPassword: 'short' }))).toEqual({
      status: false,
      msg: MESSAGES.passwordTooShort,
    });
    expect(body(await change(token, { currentPassword: account.password, newPassword: account.password }))).toEqual({
      status: false,
      msg: MESSAGES.newPasswordSameAsCurrent,
    });
    expect(await passwordHashOf(ctx, account.id)).toBe(hash);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/change',
      payload: { currentPassword: account.password, newPassword: NEW_PASSWORD },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
