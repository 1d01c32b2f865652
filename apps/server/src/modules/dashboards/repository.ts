// The dashboards' figures, each read by one statement from the orders, their instalments and the
// ledger (sums and counts in PostgreSQL, never rows summed in Node).
import { LEDGER_ACCOUNTS, ORDER_STATUS } from '@qist/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.js';
import { currentInsurerOf } from '../backoffice/repository.js';
import { insuredSmeIds, lateInstallment, scopeWhere, supplierScope, type OrderScope } from '../orders/repository.js';

type Json = Record<string, unknown>;

async function one<T extends Json>(db: Executor, query: SQL): Promise<T> {
  const result = await db.execute<{ figures: T }>(query);
  const figures = result.rows[0]?.figures;
  if (!figures) throw new Error('a dashboard query returned nothing');
  return figures;
}

/** `{ "<status>": count }` over exactly the orders a role's list shows. */
function ordersByStatus(scope: OrderScope): SQL {
  return sql`(select coalesce(json_object_agg(status, n), '{}'::json) from (
    select o.status, count(*)::int as n from orders o where ${scopeWhere(scope)} group by o.status) s)`;
}

/** Late instalments of orders under way; the orders behind them are the order lists' `late=true`. */
function lateInstallments(smes: SQL): SQL {
  return sql`(select json_build_object('count', count(*)::int, 'amount', coalesce(sum(i.amount), 0)::bigint)
    from installments i join orders o on o.id = i.order_id
    where o.status >= ${ORDER_STATUS.waiting} and ${lateInstallment(sql`now()`)} and ${smes})`;
}

/** Paid-out and volume series by month (UTC), from the ledger or the orders. */
function monthly(from: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('month', month, 'amount', amount, 'count', n) order by month), '[]'::json)
    from (${from}) m)`;
}

function payoutsByMonth(where: SQL): SQL {
  return monthly(sql`select to_char(p.created_at at time zone 'UTC', 'YYYY-MM') as month, (-sum(p.amount))::bigint as amount, count(*)::int as n
    from ledger_postings p join orders o on o.id = p.order_id
    where p.account = ${LEDGER_ACCOUNTS.bankPayouts} and ${where} group by 1`);
}

/** amount − discount of orders not paid out yet; the discount is floor(amount × rate), as the domain's shareOf. */
function expectedPayouts(where: SQL): SQL {
  return sql`(select json_build_object('count', count(*)::int, 'amount', coalesce(sum(o.amount - (o.amount * o.tax_rate) / 10000), 0)::bigint)
    from orders o where ${where})`;
}

function accountBalance(account: string): SQL {
  return sql`(select coalesce(sum(amount), 0)::bigint from ledger_postings where account = ${account})`;
}

export async function smeFigures(db: Executor, userId: string) {
  const sme = sql`(select id from smes where user_id = ${userId})`;
  const due = (days: number) => sql`json_build_object('count', count(*) filter (where i.deadline <= now() + ${`${days} days`}::interval)::int,
    'amount', coalesce(sum(i.amount) filter (where i.deadline <= now() + ${`${days} days`}::interval), 0)::bigint)`;
  return one<Json>(
    db,
    sql`select json_build_object(
      'ordersByStatus', ${ordersByStatus({ smeUserId: userId })},
      'credit', (select json_build_object('limit', credit_limit, 'used', credit_spend, 'available', credit_amount) from smes where user_id = ${userId}),
      'nextInstallment', (select json_build_object('orderId', i.order_id, 'amount', i.amount, 'deadline', i.deadline)
          from installments i join orders o on o.id = i.order_id
          where i.sme_id = ${sme} and o.status >= ${ORDER_STATUS.waiting} and i.paid_at is null order by i.deadline, i.position limit 1),
      'dueWithin', (select json_build_object('days30', ${due(30)}, 'days60', ${due(60)}, 'days90', ${due(90)})
          from installments i join orders o on o.id = i.order_id
          where i.sme_id = ${sme} and o.status >= ${ORDER_STATUS.waiting} and i.paid_at is null and i.deadline >= now()),
      'late', ${lateInstallments(sql`i.sme_id = ${sme}`)},
      'bySupplier', (select coalesce(json_agg(json_build_object('providerId', t.provider_id, 'title', t.title, 'amount', t.amount, 'count', t.n) order by t.amount desc), '[]'::json)
          from (select o.provider_id, p.company_title as title, sum(o.amount)::bigint as amount, count(*)::int as n
                from orders o join providers p on p.id = o.provider_id
                where o.sme_id = ${sme} and o.status >= ${ORDER_STATUS.waiting} group by o.provider_id, p.company_title) t)
    ) as figures`,
  );
}

export async function providerFigures(db: Executor, userId: string) {
  const provider = sql`o.provider_id = (select id from providers where user_id = ${userId})`;
  return one<Json>(
    db,
    sql`select json_build_object(
      'ordersByStatus', ${ordersByStatus(supplierScope(userId))},
      'expectedPayouts', ${expectedPayouts(sql`${provider} and o.status between ${ORDER_STATUS.waiting} and ${ORDER_STATUS.invoiceVerifiedByAdmin}`)},
      'paidOutByMonth', ${payoutsByMonth(provider)}
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
  const byLevel = (table: 'smes' | 'providers') =>
    sql`(select coalesce(json_object_agg(level, n), '{}'::json) from (select level, count(*)::int as n from ${sql.raw(table)} group by level) l)`;
  return one<Json>(
    db,
    sql`select json_build_object(
      'ordersByStatus', ${ordersByStatus({})},
      'smesByLevel', ${byLevel('smes')},
      'providersByLevel', ${byLevel('providers')},
      'volumeByMonth', ${monthly(sql`select to_char(o.created_at at time zone 'UTC', 'YYYY-MM') as month, sum(o.amount)::bigint as amount, count(*)::int as n
          from orders o where o.status >= ${ORDER_STATUS.waiting} group by 1`)},
      'late', ${lateInstallments(sql`true`)},
      'feeIncome', json_build_object('bank', -${accountBalance(LEDGER_ACCOUNTS.bankFeeIncome)}, 'platform', -${accountBalance(LEDGER_ACCOUNTS.platformFeeIncome)}),
      'payments', ${paymentsToLookAt(now)}
    ) as figures`,
  );
}

