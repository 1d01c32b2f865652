// How many connections each worker's pool may open, so that N workers together stay within what
// the PostgreSQL server accepts (docs/decisions/0035-worker-processes.md).
import type { Database } from '../db/client.js';

/** A single process's pool, as createDatabase sizes it by default: a worker never opens more. */
export const DEFAULT_POOL_MAX = 10;
/** The fewest connections a worker works with: a CSV export holds one for its whole run. */
export const MIN_WORKER_POOL_MAX = 2;
/**
 * Connections left outside the workers' pools: the primary's own while it prepares the database,
 * the command-line tools run beside the server (backup, audit:verify, rollups:verify, user:create),
 * a psql session of an operator, a replacement worker connecting while the one it replaces still
 * holds its pool.
 */
export const CONNECTIONS_KEPT_FREE = 10;

/** Each worker's pool: an even share of what the server accepts, at most the single process's pool. */
export function workerPoolMax(server: { maxConnections: number; superuserReserved: number }, workers: number): number {
  const share = Math.floor((server.maxConnections - server.superuserReserved - CONNECTIONS_KEPT_FREE) / workers);
  return Math.max(MIN_WORKER_POOL_MAX, Math.min(DEFAULT_POOL_MAX, share));
}

/** Reads the server's connection limits; behind a pooler these are the server's, not the pooler's. */
export async function serverConnectionLimits(database: Database): Promise<{ maxConnections: number; superuserReserved: number }> {
  const { rows } = await database.pool.query<{ max: number; reserved: number }>(
    "select current_setting('max_connections')::int as max, current_setting('superuser_reserved_connections')::int as reserved",
  );
  return { maxConnections: rows[0]?.max ?? 100, superuserReserved: rows[0]?.reserved ?? 3 };
}
