// SQL of the platform settings: industries (categories), the bank share rate, the insurers' priority
// order and the sign-up codes. Other modules read settings through these functions.
import { asc, eq } from 'drizzle-orm';
import type { SelfRegisterRole } from '@qist/domain';
import type { Executor, Tx } from '../../db/transaction.js';
import { categories, insuranceCompanies, platformSettings, signupCodes } from '../../db/schema/index.js';

/** The bank share rate until an admin sets one (10%); the column's default says the same. */
const DEFAULT_BANK_SHARE_RATE_BP = 1000;

// ---- industries

export type CategoryRow = typeof categories.$inferSelect;
export type CategoryValues = { title: string; desc: string; titleAr: string; descAr: string };

export async function listCategories(db: Executor): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.title));
}

export async function insertCategory(db: Executor, values: CategoryValues): Promise<CategoryRow | undefined> {
  const [row] = await db.insert(categories).values(values).returning();
  return row;
}

export async function updateCategory(db: Executor, id: string, values: CategoryValues): Promise<CategoryRow | undefined> {
  const [row] = await db.update(categories).set({ ...values, updatedAt: new Date() }).where(eq(categories.id, id)).returning();
  return row;
}

/**
 * Locks the one settings row (made with its defaults when missing) and answers its values: a change
 * under this lock knows the value it replaces, so its audit event's "from" is exact under races.
 */
export async function lockPlatformSettings(tx: Executor): Promise<{ bankShareRate: number; payoutApprovalThreshold: number }> {
  await tx.insert(platformSettings).values({ id: true }).onConflictDoNothing();
  const [row] = await tx
    .select({ bankShareRate: platformSettings.bankShareRate, payoutApprovalThreshold: platformSettings.payoutApprovalThreshold })
    .from(platformSettings)
    .for('no key update');
  if (!row) throw new Error('the platform settings row is missing');
  return row;
}

// ---- bank share rate

/** The bank's share of each supplier discount, in basis points (1000 = 10%). */
export async function findBankShareRateBp(executor: Executor): Promise<number> {
  const [row] = await executor.select({ rate: platformSettings.bankShareRate }).from(platformSettings);
  return row?.rate ?? DEFAULT_BANK_SHARE_RATE_BP;
}

export async function setBankShareRateBp(executor: Executor, basisPoints: number): Promise<void> {
  await executor
    .insert(platformSettings)
    .values({ id: true, bankShareRate: basisPoints })
    .onConflictDoUpdate({ target: platformSettings.id, set: { bankShareRate: basisPoints, updatedAt: new Date() } });
}

// ---- four eyes on payouts

/** Minor units: a bank payout of at least this much needs a second bank user (0, the default: every payout). */
export async function findPayoutApprovalThreshold(executor: Executor): Promise<number> {
  const [row] = await executor.select({ threshold: platformSettings.payoutApprovalThreshold }).from(platformSettings);
  return row?.threshold ?? 0;
}

export async function setPayoutApprovalThreshold(executor: Executor, minor: number): Promise<void> {
  await executor
    .insert(platformSettings)
    .values({ id: true, payoutApprovalThreshold: minor })
    .onConflictDoUpdate({ target: platformSettings.id, set: { payoutApprovalThreshold: minor, updatedAt: new Date() } });
}

// ---- insurance companies' priority

export async function listInsuranceCompanies(db: Executor) {
  return db.select().from(insuranceCompanies).orderBy(asc(insuranceCompanies.priority), asc(insuranceCompanies.id));
}

export async function lockInsuranceCompanies(tx: Tx) {
  return tx.select({ id: insuranceCompanies.id }).from(insuranceCompanies).for('no key update');
}

export async function setPriorities(tx: Tx, orderedIds: string[]): Promise<void> {
  for (const [index, id] of orderedIds.entries()) {
    await tx.update(insuranceCompanies).set({ priority: index + 1, updatedAt: new Date() }).where(eq(insuranceCompanies.id, id));
  }
}

// ---- sign-up codes

export async function findSignupCode(db: Executor, role: SelfRegisterRole): Promise<string | undefined> {
  const [row] = await db.select({ code: signupCodes.code }).from(signupCodes).where(eq(signupCodes.role, role));
  return row?.code;
}

export async function listSignupCodes(db: Executor): Promise<{ role: SelfRegisterRole; code: string }[]> {
  const rows = await db.select({ role: signupCodes.role, code: signupCodes.code }).from(signupCodes).orderBy(asc(signupCodes.role));
  // The table's check constraint admits only the self-registering roles.
  return rows.filter((r): r is { role: SelfRegisterRole; code: string } => r.role === 'sme' || r.role === 'provider');
}

export async function upsertSignupCode(db: Executor, role: SelfRegisterRole, code: string): Promise<void> {
  await db
    .insert(signupCodes)
    .values({ role, code })
    .onConflictDoUpdate({ target: signupCodes.role, set: { code, updatedAt: new Date() } });
}
