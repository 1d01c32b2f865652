// One page of a list paged by number or by keyset (ADR 27 for the order lists; ADR 31 for the
// instalment, SME and supplier lists, which read their pages through here): which rows a query asks
// for, read from whichever end of the list's index is nearer, with the list's total on the same snapshot;
// where the list's rows are counted per day (a rollup), a numbered page skips only within its day (ADR 41).
import type { ListPosition } from '@qist/domain';
import { sql, type SQL } from 'drizzle-orm';
import { executeNamed } from './named-query.js';
import { withSnapshot, type Executor } from './transaction.js';

/** Which page: `page` by number, or after/before a row's key (already resolved), or the last. */
export interface PageAsk<K> {
  page: number;
  perPage: number;
  after?: K;
  before?: K;
  last?: boolean;
}

/**
 * How to read one page of a list:
 * - `forward`: in the list's order from its top (or from just after `after`), skipping `offset` rows;
 * - `backward`: in the reverse order from its end (or from just before `before`), skipping `offset` rows.
 * Either way the statement returns the page's rows in the list's order, and `total`, when given, as one
 * more column (`(select …) as list_total`) on every row.
 */
export interface PageRead<K> {
  direction: 'forward' | 'backward';
  limit: number;
  offset: number;
  after?: K;
  before?: K;
  total?: SQL;
  /**
   * Where the read starts, an instant at a UTC midnight: `forward`, the rows before it (the end of a
   * day); `backward`, the rows from it on (the start of a day). `offset` counts from there.
   */
  edge?: string;
}

export interface ListSource<K> {
  /** One statement that selects the list's total (one number). */
  total: SQL;
  /**
   * The list's rows counted per UTC day of the instant its order begins with, `(day date, n)`, kept in a
   * rollup (db/rollups) when the list has one: a numbered page then reads its total from them and skips
   * only the rows of its own day (at most a day's rows, not half the list).
   */
  days?: SQL;
  /** The statement of one page's rows, in the list's order. */
  page: (read: PageRead<K>) => SQL;
}

/** A cursor's position as the row value a list's keyset compares with `(created_at, id)`. */
export function positionOf(position: ListPosition): SQL {
  return sql`(${position.at}::timestamptz, ${position.id}::uuid)`;
}

/** The SQL of a row's position instant: PostgreSQL's microseconds, in UTC, as a cursor carries it. */
export function positionInstant(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** A list's count of one UTC day ('YYYY-MM-DD'). */
interface DayCount {
  day: string;
  n: number;
}

/** The list's rows per day, newest day first, days with no row left out. */
async function daysOf(db: Executor, days: SQL): Promise<DayCount[]> {
  const result = await executeNamed<{ day: string; n: string }>(
    db,
    'list',
    sql`select to_char(d.day, 'YYYY-MM-DD') as day, d.n::text as n from (${days}) d where d.n <> 0 order by d.day desc`,
  );
  return result.rows.map((row) => ({ day: row.day, n: Number(row.n) }));
}

const DAY_MS = 86_400_000;

/**
 * Where a read skipping `offset` rows from one end of the list starts: the day that holds the row at
 * that place, and the rows before it in the read's direction (`days` newest first).
 */
export function startOfSkip(days: readonly DayCount[], direction: 'forward' | 'backward', offset: number): { edge: string; offset: number } {
  const inOrder = direction === 'forward' ? days : [...days].reverse();
  let before = 0;
  for (const { day, n } of inOrder) {
    if (before + n > offset) {
      const start = Date.parse(`${day}T00:00:00Z`);
      return { edge: new Date(direction === 'forward' ? start + DAY_MS : start).toISOString(), offset: offset - before };
    }
    before += n;
  }
  throw new Error(`offset ${offset} is past the ${before} rows the days count`);
}

/** The list's total. */
async function countOf(db: Executor, source: ListSource<unknown>): Promise<number> {
  return Number((await executeNamed<{ n: string }>(db, 'list', sql`select (${source.total}) as n`)).rows[0]?.n ?? 0);
}

/**
 * A page and the list's total from one statement (one snapshot): the total rides on every row. A page
 * with no row carries no total; then it is counted alone.
 */
async function pageWithTotal<T extends Record<string, unknown>>(db: Executor, source: ListSource<unknown>, read: Omit<PageRead<unknown>, 'total'>) {
  const result = await executeNamed<T & { list_total: string }>(db, 'list', source.page({ ...read, total: sql`(${source.total}) as list_total` }));
  const first = result.rows[0];
  const count = first ? first.list_total : (await countOf(db, source)).toString();
  const rows = result.rows.map(({ list_total: _total, ...row }) => row as unknown as T);
  return { rows, count: Number(count ?? 0) };
}

/**
 * The rows of the page a query asks for, and the list's total:
 * - `after` a row: the `perPage` rows listed after it; `before` a row: those listed before it, or, when
 *   fewer than a page but some precede it (the list changed at its top), the first page whole;
 * - `page` 1: one statement;
 * - any other numbered page, and `last`: the total first, then the page read from the nearer end, both
 *   on one snapshot. Where the list has `days`, the total is their sum and the read starts at the day
 *   that holds the page's first row, skipping only that day's rows before it; otherwise a page far from
 *   both ends skips its offset (in the list's index).
 */
export async function readListPage<T extends Record<string, unknown>, K>(db: Executor, source: ListSource<K>, query: PageAsk<K>): Promise<{ rows: T[]; count: number }> {
  const { perPage } = query;
  const src = source as ListSource<unknown>;
  if (query.after !== undefined) return pageWithTotal<T>(db, src, { direction: 'forward', limit: perPage, offset: 0, after: query.after });
  if (query.before !== undefined) {
    const before = query.before;
    return withSnapshot(db, async (tx) => {
      const read = await pageWithTotal<T>(tx, src, { direction: 'backward', limit: perPage, offset: 0, before });
      if (read.rows.length === 0 || read.rows.length >= Math.min(perPage, read.count)) return read;
      return pageWithTotal<T>(tx, src, { direction: 'forward', limit: perPage, offset: 0 });
    });
  }
  if (query.page === 1 && !query.last) return pageWithTotal<T>(db, src, { direction: 'forward', limit: perPage, offset: 0 });
  return withSnapshot(db, async (tx) => {
    const days = source.days ? await daysOf(tx, source.days) : undefined;
    const count = days ? days.reduce((sum, { n }) => sum + n, 0) : await countOf(tx, src);
    const page = query.last ? Math.max(1, Math.ceil(count / perPage)) : query.page;
    const offset = (page - 1) * perPage;
    if (offset >= count) return { rows: [], count };
    const end = Math.min(offset + perPage, count);
    const afterEnd = count - end;
    const direction = afterEnd < offset ? 'backward' : 'forward';
    const skip = direction === 'backward' ? afterEnd : offset;
    const read: PageRead<K> = { direction, limit: end - offset, ...(days ? startOfSkip(days, direction, skip) : { offset: skip }) };
    return { rows: (await executeNamed<T>(tx, 'list', source.page(read))).rows, count };
  });
}
