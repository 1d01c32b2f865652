// Installing, rebuilding, checking and compacting the rollups (rollups/definitions.ts, rollups/sql.ts).
import { sql } from 'drizzle-orm';
import { withTransaction, type Executor, type Tx } from '../transaction.js';
import { ROLLUPS, SOURCE_UPDATES } from './definitions.js';
import { compactSql, definitionHash, definitionSql, differencesSql, rebuildSql } from './sql.js';

export { ROLLUPS, rollupNamed, type RollupDefinition } from './definitions.js';

async function run(tx: Executor, statements: string[]): Promise<void> {
  for (const statement of statements) await tx.execute(sql.raw(statement));
}

/**
 * Refills every rollup from its source (the orders, their instalments, the ledger, the parties), holding them still meanwhile (a share lock lets
 * reads through and makes writers wait): after a bulk load, or when the rollups' definition changed.
 */
export async function rebuildRollups(tx: Tx): Promise<void> {
  await run(tx, rebuildStatements());
}

/** The rebuild as plain statements, for a caller on a pg client of its own (a bulk load). */
export function rebuildStatements(): string[] {
  return [`lock table ${Object.keys(SOURCE_UPDATES).join(', ')} in share mode`, ...ROLLUPS.flatMap(rebuildSql)];
}

/** Each rollup's comparison with its recomputation as a plain statement (rows only where they differ). */
export function differenceStatements(limit = 20): { table: string; text: string }[] {
  return ROLLUPS.map((rollup) => ({ table: rollup.table, text: differencesSql(rollup, limit) }));
}

/**
 * Brings the rollups' tables and triggers to their definition on start (under the caller's start-up
 * lock): nothing to do when the database holds this definition already; otherwise the old tables go,
 * the new ones are made and filled from the source in the same transaction.
 */
export async function installRollups(db: Executor): Promise<{ rebuilt: boolean }> {
  const hash = definitionHash();
  return withTransaction(db, async (tx) => {
    await tx.execute(sql`create table if not exists rollup_state (
      id boolean primary key default true check (id), definition_hash text not null, tables jsonb not null, built_at timestamptz not null)`);
    const state = await tx.execute<{ definition_hash: string; tables: string[] }>(sql`select definition_hash, tables from rollup_state`);
    const current = state.rows[0];
    if (current?.definition_hash === hash) return { rebuilt: false };
    for (const table of current?.tables ?? []) await tx.execute(sql.raw(`drop table if exists ${table}`));
    await run(tx, definitionSql());
    await rebuildRollups(tx);
    const tables = ROLLUPS.map((r) => r.table);
    await tx.execute(sql`insert into rollup_state (definition_hash, tables, built_at) values (${hash}, ${JSON.stringify(tables)}::jsonb, now())
      on conflict (id) do update set definition_hash = excluded.definition_hash, tables = excluded.tables, built_at = excluded.built_at`);
    return { rebuilt: true };
  });
}

export interface RollupDifference {
  table: string;
  /** The differing rows (keys as text, each measure kept and recomputed), at most the limit asked for. */
  rows: Record<string, unknown>[];
}

/** Every rollup compared with a full recomputation from its source, each in one statement (one snapshot). */
export async function verifyRollups(db: Executor, limit = 20): Promise<RollupDifference[]> {
  const differences: RollupDifference[] = [];
  for (const { table, text } of differenceStatements(limit)) {
    const result = await db.execute<Record<string, unknown>>(sql.raw(text));
    if (result.rows.length > 0) differences.push({ table, rows: result.rows });
  }
  return differences;
}

/** Folds every rollup's slots into slot 0 (in the caller's transaction, if any); returns the rows folded into. */
export async function compactRollups(db: Executor): Promise<number> {
  let folded = 0;
  for (const rollup of ROLLUPS) {
    await withTransaction(db, async (tx) => {
      const [fold, dropZeros] = compactSql(rollup);
      const result = await tx.execute(sql.raw(fold!));
      folded += result.rowCount ?? 0;
      await tx.execute(sql.raw(dropZeros!));
    });
  }
  return folded;
}
