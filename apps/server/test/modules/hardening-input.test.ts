// Bad input at the edge: control characters, amounts that are not whole cents, weak passwords,
// URLs and tokens the framework cannot use, and the headers every answer carries.
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, amountDecimalsMessage } from '@qist/domain';
import { categories, preregistrations, smes, users, verificationCodes } from '../../src/db/schema/index.js';
import { createBackOfficeAccount } from '../../src/modules/auth/back-office.js';
import { signToken } from '../../src/lib/tokens.js';
import { bearer, body, createAccount, loginAs, seedCategories, uniqueEmail, useTestApp } from '../helpers.js';

const ctx = useTestApp();

const preRegistration = (overrides: Record<string, unknown> = {}) => ({
  CompanyName: 'Gulf Trading',
  BusinessSector: 'Retail',
  YearOfEstablishment: new Date().getUTCFullYear(),
  CompanyEmail: 'owner@gulf.example',
  CompanyPhone: '12345678',
  LoanAmount: 5000,
  ...overrides,
});

async function staff(role: 'admin' | 'bank' | 'insurance') {
  return bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role })));
}

async function countOf(table: typeof preregistrations | typeof categories) {
  const [row] = await ctx.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

describe('control characters', () => {
  it('refuses a NUL byte in a public pre-registration with 400, storing nothing', async () => {
    const before = await countOf(preregistrations);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/ads/form/register', payload: preRegistration({ CompanyName: 'a\u0000b' }) });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ status: false, msg: MESSAGES.controlCharacters });
    expect(await countOf(preregistrations)).toBe(before);
  });

  it('refuses them in information forms, decisions, categories and sign-up codes', async () => {
    const ids = await seedCategories(ctx.db, ['Textiles']);
    const sme = await createAccount(ctx.db, { role: 'sme', level: 2 });
    const admin = await staff('admin');
    const cases: [string, string, Record<string, string>, object][] = [
      ['POST', '/api/v1/sme/info/add', bearer(await loginAs(ctx.app, sme)), {
        firstname: 'Huda\u0007', lastname: 'Ali', companyTile: 'Huda Co', companyDesc: 'desc', address: 'Kuwait',
        categoriesSelected: [ids.Textiles], requestCredit: 100,
      }],
      ['POST', '/api/v1/admin/sme/verify', admin, { smeId: '00000000-0000-4000-8000-000000000000', desc: 'ok\u0000' }],
      ['POST', '/api/v1/admin/category', admin, { title: 'Tea\u0000', desc: 'leaves' }],
      ['PUT', '/api/v1/admin/signup-codes', admin, { role: 'sme', code: 'CODE\u0000CODE' }],
      ['POST', '/api/v1/auth/register', {}, { email: uniqueEmail(), password: 'sturdy\u0000ledger', role: 'sme', code: 'SME-DEMO-CODE' }],
    ];
    const categoriesBefore = await countOf(categories);
    for (const [method, url, headers, payload] of cases) {
      const response = await ctx.app.inject({ method: method as 'POST', url, headers, payload });
      expect({ url, status: response.statusCode, body: body(response) }).toEqual({
        url,
        status: 400,
        body: { status: false, msg: MESSAGES.controlCharacters },
      });
    }
    expect(await countOf(categories)).toBe(categoriesBefore);
    const [row] = await ctx.db.select({ level: smes.level }).from(smes).where(eq(smes.userId, sme.id));
    expect(row?.level).toBe(2);
  });

  it('answers a NUL byte in a file name of the path with a 4xx envelope', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/pub/sme/doc/file/%00' });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ status: false, msg: MESSAGES.fileNotFound });
  });
});

