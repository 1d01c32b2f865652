// SQL of the admin's back-office users: the list, and the active flag with the rule about admins.
import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import { BACK_OFFICE_ROLES, type BackOfficeRole, type BackOfficeUser } from '@qist/domain';
import type { Executor } from '../../db/transaction.js';
import { insuranceCompanies, users } from '../../db/schema/index.js';

const columns = {
  id: users.id,
  email: users.email,
  role: users.role,
  company: insuranceCompanies.name,
  mfaEnabledAt: users.mfaEnabledAt,
  active: users.active,
  invitedAt: users.invitedAt,
  lastSignInAt: users.lastSignInAt,
};

type Row = { id: string; email: string; role: string; company: string | null; mfaEnabledAt: Date | null; active: boolean; invitedAt: Date | null; lastSignInAt: Date | null };

function toUser(row: Row): BackOfficeUser {
  return {
    _id: row.id,
    email: row.email,
    role: row.role as BackOfficeRole,
    company: row.company,
    mfa: row.mfaEnabledAt !== null,
    active: row.active,
    pending: row.invitedAt !== null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

const backOffice = inArray(users.role, [...BACK_OFFICE_ROLES]);

export async function listUsers(db: Executor, page: number, perPage: number): Promise<{ users: BackOfficeUser[]; count: number }> {
  const rows = await db
    .select(columns)
    .from(users)
    .leftJoin(insuranceCompanies, eq(insuranceCompanies.id, users.insuranceCompanyId))
    .where(backOffice)
    .orderBy(desc(users.createdAt), users.id)
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(users).where(backOffice);
  return { users: rows.map(toUser), count: total?.n ?? 0 };
}

export async function findUser(db: Executor, userId: string): Promise<BackOfficeUser | undefined> {
  const [row] = await db
    .select(columns)
    .from(users)
    .leftJoin(insuranceCompanies, eq(insuranceCompanies.id, users.insuranceCompanyId))
    .where(sql`${users.id} = ${userId} and ${backOffice}`);
  return row && toUser(row);
}

/**
 * Serialises every change of the active flag: taken first in the transaction, so the count of
 * active admins read after it already includes the changes committed before (two admins disabling
 * each other at once cannot both see the other as a spare).
 */
export async function lockActiveFlags(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('qist.users.active'))`);
}

export async function countActiveAdmins(tx: Executor): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(users).where(sql`${users.role} = 'admin' and ${users.active}`);
  return row?.n ?? 0;
}

export async function setActive(tx: Executor, userId: string, active: boolean, now: Date): Promise<void> {
  await tx.update(users).set({ active, updatedAt: now }).where(eq(users.id, userId));
}

/** The first password of an invited account: sets it and activates the account, once. */
export async function completeInvitation(tx: Executor, userId: string, passwordHash: string, now: Date): Promise<{ email: string } | undefined> {
  const [row] = await tx
    .update(users)
    .set({ passwordHash, active: true, invitedAt: null, updatedAt: now })
    .where(sql`${users.id} = ${userId} and ${users.invitedAt} is not null`)
    .returning({ email: users.email });
  return row;
}

export async function markInvited(tx: Executor, userId: string, now: Date): Promise<void> {
  await tx.update(users).set({ active: false, invitedAt: now }).where(eq(users.id, userId));
}

/** The id of a pending (invited, password not chosen) account with this email. */
export async function findPendingByEmail(db: Executor, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`${users.email} = ${email} and ${users.invitedAt} is not null`);
  return row?.id;
}

/** A new invitation of a pending account: its role and company may change with it. */
export async function reinvite(
  tx: Executor,
  userId: string,
  values: { role: BackOfficeRole; insuranceCompanyId: string | null; name: string; now: Date },
): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ role: values.role, insuranceCompanyId: values.insuranceCompanyId, name: values.name, invitedAt: values.now, active: false, updatedAt: values.now })
    .where(sql`${users.id} = ${userId} and ${users.invitedAt} is not null`)
    .returning({ id: users.id });
  return rows.length > 0;
}
