// Orders, their instalments, payments through the gateway and the double-entry ledger.
// Every money table carries the SME id, so an SME's money can live together when sharded.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { providers, smes } from './party.js';
import { users } from './auth.js';

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    smeId: uuid('sme_id')
      .notNull()
      .references(() => smes.id),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id),
    /** Minor units. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: integer('status').notNull().default(0),
    /** Every instalment paid. */
    paid: boolean('paid').notNull().default(false),
    description: text('description').notNull(),
    /** Snapshots at creation, in basis points: the supplier's discount and the bank's share of it. */
    taxRate: integer('tax_rate').notNull(),
    bankShareRate: integer('bank_share_rate').notNull(),
    verifyCode: text('verify_code'),
    invoiceFile: text('invoice_file'),
    lateActive: boolean('late_active').notNull().default(false),
    lateOnce: boolean('late_once').notNull().default(false),
    /**
     * The order reached its supplier: it was waiting (first instalment paid) or beyond at some point. Set
     * by the statement that moves it into waiting and never cleared, so an order the supplier declined (or
     * the admin canceled) after that stays in the supplier's history; one canceled before never shows.
     */
    reachedSupplier: boolean('reached_supplier').notNull().default(false),
    /**
     * The SME's insurance company (smes.insured_by), copied by a trigger on insert: an SME is insured before
     * it can order and its insurer never changes, so this is always its SME's. The insurer's list and
     * figures read it through their own index and rollup.
     */
    insurerId: uuid('insurer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_amount_check', sql`${t.amount} > 0`),
    check('orders_status_check', sql`${t.status} between -1 and 6`),
    // Under way means it reached the supplier, created means it did not; canceled can be either.
    check('orders_reached_supplier_check', sql`${t.status} = -1 or ${t.reachedSupplier} = (${t.status} >= 1)`),
    index('orders_sme_created_idx').on(t.smeId, t.createdAt, t.id),
    index('orders_sme_status_created_idx').on(t.smeId, t.status, t.createdAt, t.id),
    index('orders_provider_status_created_idx').on(t.providerId, t.status, t.createdAt, t.id),
    // A supplier's list on 'All': the orders that reached it, newest first.
    index('orders_provider_reached_created_idx').on(t.providerId, t.createdAt, t.id).where(sql`${t.reachedSupplier}`),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_insurer_created_idx').on(t.insurerId, t.createdAt, t.id).where(sql`${t.insurerId} is not null`),
    index('orders_insurer_status_created_idx').on(t.insurerId, t.status, t.createdAt, t.id).where(sql`${t.insurerId} is not null`),
  ],
);

