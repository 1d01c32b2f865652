// WEB_CONCURRENCY=2 through real processes: the built server as `npm start` runs it, two workers on
// one port, a killed worker replaced, a crash loop given up, and a SIGTERM that lets a request in
// flight finish, refuses new connections and leaves no process behind (ADR 0035).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../src/db/embedded.js';
import { TEST_SESSION_SECRET, createTestDatabase, type TestDatabase } from '../helpers.js';
import { ensureServerBuilt, freePort, isAlive, pidsAnswering, request, startServer, type RunningServer } from './processes.js';

const START_TIMEOUT = 180_000;
const METRICS_TOKEN = 'cluster-metrics-token-0123456789';

/** The health checks answered 200, as `GET /metrics` counts them. */
function healthChecksCounted(text: string): number {
  const line = text.split('\n').find((l) => l.startsWith('qist_http_requests_total{') && l.includes('route="/api/health"') && l.includes('status="200"'));
  return Number(line?.split(' ').at(-1) ?? 0);
}
const dataDirs: string[] = [];
const running: RunningServer[] = [];

function serverEnv(overrides: Record<string, string>): Record<string, string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qist-cluster-'));
  dataDirs.push(dataDir);
  return {
    WEB_CONCURRENCY: '2',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    SESSION_SECRET: TEST_SESSION_SECRET,
    LOG_LEVEL: 'info',
    WEB_DIST: path.join(tmpdir(), 'qist-no-web-build'),
    ...overrides,
  };
}

function start(env: Record<string, string>): RunningServer {
  const server = startServer(env);
  running.push(server);
  return server;
}

/** The pid of each worker slot's latest "listening" line. */
function workerPids(output: string): Map<number, number> {
  const pids = new Map<number, number>();
  for (const match of output.matchAll(/worker (\d+) \(pid (\d+)\) listening/g)) pids.set(Number(match[1]), Number(match[2]));
  return pids;
}

async function answeringPids(port: number, marker: string, requests: number, server: RunningServer): Promise<Set<number>> {
  for (let i = 0; i < requests; i += 1) {
    const answer = await request(port, 'GET', `/api/health?${marker}=${i}`);
    expect(answer.status).toBe(200);
  }
  // Each request's log line is written before its answer leaves the worker.
  await server.waitForOutput(new RegExp(`${marker}=${requests - 1}`));
  return pidsAnswering(server.output(), marker);
}

beforeAll(() => ensureServerBuilt(), START_TIMEOUT);

afterAll(async () => {
  for (const server of running) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('WEB_CONCURRENCY=2 on a database of DATABASE_URL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  it('seeds the demo once, both workers answer on the one port, a killed worker is replaced, and SIGTERM exits 0', async () => {
    const port = await freePort();
    const server = start(serverEnv({ PORT: String(port), DATABASE_URL: database.url, METRICS_TOKEN }));
    await server.waitForOutput(/serving on http:\/\/localhost:(\d+) with 2 workers/);

    // The primary seeded the demo orders once, before any worker started.
    const seeded = [...server.output().matchAll(/seeded (\d+) demo orders/g)];
    expect(seeded).toHaveLength(1);
    const { rows: orders } = await database.pool.query<{ n: number }>('select count(*)::int as n from orders');
    expect(orders[0]!.n).toBe(Number(seeded[0]![1]));
    expect(orders[0]!.n).toBeGreaterThan(0);

    // Round robin: connections made one after another go to each worker in turn.
    const pids = workerPids(server.output());
    expect(pids.size).toBe(2);
    expect(await answeringPids(port, 'first', 6, server)).toEqual(new Set(pids.values()));
    // A scrape reaching either worker answers the sum over both: the six health checks, whichever served them.
    for (let scrape = 0; scrape < 2; scrape += 1) {
      const metrics = await request(port, 'GET', '/metrics', { token: METRICS_TOKEN });
      expect(metrics.status).toBe(200);
      expect(healthChecksCounted(metrics.body)).toBe(6);
    }
    // Each worker's connections carry its name.
    const { rows: names } = await database.pool.query<{ name: string }>(
      "select distinct application_name as name from pg_stat_activity where datname = current_database() and application_name like 'qist-worker-%' order by 1",
    );
    expect(names.map((r) => r.name)).toEqual(['qist-worker-1', 'qist-worker-2']);

    // A worker killed outright is started again in its slot, and both answer again.
    const killed = pids.get(1)!;
    const before = server.output().length;
    process.kill(killed, 'SIGKILL');
    await server.waitForOutput(new RegExp(`worker 1 \\(pid ${killed}\\) was killed by SIGKILL; starting another in \\d+ ms`), before);
    const [, replacement] = await server.waitForOutput(/worker 1 \(pid (\d+)\) listening/, before);
    expect(Number(replacement)).not.toBe(killed);
    expect(await answeringPids(port, 'second', 6, server)).toEqual(new Set([Number(replacement), pids.get(2)!]));

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(isAlive(Number(replacement))).toBe(false);
    expect(isAlive(pids.get(2)!)).toBe(false);
    expect(server.output()).not.toMatch(/still busy/);
    // Every connection of the workers was closed.
    const { rows: left } = await database.pool.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name like 'qist-worker-%'",
    );
    expect(left[0]!.n).toBe(0);
  }, START_TIMEOUT);

  it('gives up with a sentence and a non-zero exit when workers keep dying (the port is taken)', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const address = taken.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const server = start(serverEnv({ PORT: String(port), DATABASE_URL: database.url, SEED_DEMO: 'false', PAYMENT_GATEWAY: 'sandbox' }));
      const exit = await server.exited;
      expect(exit.code).toBe(1);
      expect(server.output()).toMatch(/EADDRINUSE/);
      expect(server.output()).toMatch(/6 workers died within 30 s \(more than 5\), so they are not started again; stopping/);
      expect(server.output()).not.toMatch(/serving on/);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, START_TIMEOUT);
});

