// MyFatoorah (KNET, cards) behind the gateway interface, by its published v2 API: a payment is an invoice
// made with SendPayment (NotificationOption LNK: the platform sends the SME to its InvoiceURL), its state
// is GetPaymentStatus (by the attempt's PaymentId when a webhook gave one, else by InvoiceId), a refund is
// MakeRefund followed by GetRefundStatus, and webhooks (version 2) are signed with the portal's secret.
//
// Every answer that is not clearly the gateway's word (a timeout, a network error, a 5xx, a 429, a body
// that is not its envelope) throws `gatewayUnavailable`: nothing is decided on it. Reads are retried a few
// times with a growing delay first; a call that makes something (an invoice, a refund) is never repeated
// here, since its first try may have reached the gateway.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { minorUnitsText, type Currency, type GatewayCapture } from '@qist/domain';
import { gatewayRefused, gatewayUnavailable } from '../../errors.js';
import type { GatewayRefundState, GatewayStatus, GatewayVerdict, PaymentGateway, PaymentRef, RefundAck } from './gateway.js';

export const MYFATOORAH_SIGNATURE_HEADER = 'myfatoorah-signature';

export interface MyFatoorahOptions {
  /** The API's origin, without a trailing slash (the v2 paths are added to it). */
  baseUrl: string;
  apiKey: string;
  webhookSecret: string;
  /** The platform's currency: invoices are made in it and payments settle only in it. */
  currency: Currency;
  /** Where MyFatoorah sends the payer back after paying or failing (the platform's payment result page). */
  returnUrl: (transactionId: string) => string;
  /** How long one call may take (default 10 s). */
  timeoutMs?: number;
  /** How many times a read is tried again after an ambiguous answer (default 2), waiting retryDelayMs, then twice that… */
  readRetries?: number;
  retryDelayMs?: number;
}

/** What a verified webhook is about; anything else is acknowledged and changes nothing. */
export type MyFatoorahNotice =
  | { kind: 'payment'; invoiceId: string; paymentId: string | undefined }
  | { kind: 'refund'; refundId: string }
  | { kind: 'other'; event: string };

export interface MyFatoorahGateway extends PaymentGateway {
  readonly name: 'myfatoorah';
  /**
   * Checks a webhook's signature over the fields MyFatoorah signs, read from the raw body as it arrived,
   * and says what the webhook is about; undefined when the signature is missing or wrong.
   */
  readWebhook(rawBody: string, signature: string | undefined): MyFatoorahNotice | undefined;
}

/** MyFatoorah writes some currencies by their local abbreviation (KD, SR, …) rather than by ISO 4217. */
const DISPLAY_CURRENCIES: Record<string, string> = { KD: 'KWD', SR: 'SAR', BD: 'BHD', QR: 'QAR', OR: 'OMR', JD: 'JOD', LE: 'EGP' };

function isoCurrency(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const code = value.trim().toUpperCase();
  return DISPLAY_CURRENCIES[code] ?? code;
}

/** "25.000" or 25 → 2500 (2 digits); undefined when it is not a whole number of minor units. */
export function decimalToMinor(value: unknown, digits: number): number | undefined {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > digits && /[^0]/.test(fraction.slice(digits))) return undefined;
  const minor = Number(whole + fraction.slice(0, digits).padEnd(digits, '0'));
  return Number.isSafeInteger(minor) ? minor : undefined;
}

type Envelope = { IsSuccess?: unknown; Message?: unknown; ValidationErrors?: unknown; Data?: unknown };
type Answer = { ok: true; data: Record<string, unknown> } | { ok: false; message: string };

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);
const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** The canonical string MyFatoorah signs for a webhook version 2 event: named Data fields, in this order. */
const SIGNED_FIELDS: Record<string, string[]> = {
  PAYMENT_STATUS_CHANGED: ['Invoice.Id', 'Invoice.Status', 'Transaction.Status', 'Transaction.PaymentId', 'Invoice.ExternalIdentifier'],
  REFUND_STATUS_CHANGED: ['Refund.Id', 'Refund.Status', 'Amount.ValueInBaseCurrency', 'ReferencedInvoice.Id'],
};

function fieldAt(data: Record<string, unknown>, path: string): string {
  let current: unknown = data;
  for (const part of path.split('.')) current = record(current)?.[part];
  if (current === null || current === undefined) return '';
  return typeof current === 'object' ? JSON.stringify(current) : String(current as string | number | boolean);
}

