// Orders, instalments and payments in SQL. Reads project the spec's shapes' raw material; writes
// are the single statements the service composes inside one transaction.
import {
  ALL_FILTER,
  ORDER_STATUS,
  encodeListCursor,
  type Language,
  type ListCursorQuery,
  type ListCursors,
  type ListPosition,
  type OrderListFilter,
  type OrderListQuery,
} from '@qist/domain';
import { sql, type SQL } from 'drizzle-orm';
import { positionInstant, positionOf, readListPage, type ListSource, type PageAsk } from '../../db/list-page.js';
import type { Executor } from '../../db/transaction.js';

export type OrderRow = {
  id: string;
  sme_id: string;
  provider_id: string;
  amount: string;
  status: number;
  paid: boolean;
  description: string;
  tax_rate: number;
  bank_share_rate: number;
  verify_code: string | null;
  invoice_file: string | null;
  late_active: boolean;
  late_once: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  sme_title: string | null;
  sme_email: string;
  provider_title: string | null;
  provider_email: string;
};

export type InstallmentRow = {
  id: string;
  order_id: string;
  position: number;
  rate: number;
  amount: string;
  deadline: Date | string;
  paid_at: Date | string | null;
};

const ORDER_COLUMNS = sql`o.id, o.sme_id, o.provider_id, o.amount, o.status, o.paid, o.description, o.tax_rate,
  o.bank_share_rate, o.verify_code, o.invoice_file, o.late_active, o.late_once, o.created_at, o.updated_at,
  s.company_title as sme_title, su.email as sme_email, p.company_title as provider_title, pu.email as provider_email`;
const ORDER_JOINS = sql`join smes s on s.id = o.sme_id join users su on su.id = s.user_id
  join providers p on p.id = o.provider_id join users pu on pu.id = p.user_id`;

/** Whose orders a list or show covers: an SME's, a supplier's (those that reached it), or all. */
export type OrderScope = {
  smeUserId?: string;
  providerUserId?: string;
  /** Only orders that reached their supplier (waiting or beyond at some point, canceled since or not). */
  reachedSupplier?: boolean;
  /**
   * An insurer sees the orders of the SMEs its company granted credit to (verified at level 7), which
   * carry that company (orders.insurer_id).
   */
  insuranceCompanyId?: string;
  /** Only orders whose invoice is uploaded. */
  withInvoice?: boolean;
};

/**
 * An instalment (alias i) that is late at `now`: still owed (unpaid, and not closed by its order's
 * cancel) and past its deadline. The first instalment is never late: unpaid, its order is canceled when
 * the payment window closes. The one place this is written for SQL; the domain's `isInstallmentLate` is
 * the same rule for one instalment in memory (of an order under way).
 */
export function lateInstallment(now: SQL | Date): SQL {
  return sql`i.paid_at is null and i.closed_at is null and i.position > 0 and i.deadline < ${now}`;
}

/** Whose late instalments a figure counts: one SME's (its id as SQL), an insurer's SMEs', or every SME's. */
export type LateScope = { smeId: SQL } | { insurerId: string } | 'all';

/**
 * `{ count, amount }` of the instalments late now of the SMEs in `scope`: those the late job has handled,
 * kept in rollup_late_installments (per SME), rollup_insurer_late_installments (per insurer) or
 * rollup_all_late_installments (every SME's, one row), plus those past their deadline it has not reached
 * yet (its partial index installments_late_due_idx, a few at most). Together they are exactly the instalments `lateInstallment(now())` finds, at every instant.
 */
export function lateFigures(scope: LateScope): SQL {
  let kept = sql`select r.count, r.amount from rollup_all_late_installments r`;
  let fresh = sql`true`;
  if (scope !== 'all' && 'smeId' in scope) {
    kept = sql`select r.count, r.amount from rollup_late_installments r where r.sme_id = ${scope.smeId}`;
    fresh = sql`i.sme_id = ${scope.smeId}`;
  } else if (scope !== 'all') {
    kept = sql`select r.count, r.amount from rollup_insurer_late_installments r where r.insurer_id = ${scope.insurerId}`;
    // a probe of each few rows' SME (as `exists`, PostgreSQL hashed every insured SME first)
    fresh = sql`(select s.insured_by from smes s where s.id = i.sme_id) = ${scope.insurerId}`;
  }
  // `offset 0` keeps the SME filter outside: the few not reached yet are read through the job's index,
  // not every SME's unpaid instalments through theirs
  return sql`(select json_build_object('count', (k.n + f.n)::int, 'amount', (k.amount + f.amount)::bigint) from
    (select coalesce(sum(r.count), 0) as n, coalesce(sum(r.amount), 0) as amount from (${kept}) r) k,
    (select count(*) as n, coalesce(sum(i.amount), 0) as amount from (
      select i.sme_id, i.amount from installments i where ${lateInstallment(sql`now()`)} and i.late_notice_sent_at is null offset 0) i
      where ${fresh}) f)`;
}

