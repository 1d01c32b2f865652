// GET /metrics: Prometheus text to the bearer of METRICS_TOKEN only (404 without the setting, 401 with
// a missing or wrong token); requests counted by route pattern with a bounded set of series; the jobs,
// the refund worker and the outbox dispatcher observed; the database's figures read when scraped.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@qist/domain';
import { buildApp } from '../../src/app.js';
import { createDatabase, type Database } from '../../src/db/client.js';
import { outboxMessages } from '../../src/db/schema/index.js';
import { DEAD_LETTER_QUEUE, createJobQueue } from '../../src/modules/jobs/queue.js';
import { BACKLOG_COUNT_CAP } from '../../src/modules/metrics/repository.js';
import { createFakeGateway } from '../fakes/gateway.js';
import { bearer, body, createAccount, loginAs, testConfig, useSecondApp, useTestApp } from '../helpers.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const SECOND = 1000;
const clock = { now: new Date('2026-09-01T08:00:00.000Z') };
const gateway = createFakeGateway();
const ctx = useTestApp({ env: { METRICS_TOKEN: TOKEN }, clock: () => clock.now, gateway });
/** The same build without METRICS_TOKEN. */
const unset = useSecondApp(ctx, { env: { LOG_LEVEL: 'silent' }, clock: () => clock.now, gateway });

type Labels = Record<string, string>;
interface Sample {
  name: string;
  labels: Labels;
  value: number;
}

/** The samples of an exposition, each line `name{label="value",…} number`. */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not an exposition line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

async function scrape(app: FastifyInstance = ctx.app): Promise<Sample[]> {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  return parse(response.body);
}

