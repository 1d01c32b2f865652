import { describe, expect, it, beforeAll } from 'vitest';
import { MESSAGES } from '@qist/domain';
import { bearer, body, createAccount, loginAs, useTestApp } from '../helpers.js';

const ctx = useTestApp();
let admin: Record<string, string>;
let bank: Record<string, string>;
beforeAll(async () => {
  admin = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'admin' })));
  bank = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'bank' })));
});

const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });

describe('SME and supplier lists', () => {
  it('page SMEs newest first, filter by level, and count', async () => {
    const created = [];
    for (const level of [4, 4, 4, 5, 1, 4, 4, 4, 4, 4, 4, 4, 5]) created.push(await createAccount(ctx.db, { role: 'sme', level }));
    const all = body(await get('/api/v1/admin/sme/list?page=1&perPage=10&sortBy=createdAt&order=desc&level=-10', admin)).content;
    expect(all.count).toBe(13);
    expect(all.smes).toHaveLength(10);
    expect(all.smes[0].auth_id.email).toBe(created.at(-1)!.email);
    const fours = body(await get('/api/v1/admin/sme/list?level=4&page=2', admin)).content;
    expect(fours.count).toBe(10);
    expect(fours.smes).toHaveLength(0);
    // The bank sees the SMEs from its own step on: none of the level-4 ones.
    expect(body(await get('/api/v1/bank/sme/list?level=4', bank)).content).toEqual({ smes: [], count: 0, cursors: { first: null, last: null } });
    const fives = body(await get('/api/v1/bank/sme/list?level=5', bank)).content;
    expect(fives.count).toBe(2);
    expect(fives.smes.map((s: { auth_id: { email: string } }) => s.auth_id.email)).toEqual([created[12]!.email, created[3]!.email]);
    expect(fives.smes[0]).toMatchObject({ level: 5, credit: { request: 0, limit: 0 }, info: { firstname: null } });
  });

  it('list suppliers with their discount rate, for the admin only', async () => {
    await createAccount(ctx.db, { role: 'provider', level: 4 });
    const { providers, count } = body(await get('/api/v1/admin/provider/list?level=4', admin)).content;
    expect(count).toBeGreaterThanOrEqual(1);
    expect(providers[0]).toMatchObject({ level: 4, tax_rate: null });
    expect((await get('/api/v1/admin/provider/list', bank)).statusCode).toBe(403);
  });

  it('show a profile and its timeline with the operator role, and 404 an unknown id', async () => {
    const account = await createAccount(ctx.db, { role: 'sme', level: 4 });
    const list = body(await get('/api/v1/admin/sme/list?level=4&perPage=100', admin)).content.smes;
    const smeId = list.find((s: { auth_id: { email: string } }) => s.auth_id.email === account.email)._id;
    await ctx.app.inject({ method: 'POST', url: '/api/v1/admin/sme/verify', headers: admin, payload: { smeId, desc: 'looks fine' } });
    const { sme } = body(await get(`/api/v1/admin/sme/show/${smeId}`, admin)).content;
    expect(sme).toMatchObject({ _id: smeId, level: 5, auth_id: { email: account.email } });
    const { logs } = body(await get(`/api/v1/admin/sme/log/list/${smeId}`, admin)).content;
    expect(logs).toMatchObject([{ level: 5, code: 'verified', params: {}, desc: 'looks fine', operator: { role: 'admin' } }]);
    const missing = await get('/api/v1/admin/sme/show/00000000-0000-4000-8000-000000000000', admin);
    expect(missing.statusCode).toBe(404);
    expect(body(missing).msg).toBe(MESSAGES.smeNotFound);
    expect(body(await get('/api/v1/admin/sme/show/not-a-uuid', admin)).msg).toBe(MESSAGES.notFound);
  });
});

