// npm run cluster:check — stands up here what an operator runs beyond one machine, and checks it end to
// end (docs/decisions/0040-cluster-check.md): Debian's PostgreSQL 15 as the primary, a streaming
// replica of it and PgBouncer 1.18 in transaction mode in front of it, each on a free port under a
// temporary folder; two API processes of the built product on them (DATABASE_URL through the pooler
// with DATABASE_PREPARED_STATEMENTS=false, DATABASE_READ_URL on the replica, one shared DATA_DIR for
// the uploaded files). Through both processes it drives buy-and-pay flows and a read-your-own-writes
// check with the replica's replay paused, takes a backup while they serve, restores it onto a second
// server and compares, scrapes /metrics, then stops everything and removes the folders.
//
//   node scripts/cluster-check.mjs [--report FILE]
//
// Installs postgresql-15 and pgbouncer with apt-get when they are missing and it runs as root. Prints a
// line per check and `cluster check: N passed, N failed`; exits 1 when a check failed. With --report,
// writes { passed, failed, failures: [{ name, message }] } there for npm test (scripts/test-all.mjs).
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  PGBOUNCER,
  POSTGRES_BIN,
  freePort,
  queryOnce,
  startDebianPostgres,
  startPgBouncer,
  startStreamingReplica,
} from './lib/external-postgres.mjs';
import { repoRoot, request, serverDist, startServer } from './lib/server-process.mjs';

const { values: options } = parseArgs({ options: { report: { type: 'string' } } });

const SESSION_SECRET = 'cluster-check-session-secret-0123456789abcdef';
const METRICS_TOKEN = 'cluster-check-metrics-token-0123456789';
const SME = { email: 'sme@example.com', password: 'demo12345' };
/** Buy-and-pay flows driven through the two processes, all at once. */
const FLOWS = 12;
/** Server connections PgBouncer opens to the primary for the product's database. */
const POOLER_SERVER_CONNECTIONS = 4;
/** A bound on each step that waits for a process or a server (a hung step fails instead of hanging CI). */
const STEP_TIMEOUT_MS = 180_000;

const results = [];
const cleanups = [];

/** Runs one named check; a check that throws is a failure with its message, and the later ones are not run. */
async function check(name, body) {
  const started = Date.now();
  try {
    const detail = await withTimeout(body(), STEP_TIMEOUT_MS, name);
    results.push({ name, ok: true });
    console.log(`  ✓ ${name}${detail ? ` — ${detail}` : ''} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    results.push({ name, ok: false, message });
    console.log(`  ✗ ${name}\n${message.split('\n').slice(0, 20).map((line) => `      ${line}`).join('\n')}`);
    throw new CheckFailed();
  }
}

class CheckFailed extends Error {}

function withTimeout(promise, ms, name) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${name}: not done within ${ms / 1000} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

const envelope = (answer) => {
  try {
    return JSON.parse(answer.body);
  } catch {
    return { status: false, msg: answer.body.slice(0, 200) };
  }
};

/** A call that must answer 200 with `status: true`; its content. */
async function ok(port, method, url, requestOptions = {}) {
  const answer = await request(port, method, url, requestOptions);
  const body = envelope(answer);
  expect(answer.status === 200 && body.status === true, `${method} ${url} on :${port} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  return { content: body.content, headers: answer.headers };
}

/** Every file under `dir`, by path relative to it, with its SHA-256. */
function fileDigests(dir) {
  const digests = new Map();
  const walk = (at) => {
    if (!existsSync(at)) return;
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else digests.set(path.relative(dir, full), createHash('sha256').update(readFileSync(full)).digest('hex'));
    }
  };
  walk(dir);
  return digests;
}

/** Runs a built CLI of the server (backup, restore, audit:verify, rollups:verify) with `env`; its output. */
function runCli(script, args, env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(serverDist, 'cli', script), ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SESSION_SECRET, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The database's rows of the orders in `ids`, with their instalments and approved payments, as one text. */
async function ordersFingerprint(url, ids) {
  const rows = await queryOnce(
    url,
    `select o.id, o.status, o.amount,
            (select string_agg(i.position || ':' || i.amount || ':' || coalesce(i.paid_at::text, 'unpaid'), ',' order by i.position) from installments i where i.order_id = o.id) as installments,
            (select count(*) from payments p where p.order_id = o.id and p.status = 'approved') as approved
       from orders o where o.id = any($1::uuid[]) order by o.id`,
    [ids],
  );
  return JSON.stringify(rows);
}

async function ledgerTotal(url) {
  const [row] = await queryOnce(url, 'select coalesce(sum(amount), 0)::text as total, count(*)::int as postings from ledger_postings');
  return row;
}

function installMissingDatabaseServers() {
  const missing = [path.join(POSTGRES_BIN, 'postgres'), PGBOUNCER].filter((file) => !existsSync(file));
  if (missing.length === 0) return;
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    throw new Error(`missing ${missing.join(' and ')}: install Debian's postgresql-15 and pgbouncer (apt-get install -y postgresql-15 pgbouncer), or run this as root`);
  }
  console.log('  installing postgresql-15 and pgbouncer with apt-get');
  execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 pgbouncer'], { stdio: 'inherit' });
}

/** Past the product's own drain bound (10 s), a process still running after SIGTERM is killed. */
const KILL_AFTER_MS = 30_000;

/** SIGTERM, then SIGKILL if the process has not exited within KILL_AFTER_MS; resolves with its exit. */
async function stopProcess(server) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return server ? server.exited : undefined;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), KILL_AFTER_MS);
  try {
    return await server.exited;
  } finally {
    clearTimeout(timer);
  }
}

