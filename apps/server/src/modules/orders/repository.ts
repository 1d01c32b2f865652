// Orders, instalments and payments in SQL. Reads project the spec's shapes' raw material; writes
// are the single statements the service composes inside one transaction.
import { ALL_FILTER, ORDER_STATUS, type Language, type OrderListFilter, type OrderListQuery } from '@qist/domain';
import { sql, type SQL } from 'drizzle-orm';
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
  /** An insurer sees the orders of the SMEs its company granted credit to (verified at level 7). */
  insuranceCompanyId?: string;
  /** Only orders whose invoice is uploaded. */
  withInvoice?: boolean;
};

/**
 * An instalment (alias i) that is late at `now`: unpaid and past its deadline. The first instalment is
 * never late: unpaid, its order is canceled when the payment window closes. The one place this is written
 * for SQL; the domain's `isInstallmentLate` is the same rule for one instalment in memory.
 */
export function lateInstallment(now: SQL | Date): SQL {
  return sql`i.paid_at is null and i.position > 0 and i.deadline < ${now}`;
}

/**
 * An instalment (alias i) that was late when it was paid: paid after its deadline. The first one is paid
 * within its window or its order is canceled. The domain's `wasPaidLate` is the same rule in memory.
 */
function paidLateInstallment(): SQL {
  return sql`i.paid_at is not null and i.position > 0 and i.paid_at > i.deadline`;
}

/** An order (alias o) under way with at least one late instalment now. */
function hasLateInstallment(): SQL {
  return sql`o.status >= ${ORDER_STATUS.waiting} and exists (select 1 from installments i where i.order_id = o.id and ${lateInstallment(sql`now()`)})`;
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
  if (scope.insuranceCompanyId) {
    parts.push(sql`o.sme_id in (select s.id from smes s join verification_logs l on l.user_id = s.user_id and l.level = 7
                               join users u on u.id = l.operator_user_id where u.insurance_company_id = ${scope.insuranceCompanyId})`);
  }
  if (status !== ALL_FILTER) parts.push(sql`o.status = ${status}`);
  if (late) parts.push(hasLateInstallment());
  return sql.join(parts, sql` and `);
}

export async function listOrders(db: Executor, scope: OrderScope, query: OrderListQuery): Promise<{ rows: OrderRow[]; count: number }> {
  const where = scopeWhere(scope, query);
  const offset = (query.page - 1) * query.perPage;
  const [rows, count] = await Promise.all([
    db.execute<OrderRow>(
      sql`select ${ORDER_COLUMNS} from orders o ${ORDER_JOINS} where ${where}
          order by o.created_at desc, o.id desc limit ${query.perPage} offset ${offset}`,
    ),
    db.execute<{ count: string }>(sql`select count(*) as count from orders o where ${where}`),
  ]);
  return { rows: rows.rows, count: Number(count.rows[0]?.count ?? 0) };
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
    sql`select id, sme_id, amount, status, created_at from orders where id = ${orderId} ${owner} for update`,
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
        where id = ${orderId} ${owner} for update`,
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
    sql`select id, transaction_id, installment_id, amount from payments where order_id = ${orderId} and status = 'approved' for update`,
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

export async function listAllInstallments(db: Executor, page: number, perPage: number): Promise<{ rows: InstallmentListRow[]; count: number }> {
  const [rows, count] = await Promise.all([
    db.execute<InstallmentListRow>(
      sql`select i.id, i.order_id, i.position, i.rate, i.amount, i.deadline, i.paid_at, o.status as order_status,
            o.sme_id, s.company_title as sme_title, u.email as sme_email
          from installments i join orders o on o.id = i.order_id join smes s on s.id = o.sme_id join users u on u.id = s.user_id
          order by o.created_at desc, i.order_id desc, i.position limit ${perPage} offset ${(page - 1) * perPage}`,
    ),
    db.execute<{ count: string }>(sql`select count(*) as count from installments`),
  ]);
  return { rows: rows.rows, count: Number(count.rows[0]?.count ?? 0) };
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
  const result = await tx.execute<PaymentRow>(sql`select * from payments where transaction_id = ${transactionId} for update`);
  return result.rows[0];
}

export async function setPaymentStatus(tx: Executor, paymentId: string, status: PaymentRow['status'], now: Date): Promise<void> {
  await tx.execute(sql`update payments set status = ${status}, settled_at = ${now} where id = ${paymentId}`);
}

/** Marks an instalment paid unless it already is; true when this call paid it. */
export async function markInstallmentPaid(tx: Executor, installmentId: string, now: Date): Promise<boolean> {
  const result = await tx.execute(sql`update installments set paid_at = ${now} where id = ${installmentId} and paid_at is null`);
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

/** Orders still unpaid past the payment window, claimed so two runners never take the same one. */
export async function claimExpiredOrders(tx: Executor, createdBefore: Date, limit: number): Promise<string[]> {
  const result = await tx.execute<{ id: string }>(
    sql`select id from orders where status = 0 and created_at < ${createdBefore} order by created_at limit ${limit} for update skip locked`,
  );
  return result.rows.map((r) => r.id);
}

export async function markLateOrders(tx: Executor, now: Date): Promise<number> {
  const result = await tx.execute(
    sql`update orders o set late_active = true, late_once = true, updated_at = ${now}
        where o.status >= ${ORDER_STATUS.waiting} and not o.late_active and exists (
          select 1 from installments i where i.order_id = o.id and ${lateInstallment(now)})`,
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
  const window = kind === 'reminder' ? sql`i.deadline >= ${now} and i.deadline <= ${until}` : sql`i.deadline < ${now}`;
  const result = await tx.execute<NoticeRow>(
    sql`with due as (
          select i.id from installments i join orders o on o.id = i.order_id
          where i.paid_at is null and i.position > 0 and i.${column} is null and o.status >= 1 and ${window}
          order by i.deadline limit ${limit} for update of i skip locked)
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
