// Brings a database to the current schema: the SQL migrations kept beside this file (copied into dist
// by the build), then the rollups' tables and triggers, which are written from their definitions
// (db/rollups) and rebuilt from the orders and the ledger whenever those change.
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './client.js';
import { installRollups } from './rollups/index.js';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  await installRollups(db);
}
