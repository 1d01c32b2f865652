// Back-office users (DESIGN §8): the admin's list, invitation by link → first password → sign-in →
// two-step set-up (the role's routes opening only once a code confirms it), disabling (every session ends, on another API process too) and enabling, and the rules about
// admins (not itself, not the last active one, even when two admins disable each other at once).
import { and, count, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@qist/domain';
import { insuranceCompanies, mfaRecoveryCodes, outboxMessages, passwordResetTokens, sessions, users } from '../../src/db/schema/index.js';
import { MFA_SECRET_PURPOSE, createSecretBox } from '../../src/lib/secret-box.js';
import { totpCode } from '../../src/lib/totp.js';
import { hashRecoveryCode } from '../../src/modules/auth/mfa-service.js';
import { hashResetToken } from '../../src/modules/auth/password-service.js';
import {
  TEST_SESSION_SECRET,
  bearer,
  body,
  createAccount,
  loginAs,
  auditEventsOf,
  uniqueEmail,
  useSecondApp,
  useTestApp,
  type TestAccount,
  type TestContext,
} from '../helpers.js';

const HOUR = 3_600_000;
const PASSWORD = 'quiet-harbour-lantern-7';

const clock = { now: new Date('2026-05-01T08:00:00.000Z') };
const ctx = useTestApp({ clock: () => clock.now, env: { PUBLIC_URL: 'https://qist.example' } });

function call(ctx: TestContext, token: string, url: string, payload: object): Promise<LightMyRequestResponse> {
  return ctx.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
}
const invite = (token: string, payload: object) => call(ctx, token, '/api/v1/admin/user/invite', payload);
const disable = (token: string, userId: string) => call(ctx, token, '/api/v1/admin/user/disable', { userId });
const enable = (token: string, userId: string) => call(ctx, token, '/api/v1/admin/user/enable', { userId });
const setPassword = (token: string, password = PASSWORD) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/auth/password/set', payload: { token, password } });
const signIn = (app: FastifyInstance, email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
const me = (app: FastifyInstance, token: string) => app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });

async function inviteToken(email: string): Promise<string> {
  const [message] = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
  const match = /\/auth\/set-password\?token=([\w-]+)/.exec(message?.body ?? '');
  if (!match?.[1]) throw new Error(`no invitation for ${email}`);
  return match[1];
}

async function userRow(id: string) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function openSessions(userId: string): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(sessions).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  return row?.n ?? 0;
}

let admin: TestAccount;
let adminToken: string;

beforeAll(async () => {
  admin = await createAccount(ctx.db, { role: 'admin' });
  adminToken = await loginAs(ctx.app, admin);
});

