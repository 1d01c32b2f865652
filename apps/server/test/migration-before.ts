// A database that stands where the migrations stood before a given one, to test that migration on
// rows written the old way: the same migration files, the journal cut short.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { createDatabase, type Database, type Db } from '../src/db/client.js';
import { MIGRATIONS_FOLDER } from '../src/db/migrate.js';

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Registers the hooks of a describe block that tests migration `index`; `open()` answers a connection
 * to a fresh database migrated up to the one before it (the caller closes it).
 */
export function useDatabaseBefore(index: number): { open: () => Promise<Database> } {
  const name = `mig${index}_${Date.now().toString(36)}`;
  let folder = '';

  beforeAll(async () => {
    await adminQuery(`create database ${name}`);
    folder = mkdtempSync(path.join(tmpdir(), 'qist-migrations-'));
    mkdirSync(path.join(folder, 'meta'));
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.idx < index);
    writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
    for (const entry of journal.entries) copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  });

  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await adminQuery(`drop database if exists ${name} with (force)`);
  });

  return {
    open: async () => {
      const database = createDatabase(inject('pgTemplateUrl').replace(/\/[^/]+$/, `/${name}`), 1);
      await migrate(database.db, { migrationsFolder: folder });
      return database;
    },
  };
}

/** An SME (level 8) and a supplier (level 5, 10% discount) written as plain rows, as an old database holds them. */
export async function insertOldParties(db: Db): Promise<{ smeRow: string; providerRow: string }> {
  const user = async (email: string, role: string) =>
    (await db.execute<{ id: string }>(sql`insert into users (email, password_hash, role, name) values (${email}, 'x', ${role}, ${email}) returning id`)).rows[0]!.id;
  const smeRow = (await db.execute<{ id: string }>(sql`insert into smes (user_id, level) values (${await user('old-sme@example.test', 'sme')}, 8) returning id`)).rows[0]!.id;
  const providerRow = (
    await db.execute<{ id: string }>(sql`insert into providers (user_id, level, tax_rate) values (${await user('old-supplier@example.test', 'provider')}, 5, 1000) returning id`)
  ).rows[0]!.id;
  return { smeRow, providerRow };
}
