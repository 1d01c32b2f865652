// Set-based proofs of what the database's own guards would have proven had the load run with them on
// (it skips triggers, so foreign keys and the ledger's deferred balance checks did not run): every
// foreign key resolves, every ledger entry has postings and balances, the ledger sums to zero, every
// SME's credit is its receivable, every order's instalments sum to its amount, and every SME and order
// carries its insurer. Whole tables, so the rows that were there before are proven with the new ones.
import type pg from 'pg';
import { differenceStatements } from '../../db/rollups/index.js';

export interface CheckResult {
  name: string;
  ok: boolean;
  /** What was proven, or what broke, in one sentence. */
  sentence: string;
}

type Run = (label: string, text: string, values?: unknown[]) => Promise<pg.QueryResult>;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Runs every check once. `explain`, when given, prints a statement's plan (it runs it under EXPLAIN
 * ANALYZE): the statement then runs once more for its answer, which the plan alone does not give.
 */
export async function checkScaleData(client: pg.PoolClient, explain?: Run): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const answer = async <T extends pg.QueryResultRow>(label: string, text: string): Promise<T[]> => {
    if (explain) await explain(label, text);
    return (await client.query<T>(text)).rows;
  };
  const first = async <T extends pg.QueryResultRow>(label: string, text: string): Promise<T> => (await answer<T>(label, text))[0]!;

  // Every single-column foreign key of the schema, read from the catalogue so a new one is covered too.
  const keys = await client.query<{ name: string; child: string; column: string; parent: string; parent_column: string }>(
    `select c.conname as name, cl.relname as child, a.attname as column, pl.relname as parent, pa.attname as parent_column
     from pg_constraint c
     join pg_class cl on cl.oid = c.conrelid join pg_namespace n on n.oid = cl.relnamespace
     join pg_class pl on pl.oid = c.confrelid
     join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
     where c.contype = 'f' and cardinality(c.conkey) = 1 and n.nspname = current_schema()
     order by cl.relname, c.conname`,
  );
  // Two keys are proven by the statements that prove the ledger and the schedules, which read the same
  // rows anyway: a posting's entry (one pass over the postings per entry, full-joined to the entries) and
  // an instalment's order (one pass over the instalments per order, full-joined to the orders).
  const ledger = await first<{ entries: string; empty: string; unbalanced: string; orphans: string; total: string }>(
    'ledger entries',
    `select count(e.id) as entries, count(e.id) filter (where p.n is null) as empty,
            count(e.id) filter (where p.total <> 0) as unbalanced,
            coalesce(sum(p.n) filter (where e.id is null and p.entry_id is not null), 0) as orphans,
            coalesce(sum(p.total), 0)::text as total
     from ledger_entries e
     full join (select entry_id, count(*) as n, sum(amount) as total from ledger_postings group by entry_id) p on p.entry_id = e.id`,
  );
  const schedule = await first<{ orders: string; sum_off: string; paid_off: string; created_off: string; orphans: string }>(
    'instalments',
    `select count(o.id) as orders,
            count(o.id) filter (where i.total is distinct from o.amount) as sum_off,
            count(o.id) filter (where o.paid <> (coalesce(i.unpaid, 0) = 0)) as paid_off,
            count(o.id) filter (where i.first_at <> o.created_at or i.last_at <> o.created_at) as created_off,
            coalesce(sum(i.n) filter (where o.id is null and i.order_id is not null), 0) as orphans
     from orders o full join (select order_id, count(*) as n, sum(amount) as total, count(*) filter (where paid_at is null) as unpaid,
                                     min(order_created_at) as first_at, max(order_created_at) as last_at
                              from installments group by order_id) i on i.order_id = o.id`,
  );
  const provenAbove = new Map([
    ['ledger_postings.entry_id>ledger_entries.id', ledger.orphans],
    ['installments.order_id>orders.id', schedule.orphans],
  ]);

  // The other keys: one scan of each child table for all its keys, each parent's keys hashed once (NOT
  // IN over a subquery that fits in work_mem is a hashed subplan), rather than one anti-join per key.
  const byChild = new Map<string, typeof keys.rows>();
  const missing = new Map<string, number>();
  for (const k of keys.rows) {
    const proven = provenAbove.get(`${k.child}.${k.column}>${k.parent}.${k.parent_column}`);
    if (proven !== undefined) missing.set(k.name, Number(proven));
    else byChild.set(k.child, [...(byChild.get(k.child) ?? []), k]);
  }
  for (const [child, childKeys] of byChild) {
    const counts = childKeys.map(
      (k, n) =>
        `count(*) filter (where c.${ident(k.column)} not in (select p.${ident(k.parent_column)} from ${ident(k.parent)} p where p.${ident(k.parent_column)} is not null)) as k${n}`,
    );
    const row = await first<Record<string, string>>(`foreign keys of ${child}`, `select ${counts.join(', ')} from ${ident(child)} c`);
    childKeys.forEach((k, n) => missing.set(k.name, Number(row[`k${n}`])));
  }
  const broken = keys.rows
    .filter((k) => (missing.get(k.name) ?? 0) > 0)
    .map((k) => `${missing.get(k.name)} ${k.child}.${k.column} without their ${k.parent} (${k.name})`);
  results.push({
    name: 'foreign keys',
    ok: broken.length === 0,
    sentence: broken.length === 0 ? `every one of ${keys.rowCount} foreign keys resolves` : `foreign keys do not resolve: ${broken.join('; ')}`,
  });

  const ledgerOk = Number(ledger.empty) === 0 && Number(ledger.unbalanced) === 0 && ledger.total === '0';
  results.push({
    name: 'ledger',
    ok: ledgerOk,
    sentence: ledgerOk
      ? `every one of ${ledger.entries} ledger entries has postings and balances, and all postings sum to 0`
      : `the ledger is broken: ${ledger.empty} entries without postings, ${ledger.unbalanced} entries that do not balance, all postings sum to ${ledger.total}`,
  });

  const credit = await first<{ smes: string; spend_off: string; amount_off: string }>(
    'credit',
    `select count(*) as smes,
            count(*) filter (where s.credit_spend <> coalesce(r.balance, 0)) as spend_off,
            count(*) filter (where s.credit_amount <> s.credit_limit - s.credit_spend or s.credit_amount < 0) as amount_off
     from smes s left join (select sme_id, sum(amount) as balance from ledger_postings where account = 'sme_receivable' group by sme_id) r on r.sme_id = s.id`,
  );
  const creditOk = Number(credit.spend_off) === 0 && Number(credit.amount_off) === 0;
  results.push({
    name: 'credit',
    ok: creditOk,
    sentence: creditOk
      ? `every one of ${credit.smes} SMEs has credit_spend = its receivable and credit_amount = limit − spend ≥ 0`
      : `credit is off: ${credit.spend_off} SMEs whose credit_spend is not their receivable, ${credit.amount_off} whose credit_amount is not limit − spend or is negative`,
  });

  const scheduleOk = Number(schedule.sum_off) === 0 && Number(schedule.paid_off) === 0 && Number(schedule.created_off) === 0;
  results.push({
    name: 'instalments',
    ok: scheduleOk,
    sentence: scheduleOk
      ? `every one of ${schedule.orders} orders has instalments summing to its amount and carrying its creation (the list's order), and is paid exactly when none is unpaid`
      : `instalments are off: ${schedule.sum_off} orders whose instalments do not sum to their amount, ${schedule.paid_off} whose paid flag disagrees with them, ` +
        `${schedule.created_off} whose instalments do not carry their creation`,
  });
  // The insurer an SME carries is the company whose user granted it credit (level 7), and each of its
  // orders carries the same (the trigger that copies it on insert was off).
  const insured = await first<{ smes: string; sme_off: string; orders: string; order_off: string }>(
    'insurers',
    `select (select count(*) from smes) as smes,
            (select count(*) from smes s left join (
               select l.user_id, min(u.insurance_company_id::text)::uuid as company from verification_logs l join users u on u.id = l.operator_user_id
               where l.level = 7 group by l.user_id) g on g.user_id = s.user_id
             where s.insured_by is distinct from g.company) as sme_off,
            count(*) as orders, count(*) filter (where o.insurer_id is distinct from s.insured_by) as order_off
     from orders o join smes s on s.id = o.sme_id`,
  );
  const insuredOk = Number(insured.sme_off) === 0 && Number(insured.order_off) === 0;
  results.push({
    name: 'insurers',
    ok: insuredOk,
    sentence: insuredOk
      ? `every one of ${insured.smes} SMEs carries the company that granted its credit, and every one of ${insured.orders} orders its SME's`
      : `insurers are off: ${insured.sme_off} SMEs whose insured_by is not the company of their level-7 decision, ${insured.order_off} orders whose insurer_id is not their SME's`,
  });

  // The rollups (ADR 23) equal their recomputation from the rows, each compared in one statement.
  const drifted: string[] = [];
  for (const { table, text } of differenceStatements()) {
    if ((await answer(`rollup ${table}`, text)).length > 0) drifted.push(table);
  }
  results.push({
    name: 'rollups',
    ok: drifted.length === 0,
    sentence: drifted.length === 0 ? 'every rollup equals its recomputation from the orders and the ledger' : `rollups differ from their recomputation: ${drifted.join(', ')}`,
  });
  return results;
}
