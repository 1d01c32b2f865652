// SQL of the back office: party lists (with the insurance queue), decisions' lookups, settings.
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { ALL_FILTER, type PartyListQuery } from '@qist/domain';
import type { Db, Tx } from '../../db/client.js';
import {
  categories,
  insuranceCompanies,
  insuranceDeclines,
  outboxMessages,
  platformSettings,
  providers,
  signupCodes,
  smes,
  users,
  verificationLogs,
} from '../../db/schema/index.js';

type Executor = Db | Tx;

/**
 * The insurance company whose turn it is for an SME at level 6: the highest priority (lowest
 * number) that has not declined it in this round.
 */
export function currentInsurerOf(smeIdColumn: SQL | typeof smes.id): SQL<string | null> {
  return sql<string | null>`(
    select ${insuranceCompanies.id} from ${insuranceCompanies}
    where not exists (
      select 1 from ${insuranceDeclines}
      where ${insuranceDeclines.smeId} = ${smeIdColumn} and ${insuranceDeclines.companyId} = ${insuranceCompanies.id}
    )
    order by ${insuranceCompanies.priority} asc, ${insuranceCompanies.id} asc
    limit 1
  )`;
}

/** SMEs an insurance company sees: those in its queue now, and those it has decided on. */
export function insuranceVisibility(companyId: string): SQL {
  const operators = sql`(select ${users.id} from ${users} where ${users.insuranceCompanyId} = ${companyId})`;
  return sql`(
    (${smes.level} = 6 and ${currentInsurerOf(smes.id)} = ${companyId})
    or exists (
      select 1 from ${verificationLogs}
      where ${verificationLogs.userId} = ${smes.userId} and ${verificationLogs.operatorUserId} in ${operators}
    )
    or exists (
      select 1 from ${insuranceDeclines}
      where ${insuranceDeclines.smeId} = ${smes.id} and ${insuranceDeclines.companyId} = ${companyId}
    )
  )`;
}

export async function listSmes(db: Executor, query: PartyListQuery, visibility?: SQL) {
  const conditions: SQL[] = [];
  if (query.level !== ALL_FILTER) conditions.push(eq(smes.level, query.level));
  if (visibility) conditions.push(visibility);
  const where = conditions.length ? and(...conditions) : undefined;
  const order = query.order === 'asc' ? [asc(smes.createdAt), asc(smes.id)] : [desc(smes.createdAt), desc(smes.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ sme: smes, email: users.email })
      .from(smes)
      .innerJoin(users, eq(users.id, smes.userId))
      .where(where)
      .orderBy(...order)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: count() }).from(smes).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export async function listProviders(db: Executor, query: PartyListQuery) {
  const where = query.level !== ALL_FILTER ? eq(providers.level, query.level) : undefined;
  const order = query.order === 'asc' ? [asc(providers.createdAt), asc(providers.id)] : [desc(providers.createdAt), desc(providers.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ provider: providers, email: users.email })
      .from(providers)
      .innerJoin(users, eq(users.id, providers.userId))
      .where(where)
      .orderBy(...order)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ n: count() }).from(providers).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export async function findSme(db: Executor, id: string, visibility?: SQL) {
  const [row] = await db
    .select()
    .from(smes)
    .where(visibility ? and(eq(smes.id, id), visibility) : eq(smes.id, id));
  return row;
}

export async function lockSme(tx: Tx, id: string) {
  const [row] = await tx.select().from(smes).where(eq(smes.id, id)).for('update');
  return row;
}

export async function lockProvider(tx: Tx, id: string) {
  const [row] = await tx.select().from(providers).where(eq(providers.id, id)).for('update');
  return row;
}

export async function findProvider(db: Executor, id: string) {
  const [row] = await db.select().from(providers).where(eq(providers.id, id));
  return row;
}

export async function currentInsurer(tx: Executor, smeId: string): Promise<string | null> {
  const [row] = await tx.select({ id: currentInsurerOf(sql`${smeId}::uuid`) }).from(sql`(select 1) as one`);
  return row?.id ?? null;
}

export async function insertDecline(tx: Tx, smeId: string, companyId: string): Promise<void> {
  await tx.insert(insuranceDeclines).values({ smeId, companyId }).onConflictDoNothing();
}

/** A conditional rejection starts a new round: every insurer may look at the SME again. */
export async function clearDeclines(tx: Tx, smeId: string): Promise<void> {
  await tx.delete(insuranceDeclines).where(eq(insuranceDeclines.smeId, smeId));
}

export async function companyName(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db.select({ name: insuranceCompanies.name }).from(insuranceCompanies).where(eq(insuranceCompanies.id, id));
  return row?.name;
}

// ---- settings

export async function listInsuranceCompanies(db: Executor) {
  return db.select().from(insuranceCompanies).orderBy(asc(insuranceCompanies.priority), asc(insuranceCompanies.id));
}

export async function setPriorities(tx: Tx, orderedIds: string[]): Promise<void> {
  for (const [index, id] of orderedIds.entries()) {
    await tx.update(insuranceCompanies).set({ priority: index + 1, updatedAt: new Date() }).where(eq(insuranceCompanies.id, id));
  }
}

export async function lockInsuranceCompanies(tx: Tx) {
  return tx.select({ id: insuranceCompanies.id }).from(insuranceCompanies).for('update');
}

export async function getShareRate(db: Executor): Promise<number> {
  const [row] = await db.select({ rate: platformSettings.bankShareRate }).from(platformSettings);
  return row?.rate ?? 1000;
}

export async function setShareRate(db: Executor, basisPoints: number): Promise<void> {
  await db
    .insert(platformSettings)
    .values({ id: true, bankShareRate: basisPoints })
    .onConflictDoUpdate({ target: platformSettings.id, set: { bankShareRate: basisPoints, updatedAt: new Date() } });
}

export async function insertCategory(db: Executor, values: { title: string; desc: string }) {
  const [row] = await db.insert(categories).values(values).returning();
  return row;
}

export async function updateCategory(db: Executor, id: string, values: { title: string; desc: string }) {
  const [row] = await db.update(categories).set({ ...values, updatedAt: new Date() }).where(eq(categories.id, id)).returning();
  return row;
}

export async function listSignupCodes(db: Executor): Promise<{ role: 'sme' | 'provider'; code: string }[]> {
  const rows = await db.select({ role: signupCodes.role, code: signupCodes.code }).from(signupCodes).orderBy(asc(signupCodes.role));
  // The table's check constraint admits only the self-registering roles.
  return rows.filter((r): r is { role: 'sme' | 'provider'; code: string } => r.role === 'sme' || r.role === 'provider');
}

export async function upsertSignupCode(db: Executor, role: 'sme' | 'provider', code: string): Promise<void> {
  await db
    .insert(signupCodes)
    .values({ role, code })
    .onConflictDoUpdate({ target: signupCodes.role, set: { code, updatedAt: new Date() } });
}

export async function listOutbox(db: Executor, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(outboxMessages),
  ]);
  return { rows, count: total?.n ?? 0 };
}

