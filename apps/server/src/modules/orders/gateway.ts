// The payment gateway seen from the platform: start a payment (a transaction id and a page to send
// the payer to), ask a transaction's status, refund it, and check the signature of its callbacks.
// The built-in sandbox (sandbox-gateway.ts) stands in for KNET / Tap; myfatoorah-gateway.ts is MyFatoorah's.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { GatewayCapture } from '@qist/domain';

/** 'expired': the gateway gave the payment up (its page closed unpaid); 'unknown': it has no such payment, or a state the adapter does not know. */
export type GatewayStatus = 'pending' | 'approved' | 'declined' | 'expired' | 'refunded' | 'unknown';

export interface StartedPayment {
  transactionId: string;
  paymentUrl: string;
  /** The gateway's own id of the payment (MyFatoorah's InvoiceId), when it differs from the transaction id. */
  gatewayReference?: string;
}

/** A payment as the platform knows it, to ask the gateway about. */
export interface PaymentRef {
  transactionId: string;
  gatewayReference: string | null;
  /** An id of one attempt to pay that the gateway gave the platform (a webhook's PaymentId), when known. */
  gatewayPaymentId?: string;
}

/**
 * The gateway's own word on a payment. An approved payment comes with the amount and currency the gateway
 * took: the platform settles only when both are exactly the instalment's. `detail` says what the gateway
 * answered, for the log and the admin.
 */
export interface GatewayVerdict {
  status: GatewayStatus;
  amountMinor?: number;
  currency?: string;
  detail?: string;
}

/** A refund to carry out: the payment's transaction, the amount, and the platform's own id for the refund. */
export interface RefundRequest extends PaymentRef {
  amountMinor: number;
  /** The refund row's id: the gateway may keep it as its reference. */
  reference: string;
  /** An earlier attempt may have reached the gateway: the adapter must not make a second refund. */
  isRetry: boolean;
  /**
   * The gateway's id of an earlier refund of this payment that it refused or canceled, when an admin asked
   * for the refund to be tried again: it gave nothing back, so a retry must not adopt it as the answer.
   */
  canceledRefundId?: string;
}

/**
 * The gateway's answer to a refund request: accepted (requested, to be confirmed later, or succeeded at
 * once) with its own id for the refund, or refused for good. An answer that says neither (a timeout, a
 * 5xx) is thrown, and the worker asks again later.
 */
export type RefundAck = { state: 'requested' | 'succeeded'; gatewayRefundId: string } | { state: 'failed'; detail: string };

/** Where an accepted refund stands at the gateway. */
export type GatewayRefundState = 'pending' | 'succeeded' | 'failed';

export interface PaymentGateway {
  readonly name: string;
  /** Starts a payment whose page the gateway closes at `expiresAt` (when it can); `payer` is shown on its page. */
  start(payment: { amountMinor: number; description: string; expiresAt: Date; payer?: { name: string; email?: string } }): Promise<StartedPayment>;
  /**
   * The gateway's own word on a payment; the platform settles only on this, never on a callback's body.
   * Throws (gatewayUnavailable) when the gateway does not answer clearly: nothing is settled then.
   */
  status(payment: PaymentRef): Promise<GatewayVerdict>;
  /** Asks the gateway to give a payment back; throws when its answer is ambiguous (then it is asked again). */
  refund(request: RefundRequest): Promise<RefundAck>;
  /** Where a refund the gateway accepted stands; throws when the gateway does not answer clearly. */
  refundStatus(refund: PaymentRef & { gatewayRefundId: string }): Promise<GatewayRefundState>;
  /**
   * What the gateway took money for in [from, to), by its own record, for the daily reconciliation.
   * `started` are the platform's payments started through this gateway in that window: a gateway whose
   * API cannot list a day's transactions is asked about each of them. Throws when it does not answer clearly.
   */
  captures(window: { from: Date; to: Date }, started: PaymentRef[]): Promise<GatewayCapture[]>;
  /** The platform gave a pending payment up: a gateway that can close its page does (best effort). */
  expire?(transactionId: string): Promise<void>;
}

export const CALLBACK_SIGNATURE_HEADER = 'x-gateway-signature';

export function signCallback(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

export function isCallbackSignatureValid(secret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(signCallback(secret, rawBody));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The secret shared with the gateway for its callbacks, derived so it differs from the session key. */
export function callbackSecret(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('payment-gateway-callback').digest('hex');
}
