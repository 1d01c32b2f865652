// Reads that may lag on a streaming replica (ADR 37), against Debian's PostgreSQL 15 and a real
// replica made with pg_basebackup: two API processes, each with its pool on the primary and its pool
// on the replica. The replica's replay is paused to make it stale on purpose: lists, dashboards and
// exports of other readers show the replica's state, a writer reads its own writes (in its process,
// and in the other one through the header its client echoes), and money decisions read the primary.
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/app.js';
import { uploadsDir } from '../../src/config.js';
import { createDatabase, createReadDatabase, type Database } from '../../src/db/client.js';
import { prepareDatabase } from '../../src/db/prepare.js';
import { READ_AFTER_HEADER, parseWalPosition } from '@qist/domain';
import { formatLsn } from '../../src/db/read-replica.js';
import { createLocalStorage } from '../../src/modules/files/storage.js';
import { startDebianPostgres, startStreamingReplica, type ExternalPostgres, type StreamingReplica } from '../external-postgres.js';
import { bearer, body, createAccount, demoAccount, loginAs, recordCreditGranted, testConfig } from '../helpers.js';

let server: ExternalPostgres;
let replica: StreamingReplica;
const pools: Database[] = [];
/** Two API processes (each its own pools on the primary and the replica), and one without a replica. */
const apps: FastifyInstance[] = [];
let plainApp: FastifyInstance;
let primary: Database;
let providerId: string;
let adminHeaders: Record<string, string>;

beforeAll(async () => {
  server = await startDebianPostgres();
  await server.createDatabase('qist');
  const config = testConfig({ DATABASE_URL: server.url('qist'), DATABASE_READ_URL: server.url('qist') });
  const storage = createLocalStorage(uploadsDir(config));
  primary = createDatabase(server.url('qist'), 4);
  pools.push(primary);
  await prepareDatabase(primary, { seedDemo: true, storage, sessionSecret: config.sessionSecret, currency: config.currency });
  replica = await startStreamingReplica(server);
  for (let n = 0; n < 2; n += 1) {
    const onPrimary = createDatabase(server.url('qist'), 4);
    const onReplica = createReadDatabase(replica.url('qist'), 4, true);
    pools.push(onPrimary, onReplica);
    const app = await buildApp({ config, db: onPrimary.db, readDb: onReplica.db, storage, logger: false, runDispatcher: false, runJobs: false });
    await app.ready();
    apps.push(app);
  }
  const plain = createDatabase(server.url('qist'), 2);
  pools.push(plain);
  plainApp = await buildApp({ config, db: plain.db, storage, logger: false, runDispatcher: false, runJobs: false });
  await plainApp.ready();

  const supplier = await primary.db.execute<{ id: string }>(
    sql`select p.id from providers p join users u on u.id = p.user_id where u.email = 'supplier@example.com'`,
  );
  providerId = supplier.rows[0]!.id;
  adminHeaders = bearer(await loginAs(apps[0]!, await demoAccount(primary.db, 'admin@example.com')));
}, 60_000);

afterAll(async () => {
  for (const app of [...apps, plainApp]) await app?.close();
  for (const pool of pools) await pool.close();
  replica?.stop();
  server?.stop();
});

/** The primary's WAL position now (text). */
async function primaryLsn(): Promise<string> {
  const result = await primary.db.execute<{ lsn: string }>(sql`select pg_current_wal_lsn()::text as lsn`);
  return result.rows[0]!.lsn;
}

/** An active SME with credit (minor units), signed in; made on the primary and replayed on the replica. */
async function activeSme(creditLimit = 1_000_000): Promise<{ id: string; headers: Record<string, string> }> {
  const insurer = await demoAccount(primary.db, 'insurer1@example.com');
  const account = await createAccount(primary.db, { role: 'sme', level: 8, creditLimit });
  await recordCreditGranted(primary.db, account.id, insurer);
  await replica.waitForReplay(await primaryLsn());
  return { id: account.id, headers: bearer(await loginAs(apps[0]!, account)) };
}

/** Reads that may lag served so far by one process, by where. */
async function readsOf(app: FastifyInstance): Promise<{ replica: number; primary: number }> {
  const metric = app.metrics.registry.getSingleMetric('qist_db_reads_total');
  if (!metric) throw new Error('no qist_db_reads_total');
  const { values } = await metric.get();
  const of = (target: string) => values.find((v) => v.labels.target === target)?.value ?? 0;
  return { replica: of('replica'), primary: of('primary') };
}

async function since(app: FastifyInstance, before: { replica: number; primary: number }) {
  const now = await readsOf(app);
  return { replica: now.replica - before.replica, primary: now.primary - before.primary };
}

const get = (app: FastifyInstance, url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });
const orderIds = (response: LightMyRequestResponse): string[] => (body(response).content.orders as { _id: string }[]).map((o) => o._id);

