// The payment gateway seen from the platform: start a payment (a transaction id and a page to send
// the payer to), ask a transaction's status, refund it, and check the signature of its callbacks.
// The built-in sandbox (sandbox-gateway.ts) stands in for KNET / Tap / MyFatoorah.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type GatewayStatus = 'pending' | 'approved' | 'declined' | 'refunded' | 'unknown';

export interface StartedPayment {
  transactionId: string;
  paymentUrl: string;
}

export interface PaymentGateway {
  readonly name: string;
  start(payment: { amountMinor: number; description: string }): Promise<StartedPayment>;
  /** The gateway's own word on a transaction; the platform settles only on this, never on a callback's body. */
  status(transactionId: string): Promise<GatewayStatus>;
  refund(transactionId: string): Promise<void>;
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
