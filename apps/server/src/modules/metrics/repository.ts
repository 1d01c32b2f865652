// What a scrape reads from the database: one statement of small aggregates, each bounded by an index
// or a small table, never a scan of the history (docs/decisions/0033-metrics.md shows their plans).
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.js';

export interface DatabaseFigures {
  /** Outbox messages still to send (pending, at most BACKLOG_COUNT_CAP), and the creation time of the oldest of them. */
  outboxPending: number;
  outboxOldestCreatedAt: Date | null;
  /** Refunds the worker still has to carry out or have confirmed (pending or requested; at most BACKLOG_COUNT_CAP). */
  refundsWaiting: number;
  /** The sum of every ledger account's balance, in minor units: 0 unless the ledger is broken. */
  ledgerTotalMinor: number;
}

/**
 * Past this many, a backlog is counted as this many (and its oldest age read among them): far above
 * any alert's threshold, and it keeps a scrape's cost bounded however long the queue grows.
 */
export const BACKLOG_COUNT_CAP = 10_000;

/**
 * One statement, so one pooled connection and one snapshot per scrape. The outbox reads at most
 * BACKLOG_COUNT_CAP of its pending rows, through `outbox_messages_due_idx` (status, then next attempt),
 * the refunds as many of their live ones from the partial `refunds_due_idx` alone, the ledger its
 * rollup (one row per account and live backend slot, folded by the compaction job) rather than its
 * postings. `node bench/metrics-scrape.mjs` shows the plan (docs/decisions/0033-metrics.md).
 */
export const DATABASE_FIGURES_SQL = `select o.pending as outbox_pending, o.oldest as outbox_oldest, r.waiting as refunds_waiting, l.total as ledger_total
from (select count(*) as pending, min(created_at) as oldest
      from (select created_at from outbox_messages where status = 'pending' order by next_attempt_at limit ${BACKLOG_COUNT_CAP}) p) o,
     (select count(*) as waiting
      from (select 1 from refunds where status in ('pending', 'requested') order by next_attempt_at limit ${BACKLOG_COUNT_CAP}) w) r,
     (select coalesce(sum(amount), 0)::bigint as total from rollup_ledger_balances) l`;

export async function readDatabaseFigures(db: Executor): Promise<DatabaseFigures> {
  const result = await db.execute<{ outbox_pending: string; outbox_oldest: Date | string | null; refunds_waiting: string; ledger_total: string }>(
    sql.raw(DATABASE_FIGURES_SQL),
  );
  const row = result.rows[0];
  if (!row) throw new Error('the metrics query answered no row');
  return {
    outboxPending: Number(row.outbox_pending),
    outboxOldestCreatedAt: row.outbox_oldest === null ? null : new Date(row.outbox_oldest),
    refundsWaiting: Number(row.refunds_waiting),
    ledgerTotalMinor: Number(row.ledger_total),
  };
}
