// The payment gateway seen from the platform: start a payment (a transaction id and a page to send
// the payer to), ask a transaction's status, refund it, and check the signature of its callbacks.
// The built-in sandbox (sandbox-gateway.ts) stands in for KNET / Tap / MyFatoorah.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** 'expired': the gateway gave the payment up (its page closed unpaid); 'unknown': it has no such payment. */
export type GatewayStatus = 'pending' | 'approved' | 'declined' | 'expired' | 'refunded' | 'unknown';

export interface StartedPayment {
  transactionId: string;
  paymentUrl: string;
}

/** A refund to carry out: the payment's transaction, the amount, and the platform's own id for the refund. */
export interface RefundRequest {
  transactionId: string;
  amountMinor: number;
  /** The refund row's id: the gateway may keep it as its reference. */
  reference: string;
  /** An earlier attempt may have reached the gateway: the adapter must not make a second refund. */
  isRetry: boolean;
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
  /** Starts a payment whose page the gateway closes at `expiresAt` (when it can). */
  start(payment: { amountMinor: number; description: string; expiresAt: Date }): Promise<StartedPayment>;
  /** The gateway's own word on a transaction; the platform settles only on this, never on a callback's body. */
  status(transactionId: string): Promise<GatewayStatus>;
  /** Asks the gateway to give a payment back; throws when its answer is ambiguous (then it is asked again). */
  refund(request: RefundRequest): Promise<RefundAck>;
  /** Where a refund the gateway accepted stands; throws when the gateway does not answer clearly. */
  refundStatus(refund: { gatewayRefundId: string; transactionId: string }): Promise<GatewayRefundState>;
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
