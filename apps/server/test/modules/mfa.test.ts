// Two-step sign-in (DESIGN §8): set-up and confirmation, the code step of a sign-in, codes accepted
// once (replays and parallel uses refused), recovery codes once, wrong codes throttled like
// passwords, the lock-out of a required role without it, and the sign-in token's 5 minutes.
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@qist/domain';
import { loadConfig } from '../../src/config.js';
import { mfaRecoveryCodes, rateEvents, sessions, users } from '../../src/db/schema/index.js';
import { MFA_SECRET_PURPOSE, createSecretBox } from '../../src/lib/secret-box.js';
import { totpCode } from '../../src/lib/totp.js';
import { hashRecoveryCode } from '../../src/modules/auth/mfa-service.js';
import { TEST_SESSION_SECRET, bearer, body, createAccount, loginAs, auditEventsOf, useSecondApp, useTestApp, type TestAccount } from '../helpers.js';

const STEP = 30_000;
const clock = { now: new Date() };
// Five wrong codes (or passwords) per account and address before 429.
const ctx = useTestApp({ clock: () => clock.now, env: { LOGIN_MAX_FAILURES: '5' } });

let addressCounter = 0;
/** A fresh client address per test, so the per-address ceilings of one test do not reach another. */
function address(): string {
  addressCounter += 1;
  return `203.0.113.${addressCounter}`;
}

function post(url: string, payload: unknown, options: { token?: string; ip?: string } = {}): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: options.token ? bearer(options.token) : {},
    remoteAddress: options.ip ?? '198.51.100.1',
  });
}

function get(url: string, token: string): Promise<LightMyRequestResponse> {
  return ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
}

async function sessionCount(userId: string): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
  return row?.n ?? 0;
}

async function mfaToken(account: TestAccount, ip?: string): Promise<string> {
  const login = await post('/api/v1/auth/login', { email: account.email, password: account.password }, { ip });
  expect(login.statusCode).toBe(200);
  const content = body(login).content;
  expect(content).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
  return content.mfaToken;
}

/** Signs in with the password only and sets two-step sign-in up through the API; returns its secret and codes. */
async function enrolThroughApi(account: TestAccount): Promise<{ token: string; secret: string; recoveryCodes: string[] }> {
  const token = await loginAs(ctx.app, account);
  const setup = body(await post('/api/v1/auth/mfa/setup', {}, { token })).content;
  const enable = await post('/api/v1/auth/mfa/enable', { code: totpCode(setup.secret, clock.now) }, { token });
  expect(enable.statusCode).toBe(200);
  return { token, secret: setup.secret, recoveryCodes: body(enable).content.recoveryCodes };
}