/** Receivables: every SME's credit in use, which is its receivable's balance (kept equal by each money step). */
export async function bankFigures(db: Executor) {
  return one<Json>(
    db,
    sql`select json_build_object(
      'ordersByStatus', ${ordersByStatus({})},
      'awaitingPayout', ${expectedPayouts(sql`o.status = ${ORDER_STATUS.invoiceVerifiedByAdmin}`)},
      'payoutsByMonth', ${payoutsByMonth(sql`true`)},
      'bankShareEarned', -${accountBalance(LEDGER_ACCOUNTS.bankFeeIncome)},
      'receivables', (select coalesce(sum(credit_spend), 0)::bigint from smes),
      'late', ${lateInstallments(sql`true`)}
    ) as figures`,
  );
}

export async function insuranceFigures(db: Executor, companyId: string) {
  const insured = sql`(select id from insured)`;
  return one<Json>(
    db,
    sql`with insured as materialized (${insuredSmeIds(companyId)})
    select json_build_object(
      'ordersByStatus', ${ordersByStatus({ insuranceCompanyId: companyId })},
      'insuredSmes', (select count(*)::int from smes where id in ${insured}),
      'credit', (select json_build_object('granted', coalesce(sum(credit_limit), 0)::bigint, 'used', coalesce(sum(credit_spend), 0)::bigint)
                 from smes where id in ${insured}),
      'late', ${lateInstallments(sql`i.sme_id in ${insured}`)},
      'queue', (select count(*)::int from smes s where s.level = 6 and ${currentInsurerOf(sql`s.id`)} = ${companyId})
    ) as figures`,
  );
}