/** One series' value (0 when the series does not exist yet, as for a counter never incremented). */
function valueOf(samples: Sample[], name: string, labels: Labels = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v) && Object.keys(s.labels).length === Object.keys(labels).length);
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)} names ${found.length} series`);
  return found[0]?.value ?? 0;
}

const seriesOf = (samples: Sample[], name: string) => samples.filter((s) => s.name === name);

describe('the token', () => {
  it('is refused shorter than 16 characters or with spaces, with a sentence', () => {
    expect(() => testConfig({ METRICS_TOKEN: 'short-token' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(() => testConfig({ METRICS_TOKEN: 'a token with spaces in it' })).toThrow(/METRICS_TOKEN must be printable ASCII without spaces/);
    expect(testConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(testConfig().metricsToken).toBeUndefined();
  });

  it('unset: /metrics answers what an unknown route answers, whatever is sent, and nothing else changes', async () => {
    const unknown = await unset.app.inject({ method: 'GET', url: '/no-such-page-here' });
    for (const headers of [{}, bearer(TOKEN), bearer('anything-else-0123456789')]) {
      const response = await unset.app.inject({ method: 'GET', url: '/metrics', headers });
      expect([response.statusCode, response.json()]).toEqual([404, { status: false, msg: MESSAGES.notFound }]);
      expect([response.statusCode, response.json()]).toEqual([unknown.statusCode, unknown.json()]);
    }
    const health = await unset.app.inject({ method: 'GET', url: '/api/health' });
    expect([health.statusCode, health.json()]).toEqual([200, { status: true, content: { db: 'up' } }]);
  });

  it('set: a missing, malformed or wrong token answers 401 in the envelope; the right one the Prometheus text', async () => {
    const refusals = [
      {},
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
      bearer(`${TOKEN}x`),
      bearer(TOKEN.slice(0, -1)),
      bearer('wrong-token-of-another-server'),
    ];
    for (const headers of refusals) {
      const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
      expect([response.statusCode, response.json()], JSON.stringify(headers)).toEqual([401, { status: false, msg: MESSAGES.metricsTokenInvalid }]);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    }
    // A user's session is no metrics token either.
    const admin = await createAccount(ctx.db, { role: 'admin' });
    const session = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer(await loginAs(ctx.app, admin)) });
    expect([session.statusCode, session.json()]).toEqual([401, { status: false, msg: MESSAGES.metricsTokenInvalid }]);

    const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const samples = parse(response.body);
    for (const name of ['qist_process_cpu_user_seconds_total', 'qist_nodejs_heap_size_used_bytes', 'qist_db_pool_clients', 'qist_database_up', 'qist_ledger_balance_sum_minor_units']) {
      expect(seriesOf(samples, name), name).not.toEqual([]);
    }
    expect(response.body).toMatch(/^# TYPE qist_http_requests_total counter$/m);
    expect(response.body).toMatch(/^# TYPE qist_http_request_duration_seconds histogram$/m);
  });
});

describe('HTTP requests', () => {
  it('are counted and timed by route pattern and status: the counter and the histogram agree', async () => {
    const before = await scrape();
    const health = { method: 'GET', route: '/api/health', status: '200' };
    const refused = { method: 'GET', route: '/api/v1/auth/me', status: '401' };
    for (let i = 0; i < 3; i += 1) expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me' })).statusCode).toBe(401);
    const after = await scrape();
    for (const [labels, count] of [[health, 3], [refused, 2]] as const) {
      expect(valueOf(after, 'qist_http_requests_total', labels) - valueOf(before, 'qist_http_requests_total', labels)).toBe(count);
      expect(valueOf(after, 'qist_http_request_duration_seconds_count', labels) - valueOf(before, 'qist_http_request_duration_seconds_count', labels)).toBe(count);
      expect(valueOf(after, 'qist_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(valueOf(after, 'qist_http_requests_total', labels));
      expect(valueOf(after, 'qist_http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    }
  });

  it('name a route by its pattern, not its URL: an id in the path adds no series', async () => {
    const admin = await createAccount(ctx.db, { role: 'admin' });
    const headers = bearer(await loginAs(ctx.app, admin));
    const before = await scrape();
    for (let i = 0; i < 5; i += 1) {
      const id = `0b5f2a8e-3c1d-4e7f-9a6b-2d4c8e1f3a5${i}`;
      expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/admin/order/show/${id}`, headers })).statusCode).toBe(404);
    }
    const after = await scrape();
    const labels = { method: 'GET', route: '/api/v1/admin/order/show/:id', status: '404' };
    expect(valueOf(after, 'qist_http_requests_total', labels) - valueOf(before, 'qist_http_requests_total', labels)).toBe(5);
  });

  it('100 distinct unknown URLs add one series, not 100', async () => {
    const seriesBefore = seriesOf(await scrape(), 'qist_http_requests_total');
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    const countBefore = valueOf(await scrape(), 'qist_http_requests_total', unmatched);
    for (let i = 0; i < 100; i += 1) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/no-such-route-${i}?q=${i}` });
      expect(response.statusCode).toBe(404);
    }
    const after = await scrape();
    expect(valueOf(after, 'qist_http_requests_total', unmatched) - countBefore).toBe(100);
    const seriesAfter = seriesOf(after, 'qist_http_requests_total');
    // At most the unmatched series is new (and the scrapes' own /metrics series, already there).
    expect(seriesAfter.length - seriesBefore.length).toBeLessThanOrEqual(1);
    expect(seriesAfter.some((s) => s.labels.route?.includes('no-such-route'))).toBe(false);
  });
});

describe('jobs', () => {
  it('count runs done, skipped (another process holds the job) and failed, and time the runs', async () => {
    const before = await scrape();
    const runs = (samples: typeof before, job: string, outcome: string) => valueOf(samples, 'qist_job_runs_total', { job, outcome });

    expect(await ctx.app.jobs.runOnce()).toMatchObject({ 'auto-cancel': 0, reminders: 0, 'idempotency-keys': 0 });

    // Another process holds the reconciliation job: this one skips it.
    const holder = new pg.Client({ connectionString: ctx.database.url });
    await holder.connect();
    try {
      await holder.query(`select pg_advisory_lock(hashtext('jobs:reconciliation'))`);
      expect(await ctx.app.jobs.runOnce()).toMatchObject({ reconciliation: 'skipped' });
    } finally {
      await holder.end();
    }

    // The idempotency keys' table gone for a moment: that job's run fails and rolls back.
    await ctx.db.execute(sql`alter table idempotency_keys rename to idempotency_keys_away`);
    let done: Record<string, unknown>;
    try {
      done = await ctx.app.jobs.runOnce();
    } finally {
      await ctx.db.execute(sql`alter table idempotency_keys_away rename to idempotency_keys`);
    }
    expect(done).not.toHaveProperty('idempotency-keys');
    expect(done).toMatchObject({ 'auto-cancel': 0, reminders: 0 });

    const after = await scrape();
    const delta = (job: string, outcome: string) => runs(after, job, outcome) - runs(before, job, outcome);
    expect({ done: delta('auto-cancel', 'done'), skipped: delta('auto-cancel', 'skipped'), failed: delta('auto-cancel', 'failed') }).toEqual({ done: 3, skipped: 0, failed: 0 });
    expect({ done: delta('reconciliation', 'done'), skipped: delta('reconciliation', 'skipped'), failed: delta('reconciliation', 'failed') }).toEqual({ done: 2, skipped: 1, failed: 0 });
    // A job that takes its own transactions holds no job lock: the reminders ran all three times.
    expect({ done: delta('reminders', 'done'), skipped: delta('reminders', 'skipped') }).toEqual({ done: 3, skipped: 0 });
    expect({ done: delta('idempotency-keys', 'done'), skipped: delta('idempotency-keys', 'skipped'), failed: delta('idempotency-keys', 'failed') }).toEqual({ done: 2, skipped: 0, failed: 1 });
    // Every run not skipped is timed: reconciliation 2, idempotency-keys 3 (2 done, 1 failed).
    const timed = (job: string) => valueOf(after, 'qist_job_duration_seconds_count', { job }) - valueOf(before, 'qist_job_duration_seconds_count', { job });
    expect([timed('reconciliation'), timed('idempotency-keys')]).toEqual([2, 3]);
    expect(valueOf(after, 'qist_job_last_success_timestamp_seconds', { job: 'auto-cancel' })).toBe(clock.now.getTime() / 1000);
  });
});

describe('the job queue', () => {
  it('shows each queue’s jobs by state: one running, one waiting behind it, and the dead letters', async () => {
    expect(seriesOf(await scrape(), 'qist_job_queue_jobs')).toEqual([]);
    const queue = createJobQueue({ db: ctx.db, retry: { retryLimit: 0, retryDelaySeconds: 1 }, pollingIntervalSeconds: 0.5 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const running = new Promise<void>((resolve) => (entered = resolve));
    queue.add({ queue: 'held', everySeconds: 3600, run: () => (entered(), held) });
    queue.add({ queue: 'broken', everySeconds: 3600, run: () => Promise.reject(new Error('always')) });
    try {
      await queue.start();
      await running;
      await queue.kick('held');
      // The broken queue's one job, with no retry, goes straight to the dead letters.
      let samples = await scrape();
      while (valueOf(samples, 'qist_job_queue_jobs', { queue: DEAD_LETTER_QUEUE, state: 'created' }) === 0) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        samples = await scrape();
      }
      const jobs = (name: string, state: string) => valueOf(samples, 'qist_job_queue_jobs', { queue: name, state });
      expect({ active: jobs('held', 'active'), created: jobs('held', 'created'), retry: jobs('held', 'retry'), failed: jobs('held', 'failed') }).toEqual({
        active: 1,
        created: 1,
        retry: 0,
        failed: 0,
      });
      expect({ failed: jobs('broken', 'failed'), dead: jobs(DEAD_LETTER_QUEUE, 'created') }).toEqual({ failed: 1, dead: 1 });
    } finally {
      release();
      await queue.stop();
    }
  });
});

describe('the database’s figures', () => {
  it('show the outbox backlog and the age of its oldest pending message; the dispatcher’s sends are counted', async () => {
    // Whatever earlier tests queued goes out first (no transport here: kept for the demo outbox), counted.
    const [queued] = await ctx.db
      .insert(outboxMessages)
      .values({ channel: 'email', recipient: 'first@example.com', subject: 'hello', body: 'hello', nextAttemptAt: new Date(Date.now() - 60 * SECOND) })
      .returning({ id: outboxMessages.id });
    const pendingBefore = await ctx.db.execute<{ n: string }>(sql`select count(*) as n from outbox_messages where status = 'pending'`);
    const demoBefore = valueOf(await scrape(), 'qist_outbox_sends_total', { channel: 'email', outcome: 'demo' });
    await ctx.app.dispatcher.dispatchDue();
    expect((await ctx.db.execute<{ status: string }>(sql`select status from outbox_messages where id = ${queued!.id}`)).rows[0]?.status).toBe('demo');
    const empty = await scrape();
    expect(valueOf(empty, 'qist_outbox_sends_total', { channel: 'email', outcome: 'demo' }) - demoBefore).toBe(Number(pendingBefore.rows[0]!.n));
    expect([valueOf(empty, 'qist_outbox_pending_messages'), valueOf(empty, 'qist_outbox_oldest_pending_age_seconds')]).toEqual([0, 0]);

    // Two pending (not due before 2100), one sent long ago and one failed: only the pending count.
    const at = (secondsAgo: number) => new Date(clock.now.getTime() - secondsAgo * SECOND);
    const notYet = new Date('2100-01-01T00:00:00Z');
    const rows = await ctx.db
      .insert(outboxMessages)
      .values([
        { channel: 'email', recipient: 'a@example.com', subject: 's', body: 'b', createdAt: at(600), nextAttemptAt: notYet },
        { channel: 'sms', recipient: '+96550000000', subject: 's', body: 'b', createdAt: at(60), nextAttemptAt: notYet },
        { channel: 'email', recipient: 'b@example.com', subject: 's', body: 'b', createdAt: at(86_400), status: 'sent', sentAt: at(86_000) },
        { channel: 'email', recipient: 'c@example.com', subject: 's', body: 'b', createdAt: at(7_200), status: 'failed', attempts: 8 },
      ])
      .returning({ id: outboxMessages.id });
    const backlog = await scrape();
    expect([valueOf(backlog, 'qist_outbox_pending_messages'), valueOf(backlog, 'qist_outbox_oldest_pending_age_seconds')]).toEqual([2, 600]);

    clock.now = new Date(clock.now.getTime() + 30 * SECOND);
    expect(valueOf(await scrape(), 'qist_outbox_oldest_pending_age_seconds')).toBe(630);

    // The oldest goes out: the next one is the oldest now.
    await ctx.db.execute(sql`update outbox_messages set status = 'sent', sent_at = now() where id = ${rows[0]!.id}`);
    const drained = await scrape();
    expect([valueOf(drained, 'qist_outbox_pending_messages'), valueOf(drained, 'qist_outbox_oldest_pending_age_seconds')]).toEqual([1, 90]);
    await ctx.db.execute(sql`update outbox_messages set status = 'sent', sent_at = now() where id = ${rows[1]!.id}`);
  });

  it('count a backlog up to its cap, so a scrape’s cost stays bounded however long the queue grows', async () => {
    const at = (secondsAgo: number) => new Date(clock.now.getTime() - secondsAgo * SECOND).toISOString();
    await ctx.db.execute(sql`
      insert into outbox_messages (channel, recipient, subject, body, created_at, next_attempt_at)
      select 'email', 'backlog' || i || '@example.com', 's', 'b', ${at(7_200)}::timestamptz + make_interval(secs => i), '2100-01-01'
      from generate_series(1, ${BACKLOG_COUNT_CAP + 5}) as i`);
    try {
      const samples = await scrape();
      expect([valueOf(samples, 'qist_outbox_pending_messages'), valueOf(samples, 'qist_outbox_oldest_pending_age_seconds')]).toEqual([BACKLOG_COUNT_CAP, 7_199]);
    } finally {
      await ctx.db.execute(sql`update outbox_messages set status = 'sent', sent_at = now() where recipient like 'backlog%@example.com'`);
    }
    expect(valueOf(await scrape(), 'qist_outbox_pending_messages')).toBe(0);
  });

  it('show the refunds waiting and what the refund worker made of them; the ledger sums to 0 after real orders', async () => {
    const supplier = await createAccount(ctx.db, { role: 'provider', level: 5 });
    const supplierHeaders = bearer(await loginAs(ctx.app, supplier));
    const providerId = (await ctx.db.execute<{ id: string }>(sql`select id from providers where user_id = ${supplier.id}`)).rows[0]!.id;
    const sme = await createAccount(ctx.db, { role: 'sme', level: 8, creditLimit: 1_000_000 });
    const smeHeaders = bearer(await loginAs(ctx.app, sme));
    const post = (url: string, headers: Record<string, string>, payload: object) => ctx.app.inject({ method: 'POST', url, headers, payload });

    const ordered: string[] = [];
    for (const amount of [100, 250]) {
      const created = await post('/api/v1/sme/order/create', smeHeaders, { providerId, amount, description: 'Shelves' });
      expect(created.statusCode, created.body).toBe(200);
      const orderId = body(created).content.order._id as string;
      const { transactionId } = body(await post('/api/v1/sme/pay/init', smeHeaders, { orderId })).content;
      gateway.setStatus(transactionId, 'approved');
      expect(body(await post('/api/v1/sme/pay/verify', smeHeaders, { transactionId })).content.payStatus).toBe(true);
      ordered.push(orderId);
    }
    // The supplier declines the first: its paid instalment is to be refunded.
    expect((await post('/api/v1/provider/order/decline', supplierHeaders, { orderId: ordered[0]! })).statusCode).toBe(200);

    const waiting = await scrape();
    const postings = await ctx.db.execute<{ n: string }>(sql`select count(*) as n from ledger_postings`);
    expect(Number(postings.rows[0]!.n)).toBeGreaterThan(0);
    expect(valueOf(waiting, 'qist_refunds_waiting')).toBe(1);
    expect(valueOf(waiting, 'qist_ledger_balance_sum_minor_units')).toBe(0);
    expect(valueOf(waiting, 'qist_database_up')).toBe(1);

    const succeededBefore = valueOf(waiting, 'qist_refund_attempts_total', { outcome: 'succeeded' });
    expect(await ctx.app.refunds.runOnce()).toEqual({ succeeded: 1, requested: 0, failed: 0, retrying: 0 });
    const refunded = await scrape();
    expect(valueOf(refunded, 'qist_refund_attempts_total', { outcome: 'succeeded' }) - succeededBefore).toBe(1);
    expect(valueOf(refunded, 'qist_refunds_waiting')).toBe(0);
    expect(valueOf(refunded, 'qist_ledger_balance_sum_minor_units')).toBe(0);
  });

  it('show a ledger total that is not 0 when the rollup is off', async () => {
    // A row the triggers never wrote (a slot no backend has): the rollup no longer sums to 0.
    await ctx.db.execute(sql`insert into rollup_ledger_balances (account, slot, amount) values ('metrics_test_account', -1, 725)`);
    try {
      expect(valueOf(await scrape(), 'qist_ledger_balance_sum_minor_units')).toBe(725);
    } finally {
      await ctx.db.execute(sql`delete from rollup_ledger_balances where slot = -1 and account = 'metrics_test_account'`);
    }
    expect(valueOf(await scrape(), 'qist_ledger_balance_sum_minor_units')).toBe(0);
  });

  it('show the pool the app queries through', async () => {
    const samples = await scrape();
    const [total, idle, waiting] = ['qist_db_pool_clients', 'qist_db_pool_idle_clients', 'qist_db_pool_waiting_requests'].map((name) => valueOf(samples, name));
    // The test pool holds at most 4; the scrape itself used one of them.
    expect(total).toBeGreaterThanOrEqual(1);
    expect(total).toBeLessThanOrEqual(4);
    expect(idle).toBeLessThanOrEqual(total!);
    expect(waiting).toBe(0);
  });
});

/** A built web app: its index page and a few hashed assets. */
const webDist = mkdtempSync(path.join(tmpdir(), 'qist-web-metrics-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Qist</title><div id="root"></div>');
for (const name of ['app-1a2b.js', 'app-3c4d.js', 'style-5e6f.css']) writeFileSync(path.join(webDist, 'assets', name), '/* asset */');

describe('the worker processes’ contract (on an app serving the web build)', () => {
  let database: Database;
  let app: FastifyInstance;
  const rendered: Registry[] = [];

  beforeAll(async () => {
    database = createDatabase(ctx.database.url, 2);
    app = await buildApp({
      config: { ...ctx.config, webDist },
      db: database.db,
      logger: false,
      runDispatcher: false,
      runJobs: false,
      gateway,
      renderMetrics: async (local) => {
        rendered.push(local);
        return `# every worker's metrics, aggregated\n${await local.metrics()}`;
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers what renderMetrics returns, given the app’s own registry, after the same token check', async () => {
    const refused = await app.inject({ method: 'GET', url: '/metrics' });
    expect([refused.statusCode, rendered.length]).toEqual([401, 0]);
    const response = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(response.statusCode).toBe(200);
    expect(response.body.startsWith("# every worker's metrics, aggregated\n")).toBe(true);
    expect(rendered).toEqual([app.metrics.registry]);
    expect(app.metrics.registry).not.toBe(ctx.app.metrics.registry);
    expect(seriesOf(parse(response.body), 'qist_ledger_balance_sum_minor_units')).toHaveLength(1);
  });

  it('counts the web app’s files under their one route, its pages loaded directly as unmatched (200), whatever their names', async () => {
    const files = ['/assets/app-1a2b.js', '/assets/app-3c4d.js', '/assets/style-5e6f.css'];
    const pages = ['/sme/orders', '/faq', '/admin/orders/123', '/auth/login'];
    for (const url of [...files, ...pages]) expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    const samples = await scrape(app);
    expect(valueOf(samples, 'qist_http_requests_total', { method: 'GET', route: '/*', status: '200' })).toBe(files.length);
    expect(valueOf(samples, 'qist_http_requests_total', { method: 'GET', route: 'unmatched', status: '200' })).toBe(pages.length);
    const routes = seriesOf(samples, 'qist_http_requests_total').map((s) => s.labels.route);
    for (const url of [...files, ...pages]) expect(routes).not.toContain(url);
  });

  it('sets how each gauge aggregates across workers: pool figures add up, database figures are one worker’s', async () => {
    const metrics = await app.metrics.registry.getMetricsAsJSON();
    const aggregatorOf = (name: string) => metrics.find((m) => m.name === name)?.aggregator;
    expect(['qist_db_pool_clients', 'qist_db_pool_idle_clients', 'qist_db_pool_waiting_requests'].map(aggregatorOf)).toEqual(['sum', 'sum', 'sum']);
    expect(['qist_outbox_pending_messages', 'qist_outbox_oldest_pending_age_seconds', 'qist_refunds_waiting', 'qist_ledger_balance_sum_minor_units', 'qist_database_up'].map(aggregatorOf)).toEqual([
      'max',
      'max',
      'max',
      'first',
      'min',
    ]);
    expect(aggregatorOf('qist_http_requests_total')).toBe('sum');
  });
});