describe('setting up two-step sign-in', () => {
  it('locks a required role out of everything but the set-up, then opens its role once a code confirms the secret', async () => {
    const admin = await createAccount(ctx.db, { role: 'admin', mfa: false });
    const login = body(await post('/api/v1/auth/login', { email: admin.email, password: admin.password })).content;
    expect(login['user-role']).toBe('admin');
    const token = login.token as string;

    const me = body(await get('/api/v1/auth/me', token)).content;
    expect(me).toMatchObject({ role: 'admin', mfa: false, mfaRequired: true, mfaSetupRequired: true });
    for (const url of ['/api/v1/admin/dashboard', '/api/v1/admin/sme/list', '/api/v1/admin/order/list']) {
      const refused = await get(url, token);
      expect({ url, status: refused.statusCode, body: body(refused) }).toEqual({ url, status: 403, body: { status: false, msg: MESSAGES.mfaSetupRequired } });
    }
    // A file link of the public-at-the-gate routes is refused the same way.
    const file = await get('/api/v1/pub/order/invoice/file/0b5f2a8e-3c1d-4e7f-9a6b-2d4c8e1f3a5b.pdf', token);
    expect({ status: file.statusCode, body: body(file) }).toEqual({ status: 403, body: { status: false, msg: MESSAGES.mfaSetupRequired } });
    // The language setting is not part of the set-up.
    const language = await ctx.app.inject({ method: 'PUT', url: '/api/v1/auth/language', payload: { language: 'ar' }, headers: bearer(token) });
    expect(language.statusCode).toBe(403);

    const setup = await post('/api/v1/auth/mfa/setup', {}, { token });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = body(setup).content;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect([url.host, decodeURIComponent(url.pathname)]).toEqual(['totp', `/Qist:${admin.email}`]);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ issuer: 'Qist', secret, algorithm: 'SHA1', digits: '6', period: '30' });

    // Kept sealed while it waits; not on yet.
    const [pending] = await ctx.db.select().from(users).where(eq(users.id, admin.id));
    expect(pending).toMatchObject({ mfaSecret: null, mfaEnabledAt: null });
    expect(pending?.mfaPendingSecret).toMatch(/^v1\./);
    expect(pending?.mfaPendingSecret).not.toContain(secret);
    expect(createSecretBox(TEST_SESSION_SECRET, MFA_SECRET_PURPOSE).open(pending!.mfaPendingSecret!)).toBe(secret);

    const wrong = await post('/api/v1/auth/mfa/enable', { code: '000000' === totpCode(secret, clock.now) ? '111111' : '000000' }, { token });
    expect({ status: wrong.statusCode, body: body(wrong) }).toEqual({ status: 400, body: { status: false, msg: MESSAGES.mfaCodeWrong } });

    const enable = await post('/api/v1/auth/mfa/enable', { code: totpCode(secret, clock.now) }, { token });
    expect(enable.statusCode).toBe(200);
    const { recoveryCodes } = body(enable).content;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);

    const [enabled] = await ctx.db.select().from(users).where(eq(users.id, admin.id));
    expect(enabled?.mfaEnabledAt).toBeInstanceOf(Date);
    expect(enabled?.mfaPendingSecret).toBeNull();
    expect(enabled?.mfaSecret).toBe(pending?.mfaPendingSecret);
    const stored = await ctx.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, admin.id));
    expect(stored.map((r) => r.codeHash).sort()).toEqual(recoveryCodes.map(hashRecoveryCode).sort());
    for (const row of stored) expect(recoveryCodes).not.toContain(row.codeHash);

    // The same session now reaches what the role allows.
    expect((await get('/api/v1/admin/dashboard', token)).statusCode).toBe(200);
    expect(body(await get('/api/v1/auth/me', token)).content).toMatchObject({ mfa: true, mfaSetupRequired: false });
    // A second set-up is refused while it is on.
    const again = await post('/api/v1/auth/mfa/setup', {}, { token });
    expect({ status: again.statusCode, body: body(again) }).toEqual({ status: 409, body: { status: false, msg: MESSAGES.mfaAlreadyEnabled } });
  });

  it('lets a required role without it sign out, but not change its password (DESIGN §8: me, set-up, enable, sign-out only)', async () => {
    const bank = await createAccount(ctx.db, { role: 'bank', mfa: false });
    const token = body(await post('/api/v1/auth/login', { email: bank.email, password: bank.password })).content.token;
    const [before] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, bank.id));
    const change = await post('/api/v1/auth/password/change', { currentPassword: bank.password, newPassword: 'amber-falcon-river-42' }, { token });
    expect({ status: change.statusCode, body: body(change) }).toEqual({ status: 403, body: { status: false, msg: MESSAGES.mfaSetupRequired } });
    const [after] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, bank.id));
    expect(after?.hash).toBe(before?.hash);
    expect((await post('/api/v1/auth/logout', {}, { token })).statusCode).toBe(200);
  });

  it('refuses enable without a set-up waiting', async () => {
    const sme = await createAccount(ctx.db, { role: 'sme', level: 8 });
    const token = await loginAs(ctx.app, sme);
    const refused = await post('/api/v1/auth/mfa/enable', { code: '123456' }, { token });
    expect({ status: refused.statusCode, body: body(refused) }).toEqual({ status: 400, body: { status: false, msg: MESSAGES.mfaSetupMissing } });
  });
});

