// The plan PostgreSQL makes for the last statement a read sends: the read runs on a recorder of its
// statements (whether sent with db.execute or through db/named-query.ts), in a transaction where
// sequential scans and sorts are a last resort (a test's data is tiny: reading it whole and sorting it
// costs less than any index, which a list of a million rows cannot afford), and that statement is then
// explained. The tables are vacuumed and analyzed first, as a platform's are in its steady state, so the
// plan is the same whether or not autovacuum happened to reach them during the test (it runs on its own
// clock).
import { sql, type Query, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../src/db/client.js';

export type PlanNode = {
  'Node Type': string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Scan Direction'?: string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
};

/** A plan's nodes, the top one first. */
export const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];

const dialect = new PgDialect();

export async function planOfLastStatement(db: Db, read: (executor: Tx) => Promise<unknown>): Promise<PlanNode> {
  await db.execute(sql`vacuum analyze`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    const sent: Query[] = [];
    const session = {
      prepareQuery: (query: Query, fields: undefined, _name: string | undefined, arrayMode: boolean) => {
        sent.push(query);
        return tx._.session.prepareQuery(query, fields, undefined, arrayMode);
      },
    };
    const recorder = {
      _: { session },
      execute: (statement: SQL) => (sent.push(dialect.sqlToQuery(statement)), tx.execute(statement)),
      transaction: (work: (t: Tx) => Promise<unknown>) => work(recorder as unknown as Tx),
    };
    await read(recorder as unknown as Tx);
    const last = sent.at(-1)!;
    const explained = (await tx._.session.prepareQuery({ sql: `explain (format json) ${last.sql}`, params: last.params }, undefined, undefined, false).execute()) as {
      rows: { 'QUERY PLAN': [{ Plan: PlanNode }] }[];
    };
    return explained.rows[0]!['QUERY PLAN'][0].Plan;
  });
}
