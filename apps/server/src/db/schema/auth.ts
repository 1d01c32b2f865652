// Accounts, sessions, sign-up codes and the attempts that throttling counts.
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LANGUAGES, ROLES } from '@qist/domain';

export const roleEnum = pgEnum('role', ROLES);

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const insuranceCompanies = pgTable(
  'insurance_companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    priority: integer('priority').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('insurance_companies_name_key').on(t.name)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased and trimmed; unique. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull(),
    name: text('name').notNull(),
    /** Set for insurance users only: the company the account acts for. */
    insuranceCompanyId: uuid('insurance_company_id').references(() => insuranceCompanies.id),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The language of every email and SMS written to this user. */
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    /** A disabled (or invited, not yet set up) account cannot sign in, and its sessions are refused. */
    active: boolean('active').notNull().default(true),
    /** Invited by an admin and the invitation's password not set yet. */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** When two-step sign-in was turned on; null while it is off. */
    mfaEnabledAt: timestamp('mfa_enabled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_insurance_company_check', sql`(${t.role} = 'insurance') = (${t.insuranceCompanyId} is not null)`),
    check('users_language_check', sql`${t.language} in ('en', 'ar')`),
  ],
);

export const signupCodes = pgTable(
  'signup_codes',
  {
    role: roleEnum('role').primaryKey(),
    code: text('code').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('signup_codes_role_check', sql`${t.role} in ('sme', 'provider')`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Links to choose a new password (DESIGN §8). Only the SHA-256 of the token is kept, so the table
 * cannot be read back into working links; a token is used once (used_at) and before expires_at.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Hex SHA-256 of the token the link carries. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** `reset`: a forgotten password's link; `invite`: an invited back-office user's first password. */
    purpose: text('purpose', { enum: ['reset', 'invite'] }).notNull().default('reset'),
  },
  (t) => [
    check('password_reset_tokens_purpose_check', sql`${t.purpose} in ('reset', 'invite')`),
    uniqueIndex('password_reset_tokens_token_hash_key').on(t.tokenHash), index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/** Throttled events (failed sign-ins, sign-ups, pre-registrations), counted per address over a window. */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    ip: text('ip').notNull(),
    /** What the limit is about besides the address, e.g. the account's email. */
    subject: text('subject'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rate_events_kind_ip_idx').on(t.kind, t.ip, t.createdAt),
    // An account's failed sign-ins from every address.
    index('rate_events_kind_subject_idx').on(t.kind, t.subject, t.createdAt),
    index('rate_events_created_at_idx').on(t.createdAt),
  ],
);
