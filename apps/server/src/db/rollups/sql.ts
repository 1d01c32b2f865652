// The SQL of the rollups, written from their definitions (rollups/definitions.ts): the tables, the
// triggers that keep them in the transaction of every change to their source, the full recomputation,
// the rebuild and the compaction.
//
// Each rollup row is (keys…, slot) → measures. A change adds its deltas to the row of its own slot, the
// server process's backend id (pg_backend_pid()): two transactions running at once are on two backends,
// so they never wait for each other on a rollup row however hot the figure (every order adds to the
// same platform-wide status count), and no two money steps can deadlock through them. A figure is the
// sum of its rows over every slot. The compaction (a job) folds the slots into slot 0, which only it
// writes, taking only rows no transaction holds (skip locked), so the tables stay small.
import { createHash } from 'node:crypto';
import { ROLLUPS, SOURCE_UPDATES, type RollupDefinition, type RollupSource } from './definitions.js';

const keyNames = (r: RollupDefinition) => r.keys.map((k) => k.name);
const measureNames = (r: RollupDefinition) => r.measures.map((m) => m.name);

export function createTableSql(r: RollupDefinition): string {
  const columns = [
    ...r.keys.map((k) => `${k.name} ${k.type} not null`),
    'slot integer not null',
    ...r.measures.map((m) => `${m.name} bigint not null`),
  ];
  return `create table ${r.table} (${columns.join(', ')}, primary key (${[...keyNames(r), 'slot'].join(', ')}))`;
}

/** The source rows' contributions, `sign` 1 or -1, from a table or transition table named `rows`. */
function contributions(r: RollupDefinition, rows: string, sign: 1 | -1): string {
  const keys = r.keys.map((k) => `${k.expr} as ${k.name}`);
  const measures = r.measures.map((m) => `${sign === 1 ? '' : '-'}(${m.expr})::bigint as ${m.name}`);
  return `select ${[...keys, ...measures].join(', ')} from ${rows} r ${r.joins ?? ''} where ${r.where}`;
}

/** The statement that adds a change's deltas to the current backend's slot, keys in order (no deadlock). */
function applySql(r: RollupDefinition, withOld: boolean): string {
  const keys = keyNames(r);
  const measures = measureNames(r);
  const parts = [contributions(r, 'new_rows', 1), ...(withOld ? [contributions(r, 'old_rows', -1)] : [])];
  const sums = measures.map((m) => `sum(${m})::bigint`);
  return `insert into ${r.table} (${[...keys, 'slot', ...measures].join(', ')})
    select ${[...keys, 'pg_backend_pid()', ...sums].join(', ')} from (${parts.join(' union all ')}) d
    group by ${keys.join(', ')} having ${sums.map((s) => `${s} <> 0`).join(' or ')}
    order by ${keys.join(', ')}
    on conflict (${[...keys, 'slot'].join(', ')}) do update set ${measures.map((m) => `${m} = ${r.table}.${m} + excluded.${m}`).join(', ')}`;
}

const functionName = (source: RollupSource) => `rollups_keep_${source}`;

/** One trigger function a source table: on insert its new rows add, on update its old rows subtract too. */
export function triggerFunctionSql(source: RollupSource): string {
  const rollups = ROLLUPS.filter((r) => r.source === source);
  const onInsert = rollups.map((r) => `${applySql(r, false)};`).join('\n    ');
  const onUpdate = rollups.map((r) => `${applySql(r, true)};`).join('\n    ');
  return `create or replace function ${functionName(source)}() returns trigger language plpgsql as $fn$
begin
  if tg_op = 'INSERT' then
    ${onInsert}
  elsif tg_op = 'UPDATE' then
    ${onUpdate}
  end if;
  return null;
end $fn$`;
}

/** Statement-level triggers with transition tables: one pass over the rows a statement changed. */
export function triggerSql(source: RollupSource): string[] {
  const fn = functionName(source);
  const statements = [
    `drop trigger if exists ${source}_rollups_insert on ${source}`,
    `create trigger ${source}_rollups_insert after insert on ${source} referencing new table as new_rows for each statement execute function ${fn}()`,
    `drop trigger if exists ${source}_rollups_update on ${source}`,
  ];
  if (SOURCE_UPDATES[source]) {
    statements.push(
      `create trigger ${source}_rollups_update after update on ${source} referencing old table as old_rows new table as new_rows for each statement execute function ${fn}()`,
    );
  }
  return statements;
}

