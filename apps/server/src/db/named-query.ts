// A statement PostgreSQL parses once per connection and then only binds: for the few hot writes
// that are one whole step in a single statement (an order's creation). One name, one SQL text.
import type pg from 'pg';
import type { Db } from './client.js';

export async function namedQuery<R extends pg.QueryResultRow>(db: Db, name: string, text: string, values: unknown[]): Promise<pg.QueryResult<R>> {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  return pool.query<R>({ name, text, values });
}
