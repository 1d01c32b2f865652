// Per-address limits kept in PostgreSQL, so they hold across any number of API processes.
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateEvents } from '../../db/schema/index.js';
import { tooManyRequests } from '../../errors.js';

export type RateKind = 'login_failed' | 'register' | 'preregister';

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

/** Throttling rows older than the longest window (a day) are no longer needed. */
const RETENTION_MS = 24 * 3_600_000;

export function createThrottle(db: Db, now: () => Date = () => new Date()) {
  return {
    /** Refuses with 429 once the address (and subject) reached the limit within the window. */
    async assertAllowed(limit: RateLimit): Promise<void> {
      const conditions = [
        eq(rateEvents.kind, limit.kind),
        eq(rateEvents.ip, limit.ip),
        gt(rateEvents.createdAt, new Date(now().getTime() - limit.windowMs)),
      ];
      if (limit.subject !== undefined) conditions.push(eq(rateEvents.subject, limit.subject));
      const [row] = await db.select({ n: count() }).from(rateEvents).where(and(...conditions));
      if ((row?.n ?? 0) >= limit.max) throw tooManyRequests(limit.msg);
    },

    async record(event: { kind: RateKind; ip: string; subject?: string }): Promise<void> {
      await db.insert(rateEvents).values({ kind: event.kind, ip: event.ip, subject: event.subject ?? null });
    },

    async prune(): Promise<void> {
      await db.delete(rateEvents).where(lt(rateEvents.createdAt, new Date(now().getTime() - RETENTION_MS)));
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
