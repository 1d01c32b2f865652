// npm run restore's work: the whole file checked first (readArchiveSummary), the targets checked empty,
// the file unpacked into a staging folder inside DATA_DIR, then moved into place: a physical copy
// becomes DATA_DIR/postgres (its first start replays the WAL it carries up to the backup's stop point),
// a pg_dump is loaded by pg_restore in one transaction into the empty database at DATABASE_URL.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { extract } from 'tar';
import { uploadsDir, type Config } from '../../config.js';
import { startEmbeddedPostgres } from '../../db/embedded.js';
import { MIGRATIONS_FOLDER } from '../../db/migrate.js';
import { DATA_DIR_FILES, DUMP_NAME, MANIFEST_NAME, PHYSICAL_DIR, UPLOADS_DIR, readArchiveSummary, walkFiles, type BackupManifest } from './archive.js';
import { clientConnection, findPgTool, runPgTool } from './pg-tools.js';
import { databaseFacts, megabytes, type DatabaseFacts } from './take-backup.js';

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return true;
  return (await readdir(dir)).length === 0;
}

/** The migrations this build of the product knows. */
function knownMigrations(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/** Tables outside PostgreSQL's own schemas: a database with any is not empty. */
async function tableCount(client: pg.Client): Promise<number> {
  const result = await client.query<{ n: string }>(
    `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`,
  );
  return Number(result.rows[0]!.n);
}

/** Moves `from` to `to`, `to` being missing or an empty folder. */
async function moveInto(from: string, to: string): Promise<void> {
  if (existsSync(to)) await rmdir(to);
  await rename(from, to);
}

/** As root the embedded server runs as the 'postgres' user (db/embedded.ts): its folder must be that user's. */
async function giveToPostgresUser(dir: string): Promise<void> {
  if (userInfo().uid !== 0) return;
  let uid: number;
  let gid: number;
  try {
    uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  } catch {
    throw new Error("run as root, the restore needs the 'postgres' user the embedded server runs as: create it (useradd postgres) or restore as the user that runs the product");
  }
  await chown(dir, uid, gid);
  for await (const entry of walkFiles(dir)) await chown(entry.full, uid, gid);
}

export interface RestoreResult {
  manifest: BackupManifest;
  facts: DatabaseFacts;
}

export async function restoreBackup(config: Config, file: string, log: (line: string) => void): Promise<RestoreResult> {
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  const { manifest } = await readArchiveSummary(file);
  log(`${file}: a ${manifest.method} backup of ${manifest.createdAt}, PostgreSQL ${manifest.serverVersion}, ${manifest.migrations} migrations, ${manifest.uploads.files} uploaded files; the whole file reads back`);

  const known = knownMigrations();
  if (manifest.migrations > known) {
    throw new Error(`this backup's database has ${manifest.migrations} migrations and this version of the product knows ${known}: restore it with the version that made it, or a newer one`);
  }
  if (manifest.currency && manifest.currency !== config.currency.code) {
    throw new Error(`this backup's database is in ${manifest.currency}: set CURRENCY=${manifest.currency} (the product refuses to run it in ${config.currency.code})`);
  }
  const uploads = uploadsDir(config);
  if (!(await isEmptyOrMissing(uploads))) throw new Error(`${uploads} is not empty: restore into a DATA_DIR without uploaded files`);

  const pgDir = path.join(config.dataDir, 'postgres');
  let restoreDump: ((dumpFile: string) => Promise<void>) | undefined;
  if (manifest.method === 'physical') {
    if (config.databaseUrl) {
      throw new Error('this backup is a physical copy of the embedded database: restore it with DATABASE_URL unset, into a DATA_DIR without a database (DATA_DIR/postgres missing or empty)');
    }
    if (!(await isEmptyOrMissing(pgDir))) throw new Error(`${pgDir} is not empty: restore into a DATA_DIR without a database (stop the product and choose a new DATA_DIR)`);
  } else {
    if (!config.databaseUrl) {
      throw new Error('this backup was taken with pg_dump from a database at DATABASE_URL: set DATABASE_URL to an empty database to restore it');
    }
    restoreDump = await prepareDumpRestore(config.databaseUrl, manifest, log);
  }

  await mkdir(config.dataDir, { recursive: true });
  const staging = await mkdtemp(path.join(config.dataDir, '.restore-'));
  try {
    await extract({ file, cwd: staging, strict: true, preserveOwner: false, filter: (name) => name !== MANIFEST_NAME });
    if (manifest.method === 'physical') {
      const restored = path.join(staging, PHYSICAL_DIR);
      // PostgreSQL refuses a data directory others can read; these folders are left empty by the backup.
      await chmod(restored, 0o700);
      for (const folder of ['pg_wal/archive_status', 'pg_wal/summaries']) await mkdir(path.join(restored, folder), { recursive: true, mode: 0o700 });
      await giveToPostgresUser(restored);
      await moveInto(restored, pgDir);
      log(`database: ${manifest.database.files} files (${megabytes(manifest.database.bytes)}) in ${pgDir}`);
    } else {
      await restoreDump!(path.join(staging, DUMP_NAME));
    }
    if (existsSync(path.join(staging, UPLOADS_DIR))) await moveInto(path.join(staging, UPLOADS_DIR), uploads);
    log(`uploads: ${manifest.uploads.files} files (${megabytes(manifest.uploads.bytes)}) in ${uploads}`);
    for (const name of DATA_DIR_FILES) {
      if (existsSync(path.join(staging, name))) await rename(path.join(staging, name), path.join(config.dataDir, name));
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }

  const facts = await checkRestored(config, manifest);
  log(`database: PostgreSQL ${facts.serverVersion} answers with ${facts.migrations} migrations and currency ${facts.currency ?? 'unset'}`);
  return { manifest, facts };
}

/** Checks DATABASE_URL can take the dump (empty, a pg_restore that reads it); returns the step that loads it. */
async function prepareDumpRestore(url: string, manifest: BackupManifest, log: (line: string) => void): Promise<(dumpFile: string) => Promise<void>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let serverMajor: number;
  try {
    const tables = await tableCount(client);
    if (tables > 0) throw new Error(`the database at DATABASE_URL already has ${tables} tables: restore into an empty database (createdb a new one)`);
    serverMajor = Math.floor((await databaseFacts(client)).serverVersionNum / 10000);
  } finally {
    await client.end();
  }
  const dumpMajor = Number.parseInt(manifest.pgDumpVersion ?? '0', 10);
  const pgRestore = await findPgTool('pg_restore', Math.max(serverMajor, dumpMajor), `to restore a dump of pg_dump ${manifest.pgDumpVersion ?? '?'} into PostgreSQL ${serverMajor}`);
  return async (dumpFile) => {
    const connection = clientConnection(url);
    log(`database: pg_restore ${pgRestore.version} (${pgRestore.path}), in one transaction`);
    await runPgTool(
      pgRestore,
      ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', '--no-password', `--dbname=${connection.dbname}`, dumpFile],
      connection.env,
    );
  };
}

/** The restored database answers, with the migrations the backup had: the physical copy's first start replays its WAL here. */
async function checkRestored(config: Config, manifest: BackupManifest): Promise<DatabaseFacts> {
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres({ dataDir: config.dataDir });
  const client = new pg.Client({ connectionString: config.databaseUrl ?? embedded!.url });
  try {
    await client.connect();
    const facts = await databaseFacts(client);
    if (facts.migrations !== manifest.migrations) {
      throw new Error(`the restored database has ${facts.migrations} migrations where the backup had ${manifest.migrations}`);
    }
    return facts;
  } finally {
    await client.end().catch(() => {});
    await embedded?.stop();
  }
}