describe('the list', () => {
  it('lists back-office users only, with company, MFA, active and last sign-in', async () => {
    const insurer = await createAccount(ctx.db, { role: 'insurance', company: 'Gulf Mutual' });
    const sme = await createAccount(ctx.db, { role: 'sme' });
    const before = Date.now();
    await loginAs(ctx.app, insurer);
    const unenrolled = await createAccount(ctx.db, { role: 'bank', mfa: false });

    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/user/list?perPage=100', headers: bearer(adminToken) });
    expect(response.statusCode).toBe(200);
    const { users: list, count: total } = body(response).content;
    expect(total).toBe(list.length);
    expect(list.map((u: { _id: string }) => u._id)).not.toContain(sme.id);
    const row = list.find((u: { _id: string }) => u._id === insurer.id);
    expect(row).toEqual({
      _id: insurer.id,
      email: insurer.email,
      role: 'insurance',
      company: 'Gulf Mutual',
      mfa: true,
      active: true,
      pending: false,
      lastSignInAt: expect.any(String),
    });
    expect(Date.parse(row.lastSignInAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(list.find((u: { _id: string }) => u._id === admin.id)).toMatchObject({ role: 'admin', company: null, mfa: true, active: true });
    expect(list.find((u: { _id: string }) => u._id === unenrolled.id)).toMatchObject({ role: 'bank', mfa: false, active: true, lastSignInAt: null });
  });
});

describe('invitation', () => {
  it('invites → the link in the outbox → the first password → sign-in; the link works once', async () => {
    const email = uniqueEmail('Bank-Invitee').toUpperCase();
    const response = await invite(adminToken, { email, role: 'bank' });
    expect(response.statusCode).toBe(200);
    const user = body(response).content.user;
    expect(user).toMatchObject({ email: email.toLowerCase(), role: 'bank', company: null, mfa: false, active: false, pending: true, lastSignInAt: null });

    const [message] = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email.toLowerCase()));
    expect(message).toMatchObject({ channel: 'email', status: 'demo' });
    expect(message!.subject).toContain('invitation');
    expect(message!.subject).toContain('دعوتك');
    const token = await inviteToken(email.toLowerCase());
    expect(message!.body).toContain(`https://qist.example/auth/set-password?token=${token}`);
    const [stored] = await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user._id));
    expect(stored).toMatchObject({ purpose: 'invite', tokenHash: hashResetToken(token), usedAt: null });
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(24 * HOUR);

    // Not yet: the invitee's password is not known to anyone.
    expect((await signIn(ctx.app, email, PASSWORD)).statusCode).toBe(401);
    // The invitation is no reset link, and a pending account asks for none.
    const asReset = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/password/reset', payload: { token, password: PASSWORD } });
    expect(body(asReset).msg).toBe(MESSAGES.resetLinkInvalid);

    const weak = await setPassword(token, '12345678');
    expect(weak.statusCode).toBe(400);
    const set = await setPassword(token);
    expect(set.statusCode).toBe(200);
    expect(body(set)).toEqual({ status: true, content: {} });
    expect(await userRow(user._id)).toMatchObject({ active: true, invitedAt: null });

    const again = await setPassword(token, 'another-harbour-lantern-8');
    expect(again.statusCode).toBe(400);
    expect(body(again).msg).toBe(MESSAGES.inviteLinkInvalid);

    const login = await signIn(ctx.app, email, PASSWORD);
    expect(login.statusCode).toBe(200);
    expect(body(login).content['user-role']).toBe('bank');
    expect((await userRow(user._id)).lastSignInAt).not.toBeNull();
    // The invitation and the first sign-in are in the audit trail; the refused attempts before are failures.
    expect((await auditEventsOf(ctx.db, user._id)).map((e) => [e.action, e.actor, e.detail])).toEqual([
      ['user.invited', admin.email, { email: email.toLowerCase(), role: 'bank', company: null, again: false }],
      // Before the password was set nobody knew it: a wrong password, like any other.
      ['auth.sign-in.failed', email.toLowerCase(), { reason: 'wrong-password' }],
      ['auth.sign-in.succeeded', email.toLowerCase(), { method: 'password' }],
    ]);
  });

  it('refuses an expired invitation and changes nothing', async () => {
    const email = uniqueEmail('late');
    expect((await invite(adminToken, { email, role: 'admin' })).statusCode).toBe(200);
    const token = await inviteToken(email);
    const start = clock.now;
    clock.now = new Date(start.getTime() + 24 * HOUR + 1000);
    try {
      const late = await setPassword(token);
      expect(late.statusCode).toBe(400);
      expect(body(late).msg).toBe(MESSAGES.inviteLinkInvalid);
    } finally {
      clock.now = start;
    }
    const [row] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ active: false, invitedAt: expect.any(Date) });
  });

  it('puts an insurance user in its company and requires the company', async () => {
    const missing = await invite(adminToken, { email: uniqueEmail('ins'), role: 'insurance' });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).msg).toBe(MESSAGES.companyRequiredForInsurance);

    const email = uniqueEmail('ins');
    const response = await invite(adminToken, { email, role: 'insurance', company: 'Nile Re Invited' });
    expect(body(response).content.user).toMatchObject({ role: 'insurance', company: 'Nile Re Invited', pending: true });
    const [company] = await ctx.db.select().from(insuranceCompanies).where(eq(insuranceCompanies.name, 'Nile Re Invited'));
    expect((await userRow(body(response).content.user._id)).insuranceCompanyId).toBe(company!.id);
  });

  it('invites a pending email again: a new link (role and company may change), the old one dropped; no enable or disable meanwhile', async () => {
    const email = uniqueEmail('again');
    const first = body(await invite(adminToken, { email, role: 'bank' })).content.user;
    const oldToken = await inviteToken(email);
    expect((await enable(adminToken, first._id)).statusCode).toBe(409);
    const refused = await disable(adminToken, first._id);
    expect(body(refused)).toEqual({ status: false, msg: MESSAGES.userPending });

    const again = await invite(adminToken, { email, role: 'insurance', company: 'Second Invite Re' });
    expect(again.statusCode).toBe(200);
    expect(body(again).content.user).toMatchObject({ _id: first._id, role: 'insurance', company: 'Second Invite Re', pending: true, active: false });
    expect((await auditEventsOf(ctx.db, first._id)).map((e) => [e.action, e.detail])).toEqual([
      ['user.invited', { email, role: 'bank', company: null, again: false }],
      ['user.invited', { email, role: 'insurance', company: 'Second Invite Re', again: true }],
    ]);
    const messages = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
    expect(messages).toHaveLength(2);
    const newToken = /\/auth\/set-password\?token=([\w-]+)/.exec(messages.find((m) => !m.body.includes(oldToken))!.body)![1]!;
    expect(body(await setPassword(oldToken)).msg).toBe(MESSAGES.inviteLinkInvalid);
    expect((await setPassword(newToken)).statusCode).toBe(200);
    expect(body(await signIn(ctx.app, email, PASSWORD)).content['user-role']).toBe('insurance');
    // Accepted, the email is taken like any other.
    expect((await invite(adminToken, { email, role: 'bank' })).statusCode).toBe(409);
  });

  it('answers 409 for an email already used, and sends nothing', async () => {
    const taken = await createAccount(ctx.db, { role: 'sme' });
    const response = await invite(adminToken, { email: taken.email, role: 'bank' });
    expect(response.statusCode).toBe(409);
    expect(body(response)).toEqual({ status: false, msg: MESSAGES.emailTaken });
    expect(await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, taken.email))).toEqual([]);
  });
});

