// The MyFatoorah adapter against a local server that answers as MyFatoorah's v2 documentation describes:
// a paid invoice settles once for exactly the instalment's amount and currency; pending, failed attempts
// and expired invoices settle nothing; a wrong amount or currency settles nothing and shows for the admin;
// 500s and slow answers are retried where safe and never settled on; webhooks count only with their
// signature and only make the platform ask MyFatoorah; refunds go through MakeRefund until confirmed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, currencyOf } from '@qist/domain';
import { createMyFatoorahGateway, decimalToMinor, signMyFatoorahWebhook, type MyFatoorahGateway } from '../../src/modules/orders/myfatoorah-gateway.js';
import { MF_API_KEY, MF_WEBHOOK_SECRET, startFakeMyFatoorah, type FakeMyFatoorah } from '../fakes/myfatoorah-server.js';
import { bearer, body, createAccount, loginAs, useTestApp, type TestContext } from '../helpers.js';

type Headers = Record<string, string>;
const TIMEOUT_MS = 250;

let server: FakeMyFatoorah;
const env: Record<string, string> = {};
beforeAll(async () => {
  server = await startFakeMyFatoorah();
  Object.assign(env, {
    SEED_DEMO: 'false',
    PAYMENT_GATEWAY: 'myfatoorah',
    MYFATOORAH_BASE_URL: server.baseUrl,
    MYFATOORAH_API_KEY: MF_API_KEY,
    MYFATOORAH_WEBHOOK_SECRET: MF_WEBHOOK_SECRET,
    PUBLIC_URL: 'https://qist.example',
  });
});
afterAll(async () => {
  await server?.close();
});

/** The gateway as the tests build it: the same adapter with short timeouts, so a slow answer takes a quarter second. */
let gateway: MyFatoorahGateway;
beforeAll(() => {
  gateway = createMyFatoorahGateway({
    baseUrl: server.baseUrl,
    apiKey: MF_API_KEY,
    webhookSecret: MF_WEBHOOK_SECRET,
    currency: currencyOf('USD'),
    returnUrl: (transactionId) => `https://qist.example/sme/payment-result/${transactionId}`,
    timeoutMs: TIMEOUT_MS,
    readRetries: 2,
    retryDelayMs: 20,
  });
});

function parties(ctx: TestContext) {
  const state = { supplierId: '', sme: { headers: {} as Headers, smeId: '' }, admin: {} as Headers };
  beforeAll(async () => {
    const supplier = await createAccount(ctx.db, { role: 'provider', level: 5 });
    state.supplierId = (await ctx.db.execute<{ id: string }>(sql`select id from providers where user_id = ${supplier.id}`)).rows[0]!.id;
    const account = await createAccount(ctx.db, { role: 'sme', level: 8, creditLimit: 1_000_000 });
    await ctx.db.execute(sql`update smes set company_title = 'Gulf Bakery' where user_id = ${account.id}`);
    state.sme = {
      headers: bearer(await loginAs(ctx.app, account)),
      smeId: (await ctx.db.execute<{ id: string }>(sql`select id from smes where user_id = ${account.id}`)).rows[0]!.id,
    };
    state.admin = bearer(await loginAs(ctx.app, await createAccount(ctx.db, { role: 'admin' })));
  });
  return state;
}