/**
 * An instalment (alias i) that was late when it was paid: paid after its deadline. The first one is paid
 * within its window or its order is canceled. The domain's `wasPaidLate` is the same rule in memory.
 */
function paidLateInstallment(): SQL {
  return sql`i.paid_at is not null and i.position > 0 and i.paid_at > i.deadline`;
}

/** An order (alias o) with at least one late instalment now (an order under way: a canceled one owes nothing). */
function hasLateInstallment(): SQL {
  return sql`exists (select 1 from installments i where i.order_id = o.id and ${lateInstallment(sql`now()`)})`;
}

const EVERY_ORDER: OrderListFilter = { status: ALL_FILTER, late: false };

/**
 * A supplier's orders: those that reached it, for its list, show, dashboard and steps alike. An order
 * declined or canceled after it was waiting stays in its history; one canceled before never shows.
 */
export function supplierScope(providerUserId: string): OrderScope {
  return { providerUserId, reachedSupplier: true };
}

export function scopeWhere(scope: OrderScope, filter: OrderListFilter = EVERY_ORDER): SQL {
  const { status, late } = filter;
  const parts: SQL[] = [sql`true`];
  if (scope.smeUserId) parts.push(sql`o.sme_id = (select id from smes where user_id = ${scope.smeUserId})`);
  if (scope.providerUserId) parts.push(sql`o.provider_id = (select id from providers where user_id = ${scope.providerUserId})`);
  if (scope.reachedSupplier) parts.push(sql`o.reached_supplier`);
  if (scope.withInvoice) parts.push(sql`o.invoice_file is not null`);
  if (scope.insuranceCompanyId) parts.push(sql`o.insurer_id = ${scope.insuranceCompanyId}`);
  if (status !== ALL_FILTER) parts.push(sql`o.status = ${status}`);
  if (late) parts.push(hasLateInstallment());
  return sql.join(parts, sql` and `);
}

/** Which page of an order list: a number (offset), the page after or before a row, or the last. */
export type OrderPageQuery = Omit<OrderListQuery, keyof ListCursorQuery> & Partial<ListCursorQuery>;

export type OrderPage = { rows: OrderRow[]; count: number; cursors: ListCursors };

/**
 * A page of a list of orders, newest first (created_at desc, id desc), with the list's total and the
 * cursors of its first and last rows (ADR 27). The page's ids are read alone from the index whose order
 * is the list's (index-only where the filter is in the index), and only its own rows are then read and
 * joined to their parties, so the rows skipped (an offset) cost index entries, not joined rows. Which
 * rows a query asks for is read as every list reads it (db/list-page.ts, readListPage):
 * - `after`/`before` a row: the rows next to it, by its position, whatever the page's number
 *   (`before` reads the other way and stops at the page; one that reaches the top is the first page);
 * - `last`, or a `page` in the second half: read from the other end of the same index;
 * - `page` 1: one statement, as every page was; another page reads the total first, on the same
 *   snapshot, to know which end is nearer.
 */
export async function listOrders(db: Executor, scope: OrderScope, query: OrderPageQuery): Promise<OrderPage> {
  const where = scopeWhere(scope, query);
  const source: ListSource<ListPosition> = {
    ...(keptCounts(scope, query) ?? { total: sql`select count(*) from orders o where ${where}` }),
    page: ({ direction, limit, offset, after, before, total, edge }) => {
      const bounds = [where];
      // newest first: `after` a row is older than it, `before` it newer
      if (after) bounds.push(sql`(o.created_at, o.id) < ${positionOf(after)}`);
      if (before) bounds.push(sql`(o.created_at, o.id) > ${positionOf(before)}`);
      if (edge) bounds.push(direction === 'forward' ? sql`o.created_at < ${edge}::timestamptz` : sql`o.created_at >= ${edge}::timestamptz`);
      return orderPage(sql.join(bounds, sql` and `), direction === 'forward' ? 'newest' : 'oldest', limit, offset, total);
    },
  };
  const { rows, count } = await readListPage<OrderPageRow, ListPosition>(db, source, query);
  return { rows, count, cursors: { first: cursorOf(rows[0]), last: cursorOf(rows.at(-1)) } };
}

type OrderPageRow = OrderRow & { position_at: string };

/** A row's position as its cursor: created_at to the microsecond (in UTC) and id. */
const POSITION = sql`${positionInstant(sql`o.created_at`)} as position_at`;

