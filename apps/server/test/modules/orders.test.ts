// Orders and payments through the API against the real PostgreSQL: credit reservation, the
// schedule, cancel, the sandbox gateway, settlement exactly once, the ledger and the outbox.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, amountDecimalsMessage, amountTooSmallMessage } from '@qist/domain';
import { buildApp } from '../../src/app.js';
import { createDatabase } from '../../src/db/client.js';
import { signCallback, callbackSecret, CALLBACK_SIGNATURE_HEADER } from '../../src/modules/orders/gateway.js';
import { bearer, body, createAccount, loginAs, useTestApp, type TestAccount } from '../helpers.js';

const DAY = 86_400_000;
const clock = { now: new Date('2026-03-01T09:00:00.000Z') };
const ctx = useTestApp({ clock: () => clock.now });

let supplier: TestAccount;
let supplierId: string;

async function partyId(table: 'smes' | 'providers', userId: string): Promise<string> {
  const result = await ctx.db.execute<{ id: string }>(sql`select id from ${sql.raw(table)} where user_id = ${userId}`);
  return result.rows[0]!.id;
}

async function activeSme(creditLimit = 1_000_000, extra: { phone?: { countryCode: string; number: string }; plan?: number[] } = {}) {
  const account = await createAccount(ctx.db, { role: 'sme', level: 8, creditLimit, ...extra });
  return { account, headers: bearer(await loginAs(ctx.app, account)), smeId: await partyId('smes', account.id) };
}

const post = (url: string, headers: Record<string, string>, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });
const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

async function credit(smeId: string) {
  const result = await ctx.db.execute<{ credit_limit: string; credit_amount: string; credit_spend: string }>(
    sql`select credit_limit, credit_amount, credit_spend from smes where id = ${smeId}`,
  );
  const row = result.rows[0]!;
  return { limit: Number(row.credit_limit), amount: Number(row.credit_amount), spend: Number(row.credit_spend) };
}

async function receivable(smeId: string): Promise<number> {
  const result = await ctx.db.execute<{ b: string }>(sql`select coalesce(sum(amount),0)::bigint as b from ledger_postings where account = 'sme_receivable' and sme_id = ${smeId}`);
  return Number(result.rows[0]!.b);
}

async function ledgerTotal(): Promise<number> {
  const result = await ctx.db.execute<{ t: string }>(sql`select coalesce(sum(amount),0)::bigint as t from ledger_postings`);
  return Number(result.rows[0]!.t);
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = await ctx.db.execute<{ n: string }>(query);
  return Number(result.rows[0]!.n);
}

async function createOrder(headers: Record<string, string>, amount: number, description = 'Packaging for March') {
  const response = await post('/api/v1/sme/order/create', headers, { providerId: supplierId, amount, description });
  expect(response.statusCode, response.body).toBe(200);
  return body(response).content.order._id as string;
}

async function payThroughSandbox(headers: Record<string, string>, orderId: string, approve: boolean, call: 'init' | 'installment' = 'init') {
  const start = body(await post(`/api/v1/sme/pay/${call}`, headers, { orderId })).content;
  const complete = await post('/api/v1/pub/gateway/sandbox/complete', {}, { transactionId: start.transactionId, approve });
  expect(complete.statusCode, complete.body).toBe(200);
  expect(body(complete).content.redirectUrl).toBe(`/sme/payment-result/${start.transactionId}`);
  return start.transactionId as string;
}

beforeAll(async () => {
  supplier = await createAccount(ctx.db, { role: 'provider', level: 5, company: 'Gulf Packaging' });
  supplierId = await partyId('providers', supplier.id);
  await ctx.db.execute(sql`update providers set company_title = 'Gulf Packaging', company_desc = 'Boxes and film' where id = ${supplierId}`);
});