async function createOrder(app: FastifyInstance, headers: Record<string, string>, amount: number, description: string) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/sme/order/create', headers, payload: { providerId, amount, description } });
  return { response, envelope: body(response), readAfter: response.headers[READ_AFTER_HEADER] as string | undefined };
}

describe('DATABASE_READ_URL', () => {
  test('is read as the replica’s URL; unset, there is none; not a URL, the server refuses to start with a sentence', () => {
    expect(testConfig({ DATABASE_READ_URL: 'postgres://qist@replica.example:5432/qist' }).databaseReadUrl).toBe('postgres://qist@replica.example:5432/qist');
    expect(testConfig().databaseReadUrl).toBeUndefined();
    expect(() => testConfig({ DATABASE_READ_URL: 'replica.example' })).toThrow(/DATABASE_READ_URL is the URL of a streaming replica of the primary/);
  });
});

describe('WAL positions', () => {
  test('parsed from PostgreSQL’s text and written back the same; anything else is no position', () => {
    expect(parseWalPosition('0/16B3748')).toBe(0x16b3748n);
    expect(parseWalPosition('1A/0')).toBe(0x1an << 32n);
    expect(formatLsn(parseWalPosition('1A/16B3748')!)).toBe('1A/16B3748');
    for (const malformed of ['', '0', '0/', '/1', '0/123456789', 'x/1', '0/16B3748 ', ' 0/1', '1/2/3', undefined, 12, ['0/1']]) {
      expect(parseWalPosition(malformed)).toBeUndefined();
    }
  });
});

