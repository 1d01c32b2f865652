// Re-checks the whole ledger from its rows: every entry has postings, every entry sums to zero, and
// all postings together sum to zero. The database refuses anything else as it is written (0004, 0011);
// this walks what is stored, for `npm run audit:verify` and for operators after a restore.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.js';

export interface LedgerCheck {
  entries: number;
  postings: number;
  /** The sum of every posting, in minor units: 0 in a sound ledger. */
  total: number;
  /** One sentence a problem, the earliest broken entry first; empty when the ledger is sound. */
  problems: string[];
}

/** At most this many broken entries are named of each kind: the first one is what an operator needs. */
const NAMED = 5;

export async function verifyLedger(db: Executor): Promise<LedgerCheck> {
  const [counts] = (
    await db.execute<{ entries: number; postings: number; total: string }>(sql`
      select (select count(*) from ledger_entries)::int as entries,
             (select count(*) from ledger_postings)::int as postings,
             (select coalesce(sum(amount), 0) from ledger_postings)::text as total`)
  ).rows;
  const unbalanced = (
    await db.execute<{ id: string; created_at: string; sum: string }>(sql`
      select e.id, e.created_at::text, p.sum::text
        from (select entry_id, sum(amount) as sum from ledger_postings group by entry_id having sum(amount) <> 0) p
        join ledger_entries e on e.id = p.entry_id
       order by e.created_at, e.id
       limit ${NAMED}`)
  ).rows;
  const empty = (
    await db.execute<{ id: string; created_at: string }>(sql`
      select e.id, e.created_at::text from ledger_entries e
       where not exists (select 1 from ledger_postings p where p.entry_id = e.id)
       order by e.created_at, e.id
       limit ${NAMED}`)
  ).rows;
  const total = Number(counts!.total);
  const problems = [
    ...unbalanced.map((row) => `ledger entry ${row.id} (${row.created_at}) does not balance: its postings sum to ${row.sum}`),
    ...empty.map((row) => `ledger entry ${row.id} (${row.created_at}) has no postings`),
    ...(total === 0 ? [] : [`the ledger's postings sum to ${counts!.total}, not 0`]),
  ];
  return { entries: counts!.entries, postings: counts!.postings, total, problems };
}