function cursorOf(row: OrderPageRow | undefined): string | null {
  return row ? encodeListCursor({ at: row.position_at, id: row.id }) : null;
}

/**
 * One page's rows, newest first: `limit` ids read from the list's index in its order (`newest`) or from
 * its other end (`oldest`, then put back newest first), then those rows alone with their parties.
 */
function orderPage(where: SQL, from: 'newest' | 'oldest', limit: number, offset: number, total?: SQL): SQL {
  const direction = from === 'newest' ? sql`desc` : sql`asc`;
  return sql`select ${ORDER_COLUMNS}, ${POSITION}${total ? sql`, ${total}` : sql``}
    from (select o.id from orders o where ${where} order by o.created_at ${direction}, o.id ${direction} limit ${limit} offset ${offset}) page
    join orders o on o.id = page.id ${ORDER_JOINS}
    order by o.created_at desc, o.id desc`;
}

/**
 * A list's total read from the rollups of orders by status (db/rollups), kept in the transaction of every
 * change, so it costs a few rows at any size and equals the count of the same snapshot: for every list
 * but those filtered on late instalments or an uploaded invoice, which count their orders. The admin's,
 * the bank's and an insurer's lists have their orders counted per day too (`days`), where a numbered
 * page begins (db/list-page.ts); an SME's and a supplier's lists are short enough to skip.
 */
function keptCounts(scope: OrderScope, filter: OrderListFilter): Pick<ListSource<ListPosition>, 'total' | 'days'> | undefined {
  const { smeUserId, providerUserId, reachedSupplier, withInvoice, insuranceCompanyId } = scope;
  if (filter.late || withInvoice) return undefined;
  const status = filter.status === ALL_FILTER ? sql`` : sql`and r.status = ${filter.status}`;
  const sum = (rollup: string, where: SQL) => sql`select coalesce(sum(r.count), 0) from ${sql.raw(rollup)} r where ${where} ${status}`;
  const perDay = (rollup: string, where: SQL) => sql`select r.day, sum(r.count) as n from ${sql.raw(rollup)} r where ${where} ${status} group by r.day`;
  if (providerUserId) {
    // a supplier's list is of the orders that reached it, which is what its rollup holds
    return reachedSupplier && !smeUserId && !insuranceCompanyId
      ? { total: sum('rollup_supplier_orders', sql`r.provider_id = (select id from providers where user_id = ${providerUserId})`) }
      : undefined;
  }
  if (reachedSupplier) return undefined;
  if (smeUserId) return insuranceCompanyId ? undefined : { total: sum('rollup_sme_orders', sql`r.sme_id = (select id from smes where user_id = ${smeUserId})`) };
  if (insuranceCompanyId) {
    const insurer = sql`r.insurer_id = ${insuranceCompanyId}`;
    return { total: sum('rollup_insurer_orders', insurer), days: perDay('rollup_insurer_order_days', insurer) };
  }
  return { total: sum('rollup_orders', sql`true`), days: perDay('rollup_order_days', sql`true`) };
}

/**
 * A list's every order, newest first, as one statement an export reads through a cursor: only the
 * export's columns (each is read a million times), in the order its line writes them, and no join:
 * the SMEs' and suppliers' names are read once per party (partyCells), not once per order.
 */
export function orderExportQuery(scope: OrderScope, filter: OrderListFilter): SQL {
  return sql`select o.id, o.created_at, o.sme_id, o.provider_id, o.amount, o.status, o.paid, o.late_active, o.late_once, o.tax_rate, o.description
             from orders o where ${scopeWhere(scope, filter)}
             order by o.created_at desc, o.id desc`;
}

/** The company and the account's email of each of these SMEs (smes) or suppliers (providers). */
export function partyNames(table: 'smes' | 'providers', ids: string[]): SQL {
  const parties = table === 'smes' ? sql`smes` : sql`providers`;
  return sql`select x.id, x.company_title, u.email from ${parties} x join users u on u.id = x.user_id where x.id = any(${sql.param(ids)}::uuid[])`;
}

/**
 * The company and the account's email of every SME (smes) or supplier (providers) a list's orders can
 * name, at most `limit`: those of the scope's orders when the scope is some parties' (an SME's, a
 * supplier's, an insurer's), every party's otherwise (the admin's and the bank's lists, read without
 * a scan of the orders).
 */