describe('amounts in MyFatoorah’s decimals', () => {
  it('are read back exactly, or not at all', () => {
    expect([decimalToMinor(25, 2), decimalToMinor('25.000', 2), decimalToMinor(12.345, 3), decimalToMinor('0.07', 2)]).toEqual([2500, 2500, 12345, 7]);
    expect([decimalToMinor(24.999, 2), decimalToMinor('-1', 2), decimalToMinor('abc', 2), decimalToMinor(null, 2)]).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe('configured by PAYMENT_GATEWAY=myfatoorah', () => {
  const ctx = useTestApp({ env });
  const p = parties(ctx);

  it('makes an invoice link for the instalment, sending the SME back to the platform’s result page', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sme/order/create',
      headers: p.sme.headers,
      payload: { providerId: p.supplierId, amount: 100, description: 'Flour' },
    });
    const orderId = body(created).content.order._id;
    const start = body(await ctx.app.inject({ method: 'POST', url: '/api/v1/sme/pay/init', headers: p.sme.headers, payload: { orderId } })).content;
    const invoice = server.invoiceOf(start.transactionId);
    expect(start.paymentUrl).toBe(`${server.baseUrl}/invoice/${invoice.InvoiceId}`);
    const call = server.calls.find((c) => c.path === 'SendPayment' && c.body.CustomerReference === start.transactionId)!;
    expect(call.authorization).toBe(`Bearer ${MF_API_KEY}`);
    expect(call.body).toMatchObject({
      NotificationOption: 'LNK',
      CustomerName: 'Gulf Bakery',
      InvoiceValue: 25,
      DisplayCurrencyIso: 'USD',
      CallBackUrl: `https://qist.example/sme/payment-result/${start.transactionId}`,
      ErrorUrl: `https://qist.example/sme/payment-result/${start.transactionId}`,
    });
    const stored = await ctx.db.execute<{ gateway: string; gateway_reference: string }>(sql`select gateway, gateway_reference from payments where transaction_id = ${start.transactionId}`);
    expect(stored.rows).toEqual([{ gateway: 'myfatoorah', gateway_reference: String(invoice.InvoiceId) }]);
    // The sandbox's page is refused in this deployment.
    const sandbox = await ctx.app.inject({ method: 'POST', url: '/api/v1/pub/gateway/sandbox/complete', payload: { transactionId: start.transactionId, approve: true } });
    expect([sandbox.statusCode, body(sandbox).msg]).toEqual([403, MESSAGES.sandboxNotInUse]);
  });
});

describe('the MyFatoorah adapter', () => {
  const clock = { now: new Date('2026-10-01T10:00:00.000Z') };
  const ctx = useTestApp({
    clock: () => clock.now,
    // Read when the app is built, after the local server started.
    get gateway() {
      return gateway;
    },
  });
  const p = parties(ctx);
  const post = (url: string, payload: unknown, headers: Headers = p.sme.headers) => ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });
  /** Sends a webhook with its signature, another one, or none (null). */
  const webhook = (hook: { body: string; signature: string }, signature: string | null = hook.signature) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/pub/gateway/myfatoorah/webhook',
      headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'myfatoorah-signature': signature }) },
      payload: hook.body,
    });

  async function startOrder(amount = 100) {
    const created = await post('/api/v1/sme/order/create', { providerId: p.supplierId, amount, description: 'Flour' });
    const orderId = body(created).content.order._id as string;
    const start = await post('/api/v1/sme/pay/init', { orderId });
    expect(start.statusCode, start.body).toBe(200);
    const { transactionId } = body(start).content as { transactionId: string };
    return { orderId, transactionId, invoiceId: server.invoiceOf(transactionId).InvoiceId };
  }
  const verify = (transactionId: string) => post('/api/v1/sme/pay/verify', { transactionId });
  const paymentOf = async (transactionId: string) =>
    (await ctx.db.execute<{ status: string }>(sql`select status from payments where transaction_id = ${transactionId}`)).rows[0]!.status;
  const orderStatus = async (orderId: string) => (await ctx.db.execute<{ status: number }>(sql`select status from orders where id = ${orderId}`)).rows[0]!.status;
  const entries = async (orderId: string, kind: string) =>
    (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_entries where order_id = ${orderId} and kind = ${kind}`)).rows[0]!.n;

  it('settles a paid invoice once, for exactly the instalment, on GetPaymentStatus’s word', async () => {
    const { orderId, transactionId, invoiceId } = await startOrder(100);
    expect(body(await verify(transactionId)).content).toEqual({ payStatus: false, orderId });
    server.pay(invoiceId);
    expect(body(await verify(transactionId)).content).toEqual({ payStatus: true, orderId });
    expect(body(await verify(transactionId)).content.payStatus).toBe(true);
    expect([await paymentOf(transactionId), await orderStatus(orderId), await entries(orderId, 'installment_paid')]).toEqual(['approved', 1, 1]);
    const asked = server.calls.filter((c) => c.path === 'GetPaymentStatus' && c.body.Key === String(invoiceId));
    expect(asked[0]!.body).toEqual({ Key: String(invoiceId), KeyType: 'InvoiceId' });
  });

  it('keeps a payment pending while the invoice is pending, even after a failed attempt, then expires it with the invoice', async () => {
    const { orderId, transactionId, invoiceId } = await startOrder();
    server.failAttempt(invoiceId);
    expect(body(await verify(transactionId)).content.payStatus).toBe(false);
    expect(await paymentOf(transactionId)).toBe('pending');
    // The payer tries again on the same page and pays.
    server.pay(invoiceId);
    expect(body(await verify(transactionId)).content.payStatus).toBe(true);

    const second = await startOrder();
    server.cancel(second.invoiceId);
    expect(body(await verify(second.transactionId)).content.payStatus).toBe(false);
    expect(await paymentOf(second.transactionId)).toBe('expired');
    // The SME starts again: a new invoice.
    const again = body(await post('/api/v1/sme/pay/init', { orderId: second.orderId })).content;
    expect(again.transactionId).not.toBe(second.transactionId);
    expect(server.invoiceOf(again.transactionId).InvoiceId).not.toBe(second.invoiceId);
    expect(await orderStatus(orderId)).toBe(1);
  });

  it('settles nothing for another amount or currency, logs it and shows it to the admin, counting repeats', async () => {
    const dashboard = async () => body(await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers: p.admin })).content.payments.openAnomalies as number;
    const before = await dashboard();
    const short = await startOrder(100);
    server.pay(short.invoiceId, { value: '24.99' });
    expect(body(await verify(short.transactionId)).content.payStatus).toBe(false);
    expect(body(await verify(short.transactionId)).content.payStatus).toBe(false);
    const foreign = await startOrder(100);
    server.pay(foreign.invoiceId, { currency: 'KD' });
    expect(body(await verify(foreign.transactionId)).content.payStatus).toBe(false);

    for (const { orderId, transactionId } of [short, foreign]) {
      expect([await paymentOf(transactionId), await orderStatus(orderId), await entries(orderId, 'installment_paid')]).toEqual(['pending', 0, 0]);
    }
    const listed = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/payment/anomaly/list?perPage=100', headers: p.admin })).content;
    expect(listed.anomalies.find((a: { transactionId: string }) => a.transactionId === short.transactionId)).toMatchObject({
      kind: 'amount_mismatch',
      orderId: short.orderId,
      expected: { amount: 25, currency: 'USD' },
      gatewayAnswer: { status: 'approved', amount: 24.99, currency: 'USD' },
      paymentStatus: 'pending',
      occurrences: 2,
      gateway: 'myfatoorah',
    });
    expect(listed.anomalies.find((a: { transactionId: string }) => a.transactionId === foreign.transactionId)).toMatchObject({
      kind: 'currency_mismatch',
      gatewayAnswer: { amount: 25, currency: 'KWD' },
      occurrences: 1,
    });
    const sme = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/payment/anomaly/list', headers: p.sme.headers });
    expect(sme.statusCode).toBe(403);
    // The admin's dashboard flags both (one row each, however often seen) while their payments stay unsettled.
    expect(await dashboard()).toBe(before + 2);
  });

  /** The order's ledger as it stands: each posting's entry kind, account and amount. */
  const ledgerOf = async (orderId: string) =>
    (await ctx.db.execute<{ kind: string; account: string; amount: string }>(
      sql`select e.kind, p.account, p.amount from ledger_entries e join ledger_postings p on p.entry_id = e.id where e.order_id = ${orderId} order by e.kind, p.account, p.amount`,
    )).rows;
  const unpaidInstallments = async (orderId: string) =>
    (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from installments where order_id = ${orderId} and paid_at is null`)).rows[0]!.n;
  const anomalyOf = async (transactionId: string) =>
    (body(await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/payment/anomaly/list?perPage=100', headers: p.admin })).content.anomalies as { transactionId: string }[]).find(
      (a) => a.transactionId === transactionId,
    );

  it('settles nothing on an InvoiceStatus it does not know, nor on Paid without a succeeded transaction: pending, and shown to the admin', async () => {
    // Paid at MyFatoorah, but answered with a state its documentation does not name.
    const frozen = await startOrder(100);
    server.pay(frozen.invoiceId);
    server.answerStatus(frozen.invoiceId, 'Frozen');
    // Answered Paid while its only transaction failed.
    const hollow = await startOrder(100);
    server.failAttempt(hollow.invoiceId);
    server.answerStatus(hollow.invoiceId, 'Paid');
    const before = { frozen: await ledgerOf(frozen.orderId), hollow: await ledgerOf(hollow.orderId) };

    for (const { orderId, transactionId } of [frozen, hollow]) {
      const answer = await verify(transactionId);
      expect([answer.statusCode, body(answer).content]).toEqual([200, { payStatus: false, orderId }]);
    }
    // A signed webhook about it makes the platform ask again, and settles nothing either.
    const hook = await webhook(server.paymentWebhook(frozen.invoiceId));
    expect([hook.statusCode, body(hook).content]).toEqual([200, { received: true, payStatus: false }]);

    for (const { orderId, transactionId } of [frozen, hollow]) {
      expect([await paymentOf(transactionId), await orderStatus(orderId), await entries(orderId, 'installment_paid'), await unpaidInstallments(orderId)]).toEqual(['pending', 0, 0, 4]);
    }
    expect({ frozen: await ledgerOf(frozen.orderId), hollow: await ledgerOf(hollow.orderId) }).toEqual(before);
    expect(await anomalyOf(frozen.transactionId)).toMatchObject({
      kind: 'unknown_state',
      orderId: frozen.orderId,
      expected: { amount: 25, currency: 'USD' },
      gatewayAnswer: { status: 'unknown', amount: null, currency: null, detail: 'InvoiceStatus Frozen, transactions Succss' },
      paymentStatus: 'pending',
      occurrences: 2,
      gateway: 'myfatoorah',
    });
    expect(await anomalyOf(hollow.transactionId)).toMatchObject({
      kind: 'unknown_state',
      orderId: hollow.orderId,
      gatewayAnswer: { status: 'unknown', amount: null, currency: null, detail: 'InvoiceStatus Paid, transactions Failed' },
      paymentStatus: 'pending',
      occurrences: 1,
    });
  });

  it('settles only on what the succeeded transaction paid: not when the invoice asked the instalment but the payer paid another amount, nor the reverse', async () => {
    // InvoiceValue and TransationValue are the instalment's 25.00; PaidCurrencyValue is 24.99.
    const short = await startOrder(100);
    server.pay(short.invoiceId, { paidValue: '24.99' });
    expect(server.invoiceOf(short.transactionId).InvoiceValue).toBe(25);
    // Paid 25.00, but on an invoice and a transaction of 24.99: the answer does not agree with itself.
    const odd = await startOrder(100);
    server.pay(odd.invoiceId, { value: '24.99', paidValue: '25' });
    const before = { short: await ledgerOf(short.orderId), odd: await ledgerOf(odd.orderId) };

    for (const { orderId, transactionId } of [short, odd]) {
      expect(body(await verify(transactionId)).content).toEqual({ payStatus: false, orderId });
      expect([await paymentOf(transactionId), await orderStatus(orderId), await entries(orderId, 'installment_paid'), await unpaidInstallments(orderId)]).toEqual(['pending', 0, 0, 4]);
    }
    expect({ short: await ledgerOf(short.orderId), odd: await ledgerOf(odd.orderId) }).toEqual(before);
    expect(await anomalyOf(short.transactionId)).toMatchObject({
      kind: 'amount_mismatch',
      expected: { amount: 25, currency: 'USD' },
      gatewayAnswer: { status: 'approved', amount: null, currency: 'USD', detail: 'InvoiceStatus Paid, transactions Succss, InvoiceValue 25, TransationValue 25 USD, PaidCurrencyValue 24.99 USD' },
      paymentStatus: 'pending',
    });
    expect(await anomalyOf(odd.transactionId)).toMatchObject({
      kind: 'amount_mismatch',
      gatewayAnswer: { status: 'approved', amount: null, currency: 'USD', detail: 'InvoiceStatus Paid, transactions Succss, InvoiceValue 24.99, TransationValue 24.99 USD, PaidCurrencyValue 25 USD' },
    });
  });

  it('retries GetPaymentStatus after a 500, and answers 503 settling nothing when every try fails; verify works later', async () => {
    const { orderId, transactionId, invoiceId } = await startOrder();
    server.pay(invoiceId);
    server.misbehave('GetPaymentStatus', { status: 500, times: 2 });
    expect(body(await verify(transactionId)).content).toEqual({ payStatus: true, orderId });

    const next = await startOrder();
    server.pay(next.invoiceId);
    server.misbehave('GetPaymentStatus', { status: 500, times: 3 });
    const refused = await verify(next.transactionId);
    expect([refused.statusCode, body(refused)]).toEqual([503, { status: false, msg: MESSAGES.gatewayUnavailable }]);
    expect([await paymentOf(next.transactionId), await orderStatus(next.orderId)]).toEqual(['pending', 0]);
    expect(body(await verify(next.transactionId)).content.payStatus).toBe(true);
  });

  it('never settles on an answer that comes too late, and starts no payment when SendPayment times out', async () => {
    const { transactionId, invoiceId, orderId } = await startOrder();
    server.pay(invoiceId);
    server.misbehave('GetPaymentStatus', { delayMs: TIMEOUT_MS * 3, times: 3 });
    const late = await verify(transactionId);
    expect([late.statusCode, body(late).msg]).toEqual([503, MESSAGES.gatewayUnavailable]);
    expect(await paymentOf(transactionId)).toBe('pending');
    expect(body(await verify(transactionId)).content).toEqual({ payStatus: true, orderId });

    const created = await post('/api/v1/sme/order/create', { providerId: p.supplierId, amount: 40, description: 'Salt' });
    const slowOrder = body(created).content.order._id as string;
    const sendsBefore = server.calls.filter((c) => c.path === 'SendPayment').length;
    server.misbehave('SendPayment', { delayMs: TIMEOUT_MS * 3, times: 1 });
    const slow = await post('/api/v1/sme/pay/init', { orderId: slowOrder });
    expect([slow.statusCode, body(slow).msg]).toEqual([503, MESSAGES.gatewayUnavailable]);
    // Making an invoice is not repeated by the adapter: its first try may have reached MyFatoorah.
    expect(server.calls.filter((c) => c.path === 'SendPayment').length).toBe(sendsBefore + 1);
    expect((await ctx.db.execute(sql`select id from payments where order_id = ${slowOrder}`)).rows).toEqual([]);
    expect((await post('/api/v1/sme/pay/init', { orderId: slowOrder })).statusCode).toBe(200);
  });

  it('refuses a webhook with a bad or missing signature, changing nothing; a signed one settles by GetPaymentStatus, and a replay changes nothing', async () => {
    const { orderId, transactionId, invoiceId } = await startOrder();
    const paymentId = server.pay(invoiceId);
    const hook = server.paymentWebhook(invoiceId);
    for (const signature of [null, 'bm90IHRoZSBzaWduYXR1cmU=', server.paymentWebhook(invoiceId, 'another-secret').signature]) {
      const refused = await webhook(hook, signature);
      expect([refused.statusCode, body(refused)]).toEqual([401, { status: false, msg: MESSAGES.callbackSignatureInvalid }]);
    }
    // A signed body altered after signing: its signed fields no longer match.
    const altered = { body: hook.body.replace(`"Id":"${invoiceId}"`, `"Id":"${invoiceId + 1}"`), signature: hook.signature };
    expect((await webhook(altered)).statusCode).toBe(401);
    expect([await paymentOf(transactionId), await orderStatus(orderId)]).toEqual(['pending', 0]);

    const accepted = await webhook(hook);
    expect([accepted.statusCode, body(accepted).content]).toEqual([200, { received: true, payStatus: true }]);
    expect(server.calls.filter((c) => c.path === 'GetPaymentStatus').at(-1)!.body).toEqual({ Key: paymentId, KeyType: 'PaymentId' });
    const replay = await webhook(hook);
    expect([replay.statusCode, body(replay).content]).toEqual([200, { received: true, payStatus: true }]);
    expect(await entries(orderId, 'installment_paid')).toBe(1);
    // An invoice that is not the platform's is acknowledged and changes nothing.
    const stranger = server.paymentWebhook(invoiceId);
    const foreignBody = stranger.body.replaceAll(String(invoiceId), '999999');
    const foreignData = JSON.parse(foreignBody).Data;
    const foreign = await webhook({ body: foreignBody, signature: signMyFatoorahWebhook(MF_WEBHOOK_SECRET, 'PAYMENT_STATUS_CHANGED', foreignData)! });
    expect([foreign.statusCode, body(foreign).content]).toEqual([200, { received: true, payStatus: false }]);
  });

  it('settles once when 10 verifies and 10 webhooks race', async () => {
    const { orderId, transactionId, invoiceId } = await startOrder(100);
    server.pay(invoiceId);
    const hook = server.paymentWebhook(invoiceId);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? verify(transactionId) : webhook(hook))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.every((a) => body(a).content.payStatus === true)).toBe(true);
    expect(await entries(orderId, 'installment_paid')).toBe(1);
    const credit = await ctx.db.execute<{ s: string }>(sql`select credit_spend as s from smes where id = ${p.sme.smeId}`);
    const receivable = await ctx.db.execute<{ b: string }>(
      sql`select coalesce(sum(amount), 0)::bigint as b from ledger_postings where account = 'sme_receivable' and sme_id = ${p.sme.smeId}`,
    );
    expect(credit.rows[0]!.s).toBe(receivable.rows[0]!.b);
  });

  it('refunds a declined order through MakeRefund, follows it until MyFatoorah confirms, and makes no second refund after a timeout', async () => {
    const supplier = await createAccount(ctx.db, { role: 'provider', level: 5 });
    const supplierHeaders = bearer(await loginAs(ctx.app, supplier));
    const supplierId = (await ctx.db.execute<{ id: string }>(sql`select id from providers where user_id = ${supplier.id}`)).rows[0]!.id;
    const waiting = async () => {
      const created = await post('/api/v1/sme/order/create', { providerId: supplierId, amount: 80, description: 'Yeast' });
      const orderId = body(created).content.order._id as string;
      const { transactionId } = body(await post('/api/v1/sme/pay/init', { orderId })).content;
      const invoiceId = server.invoiceOf(transactionId).InvoiceId;
      server.pay(invoiceId);
      expect(body(await verify(transactionId)).content.payStatus).toBe(true);
      expect((await post('/api/v1/provider/order/decline', { orderId }, supplierHeaders)).statusCode).toBe(200);
      return { orderId, transactionId, invoiceId };
    };
    const refundOf = async (transactionId: string) =>
      (await ctx.db.execute<{ status: string; gateway_refund_id: string | null; attempts: number }>(
        sql`select status, gateway_refund_id, attempts from refunds where transaction_id = ${transactionId}`,
      )).rows[0]!;

    const first = await waiting();
    await ctx.app.refunds.runOnce();
    const made = server.refunds.filter((r) => r.InvoiceId === first.invoiceId);
    expect(made.map((r) => r.Amount)).toEqual([20]);
    expect(server.calls.filter((c) => c.path === 'MakeRefund').at(-1)!.body).toMatchObject({ KeyType: 'InvoiceId', Key: String(first.invoiceId), Amount: 20 });
    expect(await refundOf(first.transactionId)).toEqual({ status: 'requested', gateway_refund_id: String(made[0]!.RefundId), attempts: 1 });
    // MyFatoorah's finance team refunds it and its webhook says so: the worker asks and records it.
    made[0]!.RefundStatus = 'REFUNDED';
    const signedRefund = await webhook(server.refundWebhook(made[0]!));
    expect([signedRefund.statusCode, body(signedRefund).content]).toEqual([200, { received: true }]);
    await ctx.app.refunds.runOnce();
    expect(await refundOf(first.transactionId)).toMatchObject({ status: 'succeeded', attempts: 2 });

    // MakeRefund times out after MyFatoorah made the refund: the retry finds it rather than making another.
    const second = await waiting();
    server.misbehave('MakeRefund', { delayMs: TIMEOUT_MS * 3, times: 1, thenDo: 'process' });
    expect(await ctx.app.refunds.runOnce()).toMatchObject({ retrying: 1 });
    expect(await refundOf(second.transactionId)).toMatchObject({ status: 'pending', attempts: 1 });
    await ctx.db.execute(sql`update refunds set next_attempt_at = ${clock.now} where transaction_id = ${second.transactionId}`);
    await ctx.app.refunds.runOnce();
    const secondRefunds = server.refunds.filter((r) => r.InvoiceId === second.invoiceId);
    expect(secondRefunds).toHaveLength(1);
    expect(await refundOf(second.transactionId)).toEqual({ status: 'requested', gateway_refund_id: String(secondRefunds[0]!.RefundId), attempts: 2 });
    // Canceled by MyFatoorah: failed, for finance to settle by hand.
    secondRefunds[0]!.RefundStatus = 'CANCELED';
    await ctx.db.execute(sql`update refunds set next_attempt_at = ${clock.now} where transaction_id = ${second.transactionId}`);
    await ctx.app.refunds.runOnce();
    expect(await refundOf(second.transactionId)).toMatchObject({ status: 'failed' });

    // Or tried again by an admin: the canceled refund is not taken as the answer; MyFatoorah gets a new MakeRefund.
    const refundId = (await ctx.db.execute<{ id: string }>(sql`select id from refunds where transaction_id = ${second.transactionId}`)).rows[0]!.id;
    const retried = await post('/api/v1/admin/refund/retry', { refundId }, p.admin);
    expect([retried.statusCode, body(retried).content.refund]).toEqual([200, expect.objectContaining({ status: 'pending', attempts: 3 })]);
    await ctx.app.refunds.runOnce();
    const afterRetry = server.refunds.filter((r) => r.InvoiceId === second.invoiceId);
    expect(afterRetry.map((r) => r.RefundStatus)).toEqual(['CANCELED', 'PENDING']);
    expect(await refundOf(second.transactionId)).toEqual({ status: 'requested', gateway_refund_id: String(afterRetry[1]!.RefundId), attempts: 4 });
  });

  it('acknowledges events it does not act on, and is refused on a platform that does not use MyFatoorah', async () => {
    const other = await webhook({ body: JSON.stringify({ Event: { Code: 3, Name: 'BALANCE_TRANSFERRED' }, Data: { Deposit: {} } }), signature: 'x' });
    expect([other.statusCode, body(other).content]).toEqual([200, { received: true }]);
  });
});

