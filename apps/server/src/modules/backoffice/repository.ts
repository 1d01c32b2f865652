// SQL of the back office: party lists (with the bank's view and the insurance queue), the counts of
// what waits for each role, the insurance cascade's lookups, the outbox list. Party rows by id are
// the parties module's; settings are the settings module's.
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import {
  ALL_FILTER,
  ORDER_STATUS,
  PROVIDER_REVIEW,
  SME_REVIEW,
  encodeListCursor,
  type ListCursors,
  type ListPosition,
  type PartyListFilter,
  type PartyListQuery,
} from '@qist/domain';
import { tableRow } from '../../db/csv-export.js';
import { positionInstant, positionOf, readListPage, type ListSource } from '../../db/list-page.js';
import type { Executor, Tx } from '../../db/transaction.js';
import { insuranceCompanies, insuranceDeclines, orders, outboxMessages, providers, smes, users, verificationLogs } from '../../db/schema/index.js';
import { findSmeById } from '../parties/repository.js';

/**
 * The insurance company whose turn it is for an SME at level 6: the highest priority (lowest
 * number) that has not declined it in this round.
 */
export function currentInsurerOf(smeIdColumn: SQL | typeof smes.id): SQL<string | null> {
  return sql<string | null>`(
    select ${insuranceCompanies.id} from ${insuranceCompanies}
    where not exists (
      select 1 from ${insuranceDeclines}
      where ${insuranceDeclines.smeId} = ${smeIdColumn} and ${insuranceDeclines.companyId} = ${insuranceCompanies.id}
    )
    order by ${insuranceCompanies.priority} asc, ${insuranceCompanies.id} asc
    limit 1
  )`;
}

/** The SMEs waiting for an insurance company: at level 6 and its turn. */
export function insuranceQueue(companyId: string): SQL {
  return sql`(${smes.level} = ${SME_REVIEW.insurance.at} and ${currentInsurerOf(smes.id)} = ${companyId})`;
}

/**
 * The SMEs an insurance company sees besides those it insured: those in its queue now, and those it
 * turned down (its users' decisions below level 7, read from the logs by operator and level, a range of
 * verification_logs_operator_level_idx that leaves its level-7 decisions out; its declines). A few at
 * most, as an array computed once per statement.
 */
function queuedOrTurnedDown(companyId: string): SQL {
  const operators = sql`(select ${users.id} from ${users} where ${users.insuranceCompanyId} = ${companyId})`;
  return sql`array(
    select ${smes.id} from ${smes} where ${insuranceQueue(companyId)}
    union select ${smes.id} from ${smes} where ${smes.userId} in (
      select ${verificationLogs.userId} from ${verificationLogs}
      where ${verificationLogs.operatorUserId} in ${operators} and ${verificationLogs.level} < ${SME_REVIEW.insurance.verifiedTo})
    union select ${insuranceDeclines.smeId} from ${insuranceDeclines} where ${insuranceDeclines.companyId} = ${companyId})`;
}

/** SMEs an insurance company sees: those it insured (smes.insured_by, set by its level-7 decision) and queuedOrTurnedDown. */
export function insuranceVisibility(companyId: string): SQL {
  return sql`(${smes.insuredBy} = ${companyId} or ${smes.id} = any(${queuedOrTurnedDown(companyId)}))`;
}

/**
 * The same SMEs as rows for a list to page and count: those it insured read from smes_insured_created_idx
 * (in the list's order, index-only for the count), then the few others by id; no SME is tested against
 * the visibility one by one.
 */
function insuranceRows(companyId: string): SQL {
  return sql`(select * from ${smes} where ${smes.insuredBy} = ${companyId}
    union all ${theOthers(companyId)})`;
}

/** The SMEs an insurance company sees besides those it insured: in its queue or turned down by it (a few at most). */
function theOthers(companyId: string): SQL {
  return sql`select * from ${smes} where ${smes.id} = any(${queuedOrTurnedDown(companyId)}) and ${smes.insuredBy} is distinct from ${companyId}`;
}

/**
 * How many of the SMEs an insurance company sees are at `level` (or at any): those it insured from
 * their rollup (rollup_insurer_smes), the few others counted. The count of insuranceRows, at the cost of
 * a few rows whatever the number of SMEs it insured.
 */
function insuranceRowCount(companyId: string, level: number): SQL {
  const atLevel = (column: SQL) => (level === ALL_FILTER ? sql`true` : sql`${column} = ${level}`);
  return sql`select (select coalesce(sum(r.count), 0) from rollup_insurer_smes r where r.insurer_id = ${companyId} and ${atLevel(sql`r.level`)})
    + (select count(*) from (${theOthers(companyId)}) o where ${atLevel(sql`o.level`)})`;
}

