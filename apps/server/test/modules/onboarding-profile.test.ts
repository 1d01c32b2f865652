import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SME_REQUIRED_DOCUMENTS } from '@qist/domain';
import { documents, partyCategories, providers, smes, verificationLogs } from '../../src/db/schema/index.js';
import { signLink } from '../../src/lib/signed-links.js';
import { SAMPLE_FILES, bearer, body, createAccount, loginAs, multipart, seedCategories, useTestApp } from '../helpers.js';

const ctx = useTestApp();
let categoryIds: Record<string, string>;
beforeAll(async () => {
  categoryIds = await seedCategories(ctx.db);
});

async function party(role: 'sme' | 'provider', level: number) {
  const account = await createAccount(ctx.db, { role, level });
  return { account, headers: bearer(await loginAs(ctx.app, account)) };
}

function smeInfo(overrides: Record<string, unknown> = {}) {
  return {
    firstname: 'Huda',
    lastname: 'Al-Ali',
    companyTile: 'Huda Trading',
    companyDesc: 'Imports kitchenware',
    address: 'Hawalli, Kuwait',
    categoriesSelected: [categoryIds.Retail],
    requestCredit: 20000,
    instagram: '',
    email2: 'accounts@huda.example',
    address2: '',
    phone2: { phone: '', countryCode: '965' },
    ...overrides,
  };
}

function providerInfo(overrides: Record<string, unknown> = {}) {
  const { requestCredit: _unused, ...rest } = smeInfo();
  return { ...rest, companyTile: 'Huda Supplies', companyVAT: 'KW-123', website: 'https://huda.example', ...overrides };
}