describe('the reconciliation with MyFatoorah', () => {
  const clock = { now: new Date('2026-10-02T09:00:00.000Z') };
  const ctx = useTestApp({
    clock: () => clock.now,
    get gateway() {
      return gateway;
    },
  });
  const p = parties(ctx);
  const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: p.sme.headers, payload });
  async function started(amount: number) {
    const orderId = body(await post('/api/v1/sme/order/create', { providerId: p.supplierId, amount, description: 'Flour' })).content.order._id as string;
    const { transactionId } = body(await post('/api/v1/sme/pay/init', { orderId })).content as { transactionId: string };
    return { orderId, transactionId, invoiceId: server.invoiceOf(transactionId).InvoiceId };
  }

  it('asks MyFatoorah about each payment started that day: one settled is matched, one paid and never settled is missing in the ledger', async () => {
    const settled = await started(100);
    server.pay(settled.invoiceId);
    expect(body(await post('/api/v1/sme/pay/verify', { transactionId: settled.transactionId })).content.payStatus).toBe(true);
    const unsettled = await started(200);
    server.pay(unsettled.invoiceId);
    const unpaid = await started(300);

    const asked = server.calls.length;
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/reconciliation?date=2026-10-02', headers: p.admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(body(response).content).toMatchObject({
      gateway: 'myfatoorah',
      matched: 1,
      missingInLedger: [{ transactionId: unsettled.transactionId, orderId: unsettled.orderId, gatewayAmount: 50, ledgerAmount: null }],
      missingAtGateway: [],
      amountMismatch: [],
      differences: 1,
    });
    const statusCalls = server.calls.slice(asked).filter((c) => c.path === 'GetPaymentStatus').map((c) => c.body.Key);
    expect(statusCalls).toEqual(expect.arrayContaining([settled, unsettled, unpaid].map((x) => String(x.invoiceId))));

    // MyFatoorah does not answer: the day cannot be reconciled now, and the stored result stays.
    server.misbehave('GetPaymentStatus', { status: 500, times: 100 });
    const down = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/reconciliation?date=2026-10-02', headers: p.admin });
    expect([down.statusCode, body(down).msg]).toEqual([503, MESSAGES.reconciliationUnavailable]);
    const stored = await ctx.db.execute<{ differences: number }>(sql`select differences from reconciliations where date = '2026-10-02'`);
    expect(stored.rows).toEqual([{ differences: 1 }]);
    server.misbehave('GetPaymentStatus', { status: 500, times: 0 });
  });
});