export function exportParties(table: 'smes' | 'providers', scope: OrderScope, filter: OrderListFilter, limit: number): SQL {
  const parties = table === 'smes' ? sql`smes` : sql`providers`;
  const column = table === 'smes' ? sql`o.sme_id` : sql`o.provider_id`;
  const some = scope.smeUserId || scope.providerUserId || scope.insuranceCompanyId;
  const named = some ? sql`where x.id in (select ${column} from orders o where ${scopeWhere(scope, filter)})` : sql``;
  return sql`select x.id, x.company_title, u.email from ${parties} x join users u on u.id = x.user_id ${named} limit ${limit}`;
}

export async function findOrder(db: Executor, orderId: string, scope: OrderScope): Promise<OrderRow | undefined> {
  const result = await db.execute<OrderRow>(
    sql`select ${ORDER_COLUMNS} from orders o ${ORDER_JOINS} where o.id = ${orderId} and ${scopeWhere(scope)}`,
  );
  return result.rows[0];
}

export async function listInstallments(db: Executor, orderId: string): Promise<InstallmentRow[]> {
  const result = await db.execute<InstallmentRow>(
    sql`select id, order_id, position, rate, amount, deadline, paid_at from installments where order_id = ${orderId} order by position`,
  );
  return result.rows;
}

export type LockedOrder = {
  id: string;
  sme_id: string;
  amount: string;
  status: number;
  created_at: Date | string;
};

/** The order's row lock: every step on one order runs after the one before it. */
export async function lockOrder(tx: Executor, orderId: string, smeUserId?: string): Promise<LockedOrder | undefined> {
  const owner = smeUserId ? sql`and sme_id = (select id from smes where user_id = ${smeUserId})` : sql``;
  const result = await tx.execute<LockedOrder>(
    sql`select id, sme_id, amount, status, created_at from orders where id = ${orderId} ${owner} for no key update`,
  );
  return result.rows[0];
}

export type LockedForStep = LockedOrder & { tax_rate: number; bank_share_rate: number; verify_code: string | null; invoice_file: string | null };

/** The order's row lock for a supplier's or the back office's step; a supplier only locks its own. */
export async function lockOrderForStep(tx: Executor, orderId: string, providerUserId?: string): Promise<LockedForStep | undefined> {
  // A supplier's orders are those that reached it, as its list and show see them (supplierScope): a
  // step on one it no longer has anything to do with is refused by the state machine, naming the status.
  const owner = providerUserId
    ? sql`and provider_id = (select id from providers where user_id = ${providerUserId}) and reached_supplier`
    : sql``;
  const result = await tx.execute<LockedForStep>(
    sql`select id, sme_id, amount, status, created_at, tax_rate, bank_share_rate, verify_code, invoice_file from orders
        where id = ${orderId} ${owner} for no key update`,
  );
  return result.rows[0];
}

export async function updateOrder(
  tx: Executor,
  orderId: string,
  values: { status: number; now: Date; verifyCode?: string; invoiceFile?: string },
): Promise<void> {
  const code = values.verifyCode === undefined ? sql`` : sql`, verify_code = ${values.verifyCode}`;
  const file = values.invoiceFile === undefined ? sql`` : sql`, invoice_file = ${values.invoiceFile}`;
  await tx.execute(sql`update orders set status = ${values.status}, updated_at = ${values.now} ${code} ${file} where id = ${orderId}`);
}

/** The approved payments of an order, to give back when the supplier declines it. */
export async function approvedPayments(tx: Executor, orderId: string): Promise<{ id: string; transaction_id: string; installment_id: string; amount: string }[]> {
  const result = await tx.execute<{ id: string; transaction_id: string; installment_id: string; amount: string }>(
    sql`select id, transaction_id, installment_id, amount from payments where order_id = ${orderId} and status = 'approved' for no key update`,
  );
  return result.rows;
}

export async function unpayInstallment(tx: Executor, installmentId: string): Promise<void> {
  await tx.execute(sql`update installments set paid_at = null where id = ${installmentId}`);
}

export type InstallmentListRow = InstallmentRow & {
  order_status: number;
  sme_id: string;
  sme_title: string | null;
  sme_email: string;
};

/** Every instalment in the list's order (newest order first, its instalments in their order), for the export's cursor. */
export function installmentExportQuery(): SQL {
  return sql`select i.id, i.order_id, i.position, i.rate, i.amount, i.deadline, i.paid_at, o.status as order_status,
               o.sme_id, s.company_title as sme_title, u.email as sme_email
             from installments i join orders o on o.id = i.order_id join smes s on s.id = o.sme_id join users u on u.id = s.user_id
             order by o.created_at desc, i.order_id desc, i.position`;
}

/** An instalment's place in the instalment list: its order's creation (to the microsecond, UTC), its order, its position. */
export type InstallmentKey = { at: string; orderId: string; position: number };