describe('suppliers for SMEs', () => {
  it('lists verified suppliers only, shows one, and refuses SMEs that are not activated', async () => {
    const { headers } = await activeSme();
    const unverified = await createAccount(ctx.db, { role: 'provider', level: 4 });
    const list = body(await get('/api/v1/sme/provider/list?page=1&perPage=10', headers)).content;
    expect(list.providers.map((p: { _id: string }) => p._id)).toContain(supplierId);
    expect(list.providers.map((p: { _id: string }) => p._id)).not.toContain(await partyId('providers', unverified.id));
    expect(list.count).toBe(list.providers.length);
    const show = body(await get(`/api/v1/sme/provider/show/${supplierId}`, headers)).content.provider;
    expect(show).toMatchObject({ _id: supplierId, desc: { title: 'Gulf Packaging', text: 'Boxes and film' }, auth_id: { email: supplier.email } });
    const hidden = await get(`/api/v1/sme/provider/show/${await partyId('providers', unverified.id)}`, headers);
    expect([hidden.statusCode, body(hidden).msg]).toEqual([404, MESSAGES.providerNotFound]);

    const pending = await createAccount(ctx.db, { role: 'sme', level: 5 });
    const refused = await get('/api/v1/sme/provider/list', bearer(await loginAs(ctx.app, pending)));
    expect([refused.statusCode, body(refused).msg]).toEqual([403, MESSAGES.smeNotActive]);
  });
});