describe('signing in with a code', () => {
  it('answers a token and no session for the password, then exactly what login answers for a code', async () => {
    const insurer = await createAccount(ctx.db, { role: 'insurance' });
    const before = await sessionCount(insurer.id);
    const token = await mfaToken(insurer);
    expect(await sessionCount(insurer.id)).toBe(before);

    const verify = await post('/api/v1/auth/mfa/verify', { mfaToken: token, code: totpCode(insurer.totp!.secret, clock.now) });
    expect(verify.statusCode).toBe(200);
    const content = body(verify).content;
    expect(content).toEqual({
      token: expect.any(String),
      'user-role': 'insurance',
      user: { _id: insurer.id, name: expect.any(String), level: null, auth_id: { email: insurer.email }, language: 'en' },
    });
    expect(await sessionCount(insurer.id)).toBe(before + 1);
    expect(body(await get('/api/v1/auth/me', content.token)).content).toMatchObject({ mfa: true, mfaSetupRequired: false });
    expect((await get('/api/v1/insurance/dashboard', content.token)).statusCode).toBe(200);
  });

  it('accepts each code once: a replay is refused, and of parallel uses exactly one gets in', async () => {
    const admin = await createAccount(ctx.db, { role: 'admin' });
    const secret = admin.totp!.secret;
    const code = totpCode(secret, clock.now);
    const first = await post('/api/v1/auth/mfa/verify', { mfaToken: await mfaToken(admin), code });
    expect(first.statusCode).toBe(200);
    const replay = await post('/api/v1/auth/mfa/verify', { mfaToken: await mfaToken(admin), code });
    expect({ status: replay.statusCode, body: body(replay) }).toEqual({ status: 401, body: { status: false, msg: MESSAGES.mfaCodeWrong } });
    // The code of the step before is older than the one used: refused as well.
    const older = await post('/api/v1/auth/mfa/verify', { mfaToken: await mfaToken(admin), code: totpCode(secret, new Date(clock.now.getTime() - STEP)) });
    expect(older.statusCode).toBe(401);

    clock.now = new Date(clock.now.getTime() + STEP);
    const next = totpCode(secret, clock.now);
    const tokens = await Promise.all(Array.from({ length: 4 }, () => mfaToken(admin)));
    const answers = await Promise.all(tokens.map((t) => post('/api/v1/auth/mfa/verify', { mfaToken: t, code: next })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401, 401]);
    const [row] = await ctx.db.select({ step: users.mfaLastStep }).from(users).where(eq(users.id, admin.id));
    expect(row?.step).toBe(Math.floor(clock.now.getTime() / STEP));
  });

  it('accepts a code of the next step (one step of drift) but not two steps away', async () => {
    const bank = await createAccount(ctx.db, { role: 'bank' });
    const secret = bank.totp!.secret;
    const far = await post('/api/v1/auth/mfa/verify', { mfaToken: await mfaToken(bank), code: totpCode(secret, new Date(clock.now.getTime() + 2 * STEP)) });
    expect(far.statusCode).toBe(401);
    const near = await post('/api/v1/auth/mfa/verify', { mfaToken: await mfaToken(bank), code: totpCode(secret, new Date(clock.now.getTime() + STEP)) });
    expect(near.statusCode).toBe(200);
  });

  it('accepts a recovery code once, written with or without dashes', async () => {
    const sme = await createAccount(ctx.db, { role: 'sme', level: 8 });
    const { recoveryCodes } = await enrolThroughApi(sme);
    const [code] = recoveryCodes as [string];
    const used = await post('/api/v1/auth/mfa/verify', { mfaToken: await mfaToken(sme), code: code.replaceAll('-', '').toUpperCase() });
    expect(used.statusCode).toBe(200);
    expect(body(used).content['user-role']).toBe('sme');
    const [row] = await ctx.db.select().from(mfaRecoveryCodes).where(and(eq(mfaRecoveryCodes.userId, sme.id), eq(mfaRecoveryCodes.codeHash, hashRecoveryCode(code))));
    expect(row?.usedAt).toBeInstanceOf(Date);
    const again = await post('/api/v1/auth/mfa/verify', { mfaToken: await mfaToken(sme), code });
    expect({ status: again.statusCode, body: body(again) }).toEqual({ status: 401, body: { status: false, msg: MESSAGES.mfaCodeWrong } });
    const unused = await ctx.db.select().from(mfaRecoveryCodes).where(and(eq(mfaRecoveryCodes.userId, sme.id), isNull(mfaRecoveryCodes.usedAt)));
    expect(unused).toHaveLength(9);
    // The audit trail: the set-up, the password-only sign-in before it, the recovery-code sign-in, the refused replay.
    expect((await auditEventsOf(ctx.db, sme.id)).map((e) => [e.action, e.actor, e.detail])).toEqual([
      ['auth.sign-in.succeeded', sme.email, { method: 'password' }],
      ['auth.mfa.enabled', sme.email, { recoveryCodes: 10 }],
      ['auth.sign-in.succeeded', sme.email, { method: 'recovery-code' }],
      ['auth.sign-in.failed', sme.email, { reason: 'wrong-code' }],
    ]);
  });

  it('throttles wrong codes like passwords: of parallel guesses exactly the ceiling is judged, then even a right code waits', async () => {
    const admin = await createAccount(ctx.db, { role: 'admin' });
    const ip = address();
    const token = await mfaToken(admin, ip);
    const right = totpCode(admin.totp!.secret, clock.now);
    const wrong = Array.from({ length: 12 }, (_, i) => String((Number(right) + 1000 + i * 7919) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(wrong.map((code) => post('/api/v1/auth/mfa/verify', { mfaToken: token, code }, { ip })));
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(7);
    for (const refused of answers.filter((a) => a.statusCode === 429)) expect(body(refused)).toEqual({ status: false, msg: MESSAGES.tooManyAttempts });
    const [events] = await ctx.db.select({ n: count() }).from(rateEvents).where(and(eq(rateEvents.kind, 'mfa_failed'), eq(rateEvents.subject, admin.id)));
    expect(events?.n).toBe(5);
    const blocked = await post('/api/v1/auth/mfa/verify', { mfaToken: token, code: right }, { ip });
    expect(blocked.statusCode).toBe(429);
    // Nothing was used: the right code still works from another address.
    const elsewhere = await post('/api/v1/auth/mfa/verify', { mfaToken: token, code: right }, { ip: address() });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('refuses the sign-in token after its 5 minutes and a forged one, and takes it within them', async () => {
    const admin = await createAccount(ctx.db, { role: 'admin' });
    const token = await mfaToken(admin);
    const started = clock.now;
    clock.now = new Date(started.getTime() + 5 * 60_000 + 1000);
    const late = await post('/api/v1/auth/mfa/verify', { mfaToken: token, code: totpCode(admin.totp!.secret, clock.now) });
    expect({ status: late.statusCode, body: body(late) }).toEqual({ status: 401, body: { status: false, msg: MESSAGES.mfaSignInExpired } });
    clock.now = new Date(started.getTime() + 4 * 60_000);
    const [payload, signature] = token.split('.') as [string, string];
    const forged = `${payload}.${signature.slice(0, -2)}AA`;
    const refused = await post('/api/v1/auth/mfa/verify', { mfaToken: forged, code: totpCode(admin.totp!.secret, clock.now) });
    expect(refused.statusCode).toBe(401);
    const inTime = await post('/api/v1/auth/mfa/verify', { mfaToken: token, code: totpCode(admin.totp!.secret, clock.now) });
    expect(inTime.statusCode).toBe(200);
    clock.now = started;
  });
});

describe('turning two-step sign-in off', () => {
  it('is refused for a role that needs it', async () => {
    const admin = await createAccount(ctx.db, { role: 'admin' });
    const token = await loginAs(ctx.app, admin);
    clock.now = new Date(clock.now.getTime() + STEP);
    const refused = await post('/api/v1/auth/mfa/disable', { code: totpCode(admin.totp!.secret, clock.now) }, { token });
    expect({ status: refused.statusCode, body: body(refused) }).toEqual({ status: 403, body: { status: false, msg: MESSAGES.mfaRequiredForRole } });
    const [row] = await ctx.db.select({ on: users.mfaEnabledAt }).from(users).where(eq(users.id, admin.id));
    expect(row?.on).toBeInstanceOf(Date);
  });

  it('turns it off for an SME with a fresh code; the next sign-in needs no code', async () => {
    const sme = await createAccount(ctx.db, { role: 'sme', level: 8 });
    const { token, secret } = await enrolThroughApi(sme);
    // The enrolling code's step is used: the same code cannot turn it off.
    const reused = await post('/api/v1/auth/mfa/disable', { code: totpCode(secret, clock.now) }, { token });
    expect(reused.statusCode).toBe(400);
    clock.now = new Date(clock.now.getTime() + STEP);
    const off = await post('/api/v1/auth/mfa/disable', { code: totpCode(secret, clock.now) }, { token });
    expect(off.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, sme.id));
    expect(row).toMatchObject({ mfaSecret: null, mfaEnabledAt: null, mfaLastStep: null });
    expect(await ctx.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, sme.id))).toHaveLength(0);
    const login = body(await post('/api/v1/auth/login', { email: sme.email, password: sme.password })).content;
    expect(login['user-role']).toBe('sme');
    expect(await ctx.db.select().from(users).where(and(eq(users.id, sme.id), isNotNull(users.mfaEnabledAt)))).toHaveLength(0);
    expect((await auditEventsOf(ctx.db, sme.id)).filter((e) => e.action.startsWith('auth.mfa.')).map((e) => [e.action, e.detail])).toEqual([
      ['auth.mfa.enabled', { recoveryCodes: 10 }],
      ['auth.mfa.disabled', { method: 'totp' }],
    ]);
  });
});

describe('failed sign-ins in the audit trail', () => {
  it('records an unknown email without an actor, a wrong password and a wrong code with the account; a throttled attempt checks nothing and records nothing', async () => {
    const ip = address();
    const email = `nobody-${Date.now()}@example.test`;
    expect((await post('/api/v1/auth/login', { email: email.toUpperCase(), password: 'whatever-it-is' }, { ip })).statusCode).toBe(401);
    expect(await auditEventsOf(ctx.db, email)).toEqual([
      { action: 'auth.sign-in.failed', actor: null, targetType: 'email', targetId: email, ip, detail: { reason: 'unknown-email' } },
    ]);

    const bank = await createAccount(ctx.db, { role: 'bank' });
    expect((await post('/api/v1/auth/login', { email: bank.email, password: 'not-the-password' }, { ip })).statusCode).toBe(401);
    clock.now = new Date(clock.now.getTime() + STEP);
    const wrong = totpCode(bank.totp!.secret, new Date(clock.now.getTime() + 5 * STEP));
    expect((await post('/api/v1/auth/mfa/verify', { mfaToken: await mfaToken(bank, ip), code: wrong }, { ip })).statusCode).toBe(401);
    expect(await auditEventsOf(ctx.db, bank.id)).toEqual([
      { action: 'auth.sign-in.failed', actor: bank.email, targetType: 'user', targetId: bank.id, ip, detail: { reason: 'wrong-password' } },
      { action: 'auth.sign-in.failed', actor: bank.email, targetType: 'user', targetId: bank.id, ip, detail: { reason: 'wrong-code' } },
    ]);

    // Past the ceiling (5 per account and address) the answer is 429 before any check: nothing recorded.
    const guesses = await Promise.all(Array.from({ length: 5 }, (_, i) => post('/api/v1/auth/login', { email: bank.email, password: `wrong-password-${i}` }, { ip })));
    expect(guesses.map((g) => g.statusCode).sort()).toEqual([401, 401, 401, 401, 429]);
    const events = (await auditEventsOf(ctx.db, bank.id)).length;
    const throttled = await post('/api/v1/auth/login', { email: bank.email, password: 'wrong-password-again' }, { ip });
    expect(throttled.statusCode).toBe(429);
    expect(await auditEventsOf(ctx.db, bank.id)).toHaveLength(events);
  });
});

describe('after SESSION_SECRET changed', () => {
  // Another server on the same database with a different key: the sealed secrets no longer open.
  const rekeyed = useSecondApp(ctx, { clock: () => clock.now, env: { SESSION_SECRET: 'another-session-secret-of-at-least-32-chars' } });

  it('refuses a code with a sentence saying why, lets a recovery code in and starts two-step sign-in over', async () => {
    const admin = await createAccount(ctx.db, { role: 'admin', mfa: false });
    const { recoveryCodes, secret } = await enrolThroughApi(admin);
    const signInThere = async () => {
      const login = await rekeyed.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: admin.email, password: admin.password } });
      expect(body(login).content.mfaRequired).toBe(true);
      return body(login).content.mfaToken as string;
    };
    clock.now = new Date(clock.now.getTime() + STEP);
    const code = await rekeyed.app.inject({ method: 'POST', url: '/api/v1/auth/mfa/verify', payload: { mfaToken: await signInThere(), code: totpCode(secret, clock.now) } });
    expect({ status: code.statusCode, body: body(code) }).toEqual({ status: 409, body: { status: false, msg: MESSAGES.mfaSecretUnreadable } });
    const [stillOn] = await ctx.db.select({ on: users.mfaEnabledAt }).from(users).where(eq(users.id, admin.id));
    expect(stillOn?.on).toBeInstanceOf(Date);

    const recovered = await rekeyed.app.inject({ method: 'POST', url: '/api/v1/auth/mfa/verify', payload: { mfaToken: await signInThere(), code: recoveryCodes[0] } });
    expect(recovered.statusCode).toBe(200);
    const token = body(recovered).content.token as string;
    const [row] = await ctx.db.select().from(users).where(eq(users.id, admin.id));
    expect(row).toMatchObject({ mfaSecret: null, mfaEnabledAt: null });
    expect(await ctx.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, admin.id))).toHaveLength(0);
    // A role that needs it is sent to set it up again, under the new key.
    const me = await rekeyed.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect(body(me).content).toMatchObject({ mfa: false, mfaSetupRequired: true });
    const dashboard = await rekeyed.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers: bearer(token) });
    expect(body(dashboard)).toEqual({ status: false, msg: MESSAGES.mfaSetupRequired });
    expect((await auditEventsOf(ctx.db, admin.id)).slice(-3).map((e) => [e.action, e.detail])).toEqual([
      ['auth.sign-in.failed', { reason: 'secret-unreadable' }],
      ['auth.mfa.disabled', { reason: 'secret-unreadable' }],
      ['auth.sign-in.succeeded', { method: 'recovery-code' }],
    ]);
  });
});