/** The place in the list of the instalment a cursor names (the cursor's id is the instalment's), if it exists. */
export async function installmentKey(db: Executor, installmentId: string): Promise<InstallmentKey | undefined> {
  const result = await db.execute<{ at: string; order_id: string; position: number }>(
    sql`select ${positionInstant(sql`order_created_at`)} as at, order_id, position from installments where id = ${installmentId}`,
  );
  const row = result.rows[0];
  return row ? { at: row.at, orderId: row.order_id, position: row.position } : undefined;
}

export type InstallmentPage = { rows: InstallmentListRow[]; count: number; cursors: ListCursors };

/**
 * A page of every instalment, newest order first and each order's instalments in their order (ADR 31),
 * by number or next to an instalment (`after`, `before`) or the last, with the list's total (the rollup
 * kept with every order's instalments, not a count) and the cursors of the page's first and last rows.
 * The list's order is one index, installments_list_idx (the order's creation is copied on each
 * instalment): a page's keys are read from it alone (index-only, forward or backward from the nearer
 * end, from a cursor's place), then only the page's rows are read and joined to their orders and SMEs.
 */
export async function listAllInstallments(db: Executor, query: PageAsk<InstallmentKey>): Promise<InstallmentPage> {
  const source: ListSource<InstallmentKey> = {
    total: sql`select coalesce(sum(count), 0) from rollup_installments`,
    days: sql`select r.day, sum(r.count) as n from rollup_installment_days r group by r.day`,
    page: ({ direction, limit, offset, after, before, total, edge }) => {
      const bounds: SQL[] = [sql`true`];
      if (edge) bounds.push(direction === 'forward' ? sql`i.order_created_at < ${edge}::timestamptz` : sql`i.order_created_at >= ${edge}::timestamptz`);
      // past a row in the list's order: an older order, a later order id at the same instant, or the same
      // order's later instalments (the instant bounds the index's range; the rest is read in the index)
      if (after) {
        bounds.push(sql`i.order_created_at <= ${after.at}::timestamptz and (i.order_created_at < ${after.at}::timestamptz
          or i.order_id < ${after.orderId}::uuid or (i.order_id = ${after.orderId}::uuid and i.position > ${after.position}))`);
      }
      if (before) {
        bounds.push(sql`i.order_created_at >= ${before.at}::timestamptz and (i.order_created_at > ${before.at}::timestamptz
          or i.order_id > ${before.orderId}::uuid or (i.order_id = ${before.orderId}::uuid and i.position < ${before.position}))`);
      }
      const order = direction === 'forward' ? sql`i.order_created_at desc, i.order_id desc, i.position asc` : sql`i.order_created_at asc, i.order_id asc, i.position desc`;
      return sql`select i.id, i.order_id, i.position, i.rate, i.amount, i.deadline, i.paid_at, o.status as order_status,
            o.sme_id, s.company_title as sme_title, u.email as sme_email, ${positionInstant(sql`i.order_created_at`)} as position_at${total ? sql`, ${total}` : sql``}
          from (select i.order_id, i.position from installments i where ${sql.join(bounds, sql` and `)} order by ${order} limit ${limit} offset ${offset}) page
          join installments i on i.order_id = page.order_id and i.position = page.position
          join orders o on o.id = i.order_id join smes s on s.id = o.sme_id join users u on u.id = s.user_id
          order by i.order_created_at desc, i.order_id desc, i.position asc`;
    },
  };
  const { rows, count } = await readListPage<InstallmentListRow & { position_at: string }, InstallmentKey>(db, source, query);
  const cursorOf = (row: (typeof rows)[number] | undefined) => (row ? encodeListCursor({ at: row.position_at, id: row.id }) : null);
  return {
    rows: rows.map(({ position_at: _at, ...row }) => row),
    count,
    cursors: { first: cursorOf(rows[0]), last: cursorOf(rows.at(-1)) },
  };
}

/** Credit taken or given back, in one statement; taking refuses to go below zero available. */
export async function moveCredit(tx: Executor, smeId: string, spendDeltaMinor: number): Promise<void> {
  await tx.execute(
    sql`update smes set credit_spend = credit_spend + ${spendDeltaMinor}, credit_amount = credit_amount - ${spendDeltaMinor},
        updated_at = now() where id = ${smeId}`,
  );
}

export async function findProviderLevel(db: Executor, userId: string): Promise<number | undefined> {
  const result = await db.execute<{ level: number }>(sql`select level from providers where user_id = ${userId}`);
  return result.rows[0]?.level;
}

export async function findSmeCredit(db: Executor, smeUserId: string) {
  const result = await db.execute<{ level: number; credit_amount: string; plan_size: number }>(
    sql`select level, credit_amount, cardinality(installment_plan) as plan_size from smes where user_id = ${smeUserId}`,
  );
  return result.rows[0];
}