describe('creating an order', () => {
  it('reserves the credit, writes the exact schedule, the ledger entry and the payment link', async () => {
    const { account, headers, smeId } = await activeSme(1_000_000, { phone: { countryCode: '965', number: '55512345' } });
    clock.now = new Date('2026-03-01T09:00:00.000Z');
    const orderId = await createOrder(headers, 100.03);

    expect(await credit(smeId)).toEqual({ limit: 1_000_000, amount: 1_000_000 - 10_003, spend: 10_003 });
    expect(await receivable(smeId)).toBe(10_003);
    expect(await ledgerTotal()).toBe(0);

    const order = body(await get(`/api/v1/sme/order/show/${orderId}`, headers)).content.order;
    expect(order).toMatchObject({ _id: orderId, amount: 100.03, status: 0, paid: false, tax_rate: 0.1, bank_share_rate: 0.1, latePay: { once: false, active: false }, verify_code: null, invoice: null });
    expect(order.provider_id).toMatchObject({ _id: supplierId, desc: { title: 'Gulf Packaging' }, auth_id: { email: supplier.email } });
    expect(order.breakdown).toBeUndefined();
    expect(order.installments.map((i: { amount: number }) => i.amount)).toEqual([25, 25, 25, 25.03]);
    expect(order.installments.map((i: { rate: number }) => i.rate)).toEqual([0.25, 0.25, 0.25, 0.25]);
    expect(order.installments.map((i: { paid: { deadline: string } }) => i.paid.deadline)).toEqual([0, 30, 60, 90].map((d) => new Date(clock.now.getTime() + d * DAY).toISOString()));

    const messages = await ctx.db.execute<{ channel: string; recipient: string; body: string }>(
      sql`select channel, recipient, body from outbox_messages where body like ${`%/pay-order?orderId=${orderId}%`} order by channel`,
    );
    expect(messages.rows.map((m) => [m.channel, m.recipient])).toEqual([['email', account.email], ['sms', '+96555512345']]);
    expect(messages.rows[0]!.body).toContain(`${ctx.config.publicUrl}/pay-order?orderId=${orderId}`);
  });

  it('refuses bad amounts, descriptions and suppliers with the spec’s sentences, changing nothing', async () => {
    const { headers, smeId } = await activeSme(50_000);
    const unverified = await partyId('providers', (await createAccount(ctx.db, { role: 'provider', level: 3 })).id);
    const cases: [unknown, number, string][] = [
      [{ providerId: supplierId, amount: 0.5, description: 'x' }, 400, amountTooSmallMessage()],
      [{ providerId: supplierId, amount: 10.001, description: 'x' }, 400, amountDecimalsMessage()],
      [{ providerId: supplierId, amount: '10', description: 'x' }, 400, MESSAGES.amountRequired],
      [{ providerId: supplierId, description: 'x' }, 400, MESSAGES.amountRequired],
      [{ providerId: supplierId, amount: 500.01, description: 'x' }, 400, 'must be less than 500$'],
      [{ providerId: supplierId, amount: 10, description: '  ' }, 400, MESSAGES.descriptionRequired],
      [{ providerId: unverified, amount: 10, description: 'x' }, 404, MESSAGES.providerNotFound],
      [{ providerId: '6f1f7a52-7b8e-4d43-9d5a-1d2b3c4d5e6f', amount: 10, description: 'x' }, 404, MESSAGES.providerNotFound],
      [{ providerId: 'not-an-id', amount: 10, description: 'x' }, 400, MESSAGES.providerNotFound],
    ];
    for (const [payload, status, msg] of cases) {
      const response = await post('/api/v1/sme/order/create', headers, payload);
      expect([response.statusCode, body(response)], JSON.stringify(payload)).toEqual([status, { status: false, msg }]);
    }
    expect(await credit(smeId)).toEqual({ limit: 50_000, amount: 50_000, spend: 0 });
    expect(await count(sql`select count(*) as n from orders where sme_id = ${smeId}`)).toBe(0);
    // The whole credit can be used.
    await createOrder(headers, 500);
    expect((await credit(smeId)).amount).toBe(0);
  });

  it('refuses sub-cent amounts of any size, as JSON numbers however written, changing nothing', async () => {
    const { headers, smeId } = await activeSme(100_000_000); // 1,000,000.00
    const raw = (amount: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/sme/order/create',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: `{"providerId":"${supplierId}","amount":${amount},"description":"large"}`,
      });
    const cases: [string, string][] = [
      ['10000.004', amountDecimalsMessage()],
      ['10000.0040', amountDecimalsMessage()],
      ['999999.999', amountDecimalsMessage()],
      ['12345.6789e1', amountDecimalsMessage()],
      ['1.0e-7', amountDecimalsMessage()],
      ['1e21', MESSAGES.amountRequired],
    ];
    for (const [amount, msg] of cases) {
      const response = await raw(amount);
      expect([response.statusCode, body(response)], amount).toEqual([400, { status: false, msg }]);
    }
    expect(await credit(smeId)).toEqual({ limit: 100_000_000, amount: 100_000_000, spend: 0 });
    expect(await count(sql`select count(*) as n from orders where sme_id = ${smeId}`)).toBe(0);

    // Whole cents of the same size go through, written however JSON allows.
    for (const amount of ['10000.01', '10000.010', '1.000001e4', '1e4']) expect((await raw(amount)).statusCode, amount).toBe(200);
    const stored = await ctx.db.execute<{ amount: string }>(sql`select amount from orders where sme_id = ${smeId} order by amount`);
    expect(stored.rows.map((r) => Number(r.amount))).toEqual([1_000_000, 1_000_001, 1_000_001, 1_000_001]);
    expect(await credit(smeId)).toEqual({ limit: 100_000_000, amount: 100_000_000 - 4_000_003, spend: 4_000_003 });
  });

  it('never overspends: 50 concurrent orders on one credit line', async () => {
    const { headers, smeId } = await activeSme(100_000); // 1,000.00
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => post('/api/v1/sme/order/create', headers, { providerId: supplierId, amount: 30, description: 'race' })),
    );
    const won = responses.filter((r) => r.statusCode === 200).length;
    const refused = responses.filter((r) => r.statusCode === 400);
    expect(won).toBe(33);
    expect(refused).toHaveLength(17);
    expect(refused.every((r) => /^must be less than (10|\d+)\$$/.test(body(r).msg ?? ''))).toBe(true);
    expect(await credit(smeId)).toEqual({ limit: 100_000, amount: 100_000 - 33 * 3000, spend: 33 * 3000 });
    expect(await receivable(smeId)).toBe(33 * 3000);
    expect(await count(sql`select count(*) as n from orders where sme_id = ${smeId}`)).toBe(33);
    expect(await ledgerTotal()).toBe(0);
  });

  it('two requests racing for the last credit: exactly one wins', async () => {
    const { headers, smeId } = await activeSme(10_000);
    const [a, b] = await Promise.all([1, 2].map(() => post('/api/v1/sme/order/create', headers, { providerId: supplierId, amount: 100, description: 'last' })));
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 400]);
    expect(await credit(smeId)).toEqual({ limit: 10_000, amount: 0, spend: 10_000 });
  });

  it('never overspends across API processes: two apps with their own pools race on one credit line', async () => {
    const { account, smeId } = await activeSme(50_000); // 500.00
    const second = createDatabase(ctx.database.url, 10);
    const other = await buildApp({ config: ctx.config, db: second.db, logger: false, runDispatcher: false, runJobs: false });
    try {
      const tokens = [await loginAs(ctx.app, account), await loginAs(other, account)];
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 === 0 ? ctx.app : other).inject({
            method: 'POST',
            url: '/api/v1/sme/order/create',
            headers: bearer(tokens[i % 2]!),
            payload: { providerId: supplierId, amount: 30, description: `two processes ${i}` },
          }),
        ),
      );
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(16);
      expect(responses.filter((r) => r.statusCode === 400)).toHaveLength(24);
    } finally {
      await other.close();
      await second.close();
    }
    expect(await credit(smeId)).toEqual({ limit: 50_000, amount: 2_000, spend: 48_000 });
    expect(await receivable(smeId)).toBe(48_000);
    expect(await count(sql`select count(*) as n from orders where sme_id = ${smeId}`)).toBe(16);
  });

  it('rolls the whole step back when a later write fails (no order, no credit taken, no ledger)', async () => {
    const { headers, smeId } = await activeSme(10_000);
    await ctx.db.execute(sql.raw(`create function fail_outbox() returns trigger language plpgsql as $$ begin raise exception 'outbox down'; end $$;
      create trigger fail_outbox before insert on outbox_messages for each row execute function fail_outbox();`));
    try {
      const response = await post('/api/v1/sme/order/create', headers, { providerId: supplierId, amount: 10, description: 'crash' });
      expect([response.statusCode, body(response).msg]).toEqual([500, MESSAGES.serverError]);
    } finally {
      await ctx.db.execute(sql.raw('drop trigger fail_outbox on outbox_messages; drop function fail_outbox();'));
    }
    expect(await credit(smeId)).toEqual({ limit: 10_000, amount: 10_000, spend: 0 });
    expect(await count(sql`select count(*) as n from orders where sme_id = ${smeId}`)).toBe(0);
    expect(await receivable(smeId)).toBe(0);
  });
});

