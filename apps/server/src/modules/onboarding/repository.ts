// SQL of verification codes and of uploading and deleting documents (reading them is the parties
// module's: a profile shows them).
import { and, count, desc, eq, gt, isNull, sql, sum } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, type Language } from '@qist/domain';
import type { Executor, Tx } from '../../db/transaction.js';
import { documents, users, verificationCodes } from '../../db/schema/index.js';
import type { DocumentRow } from '../parties/repository.js';

export type CodeRow = typeof verificationCodes.$inferSelect;
export type Purpose = CodeRow['purpose'];

export async function latestCode(db: Executor, userId: string, purpose: Purpose): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row;
}

/** The codes of a step sent since a time, for the daily limits. */
export async function codesSince(db: Executor, userId: string, purpose: Purpose, since: Date) {
  return db
    .select({ createdAt: verificationCodes.createdAt, wrongTries: verificationCodes.wrongTries })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), gt(verificationCodes.createdAt, since)));
}

/** Locks the account's row, so the code steps of one account run one at a time. */
/** Locks the account's row; returns the language its messages are written in. */
export async function lockUser(tx: Tx, userId: string): Promise<Language> {
  const [row] = await tx.select({ language: users.language }).from(users).where(eq(users.id, userId)).for('no key update');
  return row?.language ?? DEFAULT_LANGUAGE;
}

export async function lockLatestOpenCode(tx: Tx, userId: string, purpose: Purpose): Promise<CodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
    .for('no key update');
  return row;
}

/** A new code replaces every earlier open one. */
export async function replaceCode(
  tx: Tx,
  values: { userId: string; purpose: Purpose; target: string; codeHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await tx
    .update(verificationCodes)
    .set({ consumedAt: values.now })
    .where(and(eq(verificationCodes.userId, values.userId), eq(verificationCodes.purpose, values.purpose), isNull(verificationCodes.consumedAt)));
  await tx.insert(verificationCodes).values({
    userId: values.userId,
    purpose: values.purpose,
    target: values.target,
    codeHash: values.codeHash,
    expiresAt: values.expiresAt,
    createdAt: values.now,
  });
}

export async function countWrongTry(db: Executor, id: string): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ wrongTries: sql`${verificationCodes.wrongTries} + 1` })
    .where(eq(verificationCodes.id, id));
}

export async function consumeCode(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.update(verificationCodes).set({ consumedAt: now }).where(eq(verificationCodes.id, id));
}

/** How many documents a party holds, how many with one title, and their bytes together. */
export async function documentTotals(db: Executor, userId: string, title: string) {
  const [row] = await db
    .select({
      count: count(),
      ofTitle: sql<number>`count(*) filter (where ${documents.title} = ${title})`.mapWith(Number),
      bytes: sum(documents.size).mapWith(Number),
    })
    .from(documents)
    .where(eq(documents.userId, userId));
  return { count: row?.count ?? 0, ofTitle: row?.ofTitle ?? 0, bytes: row?.bytes ?? 0 };
}

export async function insertDocument(db: Executor, values: typeof documents.$inferInsert): Promise<DocumentRow> {
  const [row] = await db.insert(documents).values(values).returning();
  if (!row) throw new Error('insert into documents returned nothing');
  return row;
}

export async function findDocument(db: Executor, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row;
}

export async function deleteDocument(db: Executor, id: string): Promise<void> {
  await db.delete(documents).where(eq(documents.id, id));
}
