// Statements PostgreSQL parses once per connection and then only binds (and, once it trusts a
// generic plan, no longer plans): for the hot writes that are one whole step in a single statement
// (an order's creation), and for the lists' page and total statements. One name always means one SQL
// text. With DATABASE_PREPARED_STATEMENTS=false the pool sends them unnamed (db/client.ts, ADR 36).
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { poolOf, type Db } from './client.js';
import type { Executor } from './transaction.js';

export async function namedQuery<R extends pg.QueryResultRow>(db: Db, name: string, text: string, values: unknown[]): Promise<pg.QueryResult<R>> {
  const pool = poolOf(db);
  return pool.query<R>({ name, text, values });
}

/**
 * How many distinct statement texts a process names through `executeNamed`; later texts go unnamed.
 * The lists' statements differ only by which filters a query sets (tens of texts per list), so the
 * bound is never reached by the product's own lists; it keeps a text that varied by value (a list of
 * placeholders as long as a user's input) from piling up statements on every connection.
 */
export const MAX_NAMED_TEXTS = 1_000;

const dialect = new PgDialect();
const namedTexts = new Set<string>();

/** The name a statement text is prepared under, or undefined once the process has named its bound. */
function nameOf(prefix: string, text: string): string | undefined {
  const name = `qist_${prefix}_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
  if (namedTexts.has(name)) return name;
  if (namedTexts.size >= MAX_NAMED_TEXTS) return undefined;
  namedTexts.add(name);
  return name;
}

/**
 * Runs a Drizzle SQL statement as `db.execute` does (the same rows, parsed the same way) on the
 * executor's connection or transaction, named after its text so each connection parses it once.
 */
export async function executeNamed<T extends Record<string, unknown>>(db: Executor, prefix: string, statement: SQL): Promise<{ rows: T[] }> {
  const query = dialect.sqlToQuery(statement);
  const prepared = db._.session.prepareQuery(query, undefined, nameOf(prefix, query.sql), false);
  return (await prepared.execute()) as { rows: T[] };
}