describe('order lists, show and cancel', () => {
  it('lists the SME’s own orders by status, hides others’ (404), and cancels before payment only', async () => {
    const { headers, smeId } = await activeSme(100_000);
    const other = await activeSme();
    const first = await createOrder(headers, 10);
    clock.now = new Date(clock.now.getTime() + 60_000);
    const second = await createOrder(headers, 20);
    const all = body(await get('/api/v1/sme/order/list?page=1&perPage=10&status=-10', headers)).content;
    expect(all.count).toBe(2);
    expect(all.orders.map((o: { _id: string }) => o._id)).toEqual([second, first]);

    const foreign = await get(`/api/v1/sme/order/show/${first}`, other.headers);
    expect([foreign.statusCode, body(foreign).msg]).toEqual([404, MESSAGES.orderNotFound]);
    const foreignCancel = await post('/api/v1/sme/order/cancel', other.headers, { orderId: first });
    expect(foreignCancel.statusCode).toBe(404);

    const canceled = await post('/api/v1/sme/order/cancel', headers, { orderId: first });
    expect(body(canceled).content.order).toEqual({ _id: first, status: -1 });
    expect(await credit(smeId)).toEqual({ limit: 100_000, amount: 98_000, spend: 2_000 });
    expect(await receivable(smeId)).toBe(2_000);
    const again = await post('/api/v1/sme/order/cancel', headers, { orderId: first });
    expect([again.statusCode, body(again).msg]).toEqual([409, 'this is not possible while the order is canceled']);
    expect(await credit(smeId)).toEqual({ limit: 100_000, amount: 98_000, spend: 2_000 });

    const canceledOnly = body(await get('/api/v1/sme/order/list?status=-1', headers)).content;
    expect([canceledOnly.count, canceledOnly.orders[0]._id]).toEqual([1, first]);
    expect(body(await get('/api/v1/sme/order/list?status=0', headers)).content.count).toBe(1);
  });
});

