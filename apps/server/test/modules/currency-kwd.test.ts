// The platform in Kuwaiti dinars (CURRENCY=KWD, three decimals): what the API accepts and refuses, and
// an order's whole life whose figures stay exact to the fils, in the API, the ledger, exports and mail.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, activeCurrency } from '@qist/domain';
import { SAMPLE_FILES, bearer, body, createAccount, loginAs, multipart, useTestApp, type TestAccount } from '../helpers.js';

const ctx = useTestApp({ env: { CURRENCY: 'KWD' } });

type Headers = Record<string, string>;
const THREE_DECIMALS = 'the amount can have at most 3 decimals';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** Intl writes a non-breaking space between the code and the figure. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

let supplierId: string;
let supplierHeaders: Headers;
let admin: Headers;
let bank: Headers;
let insurer: Headers;

async function partyId(table: 'smes' | 'providers', userId: string): Promise<string> {
  const result = await ctx.db.execute<{ id: string }>(sql`select id from ${sql.raw(table)} where user_id = ${userId}`);
  return result.rows[0]!.id;
}
const post = (url: string, headers: Headers, payload: unknown, method: 'POST' | 'PUT' = 'POST') => ctx.app.inject({ method, url, headers, payload: payload as object });
const get = (url: string, headers: Headers = {}) => ctx.app.inject({ method: 'GET', url, headers });

async function activeSme(creditLimit: number, options: { language?: 'en' | 'ar'; phone?: { countryCode: string; number: string } } = {}) {
  const account = await createAccount(ctx.db, { role: 'sme', level: 8, creditLimit, phone: options.phone });
  if (options.language) await ctx.db.execute(sql`update users set language = ${options.language} where id = ${account.id}`);
  return { account, headers: bearer(await loginAs(ctx.app, account)), smeId: await partyId('smes', account.id) };
}

async function payThroughSandbox(headers: Headers, orderId: string, call: 'init' | 'installment') {
  const start = body(await post(`/api/v1/sme/pay/${call}`, headers, { orderId })).content;
  const complete = await post('/api/v1/pub/gateway/sandbox/complete', {}, { transactionId: start.transactionId, approve: true });
  expect(complete.statusCode, complete.body).toBe(200);
  return start.transactionId as string;
}

async function sumOf(query: ReturnType<typeof sql>): Promise<number> {
  const result = await ctx.db.execute<{ t: string }>(query);
  return Number(result.rows[0]!.t);
}

/** The rows of a CSV answer (a simple reader: no cell here holds a comma or a line break). */
function csvRows(text: string): string[][] {
  return text.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((line) => line.split(','));
}

beforeAll(async () => {
  const supplier: TestAccount = await createAccount(ctx.db, { role: 'provider', level: 5, taxRate: 750 });
  supplierHeaders = bearer(await loginAs(ctx.app, supplier));
  supplierId = await partyId('providers', supplier.id);
  admin = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'admin' })));
  bank = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'bank' })));
  insurer = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'insurance' })));
  // The bank takes 33% of each discount.
  await ctx.db.execute(sql`insert into platform_settings (id, bank_share_rate) values (true, 3300) on conflict (id) do update set bank_share_rate = 3300`);
});

describe('an app in Kuwaiti dinars', () => {
  it('says so to every client, before sign-in', async () => {
    const response = await get('/api/v1/pub/config');
    expect(body(response)).toEqual({ status: true, content: { currency: 'KWD', minorUnit: 3 } });
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(activeCurrency()).toEqual({ code: 'KWD', minorUnit: 3, minorPerUnit: 1000 });
  });

  it('takes amounts with three decimals and refuses a fourth, naming the three, on every amount the API takes', async () => {
    const sme = await activeSme(10_000_000);
    const cases: [string, Headers, (amount: number) => object, ('PUT' | undefined)?][] = [
      ['/api/v1/sme/order/create', sme.headers, (amount) => ({ providerId: supplierId, amount, description: 'Shelves' })],
      ['/api/v1/ads/form/register', {}, (amount) => ({ CompanyName: 'Gulf Bakery', BusinessSector: 'Retail', YearOfEstablishment: 2020, CompanyEmail: 'bakery@example.test', CompanyPhone: '+965 5555 1234', LoanAmount: amount })],
      ['/api/v1/insurance/sme/verify', insurer, (amount) => ({ smeId: UNKNOWN_ID, credit: amount })],
      ['/api/v1/admin/payout/approval-threshold', admin, (threshold) => ({ threshold }), 'PUT'],
    ];
    for (const [url, headers, payload, method] of cases) {
      for (const tooFine of [12.3456, 1000.0001, 0.0005]) {
        const refused = await post(url, headers, payload(tooFine), method);
        expect([refused.statusCode, body(refused).msg], `${url} ${tooFine}`).toEqual([400, THREE_DECIMALS]);
      }
      const fils = await post(url, headers, payload(12.345), method);
      expect(body(fils).msg ?? '', url).not.toBe(THREE_DECIMALS);
      expect(fils.statusCode, `${url}: ${fils.body}`).not.toBe(500);
    }
    // the order's own bounds, written in dinars
    const small = await post('/api/v1/sme/order/create', sme.headers, { providerId: supplierId, amount: 0.999, description: 'x' });
    expect(plain(body(small).msg!)).toBe('must be more than KWD 1.000');
    const poor = await activeSme(500_250);
    const large = await post('/api/v1/sme/order/create', poor.headers, { providerId: supplierId, amount: 500.251, description: 'x' });
    expect([large.statusCode, plain(body(large).msg!)]).toEqual([400, 'must be less than KWD 500.250']);
    const exact = await post('/api/v1/sme/order/create', poor.headers, { providerId: supplierId, amount: 500.25, description: 'x' });
    expect(exact.statusCode, exact.body).toBe(200);
  });

  it('keeps the fils in the database: 12.345 is stored as 12345', async () => {
    const sme = await activeSme(1_000_000);
    const created = await post('/api/v1/sme/order/create', sme.headers, { providerId: supplierId, amount: 12.345, description: 'Tape' });
    const orderId = body(created).content.order._id as string;
    expect(await sumOf(sql`select amount as t from orders where id = ${orderId}`)).toBe(12_345);
    expect(await sumOf(sql`select credit_spend as t from smes where id = ${sme.smeId}`)).toBe(12_345);
    expect(body(await get(`/api/v1/sme/order/show/${orderId}`, sme.headers)).content.order.amount).toBe(12.345);
  });
});

