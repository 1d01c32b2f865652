// SMEs and suppliers as parties: profile rows, level changes with their verification log, their
// categories and documents, and the reads their API projections (projections.ts) are made of.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { LogCode, LogParams, Role, SelfRegisterRole } from '@qist/domain';
import type { Executor, Tx } from '../../db/transaction.js';
import { categories, documents, partyCategories, providers, smes, users, verificationLogs } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import { preparedPerHandle } from '../../lib/prepared.js';

export type PartyKind = SelfRegisterRole;
export type SmeRow = typeof smes.$inferSelect;
export type ProviderRow = typeof providers.$inferSelect;
export type PartyRow = SmeRow | ProviderRow;
export type DocumentRow = typeof documents.$inferSelect;
export type VerificationLogRow = typeof verificationLogs.$inferSelect;

export function partyTable(kind: PartyKind) {
  return kind === 'sme' ? smes : providers;
}

// The profile reads run on every profile page, the party's own and the back office's: prepared.
const smeByUser = preparedPerHandle((db: Executor) =>
  db.select().from(smes).where(eq(smes.userId, sql.placeholder('userId'))).prepare('qist_sme_by_user'),
);
const providerByUser = preparedPerHandle((db: Executor) =>
  db.select().from(providers).where(eq(providers.userId, sql.placeholder('userId'))).prepare('qist_provider_by_user'),
);

export async function findSmeByUser(db: Executor, userId: string): Promise<SmeRow | undefined> {
  const [row] = await smeByUser(db).execute({ userId });
  return row;
}

export async function findProviderByUser(db: Executor, userId: string): Promise<ProviderRow | undefined> {
  const [row] = await providerByUser(db).execute({ userId });
  return row;
}

/** The SME or supplier profile a self-registered account starts with (level 0). */
export async function insertPartyProfile(db: Executor, kind: PartyKind, userId: string): Promise<void> {
  await db.insert(partyTable(kind)).values({ userId });
}

const smeById = preparedPerHandle((db: Executor) =>
  db.select().from(smes).where(eq(smes.id, sql.placeholder('id'))).prepare('qist_sme_by_id'),
);
const providerById = preparedPerHandle((db: Executor) =>
  db.select().from(providers).where(eq(providers.id, sql.placeholder('id'))).prepare('qist_provider_by_id'),
);

export async function findSmeById(db: Executor, id: string): Promise<SmeRow | undefined> {
  const [row] = await smeById(db).execute({ id });
  return row;
}

export async function findProviderById(db: Executor, id: string): Promise<ProviderRow | undefined> {
  const [row] = await providerById(db).execute({ id });
  return row;
}

/** The SME's row locked for the rest of the transaction. */
export async function lockSmeById(tx: Tx, id: string): Promise<SmeRow | undefined> {
  const [row] = await tx.select().from(smes).where(eq(smes.id, id)).for('no key update');
  return row;
}

/** The supplier's row locked for the rest of the transaction. */
export async function lockProviderById(tx: Tx, id: string): Promise<ProviderRow | undefined> {
  const [row] = await tx.select().from(providers).where(eq(providers.id, id)).for('no key update');
  return row;
}

export async function findPartyByUser(db: Executor, kind: PartyKind, userId: string): Promise<PartyRow | undefined> {
  return kind === 'sme' ? findSmeByUser(db, userId) : findProviderByUser(db, userId);
}

/** The party's row locked for the rest of the transaction, so steps on one party run one at a time. */
export async function lockPartyByUser(tx: Tx, kind: PartyKind, userId: string): Promise<PartyRow | undefined> {
  const table = partyTable(kind);
  const [row] = await tx.select().from(table).where(eq(table.userId, userId)).for('no key update');
  return row;
}

