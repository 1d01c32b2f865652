// What a scrape reads from the database: one statement of small aggregates, each bounded by an index
// or a small table, never a scan of the history (docs/decisions/0033-metrics.md shows their plans).
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.js';

export interface DatabaseFigures {
  /** Outbox messages still to send (pending), and the creation time of the oldest of them. */
  outboxPending: number;
  outboxOldestCreatedAt: Date | null;
  /** Refunds the worker still has to carry out or have confirmed (pending or requested). */
  refundsWaiting: number;
  /** The sum of every ledger account's balance, in minor units: 0 unless the ledger is broken. */
  ledgerTotalMinor: number;
}

/**
 * The outbox reads only its pending rows through `outbox_messages_due_idx` (status first), the refunds
 * only their live ones through the partial `refunds_due_idx`, the ledger its rollup (one row per
 * account and live backend slot, folded by the compaction job) rather than its postings.
 */
export async function readDatabaseFigures(db: Executor): Promise<DatabaseFigures> {
  const result = await db.execute<{ outbox_pending: string; outbox_oldest: Date | string | null; refunds_waiting: string; ledger_total: string }>(sql`
    select o.pending as outbox_pending, o.oldest as outbox_oldest, r.waiting as refunds_waiting, l.total as ledger_total
    from (select count(*) as pending, min(created_at) as oldest from outbox_messages where status = 'pending') o,
         (select count(*) as waiting from refunds where status in ('pending', 'requested')) r,
         (select coalesce(sum(amount), 0)::bigint as total from rollup_ledger_balances) l`);
  const row = result.rows[0];
  if (!row) throw new Error('the metrics query answered no row');
  return {
    outboxPending: Number(row.outbox_pending),
    outboxOldestCreatedAt: row.outbox_oldest === null ? null : new Date(row.outbox_oldest),
    refundsWaiting: Number(row.refunds_waiting),
    ledgerTotalMinor: Number(row.ledger_total),
  };
}
