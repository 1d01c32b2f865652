// SQL of two-step sign-in: the account's TOTP secret, its last accepted step and its recovery codes.
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.js';
import { mfaRecoveryCodes, users } from '../../db/schema/index.js';
import type { AccountRow } from './repository.js';

export interface MfaAccount extends Omit<AccountRow, 'passwordHash' | 'mfaEnabled'> {
  /** The sealed secret, when two-step sign-in is on. */
  mfaSecret: string | null;
  mfaPendingSecret: string | null;
}

export async function findMfaAccount(db: Executor, userId: string): Promise<MfaAccount | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      name: users.name,
      insuranceCompanyId: users.insuranceCompanyId,
      language: users.language,
      active: users.active,
      mfaSecret: users.mfaSecret,
      mfaPendingSecret: users.mfaPendingSecret,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Keeps a new sealed secret waiting for its first code (a later set-up replaces it). */
export async function storePendingSecret(db: Executor, userId: string, sealed: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaPendingSecret: sealed, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.mfaEnabledAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * Turns two-step sign-in on with the pending secret whose code was just checked, and records that
 * code's step as used. Only the secret that was checked is promoted, and only while it is off.
 */
export async function enableMfa(db: Executor, userId: string, pendingSealed: string, step: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaSecret: pendingSealed, mfaPendingSecret: null, mfaEnabledAt: now, mfaLastStep: step, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.mfaEnabledAt), eq(users.mfaPendingSecret, pendingSealed)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function disableMfa(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ mfaSecret: null, mfaPendingSecret: null, mfaEnabledAt: null, mfaLastStep: null, updatedAt: now })
    .where(eq(users.id, userId));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
}

/**
 * Uses a TOTP step, once: one conditional UPDATE, so of requests racing with codes of one step
 * (or replaying one) exactly one finds the last used step below it.
 */
export async function takeTotpStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaLastStep: step })
    .where(and(eq(users.id, userId), isNotNull(users.mfaEnabledAt), or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(db: Executor, userId: string, codeHashes: readonly string[], now: Date): Promise<void> {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.insert(mfaRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

/** Uses a recovery code, once (one conditional UPDATE, like a TOTP step). */
export async function redeemRecoveryCode(db: Executor, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, codeHash), isNull(mfaRecoveryCodes.usedAt)))
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length === 1;
}
