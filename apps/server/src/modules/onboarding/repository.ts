// SQL of verification codes and documents.
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { documents, verificationCodes } from '../../db/schema/index.js';

type Executor = Db | Tx;
export type CodeRow = typeof verificationCodes.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
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

export async function lockLatestOpenCode(tx: Tx, userId: string, purpose: Purpose): Promise<CodeRow | undefined> {
  const [row] = await tx
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
    .for('update');
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

export async function listDocuments(db: Executor, userId: string): Promise<DocumentRow[]> {
  return db.select().from(documents).where(eq(documents.userId, userId)).orderBy(documents.createdAt, documents.id);
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
