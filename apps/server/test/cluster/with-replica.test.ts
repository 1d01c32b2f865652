// WEB_CONCURRENCY=2 with DATABASE_READ_URL (ADR 35 and 37 together), through real processes: the built
// server on Debian's PostgreSQL 15 and a streaming replica whose replay is paused. A write answered by
// one worker is read back by either worker when the client echoes x-qist-read-after; without the
// header, the worker that took the write still reads it from the primary and the other worker shows
// the replica's stale state; once the replica replays, every reader sees it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { READ_AFTER_HEADER } from '@qist/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDebianPostgres, startStreamingReplica, type ExternalPostgres, type StreamingReplica } from '../external-postgres.js';
import { TEST_SESSION_SECRET } from '../helpers.js';
import { ensureServerBuilt, freePort, pidsAnswering, request, startServer, type RunningServer } from './processes.js';

const START_TIMEOUT = 180_000;
const METRICS_TOKEN = 'cluster-replica-metrics-token-0123';

let postgres: ExternalPostgres;
let replica: StreamingReplica;
let server: RunningServer | undefined;
let dataDir: string;
let port: number;

beforeAll(async () => {
  ensureServerBuilt();
  postgres = await startDebianPostgres();
  await postgres.createDatabase('qist');
  replica = await startStreamingReplica(postgres);
  dataDir = mkdtempSync(path.join(tmpdir(), 'qist-cluster-replica-'));
  port = await freePort();
  server = startServer({
    WEB_CONCURRENCY: '2',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: postgres.url('qist'),
    DATABASE_READ_URL: replica.url('qist'),
    SESSION_SECRET: TEST_SESSION_SECRET,
    METRICS_TOKEN,
    LOG_LEVEL: 'info',
    WEB_DIST: path.join(tmpdir(), 'qist-no-web-build'),
  });
  await server.waitForOutput(/serving on http:\/\/localhost:\d+ with 2 workers/);
}, START_TIMEOUT);

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  replica?.stop();
  postgres?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The primary's WAL position now. */
async function primaryLsn(): Promise<string> {
  const client = new pg.Client({ connectionString: postgres.url('qist') });
  await client.connect();
  try {
    return (await client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]!.lsn;
  } finally {
    await client.end();
  }
}

const envelope = (body: string) => JSON.parse(body) as { status: boolean; content: Record<string, unknown> };

/** The SME's order list as one worker answered it, marked so its log line names that worker's pid. */
async function listed(marker: string, token: string, headers: Record<string, string> = {}): Promise<{ ids: string[]; pid: number }> {
  const answer = await request(port, 'GET', `/api/v1/sme/order/list?page=1&perPage=50&m=${marker}`, { token, headers });
  expect(answer.status, answer.body).toBe(200);
  await server!.waitForOutput(new RegExp(`m=${marker}"`));
  const [pid] = [...pidsAnswering(server!.output(), `m=${marker}"`)];
  return { ids: (envelope(answer.body).content.orders as { _id: string }[]).map((o) => o._id), pid: pid! };
}

describe('WEB_CONCURRENCY=2 with DATABASE_READ_URL on a paused streaming replica', () => {
  it('reads a write back through either worker with the header echoed, and only through its own without it', async () => {
    // The primary migrated and seeded; the replica has replayed it all before it is paused.
    await replica.waitForReplay(await primaryLsn());
    const login = await request(port, 'POST', '/api/v1/auth/login', { body: { email: 'sme@example.com', password: 'demo12345' } });
    expect(login.status, login.body).toBe(200);
    const token = (envelope(login.body).content as { token: string }).token;
    const supplier = await request(port, 'GET', '/api/v1/sme/provider/list?page=1&perPage=50', { token });
    const providerId = (envelope(supplier.body).content.providers as { _id: string; email?: string }[])[0]!._id;

    await replica.pauseReplay();
    const created = await request(port, 'POST', '/api/v1/sme/order/create?m=write', { token, body: { providerId, amount: 42.5, description: 'read after write' } });
    expect(created.status, created.body).toBe(200);
    const orderId = ((envelope(created.body).content as { order: { _id: string } }).order)._id;
    const readAfter = created.headers[READ_AFTER_HEADER];
    expect(readAfter).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    await server!.waitForOutput(/m=write"/);
    const [writer] = [...pidsAnswering(server!.output(), 'm=write"')];

    // With the header: every read shows the order, whichever worker answers (connections alternate).
    const echoed = [];
    for (let i = 0; i < 4; i += 1) echoed.push(await listed(`echo${i}`, token, { [READ_AFTER_HEADER]: String(readAfter) }));
    expect(new Set(echoed.map((r) => r.pid)).size).toBe(2);
    for (const read of echoed) expect(read.ids).toContain(orderId);

    // Without it: the worker that took the write keeps the user's position, the other reads the paused replica.
    const bare = [];
    for (let i = 0; i < 4; i += 1) bare.push(await listed(`bare${i}`, token));
    expect(new Set(bare.map((r) => r.pid))).toEqual(new Set(echoed.map((r) => r.pid)));
    for (const read of bare) expect({ pid: read.pid, shows: read.ids.includes(orderId) }).toEqual({ pid: read.pid, shows: read.pid === writer });

    // Replayed, the replica shows it to every reader.
    await replica.resumeReplay();
    await replica.waitForReplay(await primaryLsn());
    for (let i = 0; i < 2; i += 1) expect((await listed(`after${i}`, token)).ids).toContain(orderId);

    // One scrape answers for both workers: reads went to both places.
    const metrics = await request(port, 'GET', '/metrics', { token: METRICS_TOKEN });
    expect(metrics.status).toBe(200);
    const reads = (target: string) => Number(new RegExp(`qist_db_reads_total\\{target="${target}"\\} (\\d+)`).exec(metrics.body)?.[1]);
    // The four echoed reads and the writer's two bare ones from the primary, the other worker's two from the replica.
    expect(reads('primary')).toBeGreaterThanOrEqual(6);
    expect(reads('replica')).toBeGreaterThanOrEqual(2);
  }, START_TIMEOUT);
});