export async function paidTotal(tx: Executor, orderId: string): Promise<number> {
  const result = await tx.execute<{ total: string }>(
    sql`select coalesce(sum(amount), 0)::bigint as total from installments where order_id = ${orderId} and paid_at is not null`,
  );
  return Number(result.rows[0]?.total ?? 0);
}

export async function firstUnpaidInstallment(tx: Executor, orderId: string) {
  const result = await tx.execute<{ id: string; position: number; amount: string }>(
    sql`select id, position, amount from installments where order_id = ${orderId} and paid_at is null order by position limit 1`,
  );
  return result.rows[0];
}

// ---- payments

export type PaymentRow = {
  id: string;
  transaction_id: string;
  gateway: string;
  gateway_reference: string | null;
  payment_url: string;
  order_id: string;
  sme_id: string;
  installment_id: string;
  amount: string;
  status: 'pending' | 'approved' | 'declined' | 'expired' | 'refunded';
  created_at: Date | string;
};

export async function findPendingPayment(db: Executor, installmentId: string): Promise<PaymentRow | undefined> {
  const result = await db.execute<PaymentRow>(sql`select * from payments where installment_id = ${installmentId} and status = 'pending'`);
  return result.rows[0];
}

/** Records a started payment unless one is already in flight for the instalment (then returns undefined). */
export async function insertPayment(
  db: Executor,
  values: {
    transactionId: string;
    gateway: string;
    paymentUrl: string;
    orderId: string;
    smeId: string;
    installmentId: string;
    amountMinor: number;
    createdAt: Date;
    gatewayReference: string | null;
  },
): Promise<PaymentRow | undefined> {
  const result = await db.execute<PaymentRow>(
    sql`insert into payments (transaction_id, gateway, gateway_reference, payment_url, order_id, sme_id, installment_id, amount, created_at)
        values (${values.transactionId}, ${values.gateway}, ${values.gatewayReference}, ${values.paymentUrl}, ${values.orderId}, ${values.smeId},
                ${values.installmentId}, ${values.amountMinor}, ${values.createdAt})
        on conflict (installment_id) where status = 'pending' do nothing returning *`,
  );
  return result.rows[0];
}

export async function findPayment(db: Executor, transactionId: string, smeUserId?: string): Promise<PaymentRow | undefined> {
  const owner = smeUserId ? sql`and sme_id = (select id from smes where user_id = ${smeUserId})` : sql``;
  const result = await db.execute<PaymentRow>(sql`select * from payments where transaction_id = ${transactionId} ${owner}`);
  return result.rows[0];
}

/** The payment a gateway's webhook is about, by the gateway's own id of it. */
export async function findPaymentByGatewayReference(db: Executor, gateway: string, gatewayReference: string): Promise<PaymentRow | undefined> {
  const result = await db.execute<PaymentRow>(sql`select * from payments where gateway = ${gateway} and gateway_reference = ${gatewayReference}`);
  return result.rows[0];
}

export async function lockPayment(tx: Executor, transactionId: string): Promise<PaymentRow | undefined> {
  const result = await tx.execute<PaymentRow>(sql`select * from payments where transaction_id = ${transactionId} for no key update`);
  return result.rows[0];
}

export async function setPaymentStatus(tx: Executor, paymentId: string, status: PaymentRow['status'], now: Date): Promise<void> {
  await tx.execute(sql`update payments set status = ${status}, settled_at = ${now} where id = ${paymentId}`);
}

/** Marks an instalment paid unless it already is; true when this call paid it. */
export async function markInstallmentPaid(tx: Executor, installmentId: string, now: Date): Promise<boolean> {
  const result = await tx.execute(sql`update installments set paid_at = ${now} where id = ${installmentId} and paid_at is null and closed_at is null`);
  return (result.rowCount ?? 0) === 1;
}

/**
 * Writes an order's status with the flags that follow from its instalments, after every step that pays
 * or unpays one, in that step's transaction: paid when none is left unpaid; late now when the order is
 * under way and one is overdue at `now`; late once when, besides, one was paid after its deadline, so a
 * late payment counts at the moment it is made, whenever the late sweep runs. A canceled order owes
 * nothing, so it is never late now; late once is history and stays. An order under way has reached its
 * supplier: the statement that moves it into waiting records that, and nothing clears it.
 */