export interface LevelChange {
  kind: PartyKind;
  userId: string;
  from: number;
  to: number;
  /** What the platform says about the change; each reader sees it in their language. */
  code: LogCode;
  params?: LogParams;
  /** The operator's own words, stored as written; empty when none. */
  note?: string;
  operator: { userId: string | null; role: Role };
  /** Other columns to set with the level, in the same statement. */
  set?: Record<string, unknown>;
}

/**
 * Moves a party from one level to another and writes its log row, in the caller's transaction.
 * The update names the level it expects, so a concurrent change makes this refuse, not overwrite.
 */
export async function changeLevel(tx: Tx, change: LevelChange): Promise<void> {
  const table = partyTable(change.kind);
  const updated = await tx
    .update(table)
    .set({ ...(change.set ?? {}), level: change.to, updatedAt: new Date() })
    .where(and(eq(table.userId, change.userId), eq(table.level, change.from)))
    .returning({ id: table.id });
  if (updated.length !== 1) throw conflict('the level changed meanwhile, please reload');
  await insertLog(tx, {
    userId: change.userId,
    level: change.to,
    code: change.code,
    params: change.params,
    note: change.note,
    operatorUserId: change.operator.userId,
    operatorRole: change.operator.role,
  });
}

export interface NewLog {
  userId: string;
  level: number;
  code: LogCode;
  params?: LogParams;
  /** The operator's note, as written. */
  note?: string;
  operatorUserId: string | null;
  operatorRole: Role;
}

export async function insertLog(tx: Executor, { note, params, ...log }: NewLog): Promise<void> {
  await tx.insert(verificationLogs).values({ ...log, desc: note ?? '', params: params ?? {} });
}

export async function listLogs(db: Executor, userId: string): Promise<VerificationLogRow[]> {
  return db
    .select()
    .from(verificationLogs)
    .where(eq(verificationLogs.userId, userId))
    .orderBy(asc(verificationLogs.createdAt), asc(verificationLogs.id));
}

const partyCategoriesOf = preparedPerHandle((db: Executor) =>
  db
    .select({ _id: categories.id, title: categories.title, titleAr: categories.titleAr })
    .from(partyCategories)
    .innerJoin(categories, eq(categories.id, partyCategories.categoryId))
    .where(eq(partyCategories.userId, sql.placeholder('userId')))
    .orderBy(asc(categories.title))
    .prepare('qist_party_categories'),
);

export async function listPartyCategories(db: Executor, userId: string) {
  return partyCategoriesOf(db).execute({ userId });
}

export async function replacePartyCategories(tx: Tx, userId: string, categoryIds: string[]): Promise<void> {
  await tx.delete(partyCategories).where(eq(partyCategories.userId, userId));
  if (categoryIds.length > 0) {
    await tx.insert(partyCategories).values(categoryIds.map((categoryId) => ({ userId, categoryId })));
  }
}

export async function countExistingCategories(db: Executor, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
  return rows.length;
}

const userEmail = preparedPerHandle((db: Executor) =>
  db.select({ email: users.email }).from(users).where(eq(users.id, sql.placeholder('userId'))).prepare('qist_user_email'),
);

export async function findUserEmail(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await userEmail(db).execute({ userId });
  return row?.email;
}

// Every profile page reads its documents: prepared.
const documentsOf = preparedPerHandle((db: Executor) =>
  db
    .select()
    .from(documents)
    .where(eq(documents.userId, sql.placeholder('userId')))
    .orderBy(documents.createdAt, documents.id)
    .prepare('qist_documents_of'),
);

export async function listDocuments(db: Executor, userId: string): Promise<DocumentRow[]> {
  return documentsOf(db).execute({ userId });
}

/** What a profile shows beside the party's own row: its account's email, its categories, its documents. */
export async function findProfileParts(db: Executor, userId: string) {
  const [email, categories, docs] = await Promise.all([findUserEmail(db, userId), listPartyCategories(db, userId), listDocuments(db, userId)]);
  return { email, categories, docs };
}

export type ProfileParts = Awaited<ReturnType<typeof findProfileParts>>;
