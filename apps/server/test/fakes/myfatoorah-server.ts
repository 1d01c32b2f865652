// A local stand-in for MyFatoorah's v2 API (node:http on a free port), answering in the shapes its
// documentation gives: SendPayment, GetPaymentStatus, MakeRefund, GetRefundStatus, each in the envelope
// { IsSuccess, Message, ValidationErrors, Data }. The test decides what the payer did (paid, failed,
// the invoice expired, a wrong amount) and how the server misbehaves (500s, answers too slow), and
// builds webhooks (version 2) signed as MyFatoorah signs them. Each transaction carries the figures
// GetPaymentStatus gives (TransationValue in Currency, and what the payer paid: PaidCurrencyValue in
// PaidCurrency), and a test may make them disagree with the invoice's InvoiceValue, or answer a state
// the platform does not know.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signMyFatoorahWebhook } from '../../src/modules/orders/myfatoorah-gateway.js';

export const MF_API_KEY = 'mf-test-api-key';
export const MF_WEBHOOK_SECRET = 'mf-test-webhook-secret';

type Path = 'SendPayment' | 'GetPaymentStatus' | 'MakeRefund' | 'GetRefundStatus';

interface Transaction {
  PaymentId: string;
  TransactionStatus: 'Succss' | 'InProgress' | 'Failed';
  TransationValue: string;
  PaidCurrency: string;
  PaidCurrencyValue: string;
  Currency: string;
}

interface Invoice {
  InvoiceId: number;
  /** 'Pending', 'Paid' or 'Canceled' as documented; any other word when a test makes the gateway answer one. */
  InvoiceStatus: string;
  InvoiceValue: number;
  DisplayCurrencyIso: string;
  CustomerReference: string;
  CustomerName: string;
  ExpiryDate: string;
  transactions: Transaction[];
}

interface Refund {
  RefundId: number;
  RefundReference: string;
  InvoiceId: number;
  Amount: number;
  RefundStatus: 'PENDING' | 'REFUNDED' | 'CANCELED';
}

export interface FakeMyFatoorah {
  readonly baseUrl: string;
  readonly invoices: Map<number, Invoice>;
  readonly refunds: Refund[];
  /** Every call received: its path, its bearer token and its body. */
  readonly calls: { path: string; authorization: string | undefined; body: Record<string, unknown> }[];
  /** The next `times` calls to a path answer HTTP 500, or answer only after `delayMs` (a timeout). */
  misbehave(path: Path, how: { status?: number; delayMs?: number; times: number; thenDo?: 'process' }): void;
  /**
   * The payer paid the invoice; the gateway reports `value` (default the invoice's) in `currency` (default its own)
   * for the invoice and the transaction alike, or only the transaction's PaidCurrencyValue differs (`paidValue`).
   */
  pay(invoiceId: number, override?: { value?: string; currency?: string; paidValue?: string }): string;
  /** The payer tried and the bank refused: the invoice stays payable. */
  failAttempt(invoiceId: number): string;
  /** The invoice expired unpaid. */
  cancel(invoiceId: number): void;
  /** GetPaymentStatus answers this InvoiceStatus for the invoice from now on, its transactions unchanged. */
  answerStatus(invoiceId: number, status: string): void;
  invoiceOf(transactionId: string): Invoice;
  paymentWebhook(invoiceId: number, secret?: string): { body: string; signature: string };
  refundWebhook(refund: Refund, secret?: string): { body: string; signature: string };
  close(): Promise<void>;
}

const envelope = (data: unknown, message = '') => ({ IsSuccess: true, Message: message, ValidationErrors: null, Data: data });
const refusal = (message: string, field = 'Key') => ({ IsSuccess: false, Message: message, ValidationErrors: [{ Name: field, Error: message }], Data: null });