/** How many rows a party table holds at `level` (or at any), from its rollup by level. */
function partyCount(rollup: 'rollup_sme_levels' | 'rollup_provider_levels', level: number): SQL {
  return sql`select coalesce(sum(r.count), 0) from ${sql.raw(rollup)} r where ${level === ALL_FILTER ? sql`true` : sql`r.level = ${level}`}`;
}

/**
 * SMEs the bank sees: from its own step on (the admin passed them), and those it rejected at its
 * step. An SME the admin has not passed, even one the bank rejected in an earlier round, stays out.
 */
export function bankVisibility(): SQL {
  return sql`(
    ${smes.level} >= ${SME_REVIEW.bank.at}
    or (${smes.level} < 0 and exists (
      select 1 from ${verificationLogs}
      where ${verificationLogs.userId} = ${smes.userId} and ${verificationLogs.operatorRole} = 'bank'
    ))
  )`;
}

/*
 * What waits for each role, each in one statement, counted with the rules its lists use: the
 * SMEs and suppliers at the role's level, and the orders at the status the role acts on.
 */
export async function adminQueueCounts(db: Executor) {
  const [row] = await db
    .select({
      smes: sql`(select count(*) from ${smes} where ${smes.level} = ${SME_REVIEW.admin.at})`.mapWith(Number),
      providers: sql`(select count(*) from ${providers} where ${providers.level} = ${PROVIDER_REVIEW.at})`.mapWith(Number),
      invoices: sql`(select count(*) from ${orders} where ${orders.status} = ${ORDER_STATUS.uploadedInvoice})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return { smes: row?.smes ?? 0, providers: row?.providers ?? 0, invoices: row?.invoices ?? 0 };
}

export async function bankQueueCounts(db: Executor) {
  const [row] = await db
    .select({
      smes: sql`(select count(*) from ${smes} where ${smes.level} = ${SME_REVIEW.bank.at} and ${bankVisibility()})`.mapWith(Number),
      payouts: sql`(select count(*) from ${orders} where ${orders.status} = ${ORDER_STATUS.invoiceVerifiedByAdmin})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return { smes: row?.smes ?? 0, payouts: row?.payouts ?? 0 };
}

export async function insuranceQueueCounts(db: Executor, companyId: string) {
  const [row] = await db.select({ n: count() }).from(smes).where(insuranceQueue(companyId));
  return { smes: row?.n ?? 0 };
}

type PartyTable = typeof smes | typeof providers;
export type PartyPage<R> = { rows: { row: R; email: string }[]; count: number; cursors: ListCursors };
/** A party list's query, its cursors already read back as positions by the domain's schema. */
export type PartyPageQuery = PartyListQuery;

/**
 * A page of an SME or supplier list (ADR 31), in its order of creation (`order`: newest or oldest
 * first; the id breaks ties), with its total and the cursors of its first and last rows. The page's ids
 * are read alone from the list's index (smes_created_idx, smes_level_created_idx and the suppliers'
 * twins; index-only when the filter is the level), then only its rows are read and joined to their
 * accounts: a skipped row costs an index entry, not a joined row. `where` is the list's filter and the
 * principal's visibility, written on the table's own columns; `listed`, when given, is the rows the
 * principal sees as a subquery of the table (insuranceRows), listed under the table's name; `kept`, when
 * given, the statement of the list's total from the rollups (the same rows, counted without reading them).
 */
async function listParties<T extends PartyTable>(
  db: Executor,
  table: T,
  where: SQL | undefined,
  query: PartyPageQuery,
  listed?: SQL,
  kept?: SQL,
): Promise<PartyPage<T['$inferSelect']>> {
  const filter = where ?? sql`true`;
  const order = query.order;
  // the rows listed: the table, or a subquery of its rows (a principal's) under the table's name
  const from = listed ? sql`${listed} as ${table}` : sql`${table}`;
  const source: ListSource<ListPosition> = {
    // the total from the rollups when kept for this list, else counted
    total: kept ?? sql`select count(*) from ${from} where ${filter}`,
    page: ({ direction, limit, offset, after, before, total }) => {
      // the order of the read: the list's own forward, the reverse backward
      const ascending = (order === 'asc') === (direction === 'forward');
      const dir = ascending ? sql`asc` : sql`desc`;
      const bounds: SQL[] = [filter];
      // `after` a row is past it in the list's order; `before` it, short of it
      if (after) bounds.push(order === 'asc' ? sql`(${table.createdAt}, ${table.id}) > ${positionOf(after)}` : sql`(${table.createdAt}, ${table.id}) < ${positionOf(after)}`);
      if (before) bounds.push(order === 'asc' ? sql`(${table.createdAt}, ${table.id}) < ${positionOf(before)}` : sql`(${table.createdAt}, ${table.id}) > ${positionOf(before)}`);
      const listDir = order === 'asc' ? sql`asc` : sql`desc`;
      return sql`select x.*, u.email as list_email, ${positionInstant(sql`x.created_at`)} as position_at${total ? sql`, ${total}` : sql``}
        from (select ${table.id} as id from ${from} where ${sql.join(bounds, sql` and `)}
              order by ${table.createdAt} ${dir}, ${table.id} ${dir} limit ${limit} offset ${offset}) page
        join ${table} x on x.id = page.id join users u on u.id = x.user_id
        order by x.created_at ${listDir}, x.id ${listDir}`;
    },
  };
  const { rows, count } = await readListPage<Record<string, unknown> & { id: string; list_email: string; position_at: string }, ListPosition>(db, source, query);
  const cursorOf = (raw: (typeof rows)[number] | undefined) => (raw ? encodeListCursor({ at: raw.position_at, id: raw.id }) : null);
  return {
    rows: rows.map((raw) => ({ row: tableRow(table, raw), email: raw.list_email })),
    count,
    cursors: { first: cursorOf(rows[0]), last: cursorOf(rows.at(-1)) },
  };
}

/**
 * The SME list of a role: every SME (admin), those its visibility lets through (bank), or the rows it
 * sees (an insurance company's, insuranceRows).
 */
export async function listSmes(db: Executor, query: PartyPageQuery, visible?: { where: SQL } | { insurerId: string }) {
  const conditions: SQL[] = [];
  if (query.level !== ALL_FILTER) conditions.push(eq(smes.level, query.level));
  if (visible && 'where' in visible) return listParties(db, smes, and(...conditions, visible.where), query);
  if (visible) return listParties(db, smes, and(...conditions), query, insuranceRows(visible.insurerId), insuranceRowCount(visible.insurerId, query.level));
  return listParties(db, smes, and(...conditions), query, undefined, partyCount('rollup_sme_levels', query.level));
}

export async function listProviders(db: Executor, query: PartyPageQuery) {
  const where = query.level !== ALL_FILTER ? eq(providers.level, query.level) : undefined;
  return listParties(db, providers, where, query, undefined, partyCount('rollup_provider_levels', query.level));
}

type PartyFilter = PartyListFilter;

/** The SME list's every row in its order (its filter, the principal's visibility), for the export's cursor. */
export function smeExportQuery(filter: PartyFilter, visibility?: SQL) {
  const conditions: SQL[] = [];
  if (filter.level !== ALL_FILTER) conditions.push(eq(smes.level, filter.level));
  if (visibility) conditions.push(visibility);
  return new QueryBuilder()
    .select({ sme: smes, email: users.email })
    .from(smes)
    .innerJoin(users, eq(users.id, smes.userId))
    .where(and(...conditions))
    .orderBy(...(filter.order === 'asc' ? [asc(smes.createdAt), asc(smes.id)] : [desc(smes.createdAt), desc(smes.id)]));
}

/** The supplier list's every row in its order, for the export's cursor. */
export function providerExportQuery(filter: PartyFilter) {
  return new QueryBuilder()
    .select({ provider: providers, email: users.email })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(filter.level !== ALL_FILTER ? eq(providers.level, filter.level) : undefined)
    .orderBy(...(filter.order === 'asc' ? [asc(providers.createdAt), asc(providers.id)] : [desc(providers.createdAt), desc(providers.id)]));
}

export async function findSme(db: Executor, id: string, visibility?: SQL) {
  if (!visibility) return findSmeById(db, id);
  const [row] = await db.select().from(smes).where(and(eq(smes.id, id), visibility));
  return row;
}

/** Whether the SME of an account exists within what a visibility rule lets through. */
export async function isSmeUserVisible(db: Executor, userId: string, visibility?: SQL): Promise<boolean> {
  const [row] = await db
    .select({ id: smes.id })
    .from(smes)
    .where(visibility ? and(eq(smes.userId, userId), visibility) : eq(smes.userId, userId));
  return row !== undefined;
}

export async function currentInsurer(tx: Executor, smeId: string): Promise<string | null> {
  const [row] = await tx.select({ id: currentInsurerOf(sql`${smeId}::uuid`) }).from(sql`(select 1) as one`);
  return row?.id ?? null;
}

export async function insertDecline(tx: Tx, smeId: string, companyId: string): Promise<void> {
  await tx.insert(insuranceDeclines).values({ smeId, companyId }).onConflictDoNothing();
}

/** A conditional rejection starts a new round: every insurer may look at the SME again. */
export async function clearDeclines(tx: Tx, smeId: string): Promise<void> {
  await tx.delete(insuranceDeclines).where(eq(insuranceDeclines.smeId, smeId));
}

export async function companyName(db: Executor, id: string): Promise<string | undefined> {
  const [row] = await db.select({ name: insuranceCompanies.name }).from(insuranceCompanies).where(eq(insuranceCompanies.id, id));
  return row?.name;
}

export async function listOutbox(db: Executor, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(outboxMessages),
  ]);
  return { rows, count: total?.n ?? 0 };
}