describe('paying through the sandbox gateway', () => {
  it('approving the first instalment moves the order to waiting and frees that much credit, exactly once', async () => {
    const { headers, smeId } = await activeSme(100_000);
    const orderId = await createOrder(headers, 100);
    const start = body(await post('/api/v1/sme/pay/init', headers, { orderId })).content;
    expect(start.paymentUrl).toBe(`/gateway/sandbox/${start.transactionId}`);
    // A second start while the first is in flight sends the payer to the same payment.
    expect(body(await post('/api/v1/sme/pay/init', headers, { orderId })).content).toEqual(start);

    const page = body(await get(`/api/v1/pub/gateway/sandbox/${start.transactionId}`)).content;
    expect(page).toMatchObject({ transactionId: start.transactionId, amount: 25, status: 'pending' });
    expect(page.description).toContain('Gulf Packaging');

    // Before approval, verify says not paid and changes nothing.
    expect(body(await post('/api/v1/sme/pay/verify', headers, { transactionId: start.transactionId })).content).toEqual({ payStatus: false, orderId });

    await post('/api/v1/pub/gateway/sandbox/complete', {}, { transactionId: start.transactionId, approve: true });
    const verify = body(await post('/api/v1/sme/pay/verify', headers, { transactionId: start.transactionId })).content;
    expect(verify).toEqual({ payStatus: true, orderId });

    const order = body(await get(`/api/v1/sme/order/show/${orderId}`, headers)).content.order;
    expect(order.status).toBe(1);
    expect(order.installments.map((i: { paid: { at: string | null } }) => i.paid.at !== null)).toEqual([true, false, false, false]);
    expect(await credit(smeId)).toEqual({ limit: 100_000, amount: 100_000 - 7_500, spend: 7_500 });
    expect(await receivable(smeId)).toBe(7_500);
    expect(await count(sql`select count(*) as n from ledger_entries where order_id = ${orderId} and kind = 'installment_paid'`)).toBe(1);

    const completedAgain = await post('/api/v1/pub/gateway/sandbox/complete', {}, { transactionId: start.transactionId, approve: false });
    expect([completedAgain.statusCode, body(completedAgain).msg]).toEqual([409, MESSAGES.paymentAlreadyCompleted]);
  });

  it('a declined payment leaves the order created and can be retried', async () => {
    const { headers, smeId } = await activeSme(100_000);
    const orderId = await createOrder(headers, 40);
    const declined = await payThroughSandbox(headers, orderId, false);
    expect(body(await post('/api/v1/sme/pay/verify', headers, { transactionId: declined })).content.payStatus).toBe(false);
    expect(body(await get(`/api/v1/sme/order/show/${orderId}`, headers)).content.order.status).toBe(0);
    expect(await credit(smeId)).toEqual({ limit: 100_000, amount: 96_000, spend: 4_000 });
    const approved = await payThroughSandbox(headers, orderId, true);
    expect(approved).not.toBe(declined);
    expect(body(await post('/api/v1/sme/pay/verify', headers, { transactionId: approved })).content.payStatus).toBe(true);
  });

  it('pays the remaining instalments in order until the order is paid', async () => {
    const { headers, smeId } = await activeSme(100_000, { plan: [5000, 3000, 2000] });
    const orderId = await createOrder(headers, 99.99);
    const early = await post('/api/v1/sme/pay/installment', headers, { orderId });
    expect([early.statusCode, body(early).msg]).toEqual([409, 'this is not possible while the order is created']);
    await payThroughSandbox(headers, orderId, true, 'init');
    const refusedInit = await post('/api/v1/sme/pay/init', headers, { orderId });
    expect([refusedInit.statusCode, body(refusedInit).msg]).toEqual([409, 'this is not possible while the order is waiting']);
    await payThroughSandbox(headers, orderId, true, 'installment');
    await payThroughSandbox(headers, orderId, true, 'installment');
    const order = body(await get(`/api/v1/sme/order/show/${orderId}`, headers)).content.order;
    expect(order.installments.map((i: { amount: number }) => i.amount)).toEqual([49.99, 29.99, 20.01]);
    expect(order.installments.every((i: { paid: { at: string | null } }) => i.paid.at)).toBe(true);
    expect(order.paid).toBe(true);
    expect(await credit(smeId)).toEqual({ limit: 100_000, amount: 100_000, spend: 0 });
    const none = await post('/api/v1/sme/pay/installment', headers, { orderId });
    expect([none.statusCode, body(none).msg]).toEqual([409, MESSAGES.everyInstallmentPaid]);
  });

  it('20 concurrent verifies and callbacks settle one payment once', async () => {
    const { headers, smeId } = await activeSme(100_000);
    const orderId = await createOrder(headers, 80);
    const start = body(await post('/api/v1/sme/pay/init', headers, { orderId })).content;
    // Approve on the gateway's side without its callback, then race every path that settles.
    await ctx.db.execute(sql`update sandbox_transactions set status = 'approved' where id = ${start.transactionId}`);
    const payload = JSON.stringify({ transactionId: start.transactionId, status: 'approved' });
    const signature = signCallback(callbackSecret(ctx.config.sessionSecret), payload);
    const calls = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? post('/api/v1/sme/pay/verify', headers, { transactionId: start.transactionId })
        : ctx.app.inject({ method: 'POST', url: '/api/v1/pub/gateway/callback', headers: { 'content-type': 'application/json', [CALLBACK_SIGNATURE_HEADER]: signature }, payload }),
    );
    const responses = await Promise.all(calls);
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(responses.every((r) => body(r).content.payStatus === true)).toBe(true);
    expect(await count(sql`select count(*) as n from ledger_entries where order_id = ${orderId} and kind = 'installment_paid'`)).toBe(1);
    expect(await credit(smeId)).toEqual({ limit: 100_000, amount: 94_000, spend: 6_000 });
    expect(await ledgerTotal()).toBe(0);
  });

  it('refuses a forged callback and changes nothing; a signed one still settles only by the gateway’s word', async () => {
    const { headers, smeId } = await activeSme(100_000);
    const orderId = await createOrder(headers, 10);
    const start = body(await post('/api/v1/sme/pay/init', headers, { orderId })).content;
    const payload = JSON.stringify({ transactionId: start.transactionId, status: 'approved' });
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/pub/gateway/callback',
      headers: { 'content-type': 'application/json', [CALLBACK_SIGNATURE_HEADER]: signCallback('a-guessed-secret', payload) },
      payload,
    });
    expect([forged.statusCode, body(forged).msg]).toEqual([401, MESSAGES.callbackSignatureInvalid]);
    const unsigned = await ctx.app.inject({ method: 'POST', url: '/api/v1/pub/gateway/callback', headers: { 'content-type': 'application/json' }, payload });
    expect(unsigned.statusCode).toBe(401);
    // Signed but the gateway never approved: nothing settles.
    const signed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/pub/gateway/callback',
      headers: { 'content-type': 'application/json', [CALLBACK_SIGNATURE_HEADER]: signCallback(callbackSecret(ctx.config.sessionSecret), payload) },
      payload,
    });
    expect(body(signed).content).toEqual({ payStatus: false, orderId });
    expect(await count(sql`select count(*) as n from payments where order_id = ${orderId} and status = 'pending'`)).toBe(1);
    expect(body(await get(`/api/v1/sme/order/show/${orderId}`, headers)).content.order.status).toBe(0);
    expect(await credit(smeId)).toEqual({ limit: 100_000, amount: 99_000, spend: 1_000 });
  });

  it('refunds a payment approved for an order canceled meanwhile, moving no credit', async () => {
    const { headers, smeId } = await activeSme(100_000);
    const orderId = await createOrder(headers, 10);
    const start = body(await post('/api/v1/sme/pay/init', headers, { orderId })).content;
    await post('/api/v1/sme/order/cancel', headers, { orderId });
    await post('/api/v1/pub/gateway/sandbox/complete', {}, { transactionId: start.transactionId, approve: true });
    expect(body(await post('/api/v1/sme/pay/verify', headers, { transactionId: start.transactionId })).content.payStatus).toBe(false);
    await ctx.app.refunds.runOnce();
    const states = await ctx.db.execute<{ p: string; s: string }>(
      sql`select p.status as p, s.status as s from payments p join sandbox_transactions s on s.id = p.transaction_id where p.transaction_id = ${start.transactionId}`,
    );
    expect(states.rows[0]).toEqual({ p: 'refunded', s: 'refunded' });
    expect(await credit(smeId)).toEqual({ limit: 100_000, amount: 100_000, spend: 0 });
    expect(await receivable(smeId)).toBe(0);
  });

  it('keeps payments to their SME: another SME’s transaction is not found', async () => {
    const { headers } = await activeSme(100_000);
    const other = await activeSme();
    const orderId = await createOrder(headers, 10);
    const start = body(await post('/api/v1/sme/pay/init', headers, { orderId })).content;
    const foreign = await post('/api/v1/sme/pay/verify', other.headers, { transactionId: start.transactionId });
    expect([foreign.statusCode, body(foreign).msg]).toEqual([404, MESSAGES.paymentNotFound]);
    expect((await post('/api/v1/sme/pay/init', other.headers, { orderId })).statusCode).toBe(404);
    const unknown = await get('/api/v1/pub/gateway/sandbox/sbx_doesnotexist000000000000');
    expect([unknown.statusCode, body(unknown).msg]).toEqual([404, MESSAGES.paymentNotFound]);
  });
});

