// What the back office decides beyond levels: insurance declines (the cascade) and platform settings.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { insuranceCompanies } from './auth.js';
import { smes } from './party.js';

/** An insurance company that declined an SME in the current round; the next company in priority gets it. */
export const insuranceDeclines = pgTable(
  'insurance_declines',
  {
    smeId: uuid('sme_id')
      .notNull()
      .references(() => smes.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => insuranceCompanies.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.smeId, t.companyId] })],
);

/** One row of platform-wide settings. */
export const platformSettings = pgTable(
  'platform_settings',
  {
    id: boolean('id').primaryKey().default(true),
    /** The bank's share of each supplier discount, in basis points (1000 = 10%). */
    bankShareRate: integer('bank_share_rate').notNull().default(1000),
    /** Minor units: a bank payout of at least this much needs a second bank user's approval (0: every payout). */
    payoutApprovalThreshold: bigint('payout_approval_threshold', { mode: 'number' }).notNull().default(0),
    /**
     * The currency every amount of this database is in (ISO 4217) and its decimals, recorded at the first
     * start; a start under another is refused (db/currency.ts). Null only before that first start.
     */
    currency: text('currency'),
    currencyMinorUnit: integer('currency_minor_unit'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('platform_settings_single_row', sql`${t.id}`),
    check('platform_settings_share_rate_check', sql`${t.bankShareRate} between 0 and 9900`),
    check('platform_settings_payout_threshold_check', sql`${t.payoutApprovalThreshold} >= 0`),
    check('platform_settings_currency_check', sql`(${t.currency} is null) = (${t.currencyMinorUnit} is null) and (${t.currency} is null or ${t.currency} ~ '^[A-Z]{3}$')`),
  ],
);
