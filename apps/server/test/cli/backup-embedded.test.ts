// npm run backup / restore on the embedded PostgreSQL: the product writes orders and uploaded files on a
// DATA_DIR while the backup runs beside it; the file restores into a new DATA_DIR whose server starts,
// holds every row written before the backup began, holds the rows written during it whole or not at all,
// passes audit:verify and rollups:verify, and has the uploaded files byte for byte.
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createDatabase, type Database } from '../../src/db/client.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded.js';
import { runMigrations } from '../../src/db/migrate.js';
import { restoreBackup } from '../../src/cli/backup/restore-backup.js';
import { takeBackup } from '../../src/cli/backup/take-backup.js';
import { SAMPLE_FILES, TEST_SESSION_SECRET, bearer, body, createAccount, loginAs, multipart, testConfig, type TestAccount } from '../helpers.js';
import { runCli } from './run-cli.js';

interface Running {
  embedded: EmbeddedDatabase;
  database: Database;
  app: FastifyInstance;
}

async function startProduct(dataDir: string, migrate: boolean): Promise<Running> {
  const embedded = await startEmbeddedPostgres({ dataDir });
  const database = createDatabase(embedded.url, 4);
  if (migrate) await runMigrations(database.db);
  const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), db: database.db, logger: false, runDispatcher: false, runJobs: false });
  await app.ready();
  return { embedded, database, app };
}

async function stopProduct(running: Running | undefined): Promise<void> {
  await running?.app.close();
  await running?.database.close();
  await running?.embedded.stop();
}

const root = mkdtempSync(path.join(tmpdir(), 'qist-backup-'));
// Run as root, the embedded servers run as the 'postgres' user, which must reach their DATA_DIRs in here.
chmodSync(root, 0o711);
const source = path.join(root, 'source');
const target = path.join(root, 'target');
const file = path.join(root, 'qist.tar.gz');
const env = (dataDir: string) => ({ DATA_DIR: dataDir, SESSION_SECRET: TEST_SESSION_SECRET });

let product: Running | undefined;
let restored: Running | undefined;

afterAll(async () => {
  await stopProduct(product);
  await stopProduct(restored);
  rmSync(root, { recursive: true, force: true });
});

type Row = Record<string, unknown>;
const rows = async (db: Database['db'], query: ReturnType<typeof sql>) => (await db.execute<Row>(query)).rows;
const ordersOf = (db: Database['db']) => rows(db, sql`select * from orders order by id`);

