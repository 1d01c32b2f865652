// SQL of the back office: party lists (with the bank's view and the insurance queue), the counts of
// what waits for each role, the insurance cascade's lookups, the outbox list. Party rows by id are
// the parties module's; settings are the settings module's.
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { ALL_FILTER, ORDER_STATUS, PROVIDER_REVIEW, SME_REVIEW, type PartyListQuery } from '@qist/domain';
import type { Executor, Tx } from '../../db/transaction.js';
import { preparedPerHandle } from '../../lib/prepared.js';
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
 * SMEs an insurance company sees: those in its queue now, those it insured (smes.insured_by, set by its
 * level-7 decision), and those it turned down: its users' other decisions, below level 7, read from the
 * logs by operator and level (verification_logs_operator_level_idx, a range that leaves the insured
 * out), and its declines.
 */
export function insuranceVisibility(companyId: string): SQL {
  const operators = sql`(select ${users.id} from ${users} where ${users.insuranceCompanyId} = ${companyId})`;
  return sql`(
    ${smes.insuredBy} = ${companyId}
    or ${insuranceQueue(companyId)}
    or ${smes.userId} in (
      select ${verificationLogs.userId} from ${verificationLogs}
      where ${verificationLogs.operatorUserId} in ${operators} and ${verificationLogs.level} < ${SME_REVIEW.insurance.verifiedTo})
    or exists (
      select 1 from ${insuranceDeclines}
      where ${insuranceDeclines.smeId} = ${smes.id} and ${insuranceDeclines.companyId} = ${companyId}
    )
  )`;
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

type Order = PartyListQuery['order'];
type PageParams = { level: number; limit: number; offset: number };

function pageParams(query: PartyListQuery): PageParams {
  return { level: query.level, limit: query.perPage, offset: (query.page - 1) * query.perPage };
}

/** One prepared statement per shape of list (level filter or not, order) and per handle. */
function variants<Q>(build: (db: Executor, byLevel: boolean, order: Order) => Q) {
  const of = (byLevel: boolean, order: Order) => preparedPerHandle((db: Executor) => build(db, byLevel, order));
  const table = { all: { asc: of(false, 'asc'), desc: of(false, 'desc') }, level: { asc: of(true, 'asc'), desc: of(true, 'desc') } };
  return (db: Executor, query: PartyListQuery) => table[query.level !== ALL_FILTER ? 'level' : 'all'][query.order](db);
}

/*
 * A page of a list and the list's total come from one statement: the total is an uncorrelated
 * subquery, computed once (an InitPlan) and repeated on each row, so one round trip and one
 * snapshot give both. A page past the end has no row to carry the total: then the count runs alone.
 */
const smePage = variants((db, byLevel, order) =>
  db
    .select({
      sme: smes,
      email: users.email,
      total: sql`(${db
        .select({ n: count() })
        .from(smes)
        .where(byLevel ? eq(smes.level, sql.placeholder('level')) : undefined)})`.mapWith(Number),
    })
    .from(smes)
    .innerJoin(users, eq(users.id, smes.userId))
    .where(byLevel ? eq(smes.level, sql.placeholder('level')) : undefined)
    .orderBy(...(order === 'asc' ? [asc(smes.createdAt), asc(smes.id)] : [desc(smes.createdAt), desc(smes.id)]))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`qist_sme_page_${byLevel ? 'level' : 'all'}_${order}`),
);

const smeCount = variants((db, byLevel) =>
  db
    .select({ n: count() })
    .from(smes)
    .where(byLevel ? eq(smes.level, sql.placeholder('level')) : undefined)
    .prepare(`qist_sme_count_${byLevel ? 'level' : 'all'}`),
);

const providerPage = variants((db, byLevel, order) =>
  db
    .select({
      provider: providers,
      email: users.email,
      total: sql`(${db
        .select({ n: count() })
        .from(providers)
        .where(byLevel ? eq(providers.level, sql.placeholder('level')) : undefined)})`.mapWith(Number),
    })
    .from(providers)
    .innerJoin(users, eq(users.id, providers.userId))
    .where(byLevel ? eq(providers.level, sql.placeholder('level')) : undefined)
    .orderBy(...(order === 'asc' ? [asc(providers.createdAt), asc(providers.id)] : [desc(providers.createdAt), desc(providers.id)]))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`qist_provider_page_${byLevel ? 'level' : 'all'}_${order}`),
);

const providerCount = variants((db, byLevel) =>
  db
    .select({ n: count() })
    .from(providers)
    .where(byLevel ? eq(providers.level, sql.placeholder('level')) : undefined)
    .prepare(`qist_provider_count_${byLevel ? 'level' : 'all'}`),
);

export async function listSmes(db: Executor, query: PartyListQuery, visibility?: SQL) {
  if (!visibility) {
    // Admin and bank: a prepared statement that also brings the total.
    const params = pageParams(query);
    const page = await smePage(db, query).execute(params);
    const rows = page.map(({ sme, email }) => ({ sme, email }));
    if (page[0] || params.offset === 0) return { rows, count: page[0]?.total ?? 0 };
    const [total] = await smeCount(db, query).execute(params);
    return { rows, count: total?.n ?? 0 };
  }
  // Insurance: its visibility names its company, so this one is built per call.
  const conditions: SQL[] = [];
  if (query.level !== ALL_FILTER) conditions.push(eq(smes.level, query.level));
  conditions.push(visibility);
  const where = and(...conditions);
  const order = query.order === 'asc' ? [asc(smes.createdAt), asc(smes.id)] : [desc(smes.createdAt), desc(smes.id)];
  // The page and its total in one statement, as the prepared lists above.
  const offset = (query.page - 1) * query.perPage;
  const page = await db
    .select({ sme: smes, email: users.email, total: sql`(${db.select({ n: count() }).from(smes).where(where)})`.mapWith(Number) })
    .from(smes)
    .innerJoin(users, eq(users.id, smes.userId))
    .where(where)
    .orderBy(...order)
    .limit(query.perPage)
    .offset(offset);
  const rows = page.map(({ sme, email }) => ({ sme, email }));
  if (page[0] || offset === 0) return { rows, count: page[0]?.total ?? 0 };
  const [total] = await db.select({ n: count() }).from(smes).where(where);
  return { rows, count: total?.n ?? 0 };
}

export async function listProviders(db: Executor, query: PartyListQuery) {
  const params = pageParams(query);
  const page = await providerPage(db, query).execute(params);
  const rows = page.map(({ provider, email }) => ({ provider, email }));
  if (page[0] || params.offset === 0) return { rows, count: page[0]?.total ?? 0 };
  const [total] = await providerCount(db, query).execute(params);
  return { rows, count: total?.n ?? 0 };
}

type PartyFilter = Omit<PartyListQuery, 'page' | 'perPage'>;

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