const addInfo = (role: string, headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/${role}/info/add`, headers, payload });

function upload(role: 'sme' | 'provider', headers: Record<string, string>, title: string | undefined, file?: { bytes: Buffer; filename?: string }) {
  const form = multipart(
    title === undefined ? {} : { title },
    file ? { field: `${role}Doc`, filename: file.filename ?? 'scan.png', contentType: 'image/png', bytes: file.bytes } : undefined,
  );
  return ctx.app.inject({ method: 'POST', url: `/api/v1/${role}/doc/upload`, headers: { ...headers, ...form.headers }, payload: form.payload });
}

describe('information form', () => {
  it('stores the SME information with its categories and requested credit (level 2 → 3)', async () => {
    const { account, headers } = await party('sme', 2);
    const response = await addInfo('sme', headers, smeInfo({ categoriesSelected: [categoryIds.Retail, categoryIds.Logistics] }));
    expect(body(response)).toEqual({ status: true, content: { level: 3 } });
    const [row] = await ctx.db.select().from(smes).where(eq(smes.userId, account.id));
    expect(row).toMatchObject({ level: 3, firstName: 'Huda', companyTitle: 'Huda Trading', creditRequest: 2_000_000, instagram: null, phone2Number: null });
    const picked = await ctx.db.select().from(partyCategories).where(eq(partyCategories.userId, account.id));
    expect(picked.map((p) => p.categoryId).sort()).toEqual([categoryIds.Retail, categoryIds.Logistics].sort());
    const logs = await ctx.db.select().from(verificationLogs).where(eq(verificationLogs.userId, account.id));
    expect(logs.map((l) => [l.level, l.code, l.desc])).toEqual([[3, 'infoAdded', '']]);
  });

  it.each([
    [{ firstname: ' ' }, MESSAGES.firstnameRequired],
    [{ lastname: undefined }, MESSAGES.lastnameRequired],
    [{ companyTile: '' }, MESSAGES.companyTitleRequired],
    [{ companyDesc: '' }, MESSAGES.companyDescRequired],
    [{ address: '' }, MESSAGES.addressRequired],
    [{ categoriesSelected: [] }, MESSAGES.categoriesRequired],
    [{ requestCredit: 0 }, MESSAGES.requestCreditPositive],
    [{ requestCredit: undefined }, MESSAGES.requestCreditRequired],
    [{ email2: 'not-mail' }, MESSAGES.email2Invalid],
    [{ phone2: { phone: '12', countryCode: '965' } }, MESSAGES.phoneInvalid],
  ])('refuses invalid SME information %# and changes nothing', async (overrides, msg) => {
    const { account, headers } = await party('sme', 2);
    const response = await addInfo('sme', headers, smeInfo(overrides));
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ status: false, msg });
    const [row] = await ctx.db.select().from(smes).where(eq(smes.userId, account.id));
    expect(row).toMatchObject({ level: 2, firstName: null });
  });

  it('refuses a category that does not exist', async () => {
    const { headers } = await party('sme', 2);
    const response = await addInfo('sme', headers, smeInfo({ categoriesSelected: ['00000000-0000-4000-8000-000000000000'] }));
    expect(body(response)).toEqual({ status: false, msg: MESSAGES.categoryNotFound });
  });

  it('requires the VAT number and website of a supplier', async () => {
    const { account, headers } = await party('provider', 2);
    expect(body(await addInfo('provider', headers, providerInfo({ companyVAT: '' }))).msg).toBe(MESSAGES.companyVatRequired);
    expect(body(await addInfo('provider', headers, providerInfo({ website: '' }))).msg).toBe(MESSAGES.websiteRequired);
    expect(body(await addInfo('provider', headers, providerInfo({ website: 'not a site' }))).msg).toBe(MESSAGES.websiteInvalid);
    expect(body(await addInfo('provider', headers, providerInfo())).content).toEqual({ level: 3 });
    const [row] = await ctx.db.select().from(providers).where(eq(providers.userId, account.id));
    expect(row).toMatchObject({ companyVat: 'KW-123', website: 'https://huda.example' });
  });

  it('lets a conditionally rejected party (-2) resubmit, back to level 3', async () => {
    const { account, headers } = await party('sme', -2);
    expect(body(await addInfo('sme', headers, smeInfo())).content).toEqual({ level: 3 });
    const [log] = await ctx.db.select().from(verificationLogs).where(eq(verificationLogs.userId, account.id));
    expect(log).toMatchObject({ code: 'infoEdited', desc: '' });
  });

  it.each([
    [1, MESSAGES.verifyPhoneFirst],
    [3, MESSAGES.infoAlreadyAdded],
    [-1, MESSAGES.banned],
  ])('is refused at level %i', async (level, msg) => {
    const { headers } = await party('sme', level);
    const response = await addInfo('sme', headers, smeInfo());
    expect(response.statusCode).toBe(409);
    expect(body(response).msg).toBe(msg);
  });

  it('lists the categories to pick from', async () => {
    const { headers } = await party('provider', 2);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/provider/categories/list', headers });
    expect(body(response).content.categories.map((c: { title: string }) => c.title)).toEqual(['Logistics', 'Packaging', 'Retail']);
  });
});

describe('documents', () => {
  it('stores a checked file under a generated name and lists it with a signed link', async () => {
    const { account, headers } = await party('sme', 3);
    const response = await upload('sme', headers, 'CR license', { bytes: SAMPLE_FILES.png, filename: '../../etc/passwd.png' });
    expect(response.statusCode).toBe(200);
    const { doc } = body(response).content;
    expect(doc).toMatchObject({ title: 'CR license', mime: 'image/png', size: SAMPLE_FILES.png.length });
    expect(doc.file).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(doc.url).toMatch(new RegExp(`^/api/v1/pub/sme/doc/file/${doc.file}\\?exp=\\d+&sig=`));
    const listed = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/sme/doc/list', headers })).content.docs;
    expect(listed.map((d: { _id: string }) => d._id)).toEqual([doc._id]);
    const [row] = await ctx.db.select().from(documents).where(eq(documents.userId, account.id));
    // The uploader's path is dropped; only the base name is kept, for display.
    expect(row?.originalName).toBe('passwd.png');
  });

  it.each([
    ['pdf', SAMPLE_FILES.pdf, 'application/pdf'],
    ['jpeg', SAMPLE_FILES.jpeg, 'image/jpeg'],
    ['webp', SAMPLE_FILES.webp, 'image/webp'],
  ])('accepts a %s by its content', async (_name, bytes, mime) => {
    const { headers } = await party('provider', 3);
    const response = await upload('provider', headers, 'ID of shareholders', { bytes });
    expect(body(response).content.doc.mime).toBe(mime);
  });

  it('refuses a text file renamed as an image, and stores nothing', async () => {
    const { account, headers } = await party('sme', 3);
    const response = await upload('sme', headers, 'CR license', { bytes: SAMPLE_FILES.textPretendingPng, filename: 'photo.png' });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ status: false, msg: MESSAGES.fileTypeRefused });
    expect(await ctx.db.select().from(documents).where(eq(documents.userId, account.id))).toHaveLength(0);
  });

  it('refuses a file over 10 MB', async () => {
    const { headers } = await party('sme', 3);
    const big = Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(10 * 1024 * 1024)]);
    const response = await upload('sme', headers, 'CR license', { bytes: big });
    expect(response.statusCode).toBe(413);
    expect(body(response)).toEqual({ status: false, msg: MESSAGES.fileTooLarge });
  });

  it("asks for a file and a title from the role's own list", async () => {
    const sme = await party('sme', 3);
    const provider = await party('provider', 3);
    expect(body(await upload('sme', sme.headers, 'CR license')).msg).toBe(MESSAGES.selectFile);
    expect(body(await upload('sme', sme.headers, undefined, { bytes: SAMPLE_FILES.png })).msg).toBe(MESSAGES.selectFileTitle);
    expect(body(await upload('provider', provider.headers, undefined, { bytes: SAMPLE_FILES.png })).msg).toBe(MESSAGES.fillFileTitle);
    expect(body(await upload('sme', sme.headers, 'Passport photo', { bytes: SAMPLE_FILES.png })).msg).toBe(MESSAGES.fileTitleUnknown);
    // The IBAN certificate is on the SME list only.
    const title = 'Bank certified SME business account IBAN';
    expect(body(await upload('provider', provider.headers, title, { bytes: SAMPLE_FILES.png })).msg).toBe(MESSAGES.fileTitleUnknown);
  });

  it('is refused before the information step', async () => {
    const { headers } = await party('sme', 2);
    const response = await upload('sme', headers, 'CR license', { bytes: SAMPLE_FILES.png });
    expect(response.statusCode).toBe(409);
    expect(body(response).msg).toBe(MESSAGES.addInformationFirst);
  });

  it('deletes only own documents', async () => {
    const owner = await party('sme', 3);
    const other = await party('sme', 3);
    const { doc } = body(await upload('sme', owner.headers, 'CR license', { bytes: SAMPLE_FILES.png })).content;
    const del = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'DELETE', url: '/api/v1/sme/doc/upload', headers, payload: { docId: doc._id } });
    const refused = await del(other.headers);
    expect(refused.statusCode).toBe(404);
    expect(body(refused).msg).toBe(MESSAGES.documentNotFound);
    expect(await ctx.db.select().from(documents).where(eq(documents.id, doc._id))).toHaveLength(1);
    expect(body(await del(owner.headers))).toEqual({ status: true, content: {} });
    expect(await ctx.db.select().from(documents).where(eq(documents.id, doc._id))).toHaveLength(0);
    const gone = await ctx.app.inject({ method: 'GET', url: doc.url });
    expect(gone.statusCode).toBe(404);
  });

  it('confirms only with every required title, naming the first missing, then locks the documents (level 4)', async () => {
    const { account, headers } = await party('sme', 3);
    const confirm = () => ctx.app.inject({ method: 'POST', url: '/api/v1/sme/doc/confirm', headers });
    expect(body(await confirm())).toEqual({ status: false, msg: 'you must upload Article of association' });
    for (const title of SME_REQUIRED_DOCUMENTS.slice(0, 2)) await upload('sme', headers, title, { bytes: SAMPLE_FILES.pdf });
    expect(body(await confirm())).toEqual({ status: false, msg: 'you must upload ID of shareholders' });
    for (const title of SME_REQUIRED_DOCUMENTS.slice(2)) await upload('sme', headers, title, { bytes: SAMPLE_FILES.pdf });
    expect(body(await confirm())).toEqual({ status: true, content: { level: 4 } });
    const [row] = await ctx.db.select().from(smes).where(eq(smes.userId, account.id));
    expect(row?.level).toBe(4);

    const [doc] = await ctx.db.select().from(documents).where(eq(documents.userId, account.id));
    const del = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/sme/doc/upload', headers, payload: { docId: doc!.id } });
    expect(del.statusCode).toBe(409);
    expect(body(del).msg).toBe(MESSAGES.documentsLocked);
    const late = await upload('sme', headers, 'CR license', { bytes: SAMPLE_FILES.pdf });
    expect(body(late).msg).toBe(MESSAGES.documentsAlreadyConfirmed);
    expect(body(await confirm()).msg).toBe(MESSAGES.documentsAlreadyConfirmed);
  });
});

describe('document files', () => {
  it('are served to the owner, the admin, to a signed link, and to no one else', async () => {
    const owner = await party('sme', 3);
    const { doc } = body(await upload('sme', owner.headers, 'CR license', { bytes: SAMPLE_FILES.png })).content;
    const path = `/api/v1/pub/sme/doc/file/${doc.file}`;
    const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

    const own = await get(path, owner.headers);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(SAMPLE_FILES.png)).toBe(true);
    // A KYC document is kept by no cache, like every other authenticated answer.
    expect(own.headers['cache-control']).toBe('no-store');

    const admin = await createAccount(ctx.db, { role: 'admin' });
    expect((await get(path, bearer(await loginAs(ctx.app, admin)))).statusCode).toBe(200);
    // The bank sees an SME's files once the admin passed it (level 5); this one is at level 3.
    const bank = await createAccount(ctx.db, { role: 'bank' });
    const hidden = await get(path, bearer(await loginAs(ctx.app, bank)));
    expect(body(hidden)).toEqual({ status: false, msg: MESSAGES.fileNotFound });
    // An insurer sees only the SMEs of its queue and its decisions; this one is at level 3.
    const insurer = await createAccount(ctx.db, { role: 'insurance' });
    const refused = await get(path, bearer(await loginAs(ctx.app, insurer)));
    expect(refused.statusCode).toBe(404);
    expect(body(refused)).toEqual({ status: false, msg: MESSAGES.fileNotFound });
    const signed = await get(doc.url);
    expect(signed.rawPayload.equals(SAMPLE_FILES.png)).toBe(true);
    expect(signed.headers['cache-control']).toBe('no-store');

    const anonymous = await get(path);
    expect(anonymous.statusCode).toBe(401);
    const other = await party('sme', 3);
    expect((await get(path, other.headers)).statusCode).toBe(404);
    const supplier = await party('provider', 5);
    expect((await get(path, supplier.headers)).statusCode).toBe(404);
    expect((await get(`${path}?exp=9999999999&sig=forged`)).statusCode).toBe(401);
    const expired = signLink(path, ctx.config.sessionSecret, Date.now() - 3_600_000);
    expect((await get(expired)).statusCode).toBe(401);
    // The same file name under the other role's path is not this document.
    expect((await get(`/api/v1/pub/provider/doc/file/${doc.file}`, owner.headers)).statusCode).toBe(404);
  });
});

describe('profile and timeline', () => {
  it('answer the SME profile with every field the spec lists, and the timeline in order', async () => {
    const { account, headers } = await party('sme', 2);
    await addInfo('sme', headers, smeInfo({ instagram: '@huda', phone2: { phone: '55512345', countryCode: '973' } }));
    await upload('sme', headers, 'CR license', { bytes: SAMPLE_FILES.png });
    const { sme } = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/sme/profile/get', headers })).content;
    expect(sme).toMatchObject({
      level: 3,
      auth_id: { email: account.email },
      info: { firstname: 'Huda', lastname: 'Al-Ali', phone2: { country_code: '973', number: '55512345' }, email2: 'accounts@huda.example', instagram: '@huda', address: 'Hawalli, Kuwait', address2: null },
      desc: { title: 'Huda Trading', text: 'Imports kitchenware' },
      categories: [{ _id: categoryIds.Retail, title: 'Retail' }],
      credit: { request: 20000, limit: 0, amount: 0, spend: 0 },
      installments: [],
      adminVerified: false,
      bankVerified: false,
    });
    expect(sme.docs).toHaveLength(1);

    const { logs } = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/sme/log/list', headers })).content;
    expect(logs.map((l: { level: number; code: string; desc: string; operator: { role: string } }) => [l.level, l.code, l.desc, l.operator.role])).toEqual([[3, 'infoAdded', '', 'sme']]);
  });

  it('answer the supplier profile with its website and discount rate', async () => {
    const { headers } = await party('provider', 2);
    await addInfo('provider', headers, providerInfo());
    const { provider } = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/provider/profile/get', headers })).content;
    expect(provider).toMatchObject({ level: 3, info: { website: 'https://huda.example', companyVAT: 'KW-123' }, tax_rate: null });
  });

  it('start the timeline at sign-up', async () => {
    const email = `timeline-${Date.now()}@example.test`;
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email, password: 'sturdy-ledger-42', role: 'provider', code: 'SUPPLIER-DEMO-CODE' },
    });
    const headers = bearer(body(registered).content.token);
    const { logs } = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/provider/log/list', headers })).content;
    expect(logs).toMatchObject([{ level: 0, code: 'accountCreated', params: {}, desc: '', operator: { role: 'provider' } }]);
  });
});