describe('the SMS of an order in dinars', () => {
  it('writes the amount with its three decimals and the dinar, in the SME’s language, beside the email', async () => {
    const sent: Record<string, { orderId: string; recipient: string; channels: string[]; sms: string }> = {};
    for (const [language, number] of [['en', '55501001'], ['ar', '55501002']] as const) {
      const sme = await activeSme(5_000_000, { language, phone: { countryCode: '965', number } });
      const created = await post('/api/v1/sme/order/create', sme.headers, { providerId: supplierId, amount: 1234.567, description: 'Cold-room shelving' });
      expect(created.statusCode, created.body).toBe(200);
      const orderId = body(created).content.order._id as string;
      const messages = await ctx.db.execute<{ channel: string; recipient: string; body: string }>(
        sql`select channel, recipient, body from outbox_messages where body like ${`%/pay-order?orderId=${orderId}%`} order by channel`,
      );
      const sms = messages.rows.find((m) => m.channel === 'sms');
      sent[language] = { orderId, recipient: sms?.recipient ?? '', channels: messages.rows.map((m) => m.channel), sms: plain(sms?.body ?? '') };
    }
    const link = (orderId: string) => `${ctx.config.publicUrl}/pay-order?orderId=${orderId}`;
    expect(sent.en).toEqual({
      orderId: sent.en!.orderId,
      recipient: '+96555501001',
      channels: ['email', 'sms'],
      sms: `Qist: pay the first instalment of your order (KWD 1,234.567): ${link(sent.en!.orderId)}`,
    });
    expect(sent.ar).toEqual({
      orderId: sent.ar!.orderId,
      recipient: '+96555501002',
      channels: ['email', 'sms'],
      sms: `قسط: ادفع القسط الأول من طلبك (\u200f1,234.567 د.ك.\u200f): ${link(sent.ar!.orderId)}`,
    });
  });
});