describe('invitation → first password → two-step set-up', () => {
  it('a bank invitee sets its password, is held to the set-up, and reaches its role once a code confirms the secret', async () => {
    const email = uniqueEmail('bank-enrol');
    const invited = await invite(adminToken, { email, role: 'bank' });
    expect(invited.statusCode).toBe(200);
    const userId = body(invited).content.user._id as string;
    expect(body(await setPassword(await inviteToken(email)))).toEqual({ status: true, content: {} });

    // The password alone opens a session: the account has no second step yet, and its role needs one.
    const login = await signIn(ctx.app, email, PASSWORD);
    expect(login.statusCode).toBe(200);
    const content = body(login).content;
    expect(content).toEqual({
      token: expect.any(String),
      'user-role': 'bank',
      user: { _id: userId, name: expect.any(String), level: null, auth_id: { email }, language: 'en' },
    });
    const token = content.token as string;
    expect(body(await me(ctx.app, token)).content).toMatchObject({ role: 'bank', mfa: false, mfaRequired: true, mfaSetupRequired: true });
    const dashboard = () => ctx.app.inject({ method: 'GET', url: '/api/v1/bank/dashboard', headers: bearer(token) });
    const refused = await dashboard();
    expect({ status: refused.statusCode, body: body(refused) }).toEqual({ status: 403, body: { status: false, msg: MESSAGES.mfaSetupRequired } });

    const setup = await call(ctx, token, '/api/v1/auth/mfa/setup', {});
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = body(setup).content;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(new URL(otpauthUrl).searchParams.get('secret')).toBe(secret);
    // A secret waiting for its code opens nothing yet.
    expect((await dashboard()).statusCode).toBe(403);
    expect(await userRow(userId)).toMatchObject({ mfaSecret: null, mfaEnabledAt: null });

    const enable = await call(ctx, token, '/api/v1/auth/mfa/enable', { code: totpCode(secret, ctx.app.mfaClock()) });
    expect(enable.statusCode).toBe(200);
    const { recoveryCodes } = body(enable).content as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);

    // The same session now reaches the bank's routes.
    const opened = await dashboard();
    expect(opened.statusCode).toBe(200);
    expect(body(opened).status).toBe(true);
    expect(body(await me(ctx.app, token)).content).toMatchObject({ mfa: true, mfaSetupRequired: false });

    const row = await userRow(userId);
    expect(row).toMatchObject({ active: true, invitedAt: null, mfaPendingSecret: null, mfaEnabledAt: expect.any(Date) });
    expect(createSecretBox(TEST_SESSION_SECRET, MFA_SECRET_PURPOSE).open(row.mfaSecret!)).toBe(secret);
    // The recovery codes are kept as hashes only, ten of them, none used.
    const stored = await ctx.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    expect(stored).toHaveLength(10);
    expect(stored.map((r) => r.codeHash).sort()).toEqual(recoveryCodes.map(hashRecoveryCode).sort());
    for (const code of stored) {
      expect(recoveryCodes).not.toContain(code.codeHash);
      expect(code.usedAt).toBeNull();
    }
    expect((await auditEventsOf(ctx.db, userId)).map((e) => [e.action, e.actor, e.detail])).toEqual([
      ['user.invited', admin.email, { email, role: 'bank', company: null, again: false }],
      ['auth.sign-in.succeeded', email, { method: 'password' }],
      ['auth.mfa.enabled', email, { recoveryCodes: 10 }],
    ]);

    // From now on the password alone opens no session: the code step follows.
    expect(body(await signIn(ctx.app, email, PASSWORD)).content).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
  });
});

