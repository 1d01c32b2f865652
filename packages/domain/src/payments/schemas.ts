// Refunds and payment anomalies as the admin sees them (DESIGN.md §8): each refund's own state at the
// gateway, its attempts and last error, and every gateway answer the platform would not settle on, so
// money still owed back to an SME, or taken for the wrong amount, is never out of sight.
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { okEnvelope } from '../schemas/envelope.js';

/**
 * pending: recorded, not yet accepted by the gateway; requested: accepted, not yet confirmed;
 * succeeded: the gateway confirmed the money went back; failed: the gateway refused or canceled it.
 */
export const REFUND_STATUSES = ['pending', 'requested', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** declined: the supplier declined the order; order_canceled: the money arrived after the order was canceled; already_paid: another payment had paid the instalment. */
export const REFUND_REASONS = ['declined', 'order_canceled', 'already_paid'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/**
 * The refunds money is still owed for or that a person must look at: every status but succeeded (the
 * admin's Payments screen opens on these).
 */
export const REFUND_ATTENTION_STATUSES = ['pending', 'requested', 'failed'] as const satisfies readonly RefundStatus[];

/** A refund list's filter: one status, `attention` (pending, requested or failed), or `all`. */
export const REFUND_LIST_FILTERS = [...REFUND_STATUSES, 'attention', 'all'] as const;
export type RefundListFilter = (typeof REFUND_LIST_FILTERS)[number];

export const refundListQuery = z.object({
  /** One status, `attention` (every refund not succeeded), or every refund (the default). */
  status: z.enum(REFUND_LIST_FILTERS, { error: MESSAGES.invalidRequest }).default('all'),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});
export type RefundListQuery = z.infer<typeof refundListQuery>;

export const refundShape = z.object({
  _id: z.string(),
  orderId: z.string(),
  paymentId: z.string(),
  sme: z.object({ _id: z.string(), title: z.string().nullable(), email: z.string() }),
  gateway: z.string(),
  transactionId: z.string(),
  /** Currency units. */
  amount: z.number(),
  reason: z.enum(REFUND_REASONS),
  status: z.enum(REFUND_STATUSES),
  gatewayRefundId: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** When the worker tries again (pending or requested), else null. */
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Refund = z.infer<typeof refundShape>;
export const refundListResponse = okEnvelope(z.object({ refunds: z.array(refundShape), count: z.number().int() }));

/** The admin asks for a failed refund to be tried again: it becomes pending, due now, its attempts kept. */
export const refundRetryRequest = z.object({
  refundId: z.string({ error: MESSAGES.refundNotFound }).uuid({ error: MESSAGES.refundNotFound }),
});
export type RefundRetryRequest = z.infer<typeof refundRetryRequest>;
export const refundRetryResponse = okEnvelope(z.object({ refund: refundShape }));

/** amount_mismatch / currency_mismatch: the gateway approved another amount or currency than the instalment's; unknown_state: it answered a state the platform does not know. */
export const PAYMENT_ANOMALY_KINDS = ['amount_mismatch', 'currency_mismatch', 'unknown_state'] as const;
export type PaymentAnomalyKind = (typeof PAYMENT_ANOMALY_KINDS)[number];

export const paymentAnomalyListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});
export type PaymentAnomalyListQuery = z.infer<typeof paymentAnomalyListQuery>;

export const paymentAnomalyShape = z.object({
  _id: z.string(),
  orderId: z.string(),
  paymentId: z.string(),
  sme: z.object({ _id: z.string(), title: z.string().nullable(), email: z.string() }),
  gateway: z.string(),
  transactionId: z.string(),
  kind: z.enum(PAYMENT_ANOMALY_KINDS),
  /** The instalment's amount (currency units) and the platform's currency. */
  expected: z.object({ amount: z.number(), currency: z.string() }),
  /** What the gateway answered. */
  gatewayAnswer: z.object({ status: z.string(), amount: z.number().nullable(), currency: z.string().nullable(), detail: z.string().nullable() }),
  /** The payment as the platform holds it now (it is not settled by an anomaly). */
  paymentStatus: z.string(),
  occurrences: z.number().int(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
});
export type PaymentAnomaly = z.infer<typeof paymentAnomalyShape>;
export const paymentAnomalyListResponse = okEnvelope(z.object({ anomalies: z.array(paymentAnomalyShape), count: z.number().int() }));