/** The rollup as a full recomputation from its source: (keys…, measures…), rows whose measures are not all 0. */
export function recomputeSql(r: RollupDefinition): string {
  const keys = keyNames(r);
  const sums = measureNames(r).map((m) => `sum(${m})::bigint as ${m}`);
  return `select ${[...keys, ...sums].join(', ')} from (${contributions(r, r.source, 1)}) c group by ${keys.join(', ')}
    having ${measureNames(r).map((m) => `sum(${m}) <> 0`).join(' or ')}`;
}

/** The rollup as kept: its slots summed, rows whose measures are not all 0. */
export function keptSql(r: RollupDefinition): string {
  const keys = keyNames(r);
  const sums = measureNames(r).map((m) => `sum(${m})::bigint as ${m}`);
  return `select ${[...keys, ...sums].join(', ')} from ${r.table} group by ${keys.join(', ')}
    having ${measureNames(r).map((m) => `sum(${m}) <> 0`).join(' or ')}`;
}

/** Rows where the kept rollup and its recomputation differ (a key missing on one side, or another sum). */
export function differencesSql(r: RollupDefinition, limit: number): string {
  const keys = keyNames(r);
  const measures = measureNames(r);
  const columns = [
    ...keys.map((k) => `coalesce(kept.${k}, fresh.${k})::text as ${k}`),
    ...measures.flatMap((m) => [`coalesce(kept.${m}, 0) as kept_${m}`, `coalesce(fresh.${m}, 0) as recomputed_${m}`]),
  ];
  return `select ${columns.join(', ')} from (${keptSql(r)}) kept full join (${recomputeSql(r)}) fresh
    on ${keys.map((k) => `kept.${k} = fresh.${k}`).join(' and ')}
    where ${measures.map((m) => `coalesce(kept.${m}, 0) <> coalesce(fresh.${m}, 0)`).join(' or ')}
    order by ${keys.map((k) => `coalesce(kept.${k}, fresh.${k})`).join(', ')} limit ${limit}`;
}

/** Refills a rollup from its source into slot 0 (the caller holds its source still). */
export function rebuildSql(r: RollupDefinition): string[] {
  const keys = keyNames(r);
  const measures = measureNames(r);
  return [
    `truncate ${r.table}`,
    `insert into ${r.table} (${[...keys, 'slot', ...measures].join(', ')}) select ${[...keys, '0', ...measures].join(', ')} from (${recomputeSql(r)}) c`,
  ];
}

/**
 * Folds the rows of every slot but 0 into slot 0, skipping rows an open transaction holds (they are
 * folded next time), then drops slot-0 rows left at zero. Slot 0 is written by this statement only.
 */
export function compactSql(r: RollupDefinition): string[] {
  const keys = keyNames(r);
  const measures = measureNames(r);
  return [
    `with moved as (
      delete from ${r.table} where ctid in (select ctid from ${r.table} where slot <> 0 for update skip locked)
      returning ${[...keys, ...measures].join(', ')}
    )
    insert into ${r.table} (${[...keys, 'slot', ...measures].join(', ')})
      select ${[...keys, '0', ...measures.map((m) => `sum(${m})::bigint`)].join(', ')} from moved group by ${keys.join(', ')} order by ${keys.join(', ')}
    on conflict (${[...keys, 'slot'].join(', ')}) do update set ${measures.map((m) => `${m} = ${r.table}.${m} + excluded.${m}`).join(', ')}`,
    `delete from ${r.table} where slot = 0 and ${measures.map((m) => `${m} = 0`).join(' and ')}`,
  ];
}

/** Everything that defines the rollups in the database: when it changes, they are rebuilt. */
export function definitionSql(): string[] {
  return [
    ...ROLLUPS.map(createTableSql),
    ...(Object.keys(SOURCE_UPDATES) as RollupSource[]).flatMap((source) => [triggerFunctionSql(source), ...triggerSql(source)]),
  ];
}

export function definitionHash(): string {
  return createHash('sha256').update(definitionSql().join(';\n')).digest('hex');
}
