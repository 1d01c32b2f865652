// Expressions of interest sent from the public /pre-register page.
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const preregistrations = pgTable(
  'preregistrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyName: text('company_name').notNull(),
    businessSector: text('business_sector').notNull(),
    yearOfEstablishment: integer('year_of_establishment').notNull(),
    companyEmail: text('company_email').notNull(),
    companyPhone: text('company_phone').notNull(),
    /** Requested loan in minor units (cents). */
    loanAmount: bigint('loan_amount', { mode: 'number' }).notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Newest first: an ascending btree read backwards.
  (t) => [index('preregistrations_created_at_idx').on(t.createdAt, t.id)],
);
