// The daily reconciliation (DESIGN.md §8): the money the gateway says it took on a day against the
// ledger's gateway-clearing postings of that day, matched by transaction. Days are UTC days.
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { okEnvelope } from '../schemas/envelope.js';

/** A payment the gateway took money for, by its own record (minor units). */
export interface GatewayCapture {
  transactionId: string;
  amountMinor: number;
  currency: string;
}

/** A payment the ledger counted as received (its installment_paid entry's gateway-clearing posting). */
export interface LedgerCapture {
  transactionId: string;
  orderId: string;
  amountMinor: number;
}

/** One transaction found on one side only, or on both with different amounts. */
export interface ReconciliationDifference {
  transactionId: string;
  orderId: string | null;
  gatewayAmountMinor: number | null;
  ledgerAmountMinor: number | null;
}

export interface DayReconciliation {
  matched: number;
  missingInLedger: ReconciliationDifference[];
  missingAtGateway: ReconciliationDifference[];
  amountMismatch: ReconciliationDifference[];
  /** Taken by the gateway, never counted by the ledger, and given back (or being given back) by a refund: no difference. */
  refunded: ReconciliationDifference[];
}

export interface DayEvidence {
  /** What the gateway took on the day. */
  gateway: GatewayCapture[];
  /** What the ledger counted on the day. */
  ledger: LedgerCapture[];
  /** For a capture of the day the ledger did not count that day: the ledger's capture of it on another day, if any. */
  ledgerElsewhere: ReadonlyMap<string, LedgerCapture>;
  /** For a ledger capture of the day the gateway did not list that day: the gateway's own word on it (null: it took nothing). */
  gatewayElsewhere: ReadonlyMap<string, GatewayCapture | null>;
  /** The order of a transaction the platform started (for captures the ledger lacks). */
  orderOf: ReadonlyMap<string, string>;
  /** Transactions with a refund recorded. */
  refundedTransactions: ReadonlySet<string>;
  /** The platform's currency: a capture in another is a mismatch. */
  currency: string;
}

const byTransaction = (a: ReconciliationDifference, b: ReconciliationDifference) => a.transactionId.localeCompare(b.transactionId);

/**
 * Sorts every transaction seen on the day: matched when both sides hold it for the same amount (on
 * this day or, for a payment settled across midnight, the other side on another), an amount mismatch
 * when both hold it for different amounts or currencies, missing in the ledger when only the gateway
 * took it (unless it was refunded), missing at the gateway when only the ledger counted it.
 */
export function reconcileDay(evidence: DayEvidence): DayReconciliation {
  const result: DayReconciliation = { matched: 0, missingInLedger: [], missingAtGateway: [], amountMismatch: [], refunded: [] };
  const ledgerToday = new Map(evidence.ledger.map((capture) => [capture.transactionId, capture]));
  const gatewayToday = new Map(evidence.gateway.map((capture) => [capture.transactionId, capture]));

  const compare = (gateway: GatewayCapture, ledger: LedgerCapture) => {
    if (gateway.amountMinor === ledger.amountMinor && gateway.currency === evidence.currency) result.matched += 1;
    else
      result.amountMismatch.push({
        transactionId: gateway.transactionId,
        orderId: ledger.orderId,
        gatewayAmountMinor: gateway.amountMinor,
        ledgerAmountMinor: ledger.amountMinor,
      });
  };

  for (const gateway of gatewayToday.values()) {
    const ledger = ledgerToday.get(gateway.transactionId) ?? evidence.ledgerElsewhere.get(gateway.transactionId);
    if (ledger) {
      compare(gateway, ledger);
      continue;
    }
    const difference = {
      transactionId: gateway.transactionId,
      orderId: evidence.orderOf.get(gateway.transactionId) ?? null,
      gatewayAmountMinor: gateway.amountMinor,
      ledgerAmountMinor: null,
    };
    (evidence.refundedTransactions.has(gateway.transactionId) ? result.refunded : result.missingInLedger).push(difference);
  }
  for (const ledger of ledgerToday.values()) {
    if (gatewayToday.has(ledger.transactionId)) continue;
    const gateway = evidence.gatewayElsewhere.get(ledger.transactionId);
    if (gateway) compare(gateway, ledger);
    else
      result.missingAtGateway.push({ transactionId: ledger.transactionId, orderId: ledger.orderId, gatewayAmountMinor: null, ledgerAmountMinor: ledger.amountMinor });
  }
  result.missingInLedger.sort(byTransaction);
  result.missingAtGateway.sort(byTransaction);
  result.amountMismatch.sort(byTransaction);
  result.refunded.sort(byTransaction);
  return result;
}

/** How many differences a day has: what finance must look at. */
export function differenceCount(day: Pick<DayReconciliation, 'missingInLedger' | 'missingAtGateway' | 'amountMismatch'>): number {
  return day.missingInLedger.length + day.missingAtGateway.length + day.amountMismatch.length;
}

/** The day's UTC bounds: [from, to). */
export function utcDayBounds(date: string): { from: Date; to: Date } {
  const from = new Date(`${date}T00:00:00.000Z`);
  return { from, to: new Date(from.getTime() + 24 * 60 * 60 * 1000) };
}

/** The UTC day (YYYY-MM-DD) an instant falls on. */
export function utcDayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export const reconciliationQuery = z.object({
  date: z.iso.date({ error: MESSAGES.reconciliationDate }),
});

export const reconciliationReviewBody = z.object({
  date: z.iso.date({ error: MESSAGES.reconciliationDate }),
});

const difference = z.object({
  transactionId: z.string(),
  orderId: z.string().nullable(),
  /** Currency units; null on the side that lacks the transaction. */
  gatewayAmount: z.number().nullable(),
  ledgerAmount: z.number().nullable(),
});
export type ReconciliationDifferenceShape = z.infer<typeof difference>;

export const reconciliationShape = z.object({
  date: z.string(),
  currency: z.string(),
  gateway: z.string(),
  matched: z.number().int(),
  missingInLedger: z.array(difference),
  missingAtGateway: z.array(difference),
  amountMismatch: z.array(difference),
  refunded: z.array(difference),
  differences: z.number().int(),
  checkedAt: z.string(),
  /** Who marked these differences as looked at, and when; null until then, and again when they change. */
  reviewed: z.object({ at: z.string(), by: z.string() }).nullable(),
});
export type Reconciliation = z.infer<typeof reconciliationShape>;
export const reconciliationResponse = okEnvelope(reconciliationShape);
