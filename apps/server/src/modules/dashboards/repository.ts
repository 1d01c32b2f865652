// The dashboards' figures, each read by one statement (sums and counts in PostgreSQL, never rows summed
// in Node). Counts and sums of orders and of the ledger come from the rollups kept beside them in the
// transaction of every change (db/rollups: a figure is the sum of its rows over every slot), so they cost
// the same at any size; instalments due and late are read through their indexes.
import { LEDGER_ACCOUNTS, ORDER_STATUS } from '@qist/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.js';
import { currentInsurerOf } from '../backoffice/repository.js';
import { lateFigures } from '../orders/repository.js';

type Json = Record<string, unknown>;

async function one<T extends Json>(db: Executor, query: SQL): Promise<T> {
  const result = await db.execute<{ figures: T }>(query);
  const figures = result.rows[0]?.figures;
  if (!figures) throw new Error('a dashboard query returned nothing');
  return figures;
}

/** `{ "<status>": count }` from a rollup of orders by status (rollup_orders and the per-SME and per-supplier ones). */
function ordersByStatus(rollup: 'rollup_orders' | 'rollup_sme_orders' | 'rollup_supplier_orders' | 'rollup_insurer_orders', where: SQL): SQL {
  return sql`(select coalesce(json_object_agg(status, n), '{}'::json) from (
    select status, sum(count)::int as n from ${sql.raw(rollup)} r where ${where} group by status having sum(count) > 0) s)`;
}

