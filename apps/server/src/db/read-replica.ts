// Reads that may lag (lists, dashboards, CSV exports) served by a streaming replica of the primary
// (DATABASE_READ_URL), unless the reader has written something the replica has not replayed yet, in
// which case the primary answers (docs/decisions/0037-read-replica.md). Without a replica every read
// is the primary's, exactly as before. Money steps, sessions and every read that decides never come
// here: they use the primary's handle directly.
import { READ_AFTER_HEADER, parseWalPosition } from '@qist/domain';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { poolOf, type Db } from './client.js';

/** The header that carries a client's last write position (the domain's: the web app echoes it). */
export { READ_AFTER_HEADER };

/** A byte number as PostgreSQL writes the WAL position. */
export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

export type ReadTarget = 'replica' | 'primary';

/** Who reads: the signed-in user (its last write in this process) and the position its client echoed. */
export interface ReadContext {
  userId?: string | undefined;
  readAfter?: string | string[] | undefined;
}

/** The read context of a request: its principal (plugins/access.ts) and its read-after header. */
export function readContextOf(request: FastifyRequest): ReadContext {
  const principal = (request as { principal?: { userId: string } | null }).principal;
  return { userId: principal?.userId, readAfter: request.headers[READ_AFTER_HEADER] };
}

export interface ReplicaLag {
  /** Seconds since the last transaction the replica replayed, 0 when it has replayed all it received. */
  seconds: number;
  /** Bytes of WAL the primary has written that the replica has not replayed. */
  bytes: number;
}

export interface ReadRouting {
  /** Whether a replica is configured (DATABASE_READ_URL). */
  readonly hasReplica: boolean;
  /** Runs a read that may lag on the replica when it has replayed the reader's writes, else on the primary. */
  read<T>(context: ReadContext, work: (db: Db) => Promise<T>): Promise<T>;
  /** A pooled connection for a read that may lag (a CSV export), chosen like `read` chooses. */
  connect(context: ReadContext): Promise<pg.PoolClient>;
  /**
   * After a write committed: the primary's WAL position now, kept as the user's fence in this
   * process; undefined without a replica (nothing to fence).
   */
  noteWrite(userId: string | undefined): Promise<bigint | undefined>;
  /** The replica's lag, for the metrics; undefined without a replica or when it cannot be read. */
  lag(): Promise<ReplicaLag | undefined>;
}

export interface ReadRoutingOptions {
  primary: Db;
  replica?: Db | undefined;
  /** A read the replica could not answer (served by the primary instead): called at most once a minute. */
  onFallback?: (error: unknown) => void;
  /** Each read served, by where it was served. */
  onRead?: (target: ReadTarget) => void;
  /** Users whose fence one process keeps; the oldest is forgotten past this. */
  maxFencedUsers?: number;
  /** Milliseconds a replay position read from the replica answers for before it is read again. */
  replayCacheMs?: number;
  /** A monotonic clock in milliseconds (tests may pass their own). */
  now?: () => number;
}

/** How often a replica that cannot answer is written to the log, at most. */
const FALLBACK_LOG_INTERVAL_MS = 60_000;
const DEFAULT_MAX_FENCED_USERS = 10_000;
/** A burst of reads within this costs one look at the replica's replay position. */
const DEFAULT_REPLAY_CACHE_MS = 10;

/** The replica's position: what it has replayed (a promoted or misdirected "replica" answers its own current position). */
const REPLAY_POSITION_SQL = `select (case when pg_is_in_recovery() then pg_last_wal_replay_lsn() else pg_current_wal_lsn() end)::text as lsn`;
/**
 * The replica's lag in time: 0 when it has replayed everything it received (an idle primary sends no
 * transactions, so the last replayed one's age grows without any lag), else the age of the last one.
 */
const REPLICA_LAG_SQL = `select (case when not pg_is_in_recovery() or pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
  else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0) end)::float8 as seconds,
  (case when pg_is_in_recovery() then pg_last_wal_replay_lsn() else pg_current_wal_lsn() end)::text as lsn`;

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
/** Server shutting down, crashed, starting up, full; and a standby cancelling a query in conflict with replay. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '40001']);

/**
 * Whether an error says the replica could not answer (as opposed to the read itself being wrong): no
 * connection, a connection lost, a server stopping or starting, or a standby's recovery conflict.
 */
export function isReplicaUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(message)) {
      return true;
    }
  }
  return false;
}