describe('the SME’s actions at every status', () => {
  it('refuses each action the state machine does not allow with 409 naming the status, changing nothing', async () => {
    const { headers, smeId } = await activeSme(1_000_000);
    const allowed: Record<string, number[]> = { cancel: [0], init: [0], installment: [1, 2, 3, 4, 5, 6] };
    const names: Record<number, string> = { [-1]: 'canceled', 0: 'created', 1: 'waiting', 2: 'sending', 3: 'delivered', 4: 'uploadedInvoice', 5: 'invoiceVerifiedByAdmin', 6: 'paidByBank' };
    for (const status of [-1, 0, 1, 2, 3, 4, 5, 6]) {
      for (const action of ['cancel', 'init', 'installment'] as const) {
        if (allowed[action]!.includes(status)) continue;
        const orderId = await createOrder(headers, 10);
        await ctx.db.execute(sql`update orders set status = ${status}, reached_supplier = ${status >= 1} where id = ${orderId}`);
        const before = await credit(smeId);
        const url = action === 'cancel' ? '/api/v1/sme/order/cancel' : `/api/v1/sme/pay/${action}`;
        const response = await post(url, headers, { orderId });
        expect([response.statusCode, body(response).msg], `${action} at ${status}`).toEqual([409, `this is not possible while the order is ${names[status]}`]);
        expect(await credit(smeId)).toEqual(before);
        expect(await count(sql`select count(*) as n from orders where id = ${orderId} and status = ${status}`)).toBe(1);
        expect(await count(sql`select count(*) as n from payments where order_id = ${orderId}`)).toBe(0);
      }
    }
  });
});

