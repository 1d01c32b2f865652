// The connection pool and the Drizzle handle every repository receives.
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The pool under a Drizzle handle (node-postgres keeps it as `$client`). */
export function poolOf(db: Db): pg.Pool {
  return (db as unknown as { $client: pg.Pool }).$client;
}

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /**
   * Named statements (default true): the hot steps' statements are parsed once per connection
   * (db/named-query.ts, lib/prepared.ts). False sends each of them unnamed, as every other statement
   * is, for a pooler in transaction mode that hands one server connection to many clients and so
   * cannot keep a client's named statements (PgBouncer before 1.21): ADR 36.
   */
  preparedStatements?: boolean;
  /**
   * Milliseconds a query may wait for a connection (opening one, or one of a full pool) before it
   * fails; unset, it waits as long as it takes. The replica's pool sets it, so a replica that stopped
   * answering sends its reads to the primary rather than holding them (ADR 37).
   */
  connectionTimeoutMs?: number;
}

/**
 * A connection that sends every statement unnamed: the name a caller gives a query is dropped, so
 * PostgreSQL parses the statement on each call and keeps nothing between transactions.
 */
class UnnamedStatementsClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [config] = args;
    if (config !== null && typeof config === 'object' && 'name' in config && !('submit' in config)) {
      const { name: _name, ...unnamed } = config as pg.QueryConfig;
      args[0] = unnamed;
    }
    return (pg.Client.prototype.query as (...a: unknown[]) => never).apply(this, args);
  }
}

export function createDatabase(url: string, max = 10, { preparedStatements = true, connectionTimeoutMs }: DatabaseOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    ...(preparedStatements ? {} : { Client: UnnamedStatementsClient }),
    ...(connectionTimeoutMs === undefined ? {} : { connectionTimeoutMillis: connectionTimeoutMs }),
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/** Milliseconds the replica's pool waits for a connection before its read goes to the primary instead. */
export const READ_CONNECTION_TIMEOUT_MS = 5_000;

/** The pool of the read replica (DATABASE_READ_URL): as the primary's, but giving up on a connection after a bound. */
export function createReadDatabase(url: string, max: number, preparedStatements: boolean): Database {
  return createDatabase(url, max, { preparedStatements, connectionTimeoutMs: READ_CONNECTION_TIMEOUT_MS });
}