async function main() {
  const started = Date.now();
  console.log('cluster check: a primary, a streaming replica, PgBouncer and two API processes');
  if (!existsSync(path.join(serverDist, 'main.js'))) throw new Error('the server is not built: run npm run build (npm run cluster:check builds it)');

  const root = mkdtempSync(path.join(tmpdir(), 'qist-cluster-check-'));
  chmodSync(root, 0o711);
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const dataDir = path.join(root, 'data');
  const backupFile = path.join(root, 'qist-backup.tar.gz');
  let primary;
  let replica;
  let pooler;
  const servers = [];

  await check('PostgreSQL 15, a streaming replica of it and PgBouncer in transaction mode start', async () => {
    installMissingDatabaseServers();
    primary = await startDebianPostgres();
    cleanups.push(() => primary.stop());
    await primary.createDatabase('qist');
    replica = await startStreamingReplica(primary);
    cleanups.push(() => replica.stop());
    pooler = await startPgBouncer(primary, { poolSize: POOLER_SERVER_CONNECTIONS });
    cleanups.push(() => pooler.stop());
    const [version] = await queryOnce(pooler.url('qist'), 'show server_version');
    return `primary :${primary.port}, replica :${replica.port}, PgBouncer :${pooler.port} (${POOLER_SERVER_CONNECTIONS} server connections), PostgreSQL ${version.server_version}`;
  });

  const ports = [await freePort(), await freePort()];
  await check('two API processes start at once on the empty database through the pooler, the migrations applied and the demo seeded once', async () => {
    for (const [index, port] of ports.entries()) {
      const server = startServer({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: pooler.url('qist'),
        DATABASE_PREPARED_STATEMENTS: 'false',
        DATABASE_READ_URL: replica.url('qist'),
        SESSION_SECRET,
        METRICS_TOKEN,
        LOG_LEVEL: 'info',
        WEB_CONCURRENCY: '1',
      });
      server.name = `process ${index + 1}`;
      servers.push(server);
    }
    cleanups.push(async () => {
      for (const server of servers) await stopProcess(server);
    });
    await Promise.all(servers.map((server) => server.waitForOutput(/serving on http:\/\/localhost:\d+/)));
    const [admins] = await queryOnce(primary.url('qist'), `select count(*)::int as n from users where email = 'admin@example.com'`);
    expect(admins.n === 1, `expected one demo admin, found ${admins.n}`);
    const [migrations] = await queryOnce(primary.url('qist'), 'select count(*)::int as n, count(distinct hash)::int as distinct_n from drizzle.__drizzle_migrations');
    expect(migrations.n === migrations.distinct_n && migrations.n > 0, `migrations recorded ${migrations.n} times for ${migrations.distinct_n} migrations`);
    const seeders = servers.filter((server) => server.output().includes('seeded the demo data into the new database'));
    expect(seeders.length === 1, `${seeders.length} processes seeded the demo data`);
    const demoOrders = Number(/seeded (\d+) demo orders/.exec(seeders[0].output())?.[1]);
    const [orders] = await queryOnce(primary.url('qist'), 'select count(*)::int as n from orders');
    expect(orders.n === demoOrders, `the database holds ${orders.n} orders, the seed made ${demoOrders}`);
    return `on :${ports[0]} and :${ports[1]}, ${migrations.n} migrations recorded once, ${demoOrders} demo orders seeded by ${seeders[0].name}`;
  });

  // The demo SME signs in on the first process; its token is good on both (sessions live in the database).
  const login = await request(ports[0], 'POST', '/api/v1/auth/login', { body: SME });
  const token = envelope(login).content?.token;
  const created = [];

  await check(`${FLOWS} buy-and-pay flows at once, each step on the other process than the one before`, async () => {
    expect(typeof token === 'string', `the demo SME did not sign in: ${login.status} ${login.body.slice(0, 200)}`);
    const { content } = await ok(ports[1], 'GET', '/api/v1/sme/provider/list?page=1&perPage=50', { token });
    const providerId = content.providers[0]._id;
    const flow = async (i) => {
      const [first, second] = i % 2 === 0 ? ports : [ports[1], ports[0]];
      const order = await ok(first, 'POST', '/api/v1/sme/order/create', { token, body: { providerId, amount: 10 + i, description: `cluster check ${i}` } });
      const orderId = order.content.order._id;
      const init = await ok(second, 'POST', '/api/v1/sme/pay/init', { token, body: { orderId } });
      const { transactionId } = init.content;
      await ok(first, 'POST', '/api/v1/pub/gateway/sandbox/complete', { body: { transactionId, approve: true } });
      const verify = await ok(second, 'POST', '/api/v1/sme/pay/verify', { token, body: { transactionId } });
      expect(verify.content.payStatus === true, `order ${orderId}: pay/verify did not settle: ${JSON.stringify(verify.content)}`);
      return orderId;
    };
    created.push(...(await Promise.all(Array.from({ length: FLOWS }, (_, i) => flow(i)))));
    const rows = await queryOnce(
      primary.url('qist'),
      `select count(distinct o.id)::int as orders, count(p.id)::int as approved
         from orders o join payments p on p.order_id = o.id and p.status = 'approved' where o.id = any($1::uuid[])`,
      [created],
    );
    expect(rows[0].orders === FLOWS && rows[0].approved === FLOWS, `expected ${FLOWS} orders with one approved payment each, found ${JSON.stringify(rows[0])}`);
    const ledger = await ledgerTotal(primary.url('qist'));
    expect(ledger.total === '0', `the ledger sums to ${ledger.total}, not 0`);
    return `${FLOWS} orders each with one approved payment; the ledger's ${ledger.postings} postings sum to 0`;
  });

  await check("a write on one process is read back on the other while the replica's replay is paused", async () => {
    const [lsn] = await queryOnce(primary.url('qist'), 'select pg_current_wal_lsn()::text as lsn');
    await replica.waitForReplay(lsn.lsn);
    await replica.pauseReplay();
    try {
      const { content: providers } = await ok(ports[0], 'GET', '/api/v1/sme/provider/list?page=1&perPage=50', { token });
      const written = await ok(ports[0], 'POST', '/api/v1/sme/order/create', { token, body: { providerId: providers.providers[0]._id, amount: 7.25, description: 'read your own write' } });
      const orderId = written.content.order._id;
      const readAfter = written.headers['x-qist-read-after'];
      expect(typeof readAfter === 'string', 'the write answered no x-qist-read-after header');
      const list = (headers) => ok(ports[1], 'GET', '/api/v1/sme/order/list?page=1&perPage=50', { token, headers });
      const stale = await list({});
      expect(
        !stale.content.orders.some((o) => o._id === orderId),
        'the other process showed the new order without the header: its read did not come from the paused replica, so this check proves nothing',
      );
      const fresh = await list({ 'x-qist-read-after': readAfter });
      expect(fresh.content.orders.some((o) => o._id === orderId), `the other process did not show order ${orderId} with x-qist-read-after ${readAfter}`);
      created.push(orderId);
      return `order ${orderId.slice(0, 8)}…: absent from the paused replica, shown with the header`;
    } finally {
      await replica.resumeReplay();
    }
  });

  let ordersAtBackup;
  await check('npm run backup takes the database (pg_dump) and the uploaded files while both processes serve', async () => {
    ordersAtBackup = await ordersFingerprint(primary.url('qist'), created);
    // A request in flight on each process while the dump runs: the backup does not stop the product.
    const during = Promise.all(ports.map((port) => ok(port, 'GET', '/api/v1/sme/order/list?page=1&perPage=10', { token })));
    const backup = await runCli('backup.js', [backupFile], { DATABASE_URL: primary.url('qist'), DATA_DIR: dataDir });
    await during;
    expect(backup.code === 0, `backup exited ${backup.code}:\n${backup.output}`);
    return backup.output.trim().split('\n').at(-1);
  });

  let restoredServer;
  let restoredDataDir;
  await check('npm run restore brings it onto another server: the same orders, files, ledger at 0, trail and rollups verified', async () => {
    restoredServer = await startDebianPostgres();
    cleanups.push(() => restoredServer.stop());
    await restoredServer.createDatabase('qist');
    restoredDataDir = path.join(root, 'restored');
    const env = { DATABASE_URL: restoredServer.url('qist'), DATA_DIR: restoredDataDir };
    const restore = await runCli('restore.js', [backupFile], env);
    expect(restore.code === 0, `restore exited ${restore.code}:\n${restore.output}`);
    const restoredOrders = await ordersFingerprint(restoredServer.url('qist'), created);
    expect(restoredOrders === ordersAtBackup, `the restored orders differ from the primary's at the backup:\nprimary  ${ordersAtBackup}\nrestored ${restoredOrders}`);
    const ledger = await ledgerTotal(restoredServer.url('qist'));
    expect(ledger.total === '0', `the restored ledger sums to ${ledger.total}`);
    const uploads = fileDigests(path.join(dataDir, 'uploads'));
    const restoredUploads = fileDigests(path.join(restoredDataDir, 'uploads'));
    expect(uploads.size > 0, 'the primary holds no uploaded file to compare');
    expect(
      uploads.size === restoredUploads.size && [...uploads].every(([file, digest]) => restoredUploads.get(file) === digest),
      `the restored uploads differ: ${uploads.size} files before, ${restoredUploads.size} after`,
    );
    for (const cli of ['audit-verify.js', 'rollups-verify.js']) {
      const verified = await runCli(cli, [], env);
      expect(verified.code === 0, `${cli} on the restored database exited ${verified.code}:\n${verified.output}`);
    }
    return `${created.length} orders as at the backup, ${uploads.size} files byte for byte, ${ledger.postings} postings summing to 0`;
  });

  await check('GET /metrics on each process: the ledger at 0, the replica lag, the requests counted, the token required', async () => {
    const lines = [];
    for (const port of ports) {
      const refused = await request(port, 'GET', '/metrics');
      expect(refused.status === 401, `/metrics without the token answered ${refused.status}`);
      const scrape = await request(port, 'GET', '/metrics', { token: METRICS_TOKEN });
      expect(scrape.status === 200, `/metrics answered ${scrape.status}: ${scrape.body.slice(0, 200)}`);
      const value = (pattern) => {
        const match = new RegExp(`^${pattern} (\\S+)$`, 'm').exec(scrape.body);
        return match ? Number(match[1]) : undefined;
      };
      expect(value('qist_ledger_balance_sum_minor_units') === 0, `qist_ledger_balance_sum_minor_units is ${value('qist_ledger_balance_sum_minor_units')}`);
      const lag = value('qist_db_replica_lag_seconds');
      expect(lag !== undefined && Number.isFinite(lag), `qist_db_replica_lag_seconds is ${lag}`);
      expect(/^qist_http_requests_total\{[^}]*route="\/api\/v1\/sme\/order\/create"[^}]*\} \d+/m.test(scrape.body), 'no order creation counted in qist_http_requests_total');
      expect(/^qist_job_queue_jobs\{/m.test(scrape.body), 'no qist_job_queue_jobs figure');
      lines.push(`:${port} lag ${lag} s`);
    }
    return lines.join(', ');
  });

  await check('SIGTERM drains both processes and each exits 0', async () => {
    const exits = await Promise.all(servers.map((server) => stopProcess(server)));
    expect(
      exits.every((exit) => exit.code === 0),
      `exits: ${JSON.stringify(exits)}\n${servers.map((server) => server.output().split('\n').slice(-5).join('\n')).join('\n')}`,
    );
    return 'exit 0, 0';
  });

  console.log(`cluster check: whole run ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function tearDown() {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.log(`  (tearing down: ${error instanceof Error ? error.message : String(error)})`);
    }
  }
}

let crashed;
try {
  await main();
} catch (error) {
  if (!(error instanceof CheckFailed)) crashed = error instanceof Error ? error.message : String(error);
} finally {
  await tearDown();
}
if (crashed) results.push({ name: 'cluster check (outside its checks)', ok: false, message: crashed });
const passed = results.filter((result) => result.ok).length;
const failures = results.filter((result) => !result.ok);
if (crashed) console.log(`  ✗ ${crashed}`);
console.log(`cluster check: ${passed} passed, ${failures.length} failed`);
if (options.report) writeFileSync(options.report, JSON.stringify({ passed, failed: failures.length, failures: failures.map(({ name, message }) => ({ name, message })) }));
process.exit(failures.length === 0 && passed > 0 ? 0 : 1);
