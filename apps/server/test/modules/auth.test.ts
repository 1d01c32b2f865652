import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@qist/domain';
import { providers, rateEvents, sessions, smes, users } from '../../src/db/schema/index.js';
import { bearer, body, createAccount, loginAs, uniqueEmail, useTestApp } from '../helpers.js';

const ctx = useTestApp({
  prepare(app) {
    app.get('/api/v1/test/admin-only', { config: { access: ['admin'] } }, async () => ({ status: true, content: { ok: 1 } }));
  },
});

async function countUsers(email: string): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(users).where(eq(users.email, email.toLowerCase()));
  return row?.n ?? 0;
}

function register(payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload });
}

describe('POST /api/v1/auth/register', () => {
  it('creates an SME at level 0 with an open session and answers the spec content', async () => {
    const email = uniqueEmail('sme');
    const response = await register({ email, password: 'sturdy-ledger-42', role: 'sme', code: 'SME-DEMO-CODE' });
    expect(response.statusCode).toBe(200);
    const { status, content } = body(response);
    expect(status).toBe(true);
    expect(content['user-role']).toBe('sme');
    expect(content.user.level).toBe(0);
    expect(content.user.auth_id.email).toBe(email);
    expect(content.token).toMatch(/^[\w-]+\.[\w-]+$/);

    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(user?.role).toBe('sme');
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const [sme] = await ctx.db.select().from(smes).where(eq(smes.userId, user!.id));
    expect(sme?.level).toBe(0);
    const open = await ctx.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(open).toHaveLength(1);
  });

  it('accepts the supplier code in any case and creates a supplier profile', async () => {
    const email = uniqueEmail('supplier');
    const response = await register({ email, password: 'sturdy-ledger-42', role: 'provider', code: '  supplier-demo-code ' });
    expect(body(response).content['user-role']).toBe('provider');
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    const rows = await ctx.db.select().from(providers).where(eq(providers.userId, user!.id));
    expect(rows.map((r) => r.level)).toEqual([0]);
  });

  it('refuses a wrong code and creates nothing', async () => {
    const email = uniqueEmail('wrong');
    const response = await register({ email, password: 'sturdy-ledger-42', role: 'sme', code: 'GUESS' });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ status: false, msg: MESSAGES.codeWrong });
    expect(await countUsers(email)).toBe(0);
  });

  it("refuses the other role's code", async () => {
    const email = uniqueEmail('cross');
    const response = await register({ email, password: 'sturdy-ledger-42', role: 'sme', code: 'SUPPLIER-DEMO-CODE' });
    expect(body(response)).toEqual({ status: false, msg: MESSAGES.codeWrong });
    expect(await countUsers(email)).toBe(0);
  });

  it.each(['admin', 'bank', 'insurance'])('refuses self-registration as %s', async (role) => {
    const email = uniqueEmail(role);
    const response = await register({ email, password: 'sturdy-ledger-42', role, code: 'SME-DEMO-CODE' });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ status: false, msg: MESSAGES.roleRequired });
    expect(await countUsers(email)).toBe(0);
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const email = uniqueEmail('dup');
    await register({ email, password: 'sturdy-ledger-42', role: 'sme', code: 'SME-DEMO-CODE' });
    const response = await register({ email: email.toUpperCase(), password: 'sturdy-ledger-42', role: 'provider', code: 'SUPPLIER-DEMO-CODE' });
    expect(response.statusCode).toBe(409);
    expect(body(response)).toEqual({ status: false, msg: MESSAGES.emailTaken });
    expect(await countUsers(email)).toBe(1);
  });

  it.each([
    [{ password: 'sturdy-ledger-42', role: 'sme', code: 'x' }, MESSAGES.emailRequired],
    [{ email: 'not-an-email', password: 'sturdy-ledger-42', role: 'sme', code: 'x' }, MESSAGES.emailInvalid],
    [{ email: 'a@b.co', role: 'sme', code: 'x' }, MESSAGES.passwordRequired],
    [{ email: 'a@b.co', password: 'short', role: 'sme', code: 'x' }, MESSAGES.passwordTooShort],
    [{ email: 'a@b.co', password: 'sturdy-ledger-42', role: 'sme', code: '' }, MESSAGES.codeRequired],
  ])('names the field of invalid input %#', async (payload, msg) => {
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ status: false, msg });
    expect(await countUsers('a@b.co')).toBe(0);
  });
});