describe('an order in dinars from purchase to payout', () => {
  it('buys, pays, is accepted, delivered, invoiced, verified and paid out, exact to the fils, the ledger summing to 0', async () => {
    // the bank pays at once (no second bank user) below 100,000.000
    await ctx.db.execute(sql`update platform_settings set payout_approval_threshold = 100000000`);
    const sme = await activeSme(5_000_000, { language: 'ar' });
    const created = await post('/api/v1/sme/order/create', sme.headers, { providerId: supplierId, amount: 1234.567, description: 'Cold-room shelving' });
    expect(created.statusCode, created.body).toBe(200);
    const orderId = body(created).content.order._id as string;

    // 1,234.567 in four quarters: 308.641 three times, the 3 fils left over on the last
    const shown = body(await get(`/api/v1/sme/order/show/${orderId}`, sme.headers)).content.order;
    expect(shown.amount).toBe(1234.567);
    expect(shown.installments.map((i: { amount: number }) => i.amount)).toEqual([308.641, 308.641, 308.641, 308.644]);

    // the payment link, in the SME's language, with the amount in dinars
    const mail = await ctx.db.execute<{ channel: string; body: string }>(
      sql`select channel, body from outbox_messages where body like ${`%/pay-order?orderId=${orderId}%`} order by channel`,
    );
    expect(mail.rows.map((r) => r.channel)).toEqual(['email']);
    expect(plain(mail.rows[0]!.body)).toContain('بقيمة \u200f1,234.567 د.ك.');

    await payThroughSandbox(sme.headers, orderId, 'init');
    expect(body(await post('/api/v1/provider/order/accept', supplierHeaders, { orderId })).content.order.status).toBe(2);
    const code = body(await get(`/api/v1/sme/order/show/${orderId}`, sme.headers)).content.order.verify_code as string;
    expect(body(await post('/api/v1/provider/order/delivered', supplierHeaders, { orderId, verifyCode: code })).content.order.status).toBe(3);
    const form = multipart({ orderId }, { field: 'orderInvoice', filename: 'invoice.png', contentType: 'image/png', bytes: SAMPLE_FILES.png });
    const uploaded = await ctx.app.inject({ method: 'POST', url: '/api/v1/provider/order/invoice/upload', headers: { ...supplierHeaders, ...form.headers }, payload: form.payload });
    expect(body(uploaded).content.order.status).toBe(4);
    expect(body(await post('/api/v1/admin/order/invoice/verify', admin, { orderId })).content.order.status).toBe(5);
    const paid = await post('/api/v1/bank/order/pay', bank, { orderId });
    expect([paid.statusCode, body(paid).msg ?? body(paid).content.order.status]).toEqual([200, 6]);

    // 7.5% of 1,234.567 is 92.592525: the discount is 92.592; 33% of it, 30.555, to the bank, 62.037 to the platform
    const breakdown = body(await get(`/api/v1/bank/order/show/${orderId}`, bank)).content.order.breakdown;
    expect(breakdown).toEqual({
      discountRate: 0.075,
      discount: 92.592,
      bankShareRate: 0.33,
      bankShare: 30.555,
      platformShareRate: 0.67,
      platformShare: 62.037,
      supplierPayout: 1141.975,
    });
    const payout = await ctx.db.execute<{ account: string; amount: string }>(
      sql`select account, amount from ledger_postings p join ledger_entries e on e.id = p.entry_id where e.order_id = ${orderId} and e.kind = 'bank_payout' order by account`,
    );
    expect(payout.rows.map((r) => [r.account, Number(r.amount)])).toEqual([
      ['bank_fee_income', -30_555],
      ['bank_payouts', -1_141_975],
      ['order_funding', 1_234_567],
      ['platform_fee_income', -62_037],
    ]);

    // the SME pays the three other instalments: its receivable ends at exactly 0 and its credit is whole again
    for (let i = 0; i < 3; i += 1) await payThroughSandbox(sme.headers, orderId, 'installment');
    expect(await sumOf(sql`select coalesce(sum(amount), 0)::bigint as t from ledger_postings where account = 'sme_receivable' and sme_id = ${sme.smeId}`)).toBe(0);
    expect(await sumOf(sql`select credit_amount as t from smes where id = ${sme.smeId}`)).toBe(5_000_000);
    expect(await sumOf(sql`select coalesce(sum(amount), 0)::bigint as t from ledger_postings p join ledger_entries e on e.id = p.entry_id where e.order_id = ${orderId} and account = 'gateway_clearing'`)).toBe(1_234_567);
    expect(await sumOf(sql`select coalesce(sum(amount), 0)::bigint as t from ledger_postings`)).toBe(0);
    const balances = body(await get('/api/v1/admin/ledger/balances', admin)).content;
    expect(balances.total).toBe(0);

    // exports: plain numbers with every decimal, and the currency beside them
    const [orderHeader, ...orderRows] = csvRows((await get('/api/v1/admin/order/export?status=6', admin)).body);
    const orderRow = orderRows.find((row) => row[0] === orderId)!;
    expect([orderRow[orderHeader!.indexOf('amount')], orderRow[orderHeader!.indexOf('currency')]]).toEqual(['1234.567', 'KWD']);
    const [instHeader, ...instRows] = csvRows((await get('/api/v1/admin/installment/export', admin)).body);
    const mine = instRows.filter((row) => row[instHeader!.indexOf('order id')] === orderId);
    expect(mine.map((row) => [row[instHeader!.indexOf('amount')], row[instHeader!.indexOf('currency')]])).toEqual([
      ['308.641', 'KWD'],
      ['308.641', 'KWD'],
      ['308.641', 'KWD'],
      ['308.644', 'KWD'],
    ]);
    const [smeHeader, ...smeRows] = csvRows((await get('/api/v1/admin/sme/export?level=8', admin)).body);
    const smeRow = smeRows.find((row) => row[smeHeader!.indexOf('email')] === sme.account.email)!;
    expect(['credit limit', 'credit used', 'currency'].map((column) => smeRow[smeHeader!.indexOf(column)])).toEqual(['5000.000', '0.000', 'KWD']);
    const [formHeader, ...formRows] = csvRows((await get('/api/v1/admin/form/export', admin)).body);
    expect(formRows.map((row) => [row[formHeader!.indexOf('loan amount')], row[formHeader!.indexOf('currency')]])).toContainEqual(['12.345', 'KWD']);

    // the dashboards sum in dinars
    const dashboard = body(await get('/api/v1/bank/dashboard', bank)).content;
    expect(dashboard.bankShareEarned).toBe(30.555);
    expect(MESSAGES.orderPaid).toBe('order paid successfully');
  });
});