describe('amounts', () => {
  it.each([
    [0.004, amountDecimalsMessage()],
    [1.005, amountDecimalsMessage()],
    [250_000.001, amountDecimalsMessage()],
    [0, MESSAGES.requestCreditPositive],
  ])('refuses a requested credit of %s', async (requestCredit, msg) => {
    const ids = await seedCategories(ctx.db, [`Cat ${requestCredit}`]);
    const sme = await createAccount(ctx.db, { role: 'sme', level: 2 });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sme/info/add',
      headers: bearer(await loginAs(ctx.app, sme)),
      payload: {
        firstname: 'Huda', lastname: 'Ali', companyTile: 'Huda Co', companyDesc: 'desc', address: 'Kuwait',
        categoriesSelected: Object.values(ids), requestCredit,
      },
    });
    expect(body(response)).toEqual({ status: false, msg });
    const [row] = await ctx.db.select({ level: smes.level, creditRequest: smes.creditRequest }).from(smes).where(eq(smes.userId, sme.id));
    expect(row).toEqual({ level: 2, creditRequest: 0 });
  });

  it('refuses a granted credit that rounds to nothing or has more than 2 decimals', async () => {
    const insurer = await createAccount(ctx.db, { role: 'insurance' });
    const headers = bearer(await loginAs(ctx.app, insurer));
    const sme = await createAccount(ctx.db, { role: 'sme', level: 6 });
    const [row] = await ctx.db.select({ id: smes.id }).from(smes).where(eq(smes.userId, sme.id));
    for (const credit of [0.001, 0.004, 100.555, 10_000.004, 999_999_999.999]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/insurance/sme/verify', headers, payload: { smeId: row!.id, desc: '', credit } });
      expect(body(response)).toEqual({ status: false, msg: amountDecimalsMessage() });
    }
    const [after] = await ctx.db.select({ level: smes.level, creditLimit: smes.creditLimit }).from(smes).where(eq(smes.userId, sme.id));
    expect(after).toEqual({ level: 6, creditLimit: 0 });
  });

  it('refuses a pre-registration loan amount with 3 decimals', async () => {
    for (const LoanAmount of [10.123, 50_000.004]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/ads/form/register', payload: preRegistration({ LoanAmount }) });
      expect(body(response)).toEqual({ status: false, msg: amountDecimalsMessage() });
    }
  });
});

describe('weak passwords', () => {
  it.each([
    ['password', MESSAGES.passwordTooCommon],
    ['12345678', MESSAGES.passwordTooCommon],
    ['qwertyui', MESSAGES.passwordTooCommon],
    ['aaaaaaaa', MESSAGES.passwordTooSimple],
  ])('refuses %s at sign-up and creates no account', async (password, msg) => {
    const email = uniqueEmail();
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { email, password, role: 'sme', code: 'SME-DEMO-CODE' } });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ status: false, msg });
    const [row] = await ctx.db.select({ n: count() }).from(users).where(eq(users.email, email));
    expect(row?.n).toBe(0);
  });

  it('refuses a common password for a back-office account too', async () => {
    const email = uniqueEmail('ops');
    await expect(createBackOfficeAccount(ctx.db, { role: 'bank', email, password: 'password1' })).rejects.toThrow(MESSAGES.passwordTooCommon);
    const [row] = await ctx.db.select({ n: count() }).from(users).where(eq(users.email, email));
    expect(row?.n).toBe(0);
  });
});

describe('answers outside the routes', () => {
  it('answers a URL that cannot be decoded with the envelope, without echoing it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/sme/show/%C0%AE' });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ status: false, msg: MESSAGES.invalidRequest });
    expect(response.body).not.toContain('%C0');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('refuses a validly signed token whose session id is not a uuid with 401', async () => {
    const token = signToken({ sid: "x' or 1=1 --", exp: Math.floor(Date.now() / 1000) + 3600 }, ctx.config.sessionSecret);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect(response.statusCode).toBe(401);
    expect(body(response)).toEqual({ status: false, msg: MESSAGES.sessionExpired });
  });

  it('answers HEAD on a GET with effects with 405 and Allow: GET: no code is sent', async () => {
    const sme = await createAccount(ctx.db, { role: 'sme', level: 0 });
    const response = await ctx.app.inject({ method: 'HEAD', url: '/api/v1/sme/email/resend', headers: bearer(await loginAs(ctx.app, sme)) });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET');
    expect(response.body).toBe('');
    const codes = await ctx.db.select().from(verificationCodes).where(eq(verificationCodes.userId, sme.id));
    expect(codes).toHaveLength(0);
  });
});

describe('headers', () => {
  it('marks authenticated JSON as not to be stored, and sends the permissions policy', async () => {
    const sme = await createAccount(ctx.db, { role: 'sme', level: 0 });
    const headers = bearer(await loginAs(ctx.app, sme));
    for (const url of ['/api/v1/auth/me', '/api/v1/sme/profile/get', '/api/v1/sme/email/resend']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['permissions-policy']).toContain('camera=()');
    }
    const outbox = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/outbox/list', headers: await staff('admin') });
    expect(outbox.statusCode).toBe(200);
    expect(outbox.headers['cache-control']).toBe('no-store');
  });

  it('sends HSTS only over HTTPS', async () => {
    const plain = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('headers behind a trusted proxy', () => {
  const proxied = useTestApp({ env: { TRUST_PROXY: 'true' } });

  it('sends HSTS when the proxy says the request came over HTTPS', async () => {
    const secure = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
