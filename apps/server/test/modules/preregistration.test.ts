import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BUSINESS_SECTORS, MESSAGES } from '@qist/domain';
import { preregistrations } from '../../src/db/schema/index.js';
import { bearer, body, createAccount, loginAs, useTestApp } from '../helpers.js';

const ctx = useTestApp({ env: { PREREGISTER_MAX_PER_HOUR: '40' } });
const THIS_YEAR = new Date().getUTCFullYear();

function valid(overrides: Record<string, unknown> = {}) {
  return {
    CompanyName: 'Al Dana Trading',
    BusinessSector: 'Retail',
    YearOfEstablishment: THIS_YEAR - 3,
    CompanyEmail: 'Owner@AlDana.example',
    CompanyPhone: '+965 (2200) 0000',
    LoanAmount: 12500.5,
    ...overrides,
  };
}

async function rowCount(): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(preregistrations);
  return row?.n ?? 0;
}

function send(payload: unknown, ip = '203.0.113.7') {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/ads/form/register', payload: payload as object, remoteAddress: ip });
}

describe('POST /api/v1/ads/form/register', () => {
  it('stores a valid expression of interest and answers it', async () => {
    const before = await rowCount();
    const response = await send(valid());
    expect(response.statusCode).toBe(200);
    const { form } = body(response).content;
    expect(form).toMatchObject({
      CompanyName: 'Al Dana Trading',
      BusinessSector: 'Retail',
      YearOfEstablishment: THIS_YEAR - 3,
      CompanyEmail: 'owner@aldana.example',
      CompanyPhone: '+965 (2200) 0000',
      LoanAmount: 12500.5,
    });
    expect(await rowCount()).toBe(before + 1);
    const [stored] = await ctx.db.select().from(preregistrations).where(eq(preregistrations.id, form._id));
    expect(stored?.loanAmount).toBe(1_250_050);
    expect(stored?.ip).toBe('203.0.113.7');
  });

  it('accepts the oldest offered year and the last sector, Other', async () => {
    const response = await send(valid({ YearOfEstablishment: THIS_YEAR - 49, BusinessSector: BUSINESS_SECTORS.at(-1) }));
    expect(body(response).content.form.BusinessSector).toBe('Other');
  });

  it.each([
    ['CompanyName', { CompanyName: '   ' }, MESSAGES.companyNameRequired],
    ['CompanyName missing', { CompanyName: undefined }, MESSAGES.companyNameRequired],
    ['BusinessSector', { BusinessSector: 'Piracy' }, MESSAGES.businessSectorRequired],
    ['YearOfEstablishment too old', { YearOfEstablishment: THIS_YEAR - 50 }, MESSAGES.yearRequired],
    ['YearOfEstablishment future', { YearOfEstablishment: THIS_YEAR + 1 }, MESSAGES.yearRequired],
    ['CompanyEmail missing', { CompanyEmail: '' }, MESSAGES.preRegisterEmailRequired],
    ['CompanyEmail invalid', { CompanyEmail: 'owner-at-example' }, MESSAGES.preRegisterEmailInvalid],
    ['CompanyPhone missing', { CompanyPhone: '' }, MESSAGES.telephoneRequired],
    ['CompanyPhone letters', { CompanyPhone: '+965 CALL-NOW' }, MESSAGES.telephoneInvalid],
    ['LoanAmount zero', { LoanAmount: 0 }, MESSAGES.loanAmountTooSmall],
    ['LoanAmount text', { LoanAmount: 'a lot' }, MESSAGES.loanAmountRequired],
    ['LoanAmount missing', { LoanAmount: undefined }, MESSAGES.loanAmountRequired],
  ])('refuses an invalid %s with its message and stores nothing', async (_name, overrides, msg) => {
    const before = await rowCount();
    const response = await send(valid(overrides));
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ status: false, msg });
    expect(await rowCount()).toBe(before);
  });
});

describe('GET /api/v1/admin/form/list', () => {
  it('pages the list newest first, ten at a time, with the total count', async () => {
    for (let i = 1; i <= 12; i += 1) await send(valid({ CompanyName: `Company ${String(i).padStart(2, '0')}` }), '198.51.100.1');
    const total = await rowCount();
    const token = await loginAs(ctx.app, await createAccount(ctx.db, { role: 'admin' }));

    const first = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/form/list?page=1&perPage=10', headers: bearer(token) }));
    expect(first.content.count).toBe(total);
    expect(first.content.forms).toHaveLength(10);
    expect(first.content.forms[0].CompanyName).toBe('Company 12');
    expect(first.content.forms[9].CompanyName).toBe('Company 03');
    const times = first.content.forms.map((f: { createdAt: string }) => Date.parse(f.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const second = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/form/list?page=2&perPage=10', headers: bearer(token) }));
    expect(second.content.forms[0].CompanyName).toBe('Company 02');
    const ids = new Set([...first.content.forms, ...second.content.forms].map((f: { _id: string }) => f._id));
    expect(ids.size).toBe(first.content.forms.length + second.content.forms.length);
  });

  it('refuses a page below 1 naming the field', async () => {
    const token = await loginAs(ctx.app, await createAccount(ctx.db, { role: 'admin' }));
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/form/list?page=0', headers: bearer(token) });
    expect(response.statusCode).toBe(400);
    expect(body(response).msg).toMatch(/^page: /);
  });

  it.each(['sme', 'provider', 'bank', 'insurance'] as const)('refuses the %s role with 403', async (role) => {
    const token = await loginAs(ctx.app, await createAccount(ctx.db, { role }));
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/form/list', headers: bearer(token) });
    expect(response.statusCode).toBe(403);
    expect(body(response)).toEqual({ status: false, msg: MESSAGES.forbidden });
  });

  it('refuses an anonymous request with 401', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/form/list' });
    expect(response.statusCode).toBe(401);
    expect(body(response)).toEqual({ status: false, msg: MESSAGES.loginRequired });
  });
});
