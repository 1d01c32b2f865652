// Payments' aftermath. Refunds: each its own row, written in the same transaction as the decision that
// causes it and carried out later by the refund worker (the outbox pattern), so a failed call or a crash
// loses no SME's money. Anomalies: what a gateway answered that the platform would not settle on.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_ANOMALY_KINDS, REFUND_REASONS, REFUND_STATUSES } from '@qist/domain';
import { orders, payments } from './orders.js';

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The payment given back: a payment is refunded once, in full. */
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The order's SME, copied for co-location (written from the payment in the same statement). */
    smeId: uuid('sme_id').notNull(),
    /** The gateway that took the payment (only it can give the money back) and its transaction there. */
    gateway: text('gateway').notNull(),
    transactionId: text('transaction_id').notNull(),
    /** Minor units. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** declined: the supplier declined the order; order_canceled: the money arrived after the order was canceled; already_paid: another payment had paid the instalment. */
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    /**
     * pending: not yet accepted by the gateway; requested: accepted, the gateway has not confirmed the money
     * went back; succeeded: confirmed; failed: the gateway refused or canceled it (for finance to settle by hand).
     */
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    /** The gateway's id of the refund once it accepted it. */
    gatewayRefundId: text('gateway_refund_id'),
    /** Calls made to the gateway for this refund (requests and status checks). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** A worker's claim: while it runs no other worker takes the row; a claim past its time is taken over. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    leaseToken: uuid('lease_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    check('refunds_amount_check', sql`${t.amount} > 0`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'requested', 'succeeded', 'failed')`),
    check('refunds_reason_check', sql`${t.reason} in ('declined', 'order_canceled', 'already_paid')`),
    check('refunds_requested_check', sql`${t.status} not in ('requested', 'succeeded') or ${t.gatewayRefundId} is not null`),
    uniqueIndex('refunds_payment_key').on(t.paymentId),
    // The worker's queue: what is due, oldest first.
    index('refunds_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'requested')`),
    // The admin's list, by status or all, newest first.
    index('refunds_status_created_idx').on(t.status, t.createdAt, t.id),
    index('refunds_created_idx').on(t.createdAt, t.id),
    index('refunds_order_idx').on(t.orderId),
  ],
);

/**
 * What a gateway answered that the platform would not settle on: an approved payment for another amount
 * or currency than its instalment's, or a state it does not know. One row per payment and kind, counted
 * each time it is seen again; the payment stays unsettled for the admin (finance) to look into.
 */
export const paymentAnomalies = pgTable(
  'payment_anomalies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The order's SME, copied for co-location. */
    smeId: uuid('sme_id').notNull(),
    gateway: text('gateway').notNull(),
    transactionId: text('transaction_id').notNull(),
    kind: text('kind', { enum: PAYMENT_ANOMALY_KINDS }).notNull(),
    /** The instalment's amount (minor units) and the platform's currency. */
    expectedAmount: bigint('expected_amount', { mode: 'number' }).notNull(),
    expectedCurrency: text('expected_currency').notNull(),
    /** What the gateway said: its state, amount (minor units, when it had a whole number of them) and currency. */
    gatewayStatus: text('gateway_status').notNull(),
    gatewayAmount: bigint('gateway_amount', { mode: 'number' }),
    gatewayCurrency: text('gateway_currency'),
    detail: text('detail'),
    occurrences: integer('occurrences').notNull().default(1),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('payment_anomalies_kind_check', sql`${t.kind} in ('amount_mismatch', 'currency_mismatch', 'unknown_state')`),
    uniqueIndex('payment_anomalies_payment_kind_key').on(t.paymentId, t.kind),
    index('payment_anomalies_last_seen_idx').on(t.lastSeenAt, t.id),
  ],
);