describe('POST /api/v1/auth/login', () => {
  it('answers the token, role, name, email and level', async () => {
    const account = await createAccount(ctx.db, { role: 'sme', level: 3 });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: account.email.toUpperCase(), password: account.password },
    });
    expect(response.statusCode).toBe(200);
    const { content } = body(response);
    expect(content['user-role']).toBe('sme');
    expect(content.user).toMatchObject({ _id: account.id, level: 3, auth_id: { email: account.email } });
    expect(typeof content.user.name).toBe('string');
  });

  it('gives back-office accounts no level', async () => {
    const account = await createAccount(ctx.db, { role: 'bank' });
    const token = await loginAs(ctx.app, account);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect(body(me).content).toMatchObject({ role: 'bank', user: { level: null, auth_id: { email: account.email } } });
  });

  it('refuses a wrong password or an unknown email with one message and records the failure', async () => {
    const account = await createAccount(ctx.db, { role: 'provider' });
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: account.email, password: 'not-the-password' },
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: uniqueEmail('ghost'), password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(body(wrong)).toEqual({ status: false, msg: MESSAGES.invalidCredentials });
    expect(body(unknown)).toEqual({ status: false, msg: MESSAGES.invalidCredentials });
    const failures = await ctx.db.select().from(rateEvents).where(eq(rateEvents.subject, account.email));
    expect(failures.map((f) => f.kind)).toEqual(['login_failed']);
    const open = await ctx.db.select().from(sessions).where(eq(sessions.userId, account.id));
    expect(open).toHaveLength(0);
  });
});

describe('sessions and access', () => {
  it('logout revokes the token on the server', async () => {
    const account = await createAccount(ctx.db, { role: 'admin' });
    const token = await loginAs(ctx.app, account);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) })).statusCode).toBe(200);

    const logout = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(token) });
    expect(body(logout)).toEqual({ status: true, content: {} });
    const [session] = await ctx.db.select().from(sessions).where(eq(sessions.userId, account.id));
    expect(session?.revokedAt).toBeInstanceOf(Date);

    const after = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(body(after)).toEqual({ status: false, msg: MESSAGES.sessionExpired });
  });

  it('answers 401 without a token and for a tampered one', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me' });
    expect(none.statusCode).toBe(401);
    expect(body(none)).toEqual({ status: false, msg: MESSAGES.loginRequired });

    const account = await createAccount(ctx.db, { role: 'sme' });
    const token = await loginAs(ctx.app, account);
    const [payload, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ sid: '00000000-0000-0000-0000-000000000000', exp: 4_000_000_000 })).toString('base64url')}.${signature}`;
    for (const bad of [`${payload}.x${signature}`, forged, 'garbage']) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(bad) });
      expect(response.statusCode).toBe(401);
    }
  });

  it("answers 403 to a role a route does not name and lets that route's role through", async () => {
    const sme = await createAccount(ctx.db, { role: 'sme' });
    const admin = await createAccount(ctx.db, { role: 'admin' });
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/v1/test/admin-only', headers: bearer(await loginAs(ctx.app, sme)) });
    expect(refused.statusCode).toBe(403);
    expect(body(refused)).toEqual({ status: false, msg: MESSAGES.forbidden });
    const allowed = await ctx.app.inject({ method: 'GET', url: '/api/v1/test/admin-only', headers: bearer(await loginAs(ctx.app, admin)) });
    expect(body(allowed)).toEqual({ status: true, content: { ok: 1 } });
  });
});