export const installments = pgTable(
  'installments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The order's SME, copied so an SME's money rows live together when sharded (written from the order in the same statement). */
    smeId: uuid('sme_id').notNull(),
    /**
     * The order's creation instant, copied so the instalment list's order is one index of this table
     * (ADR 31): written from the order in the same statement, and kept equal by a trigger on orders
     * should an order's creation be moved (the demo seed back-dates its orders).
     */
    orderCreatedAt: timestamp('order_created_at', { withTimezone: true }).notNull(),
    /** 0-based position; paid in this order. */
    position: integer('position').notNull(),
    /** Basis points of the plan. */
    rate: integer('rate').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    lateNoticeSentAt: timestamp('late_notice_sent_at', { withTimezone: true }),
    /**
     * When the instalment stopped being owed unpaid: its order was canceled (by the SME, the 72-hour job,
     * the admin or a supplier's decline). Null while it is live. Nothing shown reads it: a canceled
     * order's instalments still show unpaid; the sweeps use it to leave them out of their indexes.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check('installments_amount_check', sql`${t.amount} >= 0`),
    check('installments_closed_unpaid_check', sql`${t.closedAt} is null or ${t.paidAt} is null`),
    uniqueIndex('installments_order_position_key').on(t.orderId, t.position),
    // The instalment list's order (newest order first, its instalments in their order): a page, a
    // numbered page's skip and a cursor's place are ranges of this index, never a walk of the orders.
    index('installments_list_idx').on(t.orderCreatedAt.desc().nullsFirst(), t.orderId.desc().nullsFirst(), t.position),
    // The jobs' sweeps: unpaid instalments by deadline.
    index('installments_unpaid_deadline_idx').on(t.deadline).where(sql`${t.paidAt} is null`),
    // An SME's (or an insurer's SMEs') instalments still owed, by deadline, on the dashboards: every
    // column the SME's next instalment and its dues read is in the index (an index-only scan of the
    // SME's coming weeks, however many orders it has had).
    index('installments_sme_open_idx')
      .on(t.smeId, t.deadline, t.position, t.orderId, t.amount)
      .where(sql`${t.paidAt} is null and ${t.closedAt} is null`),
    // The late job: live unpaid instalments it has not handled yet (no late notice), by deadline. The
    // part before now is what became late since its last run, however long the history.
    index('installments_late_due_idx')
      .on(t.deadline)
      .where(sql`${t.paidAt} is null and ${t.closedAt} is null and ${t.lateNoticeSentAt} is null and ${t.position} > 0`),
  ],
);

/** A payment started through the gateway for one instalment; settled once by its transaction id. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: text('transaction_id').notNull(),
    gateway: text('gateway').notNull(),
    /** Where the gateway wants the payer sent; a second start for the same instalment reuses it. */
    paymentUrl: text('payment_url').notNull(),
    /** The gateway's own id of the payment when it differs from the transaction id (MyFatoorah's InvoiceId). */
    gatewayReference: text('gateway_reference'),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    smeId: uuid('sme_id')
      .notNull()
      .references(() => smes.id),
    installmentId: uuid('installment_id')
      .notNull()
      .references(() => installments.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /**
     * pending → approved | declined | expired (given up after its time or by the gateway; money that still
     * arrives for it is settled or refunded); approved → refunded when the money had nothing left to pay.
     */
    status: text('status', { enum: ['pending', 'approved', 'declined', 'expired', 'refunded'] }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_transaction_key').on(t.transactionId),
    // A gateway's webhook names its own id: it finds the payment by it.
    uniqueIndex('payments_gateway_reference_key').on(t.gateway, t.gatewayReference).where(sql`${t.gatewayReference} is not null`),
    // At most one payment in flight per instalment: a second start reuses it.
    uniqueIndex('payments_pending_installment_key').on(t.installmentId).where(sql`${t.status} = 'pending'`),
    index('payments_order_idx').on(t.orderId, t.createdAt),
    // The daily reconciliation asks a gateway that cannot list a day about the payments started that day.
    index('payments_gateway_created_idx').on(t.gateway, t.createdAt),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    /** The order's SME, copied for co-location (written from the order in the same statement). */
    smeId: uuid('sme_id'),
    paymentId: uuid('payment_id').references(() => payments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_order_idx').on(t.orderId, t.createdAt),
    // The daily reconciliation reads a day's payments received.
    index('ledger_entries_received_idx').on(t.createdAt).where(sql`${t.kind} = 'installment_paid'`),
  ],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    account: text('account').notNull(),
    /** The SME an account belongs to (its receivable), else null; copied from its entry in the same statement. */
    smeId: uuid('sme_id'),
    orderId: uuid('order_id'),
    /** Minor units; debit positive, credit negative. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_postings_account_sme_idx').on(t.account, t.smeId),
    index('ledger_postings_order_idx').on(t.orderId, t.account),
    index('ledger_postings_entry_idx').on(t.entryId),
  ],
);

/** The built-in sandbox gateway's own record: what a hosted payment page would keep on its side. */
export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    id: text('id').primaryKey(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    /** expired: the platform gave the payment up, and its page takes no answer any more. */
    status: text('status', { enum: ['pending', 'approved', 'declined', 'expired', 'refunded'] }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  // The daily reconciliation reads the sandbox's payments of a day.
  (t) => [index('sandbox_transactions_completed_idx').on(t.completedAt)],
);

/**
 * Four eyes on bank payouts (DESIGN.md §8): a bank user's request to pay an order's supplier, decided by
 * a second bank user. At most one request per order is pending at a time.
 */
export const payoutApprovals = pgTable(
  'payout_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** Minor units: the order's amount when the payout was requested. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Why it was rejected. */
    reason: text('reason'),
  },
  (t) => [
    check('payout_approvals_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('payout_approvals_decided_check', sql`(${t.status} = 'pending') = (${t.decidedBy} is null)`),
    uniqueIndex('payout_approvals_pending_order_key').on(t.orderId).where(sql`${t.status} = 'pending'`),
    index('payout_approvals_status_requested_idx').on(t.status, t.requestedAt, t.id),
    index('payout_approvals_order_idx').on(t.orderId, t.requestedAt),
  ],
);