export function createReadRouting({
  primary,
  replica,
  onFallback = () => {},
  onRead = () => {},
  maxFencedUsers = DEFAULT_MAX_FENCED_USERS,
  replayCacheMs = DEFAULT_REPLAY_CACHE_MS,
  now = () => performance.now(),
}: ReadRoutingOptions): ReadRouting {
  const primaryPool = poolOf(primary);
  if (!replica) {
    // No replica: the one pool, as before; nothing fenced, nothing counted.
    return {
      hasReplica: false,
      read: (_context, work) => work(primary),
      connect: () => primaryPool.connect(),
      noteWrite: async () => undefined,
      lag: async () => undefined,
    };
  }
  const replicaDb = replica;
  const replicaPool = poolOf(replica);

  /** Each user's last write position in this process, oldest first. */
  const fences = new Map<string, bigint>();
  /** The highest position the replica was seen to have replayed (replay only moves forward). */
  let replayed = -1n;
  let replayReadAt = Number.NEGATIVE_INFINITY;
  let replayReading: Promise<bigint> | undefined;
  let lastFallbackLog = Number.NEGATIVE_INFINITY;

  function fenceOf({ userId, readAfter }: ReadContext): bigint | undefined {
    const echoed = parseWalPosition(Array.isArray(readAfter) ? readAfter[0] : readAfter);
    const kept = userId === undefined ? undefined : fences.get(userId);
    if (echoed === undefined) return kept;
    return kept === undefined || echoed > kept ? echoed : kept;
  }

  /** The replica's replay position, read at most once per cache period whatever the number of readers. */
  function readReplayPosition(): Promise<bigint> {
    replayReading ??= replicaPool
      .query<{ lsn: string | null }>(REPLAY_POSITION_SQL)
      .then((result) => {
        const position = parseWalPosition(result.rows[0]?.lsn) ?? -1n;
        if (position > replayed) replayed = position;
        replayReadAt = now();
        return replayed;
      })
      .finally(() => {
        replayReading = undefined;
      });
    return replayReading;
  }

  /** Whether the replica has replayed up to the fence (a fence of a user no longer needed is forgotten). */
  async function replicaCovers(context: ReadContext): Promise<boolean> {
    const fence = fenceOf(context);
    if (fence === undefined) return true;
    let covered = replayed >= fence;
    if (!covered && now() - replayReadAt >= replayCacheMs) covered = (await readReplayPosition()) >= fence;
    if (covered && context.userId !== undefined) {
      const kept = fences.get(context.userId);
      if (kept !== undefined && kept <= replayed) fences.delete(context.userId);
    }
    return covered;
  }

  function fellBack(error: unknown): void {
    const at = now();
    if (at - lastFallbackLog < FALLBACK_LOG_INTERVAL_MS) return;
    lastFallbackLog = at;
    onFallback(error);
  }

  /** Runs on the replica when it covers the reader; a replica that cannot answer sends the read to the primary. */
  async function route<T>(context: ReadContext, onReplica: () => Promise<T>, onPrimary: () => Promise<T>): Promise<T> {
    let useReplica: boolean;
    try {
      useReplica = await replicaCovers(context);
    } catch (error) {
      if (!isReplicaUnavailable(error)) throw error;
      fellBack(error);
      useReplica = false;
    }
    if (useReplica) {
      try {
        const result = await onReplica();
        onRead('replica');
        return result;
      } catch (error) {
        if (!isReplicaUnavailable(error)) throw error;
        fellBack(error);
      }
    }
    const result = await onPrimary();
    onRead('primary');
    return result;
  }

  return {
    hasReplica: true,
    read: (context, work) => route(context, () => work(replicaDb), () => work(primary)),
    connect: (context) => route(context, () => replicaPool.connect(), () => primaryPool.connect()),
    async noteWrite(userId) {
      const result = await primaryPool.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      const position = parseWalPosition(result.rows[0]?.lsn);
      if (position === undefined || userId === undefined) return position;
      const kept = fences.get(userId);
      fences.delete(userId);
      fences.set(userId, kept !== undefined && kept > position ? kept : position);
      if (fences.size > maxFencedUsers) fences.delete(fences.keys().next().value!);
      return position;
    },
    async lag() {
      try {
        const [onReplica, onPrimary] = await Promise.all([
          replicaPool.query<{ seconds: number; lsn: string | null }>(REPLICA_LAG_SQL),
          primaryPool.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'),
        ]);
        const row = onReplica.rows[0];
        const replayedNow = parseWalPosition(row?.lsn);
        const written = parseWalPosition(onPrimary.rows[0]?.lsn);
        if (!row || replayedNow === undefined || written === undefined) return undefined;
        if (replayedNow > replayed) replayed = replayedNow;
        return { seconds: Math.max(0, Number(row.seconds)), bytes: written > replayedNow ? Number(written - replayedNow) : 0 };
      } catch {
        return undefined;
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where reads that may lag go (the replica, or the primary): set by app.ts. */
    reads: ReadRouting;
  }
}

/** A read that may lag (a list page, a dashboard), on the replica when the request's reader may read there. */
export function readLagging<T>(request: FastifyRequest, work: (db: Db) => Promise<T>): Promise<T> {
  return request.server.reads.read(readContextOf(request), work);
}