describe('auth/me says whether the role needs it here', () => {
  const smesToo = useSecondApp(ctx, { clock: () => clock.now, env: { MFA_REQUIRED_ROLES: 'admin,bank,insurance,sme' } });
  it('an SME chooses by default; where MFA_REQUIRED_ROLES names SMEs it must set it up', async () => {
    const sme = await createAccount(ctx.db, { role: 'sme', level: 8 });
    const token = await loginAs(ctx.app, sme);
    expect(body(await get('/api/v1/auth/me', token)).content).toMatchObject({ role: 'sme', mfa: false, mfaRequired: false, mfaSetupRequired: false });
    const there = await smesToo.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect(body(there).content).toMatchObject({ role: 'sme', mfa: false, mfaRequired: true, mfaSetupRequired: true });
  });
});

describe('MFA_REQUIRED_ROLES', () => {
  it('defaults to the back-office roles, may be empty and refuses an unknown role', () => {
    const base = { SESSION_SECRET: TEST_SESSION_SECRET, DATA_DIR: '/tmp' };
    expect(loadConfig(base).mfaRequiredRoles).toEqual(['admin', 'bank', 'insurance']);
    expect(loadConfig({ ...base, MFA_REQUIRED_ROLES: '' }).mfaRequiredRoles).toEqual([]);
    expect(loadConfig({ ...base, MFA_REQUIRED_ROLES: ' admin , sme ' }).mfaRequiredRoles).toEqual(['admin', 'sme']);
    expect(() => loadConfig({ ...base, MFA_REQUIRED_ROLES: 'admin,root' })).toThrow(/MFA_REQUIRED_ROLES/);
  });
});