describe('npm run backup and npm run restore, embedded PostgreSQL', () => {
  let sme: TestAccount;
  let smeHeaders: Record<string, string>;
  let providerId: string;

  beforeAll(async () => {
    product = await startProduct(source, true);
    const provider = await createAccount(product.database.db, { role: 'provider', level: 5, company: 'Gulf Packaging' });
    providerId = (await rows(product.database.db, sql`select id from providers where user_id = ${provider.id}`))[0]!.id as string;
    sme = await createAccount(product.database.db, { role: 'sme', level: 8, creditLimit: 1_000_000_000 });
    smeHeaders = bearer(await loginAs(product.app, sme));
  });

  const createOrder = async (description: string) => {
    const response = await product!.app.inject({ method: 'POST', url: '/api/v1/sme/order/create', headers: smeHeaders, payload: { providerId, amount: 125, description } });
    expect(response.statusCode, response.body).toBe(200);
    return body(response).content.order._id as string;
  };

  it('copies the database online while orders are written, and restores it whole, with the uploaded files', async () => {
    const db = product!.database.db;
    // Uploaded files: an applicant SME's documents (a PNG and a PDF).
    const applicant = await createAccount(db, { role: 'sme', level: 3 });
    const applicantHeaders = bearer(await loginAs(product!.app, applicant));
    for (const [title, name, type, bytes] of [
      ['CR license', 'cr.png', 'image/png', SAMPLE_FILES.png],
      ['ID of shareholders', 'id.pdf', 'application/pdf', SAMPLE_FILES.pdf],
    ] as const) {
      const form = multipart({ title }, { field: 'smeDoc', filename: name, contentType: type, bytes });
      const upload = await product!.app.inject({ method: 'POST', url: '/api/v1/sme/doc/upload', headers: { ...applicantHeaders, ...form.headers }, payload: form.payload });
      expect(upload.statusCode, upload.body).toBe(200);
    }
    for (let i = 0; i < 20; i += 1) await createOrder(`before ${i}`);
    const before = await ordersOf(db);
    const uploads = path.join(source, 'uploads');
    expect(readdirSync(uploads)).toHaveLength(2);

    // Orders keep being written, two at a time, until the backup has ended and 10 more were written.
    let backupDone = false;
    let writtenAfterEnd = 0;
    const writer = async (lane: number) => {
      for (let i = 0; !backupDone || writtenAfterEnd < 10; i += 1) {
        const ended = backupDone;
        await createOrder(`during ${lane}.${i}`);
        if (ended) writtenAfterEnd += 1;
      }
    };
    const writers = [writer(1), writer(2)];
    const backup = await runCli('backup', [file], env(source));
    backupDone = true;
    await Promise.all(writers);
    expect(backup.err).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.out).toMatch(/backup started at/);
    expect(backup.out).toMatch(new RegExp(`backup ${file.replaceAll('.', '\\.')}: physical`));
    expect(existsSync(`${file}.partial`)).toBe(false);

    const after = await ordersOf(db);
    const sourceFiles = Object.fromEntries(readdirSync(uploads).map((name) => [name, readFileSync(path.join(uploads, name))]));
    await stopProduct(product);
    product = undefined;

    const restore = await runCli('restore', [file], env(target));
    expect(restore.err).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.out).toContain('the whole file reads back');

    restored = await startProduct(target, false);
    const rdb = restored.database.db;
    const back = await ordersOf(rdb);
    // Every order written before the backup began, as it was; every other one as the product wrote it.
    const byId = new Map(after.map((o) => [o.id, o]));
    for (const order of before) expect(back.find((o) => o.id === order.id)).toEqual(order);
    for (const order of back) expect(order).toEqual(byId.get(order.id));
    // The 10 written after the backup had ended are not in it.
    expect(back.length).toBeLessThanOrEqual(after.length - 10);
    // Each order came back with its money or not at all: the ledger sums to 0 and the SME's credit spent is its receivable.
    const [ledger] = await rows(rdb, sql`select coalesce(sum(amount), 0)::bigint as total, count(distinct entry_id)::int as entries from ledger_postings`);
    expect(Number(ledger!.total)).toBe(0);
    const [smeRow] = await rows(
      rdb,
      sql`select s.credit_spend::bigint as spend, (select coalesce(sum(amount), 0) from ledger_postings p where p.account = 'sme_receivable' and p.sme_id = s.id)::bigint as receivable,
                 (select count(*) from orders o where o.sme_id = s.id)::int as orders,
                 (select sum(amount) from orders o where o.sme_id = s.id)::bigint as ordered
            from smes s join users u on u.id = s.user_id where u.id = ${sme.id}`,
    );
    expect(Number(smeRow!.spend)).toBe(Number(smeRow!.receivable));
    expect(Number(smeRow!.spend)).toBe(Number(smeRow!.ordered));
    expect(back.every((o) => o.amount === back[0]!.amount)).toBe(true);
    expect(smeRow!.orders).toBe(back.length);

    // The uploaded files, byte for byte, and the documents' rows name them.
    const restoredUploads = path.join(target, 'uploads');
    for (const name of readdirSync(restoredUploads)) expect(readFileSync(path.join(restoredUploads, name)).equals(sourceFiles[name]!)).toBe(true);
    const documentFiles = (await rows(rdb, sql`select file_name from documents`)).map((r) => r.file_name as string);
    expect(documentFiles).toHaveLength(2);
    for (const name of documentFiles) expect(readFileSync(path.join(restoredUploads, name)).equals(sourceFiles[name]!)).toBe(true);

    // The restored product answers: the SME signs in and sees its orders; the verifying tools accept the database.
    const list = await restored.app.inject({ method: 'GET', url: '/api/v1/sme/order/list?page=1&perPage=5', headers: bearer(await loginAs(restored.app, sme)) });
    expect(list.statusCode, list.body).toBe(200);
    const audit = await runCli('audit-verify', [], env(target));
    expect(audit.code, audit.err).toBe(0);
    expect(audit.out).toContain('total 0');
    expect(audit.out).toContain('the chain holds');
    const rollups = await runCli('rollups-verify', [], env(target));
    expect(rollups.code, rollups.err).toBe(0);
    await stopProduct(restored);
    restored = undefined;

  }, 120_000);

  it('refuses a DATA_DIR that holds data, a file cut short, and an existing FILE', async () => {
    // Run in this process: the same functions the commands run, without a process start each.
    const log = () => {};
    const into = (dataDir: string) => restoreBackup(testConfig({ DATA_DIR: dataDir }), file, log);
    await expect(into(target)).rejects.toThrow(`${path.join(target, 'uploads')} is not empty: restore into a DATA_DIR without uploaded files`);
    const uploadsOnly = path.join(root, 'uploads-elsewhere');
    await expect(restoreBackup(testConfig({ DATA_DIR: uploadsOnly, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }), file, log)).rejects.toThrow(
      'this backup is a physical copy of the embedded database: restore it with DATABASE_URL unset',
    );
    const cut = path.join(root, 'cut.tar.gz');
    writeFileSync(cut, readFileSync(file).subarray(0, 200_000));
    const fresh = path.join(root, 'fresh');
    await expect(restoreBackup(testConfig({ DATA_DIR: fresh }), cut, log)).rejects.toThrow(`${cut} is not a whole backup file`);
    expect(existsSync(path.join(fresh, 'postgres'))).toBe(false);
    expect(existsSync(path.join(fresh, 'uploads'))).toBe(false);
    await expect(takeBackup(testConfig({ DATA_DIR: target }), file, log)).rejects.toThrow(`${file} already exists: a backup never overwrites one`);
  });
});
