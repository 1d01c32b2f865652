// Per-address limits kept in PostgreSQL, so they hold across any number of API processes.
// Counting and recording are one step under a transaction-scoped advisory lock on the limit's key:
// requests racing for the last allowed attempt are decided one at a time, so exactly the limit gets in.
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import { withTransaction, type Db } from '../../db/transaction.js';
import { rateEvents } from '../../db/schema/index.js';
import { tooManyRequests } from '../../errors.js';

export type RateKind = 'login_failed' | 'register' | 'preregister' | 'verify_code_failed';

export interface RateLimit {
  kind: RateKind;
  ip: string;
  /** Limit per address and subject (e.g. an account's email) rather than per address alone. */
  subject?: string;
  max: number;
  windowMs: number;
  /** The sentence of the 429 answer. */
  msg: string;
}

/** An attempt counted against a limit; `release` takes it back (a sign-in that turned out right). */
export interface Attempt {
  release(): Promise<void>;
}

/** Throttling rows older than the longest window (a day) are no longer needed. */
const RETENTION_MS = 24 * 3_600_000;

export function createThrottle(db: Db, now: () => Date = () => new Date()) {
  return {
    /**
     * Counts this attempt against the limit, or refuses with 429 when the address (and subject)
     * already reached it within the window. The count and the new row are decided atomically.
     */
    async take(limit: RateLimit): Promise<Attempt> {
      const key = `${limit.kind}\u001f${limit.ip}\u001f${limit.subject ?? ''}`;
      const id = await withTransaction(db, async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
        const conditions = [
          eq(rateEvents.kind, limit.kind),
          eq(rateEvents.ip, limit.ip),
          gt(rateEvents.createdAt, new Date(now().getTime() - limit.windowMs)),
        ];
        if (limit.subject !== undefined) conditions.push(eq(rateEvents.subject, limit.subject));
        const [row] = await tx.select({ n: count() }).from(rateEvents).where(and(...conditions));
        if ((row?.n ?? 0) >= limit.max) return undefined;
        const [inserted] = await tx
          .insert(rateEvents)
          .values({ kind: limit.kind, ip: limit.ip, subject: limit.subject ?? null, createdAt: now() })
          .returning({ id: rateEvents.id });
        return inserted?.id;
      });
      if (id === undefined) throw tooManyRequests(limit.msg);
      return {
        async release() {
          await db.delete(rateEvents).where(eq(rateEvents.id, id));
        },
      };
    },

    async prune(): Promise<void> {
      await db.delete(rateEvents).where(lt(rateEvents.createdAt, new Date(now().getTime() - RETENTION_MS)));
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