describe('the jobs', () => {
  it('cancels orders unpaid after 72 hours, releasing their credit, once', async () => {
    const { headers, smeId } = await activeSme(100_000);
    clock.now = new Date('2026-04-01T00:00:00.000Z');
    const stale = await createOrder(headers, 30);
    clock.now = new Date('2026-04-03T23:00:00.000Z');
    const fresh = await createOrder(headers, 20);
    await ctx.app.jobs.runOnce();
    expect(body(await get(`/api/v1/sme/order/show/${stale}`, headers)).content.order.status).toBe(0);
    clock.now = new Date('2026-04-04T00:00:01.000Z');
    await ctx.app.jobs.runOnce();
    await ctx.app.jobs.runOnce();
    expect(body(await get(`/api/v1/sme/order/show/${stale}`, headers)).content.order.status).toBe(-1);
    expect(body(await get(`/api/v1/sme/order/show/${fresh}`, headers)).content.order.status).toBe(0);
    expect(await credit(smeId)).toEqual({ limit: 100_000, amount: 98_000, spend: 2_000 });
    expect(await receivable(smeId)).toBe(2_000);
    expect(await count(sql`select count(*) as n from ledger_entries where order_id = ${stale} and kind = 'order_canceled'`)).toBe(1);
  });

  it('marks late payments, sends a reminder and a late notice once each, and clears active when paid', async () => {
    const { account, headers } = await activeSme(100_000);
    clock.now = new Date('2026-05-01T00:00:00.000Z');
    const orderId = await createOrder(headers, 100);
    await payThroughSandbox(headers, orderId, true);
    const notices = (kind: string) =>
      count(sql`select count(*) as n from outbox_messages where recipient = ${account.email} and subject like ${`%${kind}%`}`);

    clock.now = new Date('2026-05-28T00:00:00.000Z'); // 3 days before the second deadline
    await ctx.app.jobs.runOnce();
    await ctx.app.jobs.runOnce();
    expect(await notices('is due on')).toBe(1);
    expect(body(await get(`/api/v1/sme/order/show/${orderId}`, headers)).content.order.latePay).toEqual({ once: false, active: false });

    clock.now = new Date('2026-06-01T00:00:00.000Z'); // past the second deadline
    await ctx.app.jobs.runOnce();
    await ctx.app.jobs.runOnce();
    expect(await notices('is late')).toBe(1);
    expect(body(await get(`/api/v1/sme/order/show/${orderId}`, headers)).content.order.latePay).toEqual({ once: true, active: true });

    await payThroughSandbox(headers, orderId, true, 'installment');
    expect(body(await get(`/api/v1/sme/order/show/${orderId}`, headers)).content.order.latePay).toEqual({ once: true, active: false });
  });
});