export async function refreshOrder(tx: Executor, orderId: string, status: number, now: Date): Promise<void> {
  // A canceled order owes nothing: its unpaid instalments are closed (they still show unpaid), so the
  // late job's and the reminders' sweeps never read them again. Every cancel writes its status here.
  if (status === ORDER_STATUS.canceled) {
    await tx.execute(sql`update installments set closed_at = ${now} where order_id = ${orderId} and paid_at is null and closed_at is null`);
  }
  const underWay = status >= ORDER_STATUS.waiting;
  const lateNow = sql`exists (select 1 from installments i where i.order_id = o.id and ${lateInstallment(now)})`;
  const paidLate = sql`exists (select 1 from installments i where i.order_id = o.id and ${paidLateInstallment()})`;
  await tx.execute(
    sql`update orders o set status = ${status}, updated_at = ${now},
          paid = not exists (select 1 from installments i where i.order_id = o.id and i.paid_at is null),
          late_active = ${underWay ? lateNow : sql`false`},
          late_once = ${underWay ? sql`o.late_once or ${lateNow} or ${paidLate}` : sql`o.late_once`}
          ${underWay ? sql`, reached_supplier = true` : sql``}
        where o.id = ${orderId}`,
  );
}

// ---- suppliers an SME can buy from

export async function listProviderCards(db: Executor, activeLevel: number, page: number, perPage: number) {
  const [rows, count] = await Promise.all([
    db.execute<{ id: string; company_title: string | null; company_desc: string | null; email: string; categories: { _id: string; title: string; titleAr: string }[] }>(
      sql`select p.id, p.company_title, p.company_desc, u.email,
            coalesce((select json_agg(json_build_object('_id', c.id, 'title', c.title, 'titleAr', c.title_ar) order by c.title)
                      from party_categories pc join categories c on c.id = pc.category_id where pc.user_id = p.user_id), '[]') as categories
          from providers p join users u on u.id = p.user_id where p.level = ${activeLevel}
          order by p.created_at desc, p.id desc limit ${perPage} offset ${(page - 1) * perPage}`,
    ),
    db.execute<{ count: string }>(sql`select count(*) as count from providers where level = ${activeLevel}`),
  ]);
  return { rows: rows.rows, count: Number(count.rows[0]?.count ?? 0) };
}

export async function findProviderDetail(db: Executor, providerId: string, activeLevel: number) {
  const result = await db.execute<{
    id: string;
    company_title: string | null;
    company_desc: string | null;
    email: string;
    first_name: string | null;
    last_name: string | null;
    phone_country_code: string | null;
    phone_number: string | null;
    phone2_country_code: string | null;
    phone2_number: string | null;
    email2: string | null;
    address: string | null;
    address2: string | null;
    instagram: string | null;
    website: string | null;
    categories: { _id: string; title: string; titleAr: string }[];
  }>(
    sql`select p.id, p.company_title, p.company_desc, u.email, p.first_name, p.last_name, p.phone_country_code, p.phone_number,
          p.phone2_country_code, p.phone2_number, p.email2, p.address, p.address2, p.instagram, p.website,
          coalesce((select json_agg(json_build_object('_id', c.id, 'title', c.title, 'titleAr', c.title_ar) order by c.title)
                    from party_categories pc join categories c on c.id = pc.category_id where pc.user_id = p.user_id), '[]') as categories
        from providers p join users u on u.id = p.user_id where p.id = ${providerId} and p.level = ${activeLevel}`,
  );
  return result.rows[0];
}

// ---- the jobs' sweeps

/**
 * Orders still unpaid past the payment window, oldest first, but those this run could not cancel. Read
 * without a lock: each is then locked and checked again in its own transaction.
 */
export async function expiredOrders(db: Executor, createdBefore: Date, skip: string[], limit: number): Promise<string[]> {
  const result = await db.execute<{ id: string }>(
    sql`select id from orders where status = 0 and created_at < ${createdBefore} and id <> all(${sql.param(skip)}::uuid[])
        order by created_at limit ${limit}`,
  );
  return result.rows.map((r) => r.id);
}

/**
 * The live instalments (alias i) past their deadline at `now` that the late job has not handled yet:
 * it gives each its late notice in the run that finds it. Exactly the predicate of
 * installments_late_due_idx, so the job reads what became late since its last run, not history.
 */
function lateNotHandled(now: Date): SQL {
  return sql`i.paid_at is null and i.closed_at is null and i.late_notice_sent_at is null and i.position > 0 and i.deadline < ${now}`;
}

/**
 * Marks late now (and late once) the orders under way with an instalment that became late since the
 * late job's last run. An order's flags are otherwise kept by every step that pays or unpays one
 * (refreshOrder), so an instalment already handled leaves its order marked while it stays unpaid.
 */
