// SMEs and suppliers ("providers"): their profiles, categories, documents, codes and verification log.
// Tables shared by both kinds of party key on the account (user_id).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LogParams } from '@qist/domain';
import { insuranceCompanies, roleEnum, timestamps, users } from './auth.js';

/** What an SME and a supplier profile have in common. */
function partyColumns() {
  return {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id),
    level: integer('level').notNull().default(0),
    firstName: text('first_name'),
    lastName: text('last_name'),
    companyTitle: text('company_title'),
    companyDesc: text('company_desc'),
    address: text('address'),
    address2: text('address2'),
    instagram: text('instagram'),
    email2: text('email2'),
    phoneCountryCode: text('phone_country_code'),
    phoneNumber: text('phone_number'),
    phone2CountryCode: text('phone2_country_code'),
    phone2Number: text('phone2_number'),
    adminVerified: boolean('admin_verified').notNull().default(false),
    bankVerified: boolean('bank_verified').notNull().default(false),
    ...timestamps,
  };
}

export const smes = pgTable(
  'smes',
  {
    ...partyColumns(),
    /** Credit in minor units: asked for, granted by insurance, available, outstanding. */
    creditRequest: bigint('credit_request', { mode: 'number' }).notNull().default(0),
    creditLimit: bigint('credit_limit', { mode: 'number' }).notNull().default(0),
    creditAmount: bigint('credit_amount', { mode: 'number' }).notNull().default(0),
    creditSpend: bigint('credit_spend', { mode: 'number' }).notNull().default(0),
    /** The instalment plan in basis points (2500 = 25%), set by the admin at activation. */
    installmentPlan: integer('installment_plan').array().notNull().default(sql`'{}'::integer[]`),
    /**
     * The insurance company that granted the credit (level 7), set in the transaction of that decision and
     * never changed after (a trigger refuses it): what an insurer sees is read from it, and its orders carry it.
     */
    insuredBy: uuid('insured_by').references(() => insuranceCompanies.id),
  },
  (t) => [
    check('smes_credit_amount_check', sql`${t.creditAmount} >= 0`),
    // The back office's lists, newest first (an ascending btree read backwards), with or without a level filter.
    index('smes_level_created_idx').on(t.level, t.createdAt, t.id),
    index('smes_created_idx').on(t.createdAt, t.id),
    // An insurer's SMEs, in the lists' order (its SME list, its dashboard's count and credit granted).
    index('smes_insured_created_idx').on(t.insuredBy, t.createdAt, t.id).where(sql`${t.insuredBy} is not null`),
  ],
);

export const providers = pgTable(
  'providers',
  {
    ...partyColumns(),
    website: text('website'),
    companyVat: text('company_vat'),
    /** Discount rate in basis points (1000 = 10%), set when the admin verifies the supplier. */
    taxRate: integer('tax_rate'),
  },
  (t) => [
    index('providers_level_created_idx').on(t.level, t.createdAt, t.id),
    index('providers_created_idx').on(t.createdAt, t.id),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    desc: text('desc').notNull().default(''),
    /** The Arabic pages' wording; empty shows the English one. */
    titleAr: text('title_ar').notNull().default(''),
    descAr: text('desc_ar').notNull().default(''),
    ...timestamps,
  },
  (t) => [uniqueIndex('categories_title_key').on(sql`lower(${t.title})`)],
);

export const partyCategories = pgTable(
  'party_categories',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.categoryId] })],
);

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    /** Generated storage name; never the uploader's file name. */
    fileName: text('file_name').notNull(),
    originalName: text('original_name'),
    description: text('description'),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('documents_user_idx').on(t.userId, t.createdAt), uniqueIndex('documents_file_name_key').on(t.fileName)],
);

export const verificationLogs = pgTable(
  'verification_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The SME's or supplier's account. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    level: integer('level').notNull(),
    /** The operator's note, as written; empty when there is none. What the platform says is `code`. */
    desc: text('desc').notNull().default(''),
    /** A LogCode of @qist/domain, rendered in the reader's language; null on old rows no code fits. */
    code: text('code'),
    params: jsonb('params').$type<LogParams>().notNull().default({}),
    operatorUserId: uuid('operator_user_id').references(() => users.id),
    operatorRole: roleEnum('operator_role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('verification_logs_user_idx').on(t.userId, t.createdAt),
    // An insurer's SMEs: the accounts its users decided on at a level (7: granted credit).
    index('verification_logs_operator_level_idx').on(t.operatorUserId, t.level, t.userId),
  ],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ['email', 'phone'] }).notNull(),
    /** Where the code was sent: the email address or the phone number with its country code. */
    target: text('target').notNull(),
    /** HMAC of the code; the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_user_idx').on(t.userId, t.purpose, t.createdAt)],
);
