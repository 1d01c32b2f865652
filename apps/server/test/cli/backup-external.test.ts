// npm run backup / restore with DATABASE_URL: Debian's PostgreSQL 15, migrated and written by the
// product, backed up with pg_dump, restored into a new empty database and compared; a database that
// is not empty is refused, and so is a server newer than every pg_dump on the machine.
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { restoreBackup } from '../../src/cli/backup/restore-backup.js';
import { findPgTool } from '../../src/cli/backup/pg-tools.js';
import { createDatabase, type Database } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { SAMPLE_FILES, TEST_SESSION_SECRET, bearer, body, createAccount, loginAs, multipart, testConfig } from '../helpers.js';
import { startDebianPostgres, type ExternalPostgres } from '../external-postgres.js';
import { runCli } from './run-cli.js';

const root = mkdtempSync(path.join(tmpdir(), 'qist-backup-external-'));
chmodSync(root, 0o711);
const source = path.join(root, 'source');
const target = path.join(root, 'target');
const file = path.join(root, 'qist.tar.gz');

let server: ExternalPostgres | undefined;
let database: Database | undefined;
let app: FastifyInstance | undefined;
let restored: Database | undefined;

beforeAll(async () => {
  // With a password, as a deployment's server has: the tools are given it without a command line.
  server = await startDebianPostgres({ password: 'external-secret-42' });
  await server.createDatabase('qist_source');
  await server.createDatabase('qist_target');
  database = createDatabase(server.url('qist_source'), 4);
  await runMigrations(database.db);
  app = await buildApp({ config: testConfig({ DATA_DIR: source, DATABASE_URL: server.url('qist_source') }), db: database.db, logger: false, runDispatcher: false, runJobs: false });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await restored?.close();
  server?.stop();
  rmSync(root, { recursive: true, force: true });
});

type Row = Record<string, unknown>;
const rows = async (db: Database['db'], query: ReturnType<typeof sql>) => (await db.execute<Row>(query)).rows;

describe('npm run backup and npm run restore, external PostgreSQL 15', () => {
  it('dumps with pg_dump, restores into an empty database, and the rows and files are the same', async () => {
    const db = database!.db;
    const provider = await createAccount(db, { role: 'provider', level: 5 });
    const providerId = (await rows(db, sql`select id from providers where user_id = ${provider.id}`))[0]!.id as string;
    const sme = await createAccount(db, { role: 'sme', level: 8, creditLimit: 1_000_000 });
    const headers = bearer(await loginAs(app!, sme));
    for (let i = 0; i < 10; i += 1) {
      const order = await app!.inject({ method: 'POST', url: '/api/v1/sme/order/create', headers, payload: { providerId, amount: 40 + i, description: `order ${i}` } });
      expect(order.statusCode, order.body).toBe(200);
    }
    const applicant = await createAccount(db, { role: 'sme', level: 3 });
    const form = multipart({ title: 'CR license' }, { field: 'smeDoc', filename: 'cr.pdf', contentType: 'application/pdf', bytes: SAMPLE_FILES.pdf });
    const upload = await app!.inject({ method: 'POST', url: '/api/v1/sme/doc/upload', headers: { ...bearer(await loginAs(app!, applicant)), ...form.headers }, payload: form.payload });
    expect(upload.statusCode, upload.body).toBe(200);
    const docId = body(upload).content.doc._id as string;

    const backup = await runCli('backup', [file], { DATA_DIR: source, DATABASE_URL: server!.url('qist_source'), SESSION_SECRET: TEST_SESSION_SECRET });
    expect(backup.err).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.out).toMatch(/database: pg_dump 15\.\d+ \(.*\/pg_dump\) of PostgreSQL 15\./);
    expect(backup.out).toContain('uploads: 1 files');

    const restore = await runCli('restore', [file], { DATA_DIR: target, DATABASE_URL: server!.url('qist_target'), SESSION_SECRET: TEST_SESSION_SECRET });
    expect(restore.err).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.out).toMatch(/pg_restore 15\.\d+/);

    restored = createDatabase(server!.url('qist_target'), 2);
    const rdb = restored.db;
    for (const table of ['orders', 'installments', 'ledger_entries', 'ledger_postings', 'smes', 'users', 'documents', 'audit_events']) {
      const query = sql`select * from ${sql.identifier(table)} order by 1`;
      expect(await rows(rdb, query), table).toEqual(await rows(db, query));
    }
    const [ledger] = await rows(rdb, sql`select coalesce(sum(amount), 0)::bigint as total, count(*)::int as postings from ledger_postings`);
    expect(Number(ledger!.total)).toBe(0);
    expect(ledger!.postings).toBeGreaterThan(0);
    const [doc] = await rows(rdb, sql`select file_name from documents where id = ${docId}`);
    expect(readdirSync(path.join(target, 'uploads'))).toEqual([doc!.file_name]);
    expect(readFileSync(path.join(target, 'uploads', doc!.file_name as string)).equals(readFileSync(path.join(source, 'uploads', doc!.file_name as string)))).toBe(true);

    const audit = await runCli('audit-verify', [], { DATA_DIR: target, DATABASE_URL: server!.url('qist_target'), SESSION_SECRET: TEST_SESSION_SECRET });
    expect(audit.code, audit.err).toBe(0);
    expect(audit.out).toContain('the chain holds');
  }, 120_000);

  it('refuses a database that has tables, and a server newer than every pg_dump on the machine', async () => {
    const log = () => {};
    const into = testConfig({ DATA_DIR: path.join(root, 'again'), DATABASE_URL: server!.url('qist_source') });
    await expect(restoreBackup(into, file, log)).rejects.toThrow(/the database at DATABASE_URL already has \d+ tables: restore into an empty database/);
    // A server newer than every client program on the machine (a major no machine has yet).
    await expect(findPgTool('pg_dump', 99, 'to back up PostgreSQL 99.1 at DATABASE_URL')).rejects.toThrow(
      /^pg_dump 99 or newer is needed to back up PostgreSQL 99\.1 at DATABASE_URL, and none was found \(found only .*15\.\d+ at \/usr\/lib\/postgresql\/15\/bin\/pg_dump.*\)\. Install PostgreSQL 99's client programs/,
    );
  });
});
