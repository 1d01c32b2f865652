// SQL of pre-registrations.
import { count, desc } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { preregistrations } from '../../db/schema/index.js';

export type PreregistrationRow = typeof preregistrations.$inferSelect;
export type NewPreregistration = typeof preregistrations.$inferInsert;

export async function insertPreregistration(db: Db, values: NewPreregistration): Promise<PreregistrationRow> {
  const [row] = await db.insert(preregistrations).values(values).returning();
  if (!row) throw new Error('insert into preregistrations returned nothing');
  return row;
}

/** One page, newest first (ties broken by id so pages never overlap). */
export async function listPreregistrations(db: Db, page: { limit: number; offset: number }): Promise<PreregistrationRow[]> {
  return db
    .select()
    .from(preregistrations)
    .orderBy(desc(preregistrations.createdAt), desc(preregistrations.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** Every pre-registration in the list's order, for the export's cursor. */
export function preregistrationExportQuery() {
  return new QueryBuilder().select().from(preregistrations).orderBy(desc(preregistrations.createdAt), desc(preregistrations.id));
}

export async function countPreregistrations(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(preregistrations);
  return row?.n ?? 0;
}