describe('the MyFatoorah webhook where the sandbox is the gateway', () => {
  const ctx = useTestApp();
  it('is refused, changing nothing', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/pub/gateway/myfatoorah/webhook',
      headers: { 'content-type': 'application/json', 'myfatoorah-signature': 'x' },
      payload: '{}',
    });
    expect([response.statusCode, body(response).msg]).toEqual([403, MESSAGES.gatewayNotInUse]);
  });
});

describe('MyFatoorah in Kuwaiti dinars', () => {
  // The MyFatoorah settings are known once the local server runs (above); this hook runs before the app's.
  const kwd: Record<string, string> = {};
  beforeAll(() => void Object.assign(kwd, env, { CURRENCY: 'KWD' }));
  const ctx = useTestApp({ env: kwd });
  const p = parties(ctx);
  const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: p.sme.headers, payload });

  it('asks for the instalment to the fil in KWD, and settles only on exactly that many fils', async () => {
    const created = await post('/api/v1/sme/order/create', { providerId: p.supplierId, amount: 123.457, description: 'Cold-room shelving' });
    expect(created.statusCode, created.body).toBe(200);
    const orderId = body(created).content.order._id as string;
    const shown = body(await ctx.app.inject({ method: 'GET', url: `/api/v1/sme/order/show/${orderId}`, headers: p.sme.headers })).content.order;
    expect(shown.installments.map((i: { amount: number }) => i.amount)).toEqual([30.864, 30.864, 30.864, 30.865]);

    const start = async () => {
      const started = body(await post('/api/v1/sme/pay/init', { orderId })).content as { transactionId: string };
      return { transactionId: started.transactionId, invoiceId: server.invoiceOf(started.transactionId).InvoiceId };
    };
    const first = await start();
    const call = server.calls.find((c) => c.path === 'SendPayment' && c.body.CustomerReference === first.transactionId)!;
    expect(call.body).toMatchObject({ InvoiceValue: 30.864, DisplayCurrencyIso: 'KWD' });

    // One fil short settles nothing and is shown to the admin in dinars.
    server.pay(first.invoiceId, { value: '30.863' });
    expect(body(await post('/api/v1/sme/pay/verify', { transactionId: first.transactionId })).content.payStatus).toBe(false);
    const listed = body(await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/payment/anomaly/list', headers: p.admin })).content;
    expect(listed.anomalies.find((a: { transactionId: string }) => a.transactionId === first.transactionId)).toMatchObject({
      kind: 'amount_mismatch',
      expected: { amount: 30.864, currency: 'KWD' },
      gatewayAnswer: { status: 'approved', amount: 30.863, currency: 'KWD' },
    });

    // The exact amount, written by MyFatoorah with three decimals, settles the instalment once.
    const invoice = server.invoiceOf(first.transactionId);
    server.cancel(invoice.InvoiceId);
    await post('/api/v1/sme/pay/verify', { transactionId: first.transactionId });
    const second = await start();
    expect(second.invoiceId).not.toBe(first.invoiceId);
    server.pay(second.invoiceId, { value: '30.864' });
    expect(body(await post('/api/v1/sme/pay/verify', { transactionId: second.transactionId })).content).toEqual({ payStatus: true, orderId });
    const paid = await ctx.db.execute<{ amount: string }>(
      sql`select p.amount from ledger_postings p join ledger_entries e on e.id = p.entry_id where e.order_id = ${orderId} and e.kind = 'installment_paid' and p.account = 'gateway_clearing'`,
    );
    expect(paid.rows.map((r) => Number(r.amount))).toEqual([30_864]);
  });
});
