// Accounts, sessions, sign-up codes and the attempts that throttling counts.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /**
     * Two-step sign-in (DESIGN §8). The TOTP secret, encrypted with a key derived from
     * SESSION_SECRET (lib/secret-box.ts); set once a code of it was confirmed (mfa_enabled_at).
     */
    mfaSecret: text('mfa_secret'),
    mfaEnabledAt: timestamp('mfa_enabled_at', { withTimezone: true }),
    /** A secret handed out by set-up, encrypted the same way, waiting for its first code. */
    mfaPendingSecret: text('mfa_pending_secret'),
    /** The 30-second step of the last code accepted: a code is accepted only for a later step. */
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // An insurance company's users, found without reading every account.
    index('users_insurance_company_idx').on(t.insuranceCompanyId).where(sql`${t.insuranceCompanyId} is not null`),
    check('users_insurance_company_check', sql`(${t.role} = 'insurance') = (${t.insuranceCompanyId} is not null)`),
    check('users_language_check', sql`${t.language} in ('en', 'ar')`),
    check('users_mfa_enabled_check', sql`(${t.mfaEnabledAt} is null) = (${t.mfaSecret} is null)`),
  ],
);

/** Recovery codes of two-step sign-in: only their SHA-256 is kept; each is used once (used_at). */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Hex SHA-256 of the code, written without dashes and in lower case. */
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('mfa_recovery_codes_user_code_key').on(t.userId, t.codeHash)],
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
