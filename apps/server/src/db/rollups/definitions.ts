// The figures the dashboards and the lists' counts read, kept beside the orders and the ledger instead
// of aggregated from them on every call (docs/decisions/0023-figures-kept-not-recomputed.md).
//
// A rollup is a grouped sum over one source table: its keys and its measures are SQL expressions over
// a row of the source (alias `r`), its `where` says which rows count. From this one description come
// both the database trigger that keeps the rollup as rows change (rollups/sql.ts) and the full
// recomputation `npm run rollups:verify` compares it with, so the two cannot follow different rules.
import { LEDGER_ACCOUNTS, ORDER_STATUS } from '@qist/domain';

export type RollupSource = 'orders' | 'ledger_postings' | 'installments' | 'smes' | 'providers';

/**
 * Which changes of a source its rollups follow: every source's inserts, and the updates of orders (their
 * status moves), of instalments (paid, closed, noticed late) and of the parties (their level, the SME's
 * insurer and credit). The ledger is append-only; no party is ever deleted.
 */
export const SOURCE_UPDATES: Record<RollupSource, boolean> = { orders: true, ledger_postings: false, installments: true, smes: true, providers: true };

export interface RollupColumn {
  name: string;
  /** The column's SQL type in the rollup table. */
  type: 'uuid' | 'integer' | 'text' | 'date';
  /** Over the source row `r` (and the `joins`). */
  expr: string;
}

export interface RollupDefinition {
  table: string;
  source: RollupSource;
  /** Further tables the keys need, joined to `r` (e.g. the order of a posting). */
  joins?: string;
  where: string;
  keys: RollupColumn[];
  /** Summed: bigint, the count of rows a measure of `1`. */
  measures: { name: string; expr: string }[];
}

/** What every order adds to its status's figures: one order, its amount, what its supplier is paid. */
const ORDER_MEASURES = [
  { name: 'count', expr: '1' },
  { name: 'amount', expr: 'r.amount' },
  // amount − discount, the discount floor(amount × rate) as the domain's shareOf (amounts are positive)
  { name: 'payout', expr: 'r.amount - (r.amount * r.tax_rate) / 10000' },
];

/** Late instalments the late job has handled and still owed (see rollup_late_installments). */
const LATE_HANDLED = 'r.late_notice_sent_at is not null and r.paid_at is null and r.closed_at is null and r.position > 0';

const UNDER_WAY = `r.status >= ${ORDER_STATUS.waiting}`;
const utcMonth = (column: string) => `(date_trunc('month', ${column} at time zone 'UTC'))::date`;
/** The UTC day of an instant: a list's rows newest first fall in its days in the same order (db/list-page.ts). */
const utcDay = (column: string) => `(${column} at time zone 'UTC')::date`;
const ONE = [{ name: 'count', expr: '1' }];
/** Instalments counted and their amounts summed (late, or due). */
const COUNT_AND_AMOUNT = [...ONE, { name: 'amount', expr: 'r.amount' }];
/** Payout postings counted and paid out (their amounts are credits: negative). */
const PAYOUTS = [...ONE, { name: 'amount', expr: '-r.amount' }];