/** A series by month (UTC, 'YYYY-MM') from a rollup keyed by month: the payouts' or the order volume's. */
function monthly(rollup: 'rollup_payout_months' | 'rollup_bank_payout_months' | 'rollup_order_months', where: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('month', to_char(month, 'YYYY-MM'), 'amount', amount, 'count', n) order by month), '[]'::json)
    from (select month, sum(amount)::bigint as amount, sum(count)::int as n from ${sql.raw(rollup)} r where ${where}
          group by month having sum(count) <> 0) m)`;
}

/**
 * amount − discount of orders not paid out yet (the discount floor(amount × rate), as the domain's
 * shareOf), from the rollup's `payout` sum of the orders at the statuses asked for.
 */
function expectedPayouts(rollup: 'rollup_orders' | 'rollup_supplier_orders', where: SQL): SQL {
  return sql`(select json_build_object('count', coalesce(sum(count), 0)::int, 'amount', coalesce(sum(payout), 0)::bigint)
    from ${sql.raw(rollup)} r where ${where})`;
}

function accountBalance(account: string): SQL {
  return sql`(select coalesce(sum(amount), 0)::bigint from rollup_ledger_balances where account = ${account})`;
}

/** The first instant of the UTC day of `instant`. */
const startOfUtcDay = (instant: SQL) => sql`(date_trunc('day', ${instant} at time zone 'UTC') at time zone 'UTC')`;

/**
 * `{ days30, days60, days90 }`: the SME's instalments still owed on orders under way whose deadline is
 * from now to now + N days, each `{ count, amount }`. The whole days strictly inside a window come from
 * rollup_sme_dues (its owed instalments by the UTC day of their deadline: a row a day, whatever their
 * number); the two part-days at its ends are read from installments_sme_open_idx; the instalments of its
 * orders still waiting for their first payment (created: owed, but not under way; 72 hours at most) are
 * taken off. The same instalments, at every instant, as the rule read the long way (dashboards.test.ts).
 */
function dueWithin(sme: SQL): SQL {
  const owedIn = (from: SQL, to: SQL, toIncluded: boolean) =>
    sql`select count(*) as n, coalesce(sum(i.amount), 0) as amount from installments i
        where i.sme_id = ${sme} and i.paid_at is null and i.closed_at is null and i.deadline >= ${from} and i.deadline ${toIncluded ? sql`<=` : sql`<`} ${to}`;
  // the waiting orders' instalments are read once for the three windows
  return sql`(with waiting_rows as materialized (
      select i.deadline, i.amount from orders o join installments i on i.order_id = o.id
      where o.sme_id = ${sme} and o.status = ${ORDER_STATUS.created} and i.paid_at is null and i.closed_at is null
        and i.deadline >= now() and i.deadline <= now() + interval '90 days')
    select json_object_agg('days' || w.days, json_build_object(
      'count', (kept.n + today.n + last.n - waiting.n)::int,
      'amount', (kept.amount + today.amount + last.amount - waiting.amount)::bigint) order by w.days)
    from (select days, now() + make_interval(days => days) as ends from (values (30), (60), (90)) d(days)) w
    cross join lateral (select coalesce(sum(r.count), 0) as n, coalesce(sum(r.amount), 0) as amount from rollup_sme_dues r
      where r.sme_id = ${sme} and r.day > (now() at time zone 'UTC')::date and r.day < (w.ends at time zone 'UTC')::date) kept
    cross join lateral (${owedIn(sql`now()`, sql`${startOfUtcDay(sql`now()`)} + interval '1 day'`, false)}) today
    cross join lateral (${owedIn(startOfUtcDay(sql`w.ends`), sql`w.ends`, true)}) last
    cross join lateral (select count(*) as n, coalesce(sum(r.amount), 0) as amount from waiting_rows r where r.deadline <= w.ends) waiting)`;
}

export async function smeFigures(db: Executor, userId: string) {
  const sme = sql`(select id from smes where user_id = ${userId})`;
  // The SME's next instalment still owed on an order under way (status 1 and on), read from
  // installments_sme_open_idx alone: an unpaid instalment not closed is of an order that is not
  // canceled (a cancel closes them, ADR 26), so it is under way unless its order is still waiting
  // for its first payment (created): those few orders (72 hours at most) are left out by id, through
  // a hashed subplan.
  const owed = sql`i.sme_id = ${sme} and i.paid_at is null and i.closed_at is null
    and i.order_id not in (select id from orders where sme_id = ${sme} and status = ${ORDER_STATUS.created})`;
  return one<Json>(
    db,
    sql`select json_build_object(
      'ordersByStatus', ${ordersByStatus('rollup_sme_orders', sql`r.sme_id = ${sme}`)},
      'credit', (select json_build_object('limit', credit_limit, 'used', credit_spend, 'available', credit_amount) from smes where user_id = ${userId}),
      'nextInstallment', (select json_build_object('orderId', i.order_id, 'amount', i.amount, 'deadline', i.deadline)
          from installments i where ${owed} order by i.deadline, i.position limit 1),
      'dueWithin', ${dueWithin(sme)},
      'late', ${lateFigures({ smeId: sme })},
      'bySupplier', (select coalesce(json_agg(json_build_object('providerId', t.provider_id, 'title', t.title, 'amount', t.amount, 'count', t.n) order by t.amount desc), '[]'::json)
          from (select r.provider_id, p.company_title as title, sum(r.amount)::bigint as amount, sum(r.count)::int as n
                from rollup_sme_suppliers r join providers p on p.id = r.provider_id
                where r.sme_id = ${sme} group by r.provider_id, p.company_title having sum(r.count) > 0) t)
    ) as figures`,
  );
}

export async function providerFigures(db: Executor, userId: string) {
  // the orders that reached the supplier (supplierScope), as its list shows them
  const provider = sql`r.provider_id = (select id from providers where user_id = ${userId})`;
  return one<Json>(
    db,
    sql`select json_build_object(
      'ordersByStatus', ${ordersByStatus('rollup_supplier_orders', provider)},
      'expectedPayouts', ${expectedPayouts('rollup_supplier_orders', sql`${provider} and r.status between ${ORDER_STATUS.waiting} and ${ORDER_STATUS.invoiceVerifiedByAdmin}`)},
      'paidOutByMonth', ${monthly('rollup_payout_months', provider)}
    ) as figures`,
  );
}

/** A refund still not accepted by the gateway this long after it was recorded needs a person's eyes. */
export const REFUND_OVERDUE_MS = 24 * 60 * 60 * 1000;

/**
 * Refunds failed, or pending (the gateway has not accepted them) for more than a day; and anomalies whose
 * payment is still unsettled (pending or expired). Two index ranges of refunds (status, created_at) and the
 * anomalies, few by nature, each joined to its payment by key.
 */
function paymentsToLookAt(now: Date): SQL {
  return sql`json_build_object(
    'refundsNeedingAttention', (select count(*)::int from refunds where status = 'failed')
      + (select count(*)::int from refunds where status = 'pending' and created_at < ${new Date(now.getTime() - REFUND_OVERDUE_MS)}),
    'openAnomalies', (select count(*)::int from payment_anomalies a join payments p on p.id = a.payment_id where p.status in ('pending', 'expired')))`;
}

export async function adminFigures(db: Executor, now: Date) {
  const byLevel = (rollup: 'rollup_sme_levels' | 'rollup_provider_levels') =>
    sql`(select coalesce(json_object_agg(level, n), '{}'::json) from (
      select level, sum(count)::int as n from ${sql.raw(rollup)} group by level having sum(count) > 0) l)`;
  return one<Json>(
    db,
    sql`select json_build_object(
      'ordersByStatus', ${ordersByStatus('rollup_orders', sql`true`)},
      'smesByLevel', ${byLevel('rollup_sme_levels')},
      'providersByLevel', ${byLevel('rollup_provider_levels')},
      'volumeByMonth', ${monthly('rollup_order_months', sql`true`)},
      'late', ${lateFigures('all')},
      'feeIncome', json_build_object('bank', -${accountBalance(LEDGER_ACCOUNTS.bankFeeIncome)}, 'platform', -${accountBalance(LEDGER_ACCOUNTS.platformFeeIncome)}),
      'payments', ${paymentsToLookAt(now)}
    ) as figures`,
  );
}

/** Receivables: every SME's credit in use, which is the receivables' balance (kept equal by each money step). */
export async function bankFigures(db: Executor) {
  return one<Json>(
    db,
    sql`select json_build_object(
      'ordersByStatus', ${ordersByStatus('rollup_orders', sql`true`)},
      'awaitingPayout', ${expectedPayouts('rollup_orders', sql`r.status = ${ORDER_STATUS.invoiceVerifiedByAdmin}`)},
      'payoutsByMonth', ${monthly('rollup_bank_payout_months', sql`true`)},
      'bankShareEarned', -${accountBalance(LEDGER_ACCOUNTS.bankFeeIncome)},
      'receivables', ${accountBalance(LEDGER_ACCOUNTS.smeReceivable)},
      'late', ${lateFigures('all')}
    ) as figures`,
  );
}

/**
 * What an insurance company insured, kept per company: its SMEs' orders by status and their late
 * instalments (rollups keyed by the company each order and SME carries), the credit in use (their
 * receivables, a rollup of the ledger), the number of its SMEs and the credit granted to them (a rollup
 * of the SMEs).
 */
export async function insuranceFigures(db: Executor, companyId: string) {
  return one<Json>(
    db,
    sql`select json_build_object(
      'ordersByStatus', ${ordersByStatus('rollup_insurer_orders', sql`r.insurer_id = ${companyId}`)},
      'insuredSmes', (select coalesce(sum(count), 0)::int from rollup_insurer_smes where insurer_id = ${companyId}),
      'credit', json_build_object(
        'granted', (select coalesce(sum(granted), 0)::bigint from rollup_insurer_smes where insurer_id = ${companyId}),
        'used', (select coalesce(sum(amount), 0)::bigint from rollup_insurer_receivables where insurer_id = ${companyId})),
      'late', ${lateFigures({ insurerId: companyId })},
      'queue', (select count(*)::int from smes s where s.level = 6 and ${currentInsurerOf(sql`s.id`)} = ${companyId})
    ) as figures`,
  );
}