describe('with DATABASE_READ_URL: reads that may lag on the replica, one’s own writes from the primary', () => {
  test('other readers’ lists, dashboards and exports show the paused replica; the writer’s show its order, and the replica again once replayed', async () => {
    const sme = await activeSme();
    const [app] = apps as [FastifyInstance];
    const dashboardBefore = body(await get(app, '/api/v1/admin/dashboard', adminHeaders)).content;
    const smeDashboardBefore = body(await get(app, '/api/v1/sme/dashboard', sme.headers)).content;

    await replica.pauseReplay();
    try {
      const created = await createOrder(app, sme.headers, 120, 'replica: paused');
      expect(created.envelope.status).toBe(true);
      const orderId = created.envelope.content.order._id as string;
      // The answer of the write carries the primary's position after it.
      expect(parseWalPosition(created.readAfter)).toBeGreaterThanOrEqual(parseWalPosition(await replica.replayedLsn())!);
      const [row] = (await primary.db.execute<{ n: number }>(sql`select count(*)::int as n from orders where id = ${orderId}`)).rows;
      expect(row!.n).toBe(1);

      // The admin (another reader, and a malformed header is no fence) reads the replica: no such order yet.
      let before = await readsOf(app);
      const adminList = await get(app, '/api/v1/admin/order/list?page=1&perPage=100', { ...adminHeaders, [READ_AFTER_HEADER]: 'not/a position' });
      expect(adminList.statusCode).toBe(200);
      expect(orderIds(adminList)).not.toContain(orderId);
      const dashboard = await get(app, '/api/v1/admin/dashboard', adminHeaders);
      expect(body(dashboard).content.ordersByStatus).toEqual(dashboardBefore.ordersByStatus);
      const exported = await get(app, '/api/v1/admin/order/export', adminHeaders);
      expect(exported.statusCode).toBe(200);
      expect(exported.body).not.toContain(orderId);
      expect(await since(app, before)).toEqual({ replica: 3, primary: 0 });

      // The SME, in the process it wrote through, reads its order (the primary: its fence is kept here).
      before = await readsOf(app);
      const own = await get(app, '/api/v1/sme/order/list?page=1&perPage=100', sme.headers);
      expect(orderIds(own)).toContain(orderId);
      const smeDashboard = body(await get(app, '/api/v1/sme/dashboard', sme.headers)).content;
      expect(smeDashboard.credit.available).toBe(smeDashboardBefore.credit.available - 120);
      expect(await since(app, before)).toEqual({ replica: 0, primary: 2 });

      // Replay resumed and past the write: the SME's reads go to the replica again, and show the order there.
      await replica.resumeReplay();
      await replica.waitForReplay(created.readAfter!);
      before = await readsOf(app);
      expect(orderIds(await get(app, '/api/v1/sme/order/list?page=1&perPage=100', sme.headers))).toContain(orderId);
      expect(orderIds(await get(app, '/api/v1/admin/order/list?page=1&perPage=100', adminHeaders))).toContain(orderId);
      expect(await since(app, before)).toEqual({ replica: 2, primary: 0 });
    } finally {
      await replica.resumeReplay();
    }
  });

  test('a write through one process, read through the other with the header echoed: the writer sees it, without the header it would not', async () => {
    const sme = await activeSme();
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    await replica.pauseReplay();
    try {
      const created = await createOrder(first, sme.headers, 75, 'replica: across processes');
      expect(created.envelope.status).toBe(true);
      const orderId = created.envelope.content.order._id as string;
      expect(parseWalPosition(created.readAfter)).toBeDefined();

      const before = await readsOf(second);
      const echoed = await get(second, '/api/v1/sme/order/list?page=1&perPage=100', { ...sme.headers, [READ_AFTER_HEADER]: created.readAfter! });
      expect(orderIds(echoed)).toContain(orderId);
      // The other process keeps no fence of this SME: without the header it reads the stale replica.
      const bare = await get(second, '/api/v1/sme/order/list?page=1&perPage=100', sme.headers);
      expect(bare.statusCode).toBe(200);
      expect(orderIds(bare)).not.toContain(orderId);
      expect(await since(second, before)).toEqual({ replica: 1, primary: 1 });
    } finally {
      await replica.resumeReplay();
    }
  });

  test('a money decision reads the primary: the second order, through the other process that sees stale credit, is refused', async () => {
    const sme = await activeSme(100_000); // 1,000.00 of credit
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    await replica.pauseReplay();
    try {
      expect((await createOrder(first, sme.headers, 800, 'replica: spends credit')).envelope.status).toBe(true);
      // The replica, read by the other process without the header, still shows the whole credit …
      const stale = body(await get(second, '/api/v1/sme/dashboard', sme.headers)).content;
      expect(stale.credit.available).toBe(1000);
      // … yet the order that does not fit what is left is refused there.
      const second300 = await createOrder(second, sme.headers, 300, 'replica: over the credit');
      expect(second300.response.statusCode).toBe(400);
      expect(second300.envelope.status).toBe(false);
      const orders = await primary.db.execute<{ n: number }>(sql`select count(*)::int as n from orders o join smes s on s.id = o.sme_id where s.user_id = ${sme.id}`);
      expect(orders.rows[0]!.n).toBe(1);
      const credit = await primary.db.execute<{ spend: string; amount: string }>(sql`select credit_spend as spend, credit_amount as amount from smes where user_id = ${sme.id}`);
      expect(credit.rows[0]).toMatchObject({ spend: '80000', amount: '20000' });
    } finally {
      await replica.resumeReplay();
    }
  });

  test('without a replica nothing changes: no header on a write, no read counter', async () => {
    const sme = await activeSme();
    const created = await createOrder(plainApp, sme.headers, 10, 'replica: none');
    expect(created.envelope.status).toBe(true);
    expect(created.readAfter).toBeUndefined();
    expect(orderIds(await get(plainApp, '/api/v1/sme/order/list?page=1&perPage=100', sme.headers))).toContain(created.envelope.content.order._id);
    expect(plainApp.metrics.registry.getSingleMetric('qist_db_reads_total')).toBeUndefined();
    expect(plainApp.metrics.registry.getSingleMetric('qist_db_replica_lag_seconds')).toBeUndefined();
  });

  test('the replica’s lag is exposed: bytes behind while paused, none once caught up', async () => {
    const [app] = apps as [FastifyInstance];
    const gauge = async (name: string) => (await app.metrics.registry.getSingleMetric(name)!.get()).values[0]!.value;
    await replica.waitForReplay(await primaryLsn());
    await replica.pauseReplay();
    try {
      await activeSmeWithoutWaiting();
      expect(await gauge('qist_db_replica_lag_bytes')).toBeGreaterThan(0);
    } finally {
      await replica.resumeReplay();
    }
    await replica.waitForReplay(await primaryLsn());
    // Caught up and nothing written since: nothing left to replay, so no lag in time either.
    expect(await gauge('qist_db_replica_lag_seconds')).toBe(0);
  });

  test('the replica stopped: lists, dashboards and exports still answer 200, from the primary', async () => {
    const sme = await activeSme();
    const created = await createOrder(apps[0]!, sme.headers, 33, 'replica: stopped');
    const orderId = created.envelope.content.order._id as string;
    replica.stop();
    for (const app of apps) {
      const before = await readsOf(app);
      const list = await get(app, '/api/v1/admin/order/list?page=1&perPage=100', adminHeaders);
      expect(list.statusCode).toBe(200);
      expect(orderIds(list)).toContain(orderId);
      const dashboard = await get(app, '/api/v1/sme/dashboard', sme.headers);
      expect(dashboard.statusCode).toBe(200);
      const exported = await get(app, '/api/v1/admin/order/export', adminHeaders);
      expect(exported.statusCode).toBe(200);
      expect(exported.body).toContain(orderId);
      expect(await since(app, before)).toEqual({ replica: 0, primary: 3 });
    }
  });
});

/** A write on the primary the paused replica has not replayed (an SME made directly). */
async function activeSmeWithoutWaiting(): Promise<void> {
  await createAccount(primary.db, { role: 'sme', level: 8 });
}
