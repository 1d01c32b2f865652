// npm run backup's work: the database part (pg_dump of DATABASE_URL, or a physical copy of the embedded
// server's data directory under PostgreSQL's non-exclusive backup API), then the uploaded files, then the
// manifest. The database's point in time comes first so that every file a backed-up row names is copied.
import { existsSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { uploadsDir, type Config } from '../../config.js';
import { startEmbeddedPostgres } from '../../db/embedded.js';
import {
  ArchiveWriter,
  BACKUP_FORMAT,
  DATA_DIR_FILES,
  DUMP_NAME,
  MANIFEST_NAME,
  PHYSICAL_DIR,
  UPLOADS_DIR,
  addTree,
  walkFiles,
  type BackupManifest,
} from './archive.js';
import { clientConnection, findPgTool, runPgTool } from './pg-tools.js';

export interface DatabaseFacts {
  serverVersion: string;
  serverVersionNum: number;
  currency: string | null;
  migrations: number;
}

export async function databaseFacts(client: pg.Client): Promise<DatabaseFacts> {
  const version = await client.query<{ version: string; num: number }>(
    `select current_setting('server_version') as version, current_setting('server_version_num')::int as num`,
  );
  const tables = await client.query<{ settings: string | null; migrations: string | null }>(
    `select to_regclass('public.platform_settings')::text as settings, to_regclass('drizzle.__drizzle_migrations')::text as migrations`,
  );
  const currency = tables.rows[0]?.settings ? (await client.query<{ currency: string | null }>('select currency from platform_settings limit 1')).rows[0]?.currency : null;
  const migrations = tables.rows[0]?.migrations ? Number((await client.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations')).rows[0]?.n) : 0;
  const row = version.rows[0]!;
  return { serverVersion: row.version.split(' ')[0]!, serverVersionNum: row.num, currency: currency ?? null, migrations };
}

export interface BackupResult {
  manifest: BackupManifest;
  /** Bytes of the file written (compressed). */
  fileBytes: number;
}

export async function takeBackup(config: Config, file: string, log: (line: string) => void): Promise<BackupResult> {
  if (existsSync(file)) throw new Error(`${file} already exists: a backup never overwrites one, give a new name`);
  if (!existsSync(path.dirname(path.resolve(file)))) throw new Error(`the folder of ${file} does not exist`);
  const writer = ArchiveWriter.create(file);
  try {
    const part = config.databaseUrl ? await dumpDatabase(config.databaseUrl, writer, log) : await copyEmbeddedDatabase(config, writer, log);
    const uploads = existsSync(uploadsDir(config)) ? await addTree(writer, uploadsDir(config), UPLOADS_DIR) : { files: 0, bytes: 0 };
    log(`uploads: ${uploads.files} files, ${megabytes(uploads.bytes)}`);
    for (const name of DATA_DIR_FILES) {
      // The embedded server's password only goes with a copy of that server.
      if (name === 'postgres-credentials.json' && config.databaseUrl) continue;
      const source = path.join(config.dataDir, name);
      if (existsSync(source)) await writer.addFile(name, source);
    }
    const manifest: BackupManifest = { format: BACKUP_FORMAT, createdAt: new Date().toISOString(), ...part, uploads };
    await writer.addBuffer(MANIFEST_NAME, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    await writer.finish();
    return { manifest, fileBytes: (await stat(file)).size };
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

type DatabasePart = Omit<BackupManifest, 'format' | 'createdAt' | 'uploads'>;

/** pg_dump's custom format, consistent by pg_dump's own snapshot, written beside FILE and then copied in. */
async function dumpDatabase(url: string, writer: ArchiveWriter, log: (line: string) => void): Promise<DatabasePart> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let facts: DatabaseFacts;
  try {
    facts = await databaseFacts(client);
  } finally {
    await client.end();
  }
  const major = Math.floor(facts.serverVersionNum / 10000);
  const pgDump = await findPgTool('pg_dump', major, `to back up PostgreSQL ${facts.serverVersion} at DATABASE_URL`);
  const dumpFile = `${writer.partial}.dump`;
  const connection = clientConnection(url);
  try {
    log(`database: pg_dump ${pgDump.version} (${pgDump.path}) of PostgreSQL ${facts.serverVersion}`);
    // Uncompressed: the whole backup file is gzip'd once.
    await runPgTool(pgDump, ['--format=custom', '--compress=0', '--no-password', `--file=${dumpFile}`, `--dbname=${connection.dbname}`], connection.env);
    const bytes = (await writer.addFile(DUMP_NAME, dumpFile))!;
    log(`database: ${megabytes(bytes)} dump`);
    return { method: 'pg_dump', ...facts, pgDumpVersion: pgDump.version, database: { files: 1, bytes } };
  } finally {
    await rm(dumpFile, { force: true });
  }
}

/** Top-level entries of the data directory a base backup leaves out (PostgreSQL docs, "Backing Up the Data Directory"). */
const SKIPPED_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'backup_label.old', 'tablespace_map', 'backup_manifest', 'postgresql.auto.conf.tmp', 'current_logfiles']);
/** Folders kept empty: recreated or reset at start, or (pg_replslot) slots that must not travel. */
const EMPTIED_FOLDERS = new Set(['pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

function isSkipped(relative: string): boolean {
  const parts = relative.split('/');
  const name = parts[parts.length - 1]!;
  if (parts.length === 1 && SKIPPED_FILES.has(name)) return true;
  if (parts.length > 1 && EMPTIED_FOLDERS.has(parts[0]!)) return true;
  if (name.startsWith('pgsql_tmp') || parts.some((p) => p.startsWith('pgsql_tmp'))) return true;
  return name === 'pg_internal.init';
}

/**
 * An online physical backup of the embedded server, taken by the product itself (no pg_dump of its
 * major exists on the machine): pg_backup_start on one connection, the data directory copied while the
 * server keeps running, pg_backup_stop's backup_label written into the copy, then the WAL from the start
 * segment through the stop segment, so that the copy recovers to the stop point without an archive.
 * A temporary replication slot made on that connection keeps those WAL segments from being recycled
 * while the copy runs; it goes when the connection does.
 */
async function copyEmbeddedDatabase(config: Config, writer: ArchiveWriter, log: (line: string) => void): Promise<DatabasePart> {
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir });
  const pgDir = path.join(config.dataDir, 'postgres');
  const client = new pg.Client({ connectionString: embedded.url, application_name: 'qist backup' });
  try {
    await client.connect();
    const facts = await databaseFacts(client);
    const slot = `qist_backup_${process.pid}`;
    await client.query('select pg_create_physical_replication_slot($1, true, true)', [slot]);
    const label = `qist backup ${new Date().toISOString()}`;
    const start = await client.query<{ lsn: string }>('select pg_backup_start($1, true) as lsn', [label]);
    const startLsn = start.rows[0]!.lsn;
    log(`database: physical copy of PostgreSQL ${facts.serverVersion}, backup started at ${startLsn}`);

    const database = { files: 0, bytes: 0 };
    const add = async (name: string, source: string) => {
      const bytes = await writer.addFile(name, source);
      if (bytes === undefined) return;
      database.files += 1;
      database.bytes += bytes;
    };
    await writer.addDirectory(PHYSICAL_DIR);
    for await (const entry of walkFiles(pgDir)) {
      if (isSkipped(entry.relative)) continue;
      const name = `${PHYSICAL_DIR}/${entry.relative}`;
      if (entry.isSymbolicLink) throw new Error(`${entry.full} is a symbolic link (a tablespace?): the embedded backup copies one data directory only`);
      if (entry.isDirectory) await writer.addDirectory(name);
      // pg_wal: its folders, no segment (the ones the backup needs are taken after the stop).
      else if (entry.relative.startsWith('pg_wal/')) continue;
      // The control file last, as pg_basebackup sends it.
      else if (entry.relative !== 'global/pg_control') await add(name, entry.full);
    }
    await add(`${PHYSICAL_DIR}/global/pg_control`, path.join(pgDir, 'global', 'pg_control'));

    const stop = await client.query<{ lsn: string; labelfile: string; spcmapfile: string | null }>('select lsn, labelfile, spcmapfile from pg_backup_stop(false)');
    const { lsn: stopLsn, labelfile, spcmapfile } = stop.rows[0]!;
    const addText = async (name: string, text: string) => {
      const bytes = Buffer.from(text, 'utf8');
      await writer.addBuffer(name, bytes);
      database.files += 1;
      database.bytes += bytes.length;
    };
    // Written byte for byte as pg_backup_stop gave them: recovery starts from the checkpoint they name.
    await addText(`${PHYSICAL_DIR}/backup_label`, labelfile);
    if (spcmapfile) await addText(`${PHYSICAL_DIR}/tablespace_map`, spcmapfile);

    const names = await client.query<{ first: string; last: string }>('select pg_walfile_name($1) as first, pg_walfile_name($2) as last', [startLsn, stopLsn]);
    const { first, last } = names.rows[0]!;
    const walDir = path.join(pgDir, 'pg_wal');
    const onDisk = (await readdir(walDir)).sort();
    const segments = onDisk.filter((n) => WAL_SEGMENT.test(n) && n >= first && n <= last);
    const segmentBytes = Number((await client.query<{ size: string }>(`select setting as size from pg_settings where name = 'wal_segment_size'`)).rows[0]!.size);
    if (segments[0] !== first || segments.length !== segmentIndex(last, segmentBytes) - segmentIndex(first, segmentBytes) + 1) {
      throw new Error(`the WAL segments from ${first} to ${last} are not all in ${walDir} (found ${segments.join(', ') || 'none'}): the copy could not be made consistent`);
    }
    for (const segment of segments) await add(`${PHYSICAL_DIR}/pg_wal/${segment}`, path.join(walDir, segment));
    // A server restored before runs on a later timeline: its history files travel too (they are tiny).
    for (const history of onDisk.filter((n) => n.endsWith('.history'))) await add(`${PHYSICAL_DIR}/pg_wal/${history}`, path.join(walDir, history));
    await client.query('select pg_drop_replication_slot($1)', [slot]);
    log(`database: ${database.files} files, ${megabytes(database.bytes)}, WAL ${first} … ${last} (${segments.length} segments), backup stopped at ${stopLsn}`);
    return { method: 'physical', ...facts, database, wal: { first, last, segments: segments.length } };
  } finally {
    // Ending the session ends a backup left running by an error (non-exclusive mode) and drops the slot.
    await client.end().catch(() => {});
    await embedded.stop();
  }
}

/** A segment's number along its timeline: its name holds the log id and the segment within it. */
function segmentIndex(name: string, segmentBytes: number): number {
  return Number.parseInt(name.slice(8, 16), 16) * (0x1_0000_0000 / segmentBytes) + Number.parseInt(name.slice(16, 24), 16);
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