describe('WEB_CONCURRENCY=2 on the embedded PostgreSQL', () => {
  it('drains on SIGTERM: the request in flight ends with 200, new connections are refused, and nothing is left running', async () => {
    const port = await freePort();
    const env = serverEnv({ PORT: String(port) });
    const server = start(env);
    await server.waitForOutput(/serving on http:\/\/localhost:\d+ with 2 workers/);

    // The embedded server, as the primary started it.
    const pgDir = path.join(env.DATA_DIR!, 'postgres');
    const [pidLine, , , portLine] = readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
    const postmaster = Number(pidLine);
    const credentials = JSON.parse(readFileSync(path.join(env.DATA_DIR!, 'postgres-credentials.json'), 'utf8')) as { user: string; password: string };
    const holder = new pg.Client({ host: '127.0.0.1', port: Number(portLine), user: credentials.user, password: credentials.password, database: 'qist' });
    await holder.connect();

    const login = await request(port, 'POST', '/api/v1/auth/login', { body: { email: 'sme@example.com', password: 'demo12345' } });
    expect(login.status).toBe(200);
    const token = (JSON.parse(login.body) as { content: { token: string } }).content.token;
    const { rows: supplier } = await holder.query<{ id: string }>(
      "select p.id from providers p join users u on u.id = p.user_id where u.email = 'supplier@example.com'",
    );
    const { rows: counted } = await holder.query<{ n: number }>('select count(*)::int as n from orders');

    // The SME's row is held, so its order waits in a worker until the test lets it go.
    await holder.query('begin');
    await holder.query("select 1 from smes s join users u on u.id = s.user_id where u.email = 'sme@example.com' for update of s");
    const marker = server.output().length;
    const inFlight = request(port, 'POST', '/api/v1/sme/order/create', {
      token,
      body: { providerId: supplier[0]!.id, amount: 12.5, description: 'in flight at SIGTERM' },
    });
    await server.waitForOutput(/"url":"\/api\/v1\/sme\/order\/create"/, marker);

    server.child.kill('SIGTERM');
    await server.waitForOutput(/worker 1 \(pid \d+\) draining/, marker);
    await server.waitForOutput(/worker 2 \(pid \d+\) draining/, marker);
    // Once both workers have closed their listener, the primary closes the port: a new connection is refused.
    let refused = false;
    for (let attempt = 0; attempt < 1000 && !refused; attempt += 1) {
      refused = await request(port, 'GET', '/api/health').then(
        () => false,
        (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED',
      );
    }
    expect(refused).toBe(true);

    await holder.query('commit');
    await holder.end();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: true });

    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).not.toMatch(/still busy/);
    expect(isAlive(postmaster)).toBe(false);

    // The order the draining worker finished is in the database, once.
    const embedded = await startEmbeddedPostgres({ dataDir: env.DATA_DIR! });
    const check = new pg.Client({ connectionString: embedded.url });
    try {
      await check.connect();
      const { rows } = await check.query<{ n: number; mine: number }>(
        "select count(*)::int as n, count(*) filter (where description = 'in flight at SIGTERM')::int as mine from orders",
      );
      expect(rows[0]).toEqual({ n: counted[0]!.n + 1, mine: 1 });
    } finally {
      await check.end();
      await embedded.stop();
    }
  }, START_TIMEOUT);
});
