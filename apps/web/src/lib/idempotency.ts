// Idempotency keys of the calls that take credit or start a payment (order/create, pay/init,
// pay/installment): one key per submission, made when the user submits, so every send of that
// submission (the API client's resend after a lost answer, a retry of the same mutation) carries the same
// key and the server acts once; a new submission gets a new key.

/** The request header the server reads (docs/decisions/0018-payments-for-real-money.md). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A new key for a new submission: a random UUID (122 random bits). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** A mutation's variables with the key of the submission they belong to. */
export type WithIdempotencyKey<T> = T & { idempotencyKey: string };