/** `Key=Value,…` of the event's signed fields (null as empty), HMAC-SHA256 with the secret, in base64. */
export function signMyFatoorahWebhook(secret: string, eventName: string, data: Record<string, unknown>): string | undefined {
  const fields = SIGNED_FIELDS[eventName];
  if (!fields) return undefined;
  const canonical = fields.map((path) => `${path}=${fieldAt(data, path)}`).join(',');
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(Buffer.from(canonical, 'utf8')).digest('base64');
}

export function createMyFatoorahGateway(options: MyFatoorahOptions): MyFatoorahGateway {
  const { baseUrl, apiKey, webhookSecret, currency, returnUrl, timeoutMs = 10_000, readRetries = 2, retryDelayMs = 300 } = options;
  const toDecimal = (minor: number) => Number(minorUnitsText(minor, currency));

  /** One call. Throws gatewayUnavailable for an answer that is not clearly the gateway's word. */
  async function callOnce(path: string, body: unknown): Promise<Answer> {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}/v2/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw Object.assign(gatewayUnavailable(), { cause: error });
    }
    // A 5xx, a rate limit, a timeout at a proxy, or a refused key (an operator's fix, not a refusal of this payment).
    if (response.status >= 500 || [401, 403, 408, 429].includes(response.status)) {
      await response.body?.cancel().catch(() => {});
      throw Object.assign(gatewayUnavailable(), { cause: new Error(`MyFatoorah ${path} answered HTTP ${response.status}`) });
    }
    let envelope: Envelope;
    try {
      envelope = (await response.json()) as Envelope;
    } catch (error) {
      throw Object.assign(gatewayUnavailable(), { cause: error });
    }
    if (typeof envelope?.IsSuccess !== 'boolean') throw Object.assign(gatewayUnavailable(), { cause: new Error(`MyFatoorah ${path} answered without IsSuccess`) });
    if (!envelope.IsSuccess || !response.ok) {
      const errors = Array.isArray(envelope.ValidationErrors)
        ? envelope.ValidationErrors.map((e) => text(record(e)?.Error)).filter((e): e is string => Boolean(e))
        : [];
      return { ok: false, message: [text(envelope.Message) ?? `HTTP ${response.status}`, ...errors].join('; ').slice(0, 500) };
    }
    const data = record(envelope.Data);
    if (!data) throw Object.assign(gatewayUnavailable(), { cause: new Error(`MyFatoorah ${path} answered without Data`) });
    return { ok: true, data };
  }

  /** A read: tried again after an ambiguous answer, waiting longer each time. */
  async function read(path: string, body: unknown): Promise<Answer> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await callOnce(path, body);
      } catch (error) {
        if (attempt >= readRetries) throw error;
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** attempt));
      }
    }
  }

  /** GetPaymentStatus's answer as the platform's verdict. */
  function verdictOf(data: Record<string, unknown>, payment: PaymentRef): GatewayVerdict {
    const invoiceStatus = text(data.InvoiceStatus) ?? '';
    const invoiceId = text(data.InvoiceId);
    const reference = text(data.CustomerReference);
    // The answer must be about this payment: its invoice, made with its transaction id as the reference.
    if ((payment.gatewayReference && invoiceId !== payment.gatewayReference) || reference !== payment.transactionId) {
      return { status: 'unknown', detail: `the answer is about invoice ${invoiceId ?? '?'} with reference ${reference ?? '?'}` };
    }
    const transactions = Array.isArray(data.InvoiceTransactions) ? data.InvoiceTransactions.map(record).filter((t) => t !== undefined) : [];
    const succeeded = transactions.find((t) => /^(succss|success|succeeded)$/i.test(text(t.TransactionStatus) ?? ''));
    const detail = `InvoiceStatus ${invoiceStatus || '?'}${transactions.length ? `, transactions ${transactions.map((t) => text(t.TransactionStatus) ?? '?').join('/')}` : ''}`;
    const state = invoiceStatus.toLowerCase();
    let status: GatewayStatus;
    if (state === 'paid') status = succeeded ? 'approved' : 'unknown';
    // A pending invoice whose attempts failed can still be paid on its page: it stays pending until it expires.
    else if (state === 'pending') status = 'pending';
    else if (state === 'canceled' || state === 'cancelled' || state === 'expired') status = 'expired';
    else status = 'unknown';
    if (status !== 'approved' || !succeeded) return { status, detail };
    // The money is what the succeeded transaction says the payer paid: PaidCurrencyValue in PaidCurrency.
    // The answer's other figures must say the same: the invoice's InvoiceValue (what it asked for, in the
    // platform's currency) and the transaction's TransationValue in its Currency. Where they disagree no
    // amount (or no currency) is reported, so the platform settles nothing and the admin sees every figure.
    const paidMinor = decimalToMinor(succeeded.PaidCurrencyValue, currency.minorUnit);
    const paidCurrency = isoCurrency(succeeded.PaidCurrency);
    const amountsAgree =
      paidMinor !== undefined &&
      decimalToMinor(data.InvoiceValue, currency.minorUnit) === paidMinor &&
      decimalToMinor(succeeded.TransationValue, currency.minorUnit) === paidMinor;
    const currenciesAgree = paidCurrency !== undefined && isoCurrency(succeeded.Currency) === paidCurrency;
    const figures = `InvoiceValue ${text(data.InvoiceValue) ?? '?'}, TransationValue ${text(succeeded.TransationValue) ?? '?'} ${text(succeeded.Currency) ?? '?'}, PaidCurrencyValue ${text(succeeded.PaidCurrencyValue) ?? '?'} ${text(succeeded.PaidCurrency) ?? '?'}`;
    return {
      status,
      ...(amountsAgree ? { amountMinor: paidMinor } : {}),
      ...(currenciesAgree ? { currency: paidCurrency } : {}),
      detail: amountsAgree && currenciesAgree ? detail : `${detail}, ${figures}`,
    };
  }

  function refundStateOf(value: unknown): GatewayRefundState | undefined {
    const state = (text(value) ?? '').toLowerCase();
    if (state === 'refunded') return 'succeeded';
    if (state === 'canceled' || state === 'cancelled' || state === 'rejected') return 'failed';
    if (state === 'pending') return 'pending';
    return undefined;
  }

  return {
    name: 'myfatoorah',

    async start({ amountMinor, description, expiresAt, payer }) {
      const transactionId = `mf_${randomBytes(18).toString('base64url')}`;
      const answer = await callOnce('SendPayment', {
        NotificationOption: 'LNK',
        CustomerName: (payer?.name ?? 'Customer').slice(0, 100),
        ...(payer?.email ? { CustomerEmail: payer.email } : {}),
        InvoiceValue: toDecimal(amountMinor),
        DisplayCurrencyIso: currency.code,
        CallBackUrl: returnUrl(transactionId),
        ErrorUrl: returnUrl(transactionId),
        CustomerReference: transactionId,
        UserDefinedField: description.slice(0, 200),
        Language: 'en',
        ExpiryDate: expiresAt.toISOString(),
      });
      if (!answer.ok) throw Object.assign(gatewayRefused(), { cause: new Error(answer.message) });
      const invoiceId = text(answer.data.InvoiceId);
      const invoiceUrl = text(answer.data.InvoiceURL);
      if (!invoiceId || !invoiceUrl) throw Object.assign(gatewayUnavailable(), { cause: new Error('SendPayment answered without InvoiceId or InvoiceURL') });
      return { transactionId, paymentUrl: invoiceUrl, gatewayReference: invoiceId };
    },

    async status(payment) {
      // By the attempt's PaymentId when a webhook named one (as MyFatoorah advises), else by the invoice.
      const key = payment.gatewayPaymentId
        ? { Key: payment.gatewayPaymentId, KeyType: 'PaymentId' }
        : payment.gatewayReference
          ? { Key: payment.gatewayReference, KeyType: 'InvoiceId' }
          : { Key: payment.transactionId, KeyType: 'CustomerReference' };
      const answer = await read('GetPaymentStatus', key);
      if (!answer.ok) return { status: 'unknown', detail: answer.message };
      return verdictOf(answer.data, payment);
    },

    // MyFatoorah's API has no list of a day's transactions: each payment the platform started is asked
    // about, one at a time, and a paid invoice is a capture (refunded later or not: it stays Paid).
    async captures(_window, started) {
      const captures: GatewayCapture[] = [];
      for (const payment of started) {
        const verdict = await this.status(payment);
        if (verdict.status !== 'approved') continue;
        captures.push({ transactionId: payment.transactionId, amountMinor: verdict.amountMinor ?? 0, currency: verdict.currency ?? '' });
      }
      return captures;
    },

    async refund(request): Promise<RefundAck> {
      if (!request.gatewayReference) return { state: 'failed', detail: 'the payment has no MyFatoorah invoice to refund' };
      if (request.isRetry) {
        // An earlier request may have reached MyFatoorah: a refund already made for the invoice is the one.
        const known = await read('GetRefundStatus', { Key: request.gatewayReference, KeyType: 'InvoiceId' });
        // A refund MyFatoorah canceled before an admin asked for another try is not this try's answer.
        const results = (known.ok && Array.isArray(known.data.RefundStatusResult) ? known.data.RefundStatusResult.map(record) : []).filter(
          (r) => request.canceledRefundId === undefined || text(r?.RefundId) !== request.canceledRefundId,
        );
        const existing = results.find((r) => r && refundStateOf(r.RefundStatus) !== 'failed') ?? results.find((r) => r !== undefined);
        const existingId = text(existing?.RefundId);
        if (existing && existingId) {
          const state = refundStateOf(existing.RefundStatus);
          if (state === 'failed') return { state: 'failed', detail: `MyFatoorah canceled refund ${existingId}` };
          return { state: state === 'succeeded' ? 'succeeded' : 'requested', gatewayRefundId: existingId };
        }
      }
      const answer = await callOnce('MakeRefund', {
        KeyType: 'InvoiceId',
        Key: request.gatewayReference,
        RefundChargeOnCustomer: false,
        ServiceChargeOnCustomer: false,
        Amount: toDecimal(request.amountMinor),
        Comment: `Qist refund ${request.reference}`,
      });
      if (!answer.ok) return { state: 'failed', detail: answer.message };
      const refundId = text(answer.data.RefundId);
      if (!refundId) throw Object.assign(gatewayUnavailable(), { cause: new Error('MakeRefund answered without RefundId') });
      return { state: 'requested', gatewayRefundId: refundId };
    },

    async refundStatus({ gatewayRefundId }) {
      const answer = await read('GetRefundStatus', { Key: gatewayRefundId, KeyType: 'RefundId' });
      if (!answer.ok) throw Object.assign(gatewayUnavailable(), { cause: new Error(answer.message) });
      const results = Array.isArray(answer.data.RefundStatusResult) ? answer.data.RefundStatusResult.map(record) : [];
      const mine = results.find((r) => text(r?.RefundId) === gatewayRefundId) ?? results[0];
      const state = refundStateOf(mine?.RefundStatus);
      if (!state) throw Object.assign(gatewayUnavailable(), { cause: new Error(`GetRefundStatus answered ${text(mine?.RefundStatus) ?? 'no status'}`) });
      return state;
    },

    readWebhook(rawBody, signature) {
      let event: Record<string, unknown> | undefined;
      try {
        event = record(JSON.parse(rawBody));
      } catch {
        return undefined;
      }
      const name = text(record(event?.Event)?.Name) ?? '';
      const data = record(event?.Data);
      // Events the platform does not act on are acknowledged as they are: nothing is done with them.
      if (data && !SIGNED_FIELDS[name]) return { kind: 'other', event: name };
      const expected = data && signature ? signMyFatoorahWebhook(webhookSecret, name, data) : undefined;
      if (!data || !signature || !expected) return undefined;
      const given = Buffer.from(signature.trim());
      const wanted = Buffer.from(expected);
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return undefined;
      if (name === 'PAYMENT_STATUS_CHANGED') {
        const invoiceId = fieldAt(data, 'Invoice.Id');
        const paymentId = fieldAt(data, 'Transaction.PaymentId');
        return invoiceId ? { kind: 'payment', invoiceId, paymentId: paymentId || undefined } : { kind: 'other', event: name };
      }
      const refundId = fieldAt(data, 'Refund.Id');
      return refundId ? { kind: 'refund', refundId } : { kind: 'other', event: name };
    },
  };
}

export function isMyFatoorahGateway(gateway: PaymentGateway | undefined): gateway is MyFatoorahGateway {
  return gateway?.name === 'myfatoorah' && typeof (gateway as Partial<MyFatoorahGateway>).readWebhook === 'function';
}