describe('settings', () => {
  it('creates and edits industries with their messages, refusing a duplicate title', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/v1/admin/category', headers: admin, payload: { title: 'Marine Supplies', desc: 'Boats and chandlery' } });
    const { category } = body(created).content;
    expect(category).toMatchObject({ title: 'Marine Supplies', desc: 'Boats and chandlery' });
    expect(body(await ctx.app.inject({ method: 'POST', url: '/api/v1/admin/category', headers: admin, payload: { title: '', desc: 'x' } })).msg).toBe(MESSAGES.categoryTitleRequired);
    expect(body(await ctx.app.inject({ method: 'POST', url: '/api/v1/admin/category', headers: admin, payload: { title: 'X', desc: ' ' } })).msg).toBe(MESSAGES.categoryDescRequired);
    const duplicate = await ctx.app.inject({ method: 'POST', url: '/api/v1/admin/category', headers: admin, payload: { title: 'marine supplies', desc: 'again' } });
    expect(duplicate.statusCode).toBe(409);
    expect(body(duplicate).msg).toBe(MESSAGES.categoryTitleTaken);
    const edited = await ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/category', headers: admin, payload: { categoryId: category._id, title: 'Marine & Port Supplies', desc: 'Boats' } });
    expect(body(edited).content.category.title).toBe('Marine & Port Supplies');
    const { categories } = body(await get('/api/v1/admin/categories/list', admin)).content;
    expect(categories.map((c: { title: string }) => c.title)).toContain('Marine & Port Supplies');
    // Parties pick from the same list.
    const sme = await createAccount(ctx.db, { role: 'sme', level: 2 });
    const listed = body(await get('/api/v1/sme/categories/list', bearer(await loginAs(ctx.app, sme)))).content.categories;
    expect(listed.map((c: { _id: string }) => c._id)).toContain(category._id);
  });

  it('keeps the bank share rate between 0 and 0.99, 0.1 by default', async () => {
    expect(body(await get('/api/v1/admin/bank/share-rate', admin)).content).toEqual({ rate: 0.1 });
    const put = (rate: unknown) => ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/bank/share-rate', headers: admin, payload: { rate } });
    expect(body(await put(0.25)).content).toEqual({ rate: 0.25 });
    for (const bad of [1, -0.1, 'a lot']) expect(body(await put(bad))).toEqual({ status: false, msg: MESSAGES.shareRateInvalid });
    expect(body(await get('/api/v1/admin/bank/share-rate', admin)).content).toEqual({ rate: 0.25 });
    expect((await put(0.3)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/bank/share-rate', headers: bank, payload: { rate: 0.5 } })).statusCode).toBe(403);
  });

  it('changes a sign-up code: the new one registers, the old one no longer does', async () => {
    const changed = await ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/signup-codes', headers: admin, payload: { role: 'sme', code: 'GULF-SME-2027' } });
    expect(body(changed).content.codes).toEqual([
      { role: 'sme', code: 'GULF-SME-2027' },
      { role: 'provider', code: 'SUPPLIER-DEMO-CODE' },
    ]);
    const register = (code: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { email: `c-${code}-${Date.now()}@example.test`, password: 'sturdy-ledger-42', role: 'sme', code } });
    expect(body(await register('SME-DEMO-CODE')).msg).toBe(MESSAGES.codeWrong);
    expect(body(await register('gulf-sme-2027')).status).toBe(true);
    expect(body(await ctx.app.inject({ method: 'PUT', url: '/api/v1/admin/signup-codes', headers: admin, payload: { role: 'sme', code: 'abc' } })).msg).toBe(MESSAGES.signupCodeInvalid);
  });

  it('shows the demo outbox to the admin', async () => {
    const sme = await createAccount(ctx.db, { role: 'sme', level: 0 });
    await get('/api/v1/sme/email/resend', bearer(await loginAs(ctx.app, sme)));
    const { messages, count } = body(await get('/api/v1/admin/outbox/list?page=1&perPage=10', admin)).content;
    expect(count).toBeGreaterThanOrEqual(1);
    expect(messages[0]).toMatchObject({ channel: 'email', recipient: sme.email, status: 'demo' });
    expect(messages[0].body).toMatch(/verification code is \d{6}/);
    expect((await get('/api/v1/admin/outbox/list', bank)).statusCode).toBe(403);
  });
});
