// What the daily reconciliation reads from the books (the ledger's payments received, the platform's
// payments and refunds) and the day's stored result.
import { sql, type SQL } from 'drizzle-orm';
import type { LedgerCapture } from '@qist/domain';
import type { Executor } from '../../db/transaction.js';

/** A payment the ledger counted as received, with what the gateway needs to be asked about it. */
export interface LedgerCaptureRow extends LedgerCapture {
  gateway: string;
  gatewayReference: string | null;
}

type CaptureRow = { transaction_id: string; order_id: string; amount: string; gateway: string; gateway_reference: string | null };
/** At most this many values in one `in (…)` list: a statement takes at most 65,535 parameters. */
const LIST_CHUNK = 1000;

/** Runs a query per chunk of values, each as a parameter list, and concatenates the rows. */
async function inChunks<T>(values: string[], query: (list: SQL) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let start = 0; start < values.length; start += LIST_CHUNK) {
    const chunk = values.slice(start, start + LIST_CHUNK);
    rows.push(...(await query(sql`(${sql.join(chunk.map((value) => sql`${value}`), sql`, `)})`)));
  }
  return rows;
}

const toCapture = (row: CaptureRow): LedgerCaptureRow => ({
  transactionId: row.transaction_id,
  orderId: row.order_id,
  amountMinor: Number(row.amount),
  gateway: row.gateway,
  gatewayReference: row.gateway_reference,
});

/** The gateway-clearing postings of the payments received in [from, to). */
export async function ledgerCapturesBetween(executor: Executor, from: Date, to: Date): Promise<LedgerCaptureRow[]> {
  const result = await executor.execute<CaptureRow>(sql`
    select p.transaction_id, e.order_id, lp.amount, p.gateway, p.gateway_reference
    from ledger_entries e
    join ledger_postings lp on lp.entry_id = e.id and lp.account = 'gateway_clearing'
    join payments p on p.id = e.payment_id
    where e.kind = 'installment_paid' and e.created_at >= ${from} and e.created_at < ${to}`);
  return result.rows.map(toCapture);
}

/** The same postings of these transactions, whenever they were made. */
export async function ledgerCapturesOf(executor: Executor, transactionIds: string[]): Promise<LedgerCaptureRow[]> {
  const rows = await inChunks(transactionIds, async (list) => {
    const result = await executor.execute<CaptureRow>(sql`
      select p.transaction_id, e.order_id, lp.amount, p.gateway, p.gateway_reference
      from payments p
      join ledger_entries e on e.payment_id = p.id and e.kind = 'installment_paid'
      join ledger_postings lp on lp.entry_id = e.id and lp.account = 'gateway_clearing'
      where p.transaction_id in ${list}`);
    return result.rows;
  });
  return rows.map(toCapture);
}

/** The payments started through a gateway in [from, to), to ask a gateway that cannot list a day. */
export async function paymentsStartedBetween(executor: Executor, gateway: string, from: Date, to: Date) {
  const result = await executor.execute<{ transaction_id: string; gateway_reference: string | null }>(sql`
    select transaction_id, gateway_reference from payments
    where gateway = ${gateway} and created_at >= ${from} and created_at < ${to}
    order by created_at, transaction_id`);
  return result.rows.map((row) => ({ transactionId: row.transaction_id, gatewayReference: row.gateway_reference }));
}

/** Of these transactions: the order each belongs to, and which have a refund recorded. */
export async function paymentsOf(executor: Executor, transactionIds: string[]) {
  const orders = new Map<string, string>();
  const refunded = new Set<string>();
  const rows = await inChunks(transactionIds, async (list) => {
    const result = await executor.execute<{ transaction_id: string; order_id: string; refunded: boolean }>(sql`
      select p.transaction_id, p.order_id, exists (select 1 from refunds r where r.payment_id = p.id) as refunded
      from payments p where p.transaction_id in ${list}`);
    return result.rows;
  });
  for (const row of rows) {
    orders.set(row.transaction_id, row.order_id);
    if (row.refunded) refunded.add(row.transaction_id);
  }
  return { orders, refunded };
}

export type StoredReconciliation = {
  date: string;
  gateway: string;
  currency: string;
  matched: number;
  differences: number;
  result: unknown;
  signature: string;
  checked_at: Date | string;
  reviewed_at: Date | string | null;
  reviewed_by_email: string | null;
  reviewed_signature: string | null;
};

const storedColumns = sql`r.date::text as date, r.gateway, r.currency, r.matched, r.differences, r.result, r.signature, r.checked_at,
  r.reviewed_at, r.reviewed_signature, (select u.email from users u where u.id = r.reviewed_by) as reviewed_by_email`;

/** Stores a day's result; a look at earlier differences stays with them (its signature says which). */
export async function storeReconciliation(
  executor: Executor,
  row: { date: string; gateway: string; currency: string; matched: number; differences: number; result: unknown; signature: string; checkedAt: Date },
): Promise<StoredReconciliation> {
  const result = await executor.execute<StoredReconciliation>(sql`
    with stored as (
      insert into reconciliations (date, gateway, currency, matched, differences, result, signature, checked_at)
      values (${row.date}::date, ${row.gateway}, ${row.currency}, ${row.matched}, ${row.differences}, ${JSON.stringify(row.result)}::jsonb, ${row.signature}, ${row.checkedAt})
      on conflict (date) do update set gateway = excluded.gateway, currency = excluded.currency, matched = excluded.matched,
        differences = excluded.differences, result = excluded.result, signature = excluded.signature, checked_at = excluded.checked_at
      returning *
    )
    select ${storedColumns} from stored r`);
  return result.rows[0]!;
}

/** Marks the day's current differences as looked at by this user; undefined when it has none not looked at yet. */
export async function markReviewed(executor: Executor, date: string, userId: string, at: Date): Promise<StoredReconciliation | undefined> {
  const result = await executor.execute<StoredReconciliation>(sql`
    with reviewed as (
      update reconciliations set reviewed_at = ${at}, reviewed_by = ${userId}, reviewed_signature = signature
      where date = ${date}::date and differences > 0 and reviewed_signature is distinct from signature
      returning *
    )
    select ${storedColumns} from reviewed r`);
  return result.rows[0];
}

/** Days whose differences nobody has looked at yet, newest first. */
export async function openDays(executor: Executor, limit: number): Promise<{ date: string; differences: number }[]> {
  const result = await executor.execute<{ date: string; differences: number }>(sql`
    select date::text as date, differences from reconciliations
    where differences > 0 and reviewed_signature is distinct from signature
    order by date desc limit ${limit}`);
  return result.rows;
}

/** Of these days, the ones stored after their end (their result is final unless a difference is open). */
export async function daysCheckedAfterTheirEnd(executor: Executor, dates: string[]): Promise<Set<string>> {
  const rows = await inChunks(dates, async (list) => {
    const result = await executor.execute<{ date: string }>(sql`
      select date::text as date from reconciliations
      where date in ${list} and checked_at >= (date + 1)::timestamp at time zone 'UTC'`);
    return result.rows;
  });
  return new Set(rows.map((row) => row.date));
}

/** Open days last checked before `before`: the job looks at them again, so a difference settled later clears. */
export async function openDaysCheckedBefore(executor: Executor, before: Date, limit: number): Promise<string[]> {
  const result = await executor.execute<{ date: string }>(sql`
    select date::text as date from reconciliations
    where differences > 0 and reviewed_signature is distinct from signature and checked_at < ${before}
    order by date desc limit ${limit}`);
  return result.rows.map((row) => row.date);
}