describe('disable and enable', () => {
  it('ends every session at once, refuses sign-in with a clear sentence after the right password, and enable lets it back', async () => {
    const bank = await createAccount(ctx.db, { role: 'bank' });
    const first = await loginAs(ctx.app, bank);
    const second = await loginAs(ctx.app, bank);
    expect((await me(ctx.app, first)).statusCode).toBe(200);

    const response = await disable(adminToken, bank.id);
    expect(response.statusCode).toBe(200);
    expect(body(response).content.user).toMatchObject({ _id: bank.id, active: false });
    expect((await me(ctx.app, first)).statusCode).toBe(401);
    expect((await me(ctx.app, second)).statusCode).toBe(401);
    expect(await openSessions(bank.id)).toBe(0);

    const refused = await signIn(ctx.app, bank.email, bank.password);
    expect(refused.statusCode).toBe(403);
    expect(body(refused).msg).toBe(MESSAGES.accountDisabled);
    // A wrong password says what it always says.
    expect(body(await signIn(ctx.app, bank.email, 'not-the-password')).msg).toBe(MESSAGES.invalidCredentials);
    expect(await openSessions(bank.id)).toBe(0);

    const enabled = await enable(adminToken, bank.id);
    expect(enabled.statusCode).toBe(200);
    expect(body(enabled).content.user).toMatchObject({ active: true });
    expect((await signIn(ctx.app, bank.email, bank.password)).statusCode).toBe(200);
    expect((await auditEventsOf(ctx.db, bank.id)).map((e) => [e.action, e.actor, e.detail])).toEqual([
      ['auth.sign-in.succeeded', bank.email, { method: 'totp' }],
      ['auth.sign-in.succeeded', bank.email, { method: 'totp' }],
      ['user.disabled', admin.email, { email: bank.email, role: 'bank', sessionsEnded: 2 }],
      ['auth.sign-in.failed', bank.email, { reason: 'account-disabled' }],
      ['auth.sign-in.failed', bank.email, { reason: 'wrong-password' }],
      ['user.enabled', admin.email, { email: bank.email, role: 'bank' }],
      // The last password was right; its code step is not taken here, so no session and no event yet.
    ]);
  });

  it('refuses an admin disabling itself', async () => {
    const response = await disable(adminToken, admin.id);
    expect(response.statusCode).toBe(400);
    expect(body(response).msg).toBe(MESSAGES.cannotDisableSelf);
    expect((await userRow(admin.id)).active).toBe(true);
  });

  it('answers 404 for an SME or an unknown id', async () => {
    const sme = await createAccount(ctx.db, { role: 'sme' });
    expect((await disable(adminToken, sme.id)).statusCode).toBe(404);
    expect((await disable(adminToken, '0b5f2a8e-3c1d-4e7f-9a6b-2d4c8e1f3a5b')).statusCode).toBe(404);
    expect((await userRow(sme.id)).active).toBe(true);
  });
});

