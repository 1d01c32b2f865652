// Rate limits kept in PostgreSQL, so they hold across any number of API processes.
// Counting and recording are one step under transaction-scoped advisory locks on the limits' keys:
// requests racing for the last allowed attempt are decided one at a time, so exactly the limit gets in.
import { and, count, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import { withTransaction, type Db, type Executor } from '../../db/transaction.js';
import { rateEvents } from '../../db/schema/index.js';
import { tooManyRequests } from '../../errors.js';

export type RateKind = 'login_failed' | 'mfa_failed' | 'register' | 'preregister' | 'verify_code_failed' | 'password_forgot';

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

/**
 * What one ceiling counts an attempt's events over: those of its address, of its subject (from any
 * address), or of both at once.
 */
export type RateScope = 'address' | 'subject' | 'address and subject';

export interface RateCeiling {
  per: RateScope;
  max: number;
  windowMs: number;
}

/** One attempt judged against several ceilings at once; it counts (one event) against all of them. */
export interface RateAttempt {
  kind: RateKind;
  ip: string;
  subject?: string;
  ceilings: readonly RateCeiling[];
  /** The sentence of the 429 answer, the same whichever ceiling was reached. */
  msg: string;
}

/** An attempt counted against a limit; `release` takes it back (a sign-in that turned out right). */
export interface Attempt {
  release(): Promise<void>;
}

/** Throttling rows older than the longest window (a day) are no longer needed. */
export const RETENTION_MS = 24 * 3_600_000;

/** The advisory-lock key of a ceiling: its kind, and the address and subject it counts over. */
function lockKey(kind: RateKind, per: RateScope, ip: string, subject: string): string {
  const address = per === 'subject' ? '' : ip;
  const who = per === 'address' ? '' : subject;
  return `${kind}\u001f${address}\u001f${who}`;
}

/**
 * Forgets a subject's events of one kind from every address, e.g. an account's failed sign-ins once
 * its owner proved they hold the account (a password reset through its email), so its lock-out ends.
 * Takes the caller's transaction, so it happens with what proved it.
 */
export async function forgetSubject(executor: Executor, kind: RateKind, subject: string): Promise<void> {
  await executor.delete(rateEvents).where(and(eq(rateEvents.kind, kind), eq(rateEvents.subject, subject)));
}

export function createThrottle(db: Db, now: () => Date = () => new Date()) {
  /**
   * Counts the attempt against every ceiling, or refuses with 429 when any is already reached within
   * its window. The counts and the new row are decided atomically: the transaction holds the lock of
   * each ceiling's key (taken in one order, so two attempts never wait on each other in a circle).
   */
  async function takeEach(attempt: RateAttempt): Promise<Attempt> {
    const { subject, ceilings } = attempt;
    if (subject === undefined && ceilings.some((c) => c.per !== 'address')) throw new Error('a ceiling per subject needs a subject');
    const keys = [...new Set(ceilings.map((c) => lockKey(attempt.kind, c.per, attempt.ip, subject ?? '')))].sort();
    const id = await withTransaction(db, async (tx) => {
      for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
      const at = now();
      for (const ceiling of ceilings) {
        const conditions: SQL[] = [eq(rateEvents.kind, attempt.kind), gt(rateEvents.createdAt, new Date(at.getTime() - ceiling.windowMs))];
        if (ceiling.per !== 'subject') conditions.push(eq(rateEvents.ip, attempt.ip));
        if (ceiling.per !== 'address' && subject !== undefined) conditions.push(eq(rateEvents.subject, subject));
        const [row] = await tx.select({ n: count() }).from(rateEvents).where(and(...conditions));
        if ((row?.n ?? 0) >= ceiling.max) return undefined;
      }
      const [inserted] = await tx
        .insert(rateEvents)
        .values({ kind: attempt.kind, ip: attempt.ip, subject: subject ?? null, createdAt: at })
        .returning({ id: rateEvents.id });
      return inserted?.id;
    });
    if (id === undefined) throw tooManyRequests(attempt.msg);
    return {
      async release() {
        await db.delete(rateEvents).where(eq(rateEvents.id, id));
      },
    };
  }

  return {
    takeEach,

    /**
     * Counts this attempt against the limit, or refuses with 429 when the address (and subject)
     * already reached it within the window. The count and the new row are decided atomically.
     */
    take(limit: RateLimit): Promise<Attempt> {
      const per: RateScope = limit.subject === undefined ? 'address' : 'address and subject';
      return takeEach({
        kind: limit.kind,
        ip: limit.ip,
        subject: limit.subject,
        ceilings: [{ per, max: limit.max, windowMs: limit.windowMs }],
        msg: limit.msg,
      });
    },

    async prune(): Promise<void> {
      await db.delete(rateEvents).where(lt(rateEvents.createdAt, new Date(now().getTime() - RETENTION_MS)));
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