export const ROLLUPS: readonly RollupDefinition[] = [
  {
    // every order by status: the admin's and the bank's figures and the unfiltered lists' counts
    table: 'rollup_orders',
    source: 'orders',
    where: 'true',
    keys: [{ name: 'status', type: 'integer', expr: 'r.status' }],
    measures: ORDER_MEASURES,
  },
  {
    // an SME's orders by status: its dashboard and its list's counts
    table: 'rollup_sme_orders',
    source: 'orders',
    where: 'true',
    keys: [
      { name: 'sme_id', type: 'uuid', expr: 'r.sme_id' },
      { name: 'status', type: 'integer', expr: 'r.status' },
    ],
    measures: ORDER_MEASURES,
  },
  {
    // a supplier's orders by status: those that reached it (supplierScope), as its list shows them
    table: 'rollup_supplier_orders',
    source: 'orders',
    where: 'r.reached_supplier',
    keys: [
      { name: 'provider_id', type: 'uuid', expr: 'r.provider_id' },
      { name: 'status', type: 'integer', expr: 'r.status' },
    ],
    measures: ORDER_MEASURES,
  },
  {
    // the orders of the SMEs an insurance company insured, by status: its dashboard and its list's counts
    table: 'rollup_insurer_orders',
    source: 'orders',
    where: 'r.insurer_id is not null',
    keys: [
      { name: 'insurer_id', type: 'uuid', expr: 'r.insurer_id' },
      { name: 'status', type: 'integer', expr: 'r.status' },
    ],
    measures: ORDER_MEASURES,
  },
  {
    // what an SME bought from each supplier, orders under way
    table: 'rollup_sme_suppliers',
    source: 'orders',
    where: UNDER_WAY,
    keys: [
      { name: 'sme_id', type: 'uuid', expr: 'r.sme_id' },
      { name: 'provider_id', type: 'uuid', expr: 'r.provider_id' },
    ],
    measures: ORDER_MEASURES.slice(0, 2),
  },
  {
    // the order volume by month (UTC) of the orders under way
    table: 'rollup_order_months',
    source: 'orders',
    where: UNDER_WAY,
    keys: [{ name: 'month', type: 'date', expr: utcMonth('r.created_at') }],
    measures: ORDER_MEASURES.slice(0, 2),
  },
  {
    // every order by status and UTC day of creation: where a numbered page of the admin's and the bank's
    // order lists begins, so it skips rows of one day, not of the whole list (db/list-page.ts)
    table: 'rollup_order_days',
    source: 'orders',
    where: 'true',
    keys: [
      { name: 'status', type: 'integer', expr: 'r.status' },
      { name: 'day', type: 'date', expr: utcDay('r.created_at') },
    ],
    measures: ONE,
  },
  {
    // the same for the orders of the SMEs an insurance company insured: its order list's pages
    table: 'rollup_insurer_order_days',
    source: 'orders',
    where: 'r.insurer_id is not null',
    keys: [
      { name: 'insurer_id', type: 'uuid', expr: 'r.insurer_id' },
      { name: 'status', type: 'integer', expr: 'r.status' },
      { name: 'day', type: 'date', expr: utcDay('r.created_at') },
    ],
    measures: ONE,
  },
  {
    // every SME by level: the admin's figure and its SME list's total, a row a level however many SMEs
    table: 'rollup_sme_levels',
    source: 'smes',
    where: 'true',
    keys: [{ name: 'level', type: 'integer', expr: 'r.level' }],
    measures: ONE,
  },
  {
    // every supplier by level: the admin's figure and the supplier list's total
    table: 'rollup_provider_levels',
    source: 'providers',
    where: 'true',
    keys: [{ name: 'level', type: 'integer', expr: 'r.level' }],
    measures: ONE,
  },
  {
    // the SMEs an insurance company insured by level and the credit granted to them (their limits): its
    // dashboard, and most of its SME list's total
    table: 'rollup_insurer_smes',
    source: 'smes',
    where: 'r.insured_by is not null',
    keys: [
      { name: 'insurer_id', type: 'uuid', expr: 'r.insured_by' },
      { name: 'level', type: 'integer', expr: 'r.level' },
    ],
    measures: [
      { name: 'count', expr: '1' },
      { name: 'granted', expr: 'r.credit_limit' },
    ],
  },
  {
    // every ledger account's balance (the sum of all of them is 0)
    table: 'rollup_ledger_balances',
    source: 'ledger_postings',
    where: 'true',
    keys: [{ name: 'account', type: 'text', expr: 'r.account' }],
    measures: [{ name: 'amount', expr: 'r.amount' }],
  },
  {
    // the credit in use of the SMEs an insurance company insured (their receivables): its exposure
    table: 'rollup_insurer_receivables',
    source: 'ledger_postings',
    joins: 'join smes s on s.id = r.sme_id',
    where: `r.account = '${LEDGER_ACCOUNTS.smeReceivable}' and s.insured_by is not null`,
    keys: [{ name: 'insurer_id', type: 'uuid', expr: 's.insured_by' }],
    measures: [{ name: 'amount', expr: 'r.amount' }],
  },
  {
    // the bank's payouts to each supplier by month (UTC) of the posting
    table: 'rollup_payout_months',
    source: 'ledger_postings',
    joins: 'join orders o on o.id = r.order_id',
    where: `r.account = '${LEDGER_ACCOUNTS.bankPayouts}'`,
    keys: [
      { name: 'provider_id', type: 'uuid', expr: 'o.provider_id' },
      { name: 'month', type: 'date', expr: utcMonth('r.created_at') },
    ],
    measures: PAYOUTS,
  },
  {
    // the same, every supplier's together: the bank's payouts by month, a row a month however many suppliers
    table: 'rollup_bank_payout_months',
    source: 'ledger_postings',
    where: `r.account = '${LEDGER_ACCOUNTS.bankPayouts}'`,
    keys: [{ name: 'month', type: 'date', expr: utcMonth('r.created_at') }],
    measures: PAYOUTS,
  },
  {
    // every instalment: the admin's instalment list's total
    table: 'rollup_installments',
    source: 'installments',
    where: 'true',
    keys: [{ name: 'list', type: 'text', expr: "'all'" }],
    measures: ONE,
  },
  {
    // every instalment by the UTC day its order was created (the list's order, ADR 31): where a numbered
    // page of the instalment list begins
    table: 'rollup_installment_days',
    source: 'installments',
    where: 'true',
    keys: [{ name: 'day', type: 'date', expr: utcDay('r.order_created_at') }],
    measures: ONE,
  },
  {
    // an SME's instalments still owed (unpaid, not closed by a cancel) by the UTC day of their deadline:
    // what its dashboard shows due within 30, 60 and 90 days, read by day (dashboards/repository.ts)
    table: 'rollup_sme_dues',
    source: 'installments',
    where: 'r.paid_at is null and r.closed_at is null',
    keys: [
      { name: 'sme_id', type: 'uuid', expr: 'r.sme_id' },
      { name: 'day', type: 'date', expr: utcDay('r.deadline') },
    ],
    measures: COUNT_AND_AMOUNT,
  },
  {
    // Late instalments the late job has handled (sent their late notice: it does so once the deadline
    // has passed) and that are still owed: live, unpaid. Late is a matter of time, not of a write, so the
    // dashboards add the few past their deadline the job has not reached yet (orders/repository.ts
    // lateFigures): the sum is every late instalment at every instant.
    table: 'rollup_late_installments',
    source: 'installments',
    where: LATE_HANDLED,
    keys: [{ name: 'sme_id', type: 'uuid', expr: 'r.sme_id' }],
    measures: COUNT_AND_AMOUNT,
  },
  {
    // the same, every SME's together: the platform's late figure, one row however many SMEs are late
    table: 'rollup_all_late_installments',
    source: 'installments',
    where: LATE_HANDLED,
    keys: [{ name: 'list', type: 'text', expr: "'all'" }],
    measures: COUNT_AND_AMOUNT,
  },
  {
    // the same, for the SMEs an insurance company insured
    table: 'rollup_insurer_late_installments',
    source: 'installments',
    joins: 'join smes s on s.id = r.sme_id',
    where: `${LATE_HANDLED} and s.insured_by is not null`,
    keys: [{ name: 'insurer_id', type: 'uuid', expr: 's.insured_by' }],
    measures: COUNT_AND_AMOUNT,
  },
];

export function rollupNamed(table: string): RollupDefinition {
  const found = ROLLUPS.find((r) => r.table === table);
  if (!found) throw new Error(`no rollup ${table}`);
  return found;
}
