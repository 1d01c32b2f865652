// Types of scripts/lib/external-postgres.mjs, for the TypeScript tests that import it.
export const POSTGRES_BIN: string;
export const PGBOUNCER: string;

/** A free TCP port on the loopback address. */
export function freePort(): Promise<number>;

/** Runs one statement on a fresh connection and returns its rows. */
export function queryOnce<R = Record<string, unknown>>(url: string, text: string, values?: unknown[]): Promise<R[]>;

export interface ExternalPostgres {
  port: number;
  /** The URL of a database of this server, reached directly. */
  url(database: string): string;
  createDatabase(name: string): Promise<void>;
  stop(): void;
}

export function startDebianPostgres(options?: { password?: string }): Promise<ExternalPostgres>;

export interface StreamingReplica {
  port: number;
  /** The URL of a database of the replica (read-only: a hot standby). */
  url(database: string): string;
  /** Stops replaying WAL (it keeps receiving it) until resume(): the replica's reads stay as they are. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** The WAL position the replica has replayed up to. */
  replayedLsn(): Promise<string>;
  /** Waits until the replica has replayed up to `lsn` (text, `0/16B3748`), polling within a bound. */
  waitForReplay(lsn: string, timeoutMs?: number): Promise<void>;
  stop(): void;
}

export function startStreamingReplica(primary: ExternalPostgres): Promise<StreamingReplica>;

export interface Pooler {
  port: number;
  /** The URL of a database through the pooler. */
  url(database: string): string;
  stop(): Promise<void>;
}

export function startPgBouncer(server: ExternalPostgres, options: { poolSize: number }): Promise<Pooler>;
