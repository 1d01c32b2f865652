// The daily reconciliation's last result per day (DESIGN.md §8): what the admin's dashboard flags until
// someone has looked at the day's differences. The result is recomputed by the daily job and whenever
// the day is opened; a look covers exactly the differences seen (their signature), so new ones flag again.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

export const reconciliations = pgTable(
  'reconciliations',
  {
    /** The UTC day reconciled. */
    date: date('date', { mode: 'string' }).primaryKey(),
    gateway: text('gateway').notNull(),
    currency: text('currency').notNull(),
    matched: integer('matched').notNull(),
    /** Missing in the ledger + missing at the gateway + amount mismatches. */
    differences: integer('differences').notNull(),
    /** The lists of the last computation (transaction, order, amounts in minor units). */
    result: jsonb('result').notNull(),
    /** sha256 of the sorted differences: what a look covers. */
    signature: text('signature').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    /** The signature of the differences the reviewer saw. */
    reviewedSignature: text('reviewed_signature'),
  },
  (t) => [
    check('reconciliations_counts_check', sql`${t.matched} >= 0 and ${t.differences} >= 0`),
    check('reconciliations_review_check', sql`(${t.reviewedAt} is null) = (${t.reviewedSignature} is null)`),
    // The dashboard's question: which days have differences nobody has looked at.
    index('reconciliations_open_idx').on(t.date).where(sql`${t.differences} > 0`),
  ],
);
