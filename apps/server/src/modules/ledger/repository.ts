// The double-entry ledger: journal entries of postings that sum to zero (a deferred trigger refuses
// any other at commit), written in the transaction of the step that causes them.
import { LEDGER_ACCOUNTS, entryTotal, type LedgerEntry } from '@qist/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.js';
import { ledgerEntries, ledgerPostings } from '../../db/schema/index.js';

export interface EntryRefs {
  smeId: string;
  orderId?: string;
  paymentId?: string;
}

/** Writes one entry; the SME's id marks its receivable postings so its balance is its credit in use. */
export async function postEntry(tx: Executor, entry: LedgerEntry, refs: EntryRefs): Promise<void> {
  if (entryTotal(entry) !== 0) throw new Error(`a ${entry.kind} entry does not balance`);
  const [row] = await tx
    .insert(ledgerEntries)
    .values({ kind: entry.kind, orderId: refs.orderId, smeId: refs.smeId, paymentId: refs.paymentId })
    .returning({ id: ledgerEntries.id });
  if (!row) throw new Error('the ledger entry was not written');
  await tx.insert(ledgerPostings).values(
    entry.postings.map((p) => ({
      entryId: row.id,
      account: p.account,
      smeId: p.account === LEDGER_ACCOUNTS.smeReceivable ? refs.smeId : null,
      orderId: refs.orderId,
      amount: p.amountMinor,
    })),
  );
}

/** Every account's balance and the sum of every posting (always 0). */
export async function accountBalances(db: Executor): Promise<{ account: string; balance: number }[]> {
  const result = await db.execute<{ account: string; balance: string }>(
    sql`select account, sum(amount)::bigint as balance from ledger_postings group by account order by account`,
  );
  return result.rows.map((r) => ({ account: r.account, balance: Number(r.balance) }));
}

/** An SME's receivable: what it owes on its orders, which is its credit in use. */
export async function receivableBalance(db: Executor, smeId: string): Promise<number> {
  const result = await db.execute<{ balance: string }>(
    sql`select coalesce(sum(amount), 0)::bigint as balance from ledger_postings
        where account = ${LEDGER_ACCOUNTS.smeReceivable} and sme_id = ${smeId}`,
  );
  return Number(result.rows[0]?.balance ?? 0);
}

/** Postings on one order's accounts (its breakdown after payout is read from here). */
export async function orderAccountTotals(db: Executor, orderId: string): Promise<Map<string, number>> {
  const result = await db.execute<{ account: string; balance: string }>(
    sql`select account, sum(amount)::bigint as balance from ledger_postings where order_id = ${orderId} group by account`,
  );
  return new Map(result.rows.map((r) => [r.account, Number(r.balance)]));
}