describe('the last active admin', () => {
  const solo = useTestApp();

  it('is never disabled, even when two admins disable each other at once', async () => {
    const [a, b] = [await createAccount(solo.db, { role: 'admin' }), await createAccount(solo.db, { role: 'admin' })];
    for (let round = 0; round < 5; round += 1) {
      const [tokenA, tokenB] = [await loginAs(solo.app, a), await loginAs(solo.app, b)];
      const answers = await Promise.all([
        solo.app.inject({ method: 'POST', url: '/api/v1/admin/user/disable', payload: { userId: b.id }, headers: bearer(tokenA) }),
        solo.app.inject({ method: 'POST', url: '/api/v1/admin/user/disable', payload: { userId: a.id }, headers: bearer(tokenB) }),
      ]);
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses[0]).toBe(200);
      // The other is refused: its session already ended (401), or it was the last active admin (409).
      expect([401, 403, 409]).toContain(statuses[1]);
      const refusal = answers.find((r) => r.statusCode !== 200)!;
      if (refusal.statusCode === 409) expect(body(refusal).msg).toBe(MESSAGES.cannotDisableLastAdmin);
      const active = await solo.db.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), eq(users.active, true)));
      expect(active).toHaveLength(1);
      const survivor = active[0]!.id === a.id ? tokenA : tokenB;
      const other = active[0]!.id === a.id ? b : a;
      const last = await solo.app.inject({ method: 'POST', url: '/api/v1/admin/user/disable', payload: { userId: active[0]!.id }, headers: bearer(survivor) });
      expect(body(last).msg).toBe(MESSAGES.cannotDisableSelf);
      expect((await solo.app.inject({ method: 'POST', url: '/api/v1/admin/user/enable', payload: { userId: other.id }, headers: bearer(survivor) })).statusCode).toBe(200);
    }
  });
});

describe('two API processes', () => {
  const second = useSecondApp(ctx, { clock: () => clock.now });

  it('refuses a disabled user’s sessions on the other process at once, including one it has just served', async () => {
    const bank = await createAccount(ctx.db, { role: 'bank' });
    const served = await loginAs(ctx.app, bank);
    const unseen = await loginAs(second.app, bank);
    // The other process has just served the first session.
    expect((await me(second.app, served)).statusCode).toBe(200);

    expect((await disable(adminToken, bank.id)).statusCode).toBe(200);
    for (const token of [served, unseen]) {
      const refused = await me(second.app, token);
      expect(refused.statusCode).toBe(401);
      expect(body(refused).status).toBe(false);
      expect((await me(ctx.app, token)).statusCode).toBe(401);
    }
    expect(await openSessions(bank.id)).toBe(0);
  });

  it('refuses the session of an account made inactive without its sessions revoked', async () => {
    const bank = await createAccount(ctx.db, { role: 'bank' });
    const token = await loginAs(second.app, bank);
    expect((await me(second.app, token)).statusCode).toBe(200);
    await ctx.db.update(users).set({ active: false }).where(eq(users.id, bank.id));
    expect((await me(second.app, token)).statusCode).toBe(401);
    expect(await openSessions(bank.id)).toBe(1);
  });
});