describe('late once, decided when an instalment is paid', () => {
  it('records a payment after the deadline as late once without waiting for the sweep; at the deadline it is on time', async () => {
    const { headers } = await activeSme(100_000, { plan: [5000, 5000] });
    const created = new Date('2026-07-01T00:00:00.000Z');
    const deadline = new Date(created.getTime() + 30 * DAY); // the second instalment's
    clock.now = created;
    const onTime = await createOrder(headers, 100);
    const late = await createOrder(headers, 100);
    await payThroughSandbox(headers, onTime, true);
    await payThroughSandbox(headers, late, true);

    // No sweep runs between the deadline and these payments.
    clock.now = deadline;
    await payThroughSandbox(headers, onTime, true, 'installment');
    clock.now = new Date(deadline.getTime() + 1);
    await payThroughSandbox(headers, late, true, 'installment');

    for (const [orderId, once] of [[onTime, false], [late, true]] as const) {
      const order = body(await get(`/api/v1/sme/order/show/${orderId}`, headers)).content.order;
      expect(order, orderId).toMatchObject({ status: 1, paid: true, latePay: { once, active: false } });
      expect(order.installments[1].paid.at).toBe(orderId === onTime ? deadline.toISOString() : new Date(deadline.getTime() + 1).toISOString());
    }
    const rows = await ctx.db.execute<{ id: string; late_once: boolean; late_active: boolean; paid: boolean }>(
      sql`select id, late_once, late_active, paid from orders where id in (${onTime}, ${late})`,
    );
    expect(Object.fromEntries(rows.rows.map((r) => [r.id, [r.late_once, r.late_active, r.paid]]))).toEqual({
      [onTime]: [false, false, true],
      [late]: [true, false, true],
    });
    // The sweep later agrees and changes nothing.
    await ctx.app.jobs.runOnce();
    expect(body(await get(`/api/v1/sme/order/show/${onTime}`, headers)).content.order.latePay).toEqual({ once: false, active: false });
    expect(body(await get(`/api/v1/sme/order/show/${late}`, headers)).content.order.latePay).toEqual({ once: true, active: false });
  });
});

describe('the ledger', () => {
  it('shows every account’s balance to the admin, summing to zero, and the receivables equal credit in use', async () => {
    const admin = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'admin' })));
    const response = body(await get('/api/v1/admin/ledger/balances', admin)).content;
    expect(response.total).toBe(0);
    const accounts = Object.fromEntries(response.accounts.map((a: { account: string; balance: number }) => [a.account, a.balance]));
    const spend = await ctx.db.execute<{ s: string }>(sql`select coalesce(sum(credit_spend),0)::bigint as s from smes`);
    expect(accounts.sme_receivable).toBe(Number(spend.rows[0]!.s) / 100);
    expect(accounts.order_funding).toBeLessThan(0);
    const mismatched = await ctx.db.execute(
      sql`select s.id from smes s where s.credit_spend <> coalesce((select sum(amount) from ledger_postings p where p.account = 'sme_receivable' and p.sme_id = s.id), 0)
          or s.credit_amount <> s.credit_limit - s.credit_spend`,
    );
    expect(mismatched.rows).toEqual([]);
    const { headers } = await activeSme();
    expect((await get('/api/v1/admin/ledger/balances', headers)).statusCode).toBe(403);
  });

  it('refuses an entry that does not balance, in the database itself', async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        const entry = await tx.execute<{ id: string }>(sql`insert into ledger_entries (kind) values ('refund') returning id`);
        await tx.execute(sql`insert into ledger_postings (entry_id, account, amount) values (${entry.rows[0]!.id}, 'gateway_clearing', 5)`);
      }),
    ).rejects.toThrow();
    expect(await ledgerTotal()).toBe(0);
  });
});
