// SQL of accounts and sessions. (Sign-up codes are a platform setting: settings/repository.ts.)
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Language, Role } from '@qist/domain';
import type { Executor } from '../../db/transaction.js';
import { passwordResetTokens, providers, sessions, smes, users } from '../../db/schema/index.js';
import { preparedPerHandle } from '../../lib/prepared.js';
import type { Principal } from '../../lib/principal.js';

export interface AccountRow {
  id: string;
  email: string;
  passwordHash: string;
  role: Role;
  name: string;
  insuranceCompanyId: string | null;
  language: Language;
  active: boolean;
  /** Two-step sign-in is on: a right password only leads to the code step. */
  mfaEnabled: boolean;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Executor, email: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      role: users.role,
      name: users.name,
      insuranceCompanyId: users.insuranceCompanyId,
      language: users.language,
      active: users.active,
      mfaEnabled: sql<boolean>`${users.mfaEnabledAt} is not null`,
    })
    .from(users)
    .where(eq(users.email, normaliseEmail(email)));
  return row;
}

export async function insertUser(
  db: Executor,
  values: { email: string; passwordHash: string; role: Role; name: string; insuranceCompanyId?: string | null; language?: Language },
): Promise<{ id: string }> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: normaliseEmail(values.email) })
    .returning({ id: users.id });
  if (!row) throw new Error('insert into users returned nothing');
  return row;
}

/** Verification level of an SME or supplier account; null for back-office roles. */
export async function findLevel(db: Executor, userId: string, role: Role): Promise<number | null> {
  if (role !== 'sme' && role !== 'provider') return null;
  const table = role === 'sme' ? smes : providers;
  const [row] = await db.select({ level: table.level }).from(table).where(eq(table.userId, userId));
  return row?.level ?? null;
}

/** The account's current name, language and, for an SME or a supplier, its level (what /auth/me shows). */
export async function findNameAndLevel(
  db: Executor,
  userId: string,
  role: Role,
): Promise<{ name: string; level: number | null; language: Language; mfa: boolean } | undefined> {
  const mfa = sql<boolean>`${users.mfaEnabledAt} is not null`;
  if (role === 'sme' || role === 'provider') {
    const table = role === 'sme' ? smes : providers;
    const [row] = await db
      .select({ name: users.name, language: users.language, level: table.level, mfa })
      .from(users)
      .leftJoin(table, eq(table.userId, users.id))
      .where(eq(users.id, userId));
    return row && { name: row.name, language: row.language, level: row.level ?? null, mfa: row.mfa };
  }
  const [row] = await db.select({ name: users.name, language: users.language, mfa }).from(users).where(eq(users.id, userId));
  return row && { name: row.name, language: row.language, level: null, mfa: row.mfa };
}

/** Sets the language of the emails and SMS written to the account; returns the stored one. */
export async function updateLanguage(db: Executor, userId: string, language: Language): Promise<Language | undefined> {
  const [row] = await db
    .update(users)
    .set({ language, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ language: users.language });
  return row?.language;
}

export async function insertSession(
  db: Executor,
  values: { userId: string; expiresAt: Date; ip: string },
): Promise<{ id: string }> {
  const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
  if (!row) throw new Error('insert into sessions returned nothing');
  return row;
}

/** A session's account: the principal of the requests that carry its token, before the MFA rule. */
export type SessionAccount = Omit<Principal, 'mfaSetupRequired'> & { mfaEnabled: boolean };

const activeSession = preparedPerHandle((db: Executor) =>
  db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      email: users.email,
      role: users.role,
      name: users.name,
      insuranceCompanyId: users.insuranceCompanyId,
      mfaEnabled: sql<boolean>`${users.mfaEnabledAt} is not null`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        // A disabled account's sessions are refused even where a revocation was missed.
        eq(users.active, true),
      ),
    )
    .prepare('qist_find_active_session'),
);

/** The account behind a session that is neither revoked nor expired, of an active account (runs before every signed-in request). */
export async function findActiveSession(db: Executor, sessionId: string, now: Date): Promise<SessionAccount | undefined> {
  const [row] = await activeSession(db).execute({ sessionId, now });
  return row;
}

/** Records a successful sign-in; run in the statement's transaction that opens the session. */
export async function touchLastSignIn(db: Executor, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId));
}

export async function revokeSession(db: Executor, sessionId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Ends every session of an account that is still open, or every one but `keep` (the session that
 * asked); returns the ids it ended (how many, the audit event says).
 */
export async function revokeSessionsOfUser(db: Executor, userId: string, now: Date, keep?: string): Promise<string[]> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keep) conditions.push(ne(sessions.id, keep));
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

export async function findPasswordHash(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash;
}

export async function updatePasswordHash(db: Executor, userId: string, passwordHash: string, now: Date): Promise<{ email: string; role: Role } | undefined> {
  const [row] = await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId)).returning({ email: users.email, role: users.role });
  return row;
}

/** Who a reset link is written to: the account's email and language, and its phone when it has one.
 * An invited account that has not set its first password yet gets none (its invitation stays the way in). */
export interface ResetRecipient {
  userId: string;
  email: string;
  language: Language;
  phone: string | null;
}

export async function findResetRecipient(db: Executor, email: string): Promise<ResetRecipient | undefined> {
  const rows = await db.execute<{ id: string; email: string; language: Language; phone_country_code: string | null; phone_number: string | null }>(sql`
    select u.id, u.email, u.language,
           coalesce(s.phone_country_code, p.phone_country_code) as phone_country_code,
           coalesce(s.phone_number, p.phone_number) as phone_number
      from users u
      left join smes s on s.user_id = u.id
      left join providers p on p.user_id = u.id
     where u.email = ${normaliseEmail(email)}
       and u.invited_at is null`);
  const row = rows.rows[0];
  if (!row) return undefined;
  const phone = row.phone_country_code && row.phone_number ? `+${row.phone_country_code}${row.phone_number}` : null;
  return { userId: row.id, email: row.email, language: row.language, phone };
}

/**
 * Records a new reset link of an account. Only its newest link works: the account's links not yet
 * used are dropped; the caller runs both in one transaction.
 */
export async function replaceResetToken(
  db: Executor,
  values: { userId: string; tokenHash: string; createdAt: Date; expiresAt: Date; purpose?: 'reset' | 'invite' },
): Promise<void> {
  await db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, values.userId), isNull(passwordResetTokens.usedAt)));
  await db.insert(passwordResetTokens).values(values);
}

/**
 * Uses a reset link, once: one conditional UPDATE, so of redeems racing for one token exactly one
 * finds it unused and unexpired. Returns the account it belongs to, or nothing.
 */
export async function redeemResetToken(
  db: Executor,
  tokenHash: string,
  now: Date,
  purpose: 'reset' | 'invite' = 'reset',
): Promise<{ userId: string } | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        eq(passwordResetTokens.purpose, purpose),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row;
}

/** Drops an account's unused reset links (its password was just set another way). */
export async function dropResetTokens(db: Executor, userId: string): Promise<void> {
  await db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