export async function startFakeMyFatoorah(): Promise<FakeMyFatoorah> {
  const invoices = new Map<number, Invoice>();
  const refunds: Refund[] = [];
  const calls: FakeMyFatoorah['calls'] = [];
  const trouble = new Map<string, { status?: number; delayMs?: number; times: number; thenDo?: 'process' }>();
  let nextInvoice = 3110000;
  let nextPayment = 100202400000000;
  let nextRefund = 2840;
  let baseUrl = '';

  const byKey = (key: string, type: string): Invoice | undefined => {
    if (type === 'InvoiceId') return invoices.get(Number(key));
    if (type === 'CustomerReference') return [...invoices.values()].find((i) => i.CustomerReference === key);
    if (type === 'PaymentId') return [...invoices.values()].find((i) => i.transactions.some((t) => t.PaymentId === key));
    return undefined;
  };

  function answer(path: string, body: Record<string, unknown>): { status: number; json: unknown } {
    switch (path) {
      case 'SendPayment': {
        if (typeof body.InvoiceValue !== 'number' || body.InvoiceValue <= 0) return { status: 400, json: refusal('Invoice value is required', 'InvoiceValue') };
        if (!body.CustomerName) return { status: 400, json: refusal('Customer name is required', 'CustomerName') };
        const invoice: Invoice = {
          InvoiceId: nextInvoice++,
          InvoiceStatus: 'Pending',
          InvoiceValue: body.InvoiceValue,
          DisplayCurrencyIso: String(body.DisplayCurrencyIso ?? 'KWD'),
          CustomerReference: String(body.CustomerReference ?? ''),
          CustomerName: String(body.CustomerName),
          ExpiryDate: String(body.ExpiryDate ?? ''),
          transactions: [],
        };
        invoices.set(invoice.InvoiceId, invoice);
        return {
          status: 200,
          json: envelope(
            { InvoiceId: invoice.InvoiceId, InvoiceURL: `${baseUrl}/invoice/${invoice.InvoiceId}`, CustomerReference: invoice.CustomerReference, UserDefinedField: body.UserDefinedField ?? null },
            'Invoice Created Successfully!',
          ),
        };
      }
      case 'GetPaymentStatus': {
        const invoice = byKey(String(body.Key), String(body.KeyType));
        if (!invoice) return { status: 400, json: refusal('Invalid key') };
        return {
          status: 200,
          json: envelope({
            InvoiceId: invoice.InvoiceId,
            InvoiceStatus: invoice.InvoiceStatus,
            InvoiceReference: `2026${String(invoice.InvoiceId).slice(-6)}`,
            CustomerReference: invoice.CustomerReference,
            CreatedDate: '2026-10-01T10:00:00',
            ExpiryDate: invoice.ExpiryDate,
            InvoiceValue: invoice.InvoiceValue,
            Comments: null,
            CustomerName: invoice.CustomerName,
            CustomerMobile: '',
            CustomerEmail: null,
            UserDefinedField: null,
            InvoiceDisplayValue: `${invoice.InvoiceValue} ${invoice.DisplayCurrencyIso}`,
            InvoiceItems: [],
            InvoiceTransactions: invoice.transactions.map((t) => ({
              TransactionDate: '2026-10-01T10:05:00',
              PaymentGateway: 'KNET',
              ReferenceId: `ref${t.PaymentId.slice(-6)}`,
              TrackId: `track${t.PaymentId.slice(-6)}`,
              TransactionId: `tx${t.PaymentId.slice(-6)}`,
              PaymentId: t.PaymentId,
              AuthorizationId: `auth${t.PaymentId.slice(-6)}`,
              TransactionStatus: t.TransactionStatus,
              TransationValue: t.TransationValue,
              CustomerServiceCharge: '0.000',
              DueValue: t.TransationValue,
              PaidCurrency: t.PaidCurrency,
              PaidCurrencyValue: t.PaidCurrencyValue,
              Currency: t.Currency,
              Error: t.TransactionStatus === 'Failed' ? 'CANCELED' : null,
              CardNumber: '',
              ErrorCode: t.TransactionStatus === 'Failed' ? 'MF001' : '',
            })),
            Suppliers: [],
          }),
        };
      }
      case 'MakeRefund': {
        const invoice = byKey(String(body.Key), String(body.KeyType));
        if (!invoice || invoice.InvoiceStatus !== 'Paid') return { status: 400, json: refusal('The invoice is not paid') };
        const refund: Refund = { RefundId: nextRefund++, RefundReference: `2026${nextRefund}`, InvoiceId: invoice.InvoiceId, Amount: Number(body.Amount), RefundStatus: 'PENDING' };
        refunds.push(refund);
        return { status: 200, json: envelope({ Key: body.Key, RefundId: refund.RefundId, RefundReference: refund.RefundReference, Amount: refund.Amount, Comment: body.Comment ?? null }, 'Refund request submitted') };
      }
      case 'GetRefundStatus': {
        const key = String(body.Key);
        const found =
          body.KeyType === 'RefundId' ? refunds.filter((r) => String(r.RefundId) === key) : body.KeyType === 'InvoiceId' ? refunds.filter((r) => String(r.InvoiceId) === key) : [];
        if (found.length === 0) return { status: 400, json: refusal('No refund found') };
        return {
          status: 200,
          json: envelope({ RefundStatusResult: found.map((r) => ({ RefundId: r.RefundId, RefundStatus: r.RefundStatus, InvoiceId: r.InvoiceId, Amount: r.Amount, RefundReference: r.RefundReference })) }),
        };
      }
      default:
        return { status: 404, json: refusal('Not found', 'path') };
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = (request.url ?? '').replace(/^\/v2\//, '');
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    } catch {
      body = {};
    }
    calls.push({ path, authorization: request.headers.authorization, body });
    const send = (status: number, json: unknown) => {
      if (response.destroyed) return;
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      response.end(JSON.stringify(json));
    };
    if (request.headers.authorization !== `Bearer ${MF_API_KEY}`) return send(401, { Message: 'Authorization has been denied for this request.' });
    const misbehaving = trouble.get(path);
    if (misbehaving && misbehaving.times > 0) {
      misbehaving.times -= 1;
      // A slow answer may still have done its work at the gateway (thenDo: 'process'), as a real timeout can.
      const result = misbehaving.thenDo === 'process' ? answer(path, body) : undefined;
      if (misbehaving.delayMs) await new Promise((resolve) => setTimeout(resolve, misbehaving.delayMs));
      return send(misbehaving.status ?? result?.status ?? 200, misbehaving.status ? { Message: 'Internal Server Error' } : (result?.json ?? {}));
    }
    const result = answer(path, body);
    send(result.status, result.json);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const addTransaction = (invoiceId: number, status: Transaction['TransactionStatus'], override: { value?: string; currency?: string; paidValue?: string } = {}) => {
    const invoice = invoices.get(invoiceId);
    if (!invoice) throw new Error(`no invoice ${invoiceId}`);
    const paymentId = String(nextPayment++);
    const currency = override.currency ?? invoice.DisplayCurrencyIso;
    const value = override.value ?? String(invoice.InvoiceValue);
    invoice.transactions.push({ PaymentId: paymentId, TransactionStatus: status, TransationValue: value, PaidCurrency: currency, PaidCurrencyValue: override.paidValue ?? value, Currency: currency });
    if (override.value !== undefined) invoice.InvoiceValue = Number(override.value);
    return { invoice, paymentId };
  };

  const sign = (eventName: string, data: Record<string, unknown>, secret: string) => {
    const body = JSON.stringify({
      Event: { Code: eventName === 'PAYMENT_STATUS_CHANGED' ? 1 : 2, Name: eventName, CountryIsoCode: 'KWT', CreationDate: '2026-10-01T10:05:00Z', Reference: `WH-${nextPayment++}` },
      Data: data,
    });
    return { body, signature: signMyFatoorahWebhook(secret, eventName, data) ?? '' };
  };

  return {
    baseUrl,
    invoices,
    refunds,
    calls,
    misbehave(path, how) {
      trouble.set(path, { ...how });
    },
    pay(invoiceId, override) {
      const { invoice, paymentId } = addTransaction(invoiceId, 'Succss', override);
      invoice.InvoiceStatus = 'Paid';
      return paymentId;
    },
    failAttempt(invoiceId) {
      return addTransaction(invoiceId, 'Failed').paymentId;
    },
    cancel(invoiceId) {
      const invoice = invoices.get(invoiceId);
      if (invoice) invoice.InvoiceStatus = 'Canceled';
    },
    answerStatus(invoiceId, status) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`no invoice ${invoiceId}`);
      invoice.InvoiceStatus = status;
    },
    invoiceOf(transactionId) {
      const invoice = [...invoices.values()].find((i) => i.CustomerReference === transactionId);
      if (!invoice) throw new Error(`no invoice for ${transactionId}`);
      return invoice;
    },
    paymentWebhook(invoiceId, secret = MF_WEBHOOK_SECRET) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`no invoice ${invoiceId}`);
      const last = invoice.transactions.at(-1);
      return sign(
        'PAYMENT_STATUS_CHANGED',
        {
          Invoice: { Id: String(invoice.InvoiceId), Status: invoice.InvoiceStatus.toUpperCase(), Reference: 'ref', CreationDate: '2026-10-01T10:00:00Z', ExpirationDate: invoice.ExpiryDate, ExternalIdentifier: null, UserDefinedField: null, MetaData: null },
          Transaction: last
            ? { Id: `tx${last.PaymentId.slice(-6)}`, Status: last.TransactionStatus === 'Succss' ? 'SUCCESS' : 'FAILED', PaymentMethod: 'KNET', PaymentId: last.PaymentId, ReferenceId: 'r', TrackId: 't', AuthorizationId: 'a', TransactionDate: '2026-10-01T10:05:00Z', ECI: '', IP: {}, Error: null, Card: {} }
            : null,
          Customer: { Reference: invoice.CustomerReference, Name: invoice.CustomerName, Mobile: '', Email: null },
          Amount: { BaseCurrency: invoice.DisplayCurrencyIso, ValueInBaseCurrency: String(invoice.InvoiceValue), ServiceCharge: '0', ServiceChargeVAT: '0', ReceivableAmount: String(invoice.InvoiceValue), DisplayCurrency: invoice.DisplayCurrencyIso, ValueInDisplayCurrency: String(invoice.InvoiceValue), PayCurrency: invoice.DisplayCurrencyIso, ValueInPayCurrency: String(invoice.InvoiceValue) },
          Suppliers: [],
        },
        secret,
      );
    },
    refundWebhook(refund, secret = MF_WEBHOOK_SECRET) {
      return sign(
        'REFUND_STATUS_CHANGED',
        {
          Refund: { Id: String(refund.RefundId), Status: refund.RefundStatus, Reference: refund.RefundReference, CreationDate: '2026-10-01T11:00:00Z', Comments: null },
          Amount: { ValueInBaseCurrency: String(refund.Amount) },
          ReferencedInvoice: { Id: String(refund.InvoiceId) },
        },
        secret,
      );
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