export async function markLateOrders(tx: Executor, now: Date): Promise<number> {
  // The ids as one array (an InitPlan), so the orders are fetched by key: PostgreSQL multiplies the
  // selectivities of the index's conditions as if independent and would expect a large share of the
  // table, then join it by reading every order.
  const result = await tx.execute(
    sql`update orders o set late_active = true, late_once = true, updated_at = ${now}
        where o.id = any(array(select distinct i.order_id from installments i where ${lateNotHandled(now)}))
          and o.status >= ${ORDER_STATUS.waiting} and not o.late_active`,
  );
  return result.rowCount ?? 0;
}

export type NoticeRow = {
  installment_id: string;
  order_id: string;
  position: number;
  amount: string;
  deadline: Date | string;
  email: string;
  phone_country_code: string | null;
  phone_number: string | null;
  language: Language;
};

/** Claims instalments for a reminder (deadline within the window) or a late notice (deadline passed), each once. */
export async function claimNotices(tx: Executor, kind: 'reminder' | 'late', now: Date, until: Date, limit: number): Promise<NoticeRow[]> {
  const column = kind === 'reminder' ? sql.raw('reminder_sent_at') : sql.raw('late_notice_sent_at');
  const due =
    kind === 'reminder'
      ? sql`i.paid_at is null and i.closed_at is null and i.position > 0 and i.reminder_sent_at is null and i.deadline >= ${now} and i.deadline <= ${until}`
      : lateNotHandled(now);
  const result = await tx.execute<NoticeRow>(
    sql`with due as (
          select i.id from installments i join orders o on o.id = i.order_id
          where ${due} and o.status >= ${ORDER_STATUS.waiting}
          order by i.deadline limit ${limit} for no key update of i skip locked)
        update installments i set ${column} = ${now} from due, orders o, smes s, users u
        where i.id = due.id and o.id = i.order_id and s.id = o.sme_id and u.id = s.user_id
        returning i.id as installment_id, i.order_id, i.position, i.amount, i.deadline, u.email, s.phone_country_code, s.phone_number, u.language`,
  );
  return result.rows;
}

// ---- what a gateway answered that the platform would not settle on

export type AnomalyKind = 'amount_mismatch' | 'currency_mismatch' | 'unknown_state';

/** Records (or counts again) an answer of the gateway that settled nothing, for the admin. */
export async function recordPaymentAnomaly(
  db: Executor,
  payment: PaymentRow,
  anomaly: { kind: AnomalyKind; expectedCurrency: string; status: string; amountMinor: number | null; currency: string | null; detail: string | null; now: Date },
): Promise<void> {
  await db.execute(
    sql`insert into payment_anomalies (payment_id, order_id, sme_id, gateway, transaction_id, kind, expected_amount, expected_currency,
          gateway_status, gateway_amount, gateway_currency, detail, first_seen_at, last_seen_at)
        values (${payment.id}, ${payment.order_id}, ${payment.sme_id}, ${payment.gateway}, ${payment.transaction_id}, ${anomaly.kind},
          ${payment.amount}, ${anomaly.expectedCurrency}, ${anomaly.status}, ${anomaly.amountMinor}, ${anomaly.currency}, ${anomaly.detail}, ${anomaly.now}, ${anomaly.now})
        on conflict (payment_id, kind) do update set occurrences = payment_anomalies.occurrences + 1, last_seen_at = excluded.last_seen_at,
          gateway_status = excluded.gateway_status, gateway_amount = excluded.gateway_amount, gateway_currency = excluded.gateway_currency,
          detail = excluded.detail`,
  );
}

export type AnomalyListRow = {
  id: string;
  payment_id: string;
  order_id: string;
  sme_id: string;
  gateway: string;
  transaction_id: string;
  kind: AnomalyKind;
  expected_amount: string;
  expected_currency: string;
  gateway_status: string;
  gateway_amount: string | null;
  gateway_currency: string | null;
  detail: string | null;
  occurrences: number;
  first_seen_at: Date | string;
  last_seen_at: Date | string;
  payment_status: string;
  sme_title: string | null;
  sme_email: string;
};

export async function listPaymentAnomalies(db: Executor, page: number, perPage: number): Promise<{ rows: AnomalyListRow[]; count: number }> {
  const [rows, count] = await Promise.all([
    db.execute<AnomalyListRow>(
      sql`select a.*, p.status as payment_status, s.company_title as sme_title, u.email as sme_email
          from payment_anomalies a join payments p on p.id = a.payment_id join smes s on s.id = a.sme_id join users u on u.id = s.user_id
          order by a.last_seen_at desc, a.id desc limit ${perPage} offset ${(page - 1) * perPage}`,
    ),
    db.execute<{ count: string }>(sql`select count(*) as count from payment_anomalies`),
  ]);
  return { rows: rows.rows, count: Number(count.rows[0]?.count ?? 0) };
}
