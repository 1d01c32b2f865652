// SQL of stored files: which party a document file belongs to.
import { and, eq } from 'drizzle-orm';
import type { Role, SelfRegisterRole } from '@qist/domain';
import type { Executor } from '../../db/transaction.js';
import { documents, users } from '../../db/schema/index.js';

export async function findDocumentFile(db: Executor, kind: SelfRegisterRole, fileName: string) {
  const [row] = await db
    .select({ userId: documents.userId, mime: documents.mime, fileName: documents.fileName })
    .from(documents)
    .innerJoin(users, eq(users.id, documents.userId))
    .where(and(eq(documents.fileName, fileName), eq(users.role, kind)));
  return row;
}

/** The account a signed link was made for: who opened it, as the audit trail names actors. */
export async function findReader(db: Executor, userId: string): Promise<{ userId: string; email: string; role: Role } | undefined> {
  const [row] = await db.select({ userId: users.id, email: users.email, role: users.role }).from(users).where(eq(users.id, userId));
  return row;
}
