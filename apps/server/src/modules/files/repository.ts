// SQL of stored files: which party a document file belongs to.
import { and, eq } from 'drizzle-orm';
import type { SelfRegisterRole } from '@qist/domain';
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
