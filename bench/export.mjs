// The admin's CSV export of every order at scale, through real HTTP against the built product
// (apps/server/dist/main.js): rows per second plain and with `Accept-Encoding: gzip`, the bytes on the
// wire, the server's peak RSS during each download (VmHWM, reset before it through
// /proc/<pid>/clear_refs, and VmRSS sampled every 20 ms), and the CPU seconds of the server and of
// PostgreSQL. Also the plan of the export's statement (EXPLAIN ANALYZE of what the repository sends).
// Not a test: it prints figures (docs/decisions/0025-streaming-exports.md).
//
// Seed: `npm run seed:scale`'s CLI (seed 1) into a new embedded PostgreSQL, or the one kept in
// --data DIR by an earlier run (then no seed: the figures of several builds on the same data).
//
// Usage: npm run build -w @qist/domain && npm run build -w @qist/server && node bench/export.mjs [options]
//   --orders N      orders seeded (100000)
//   --smes N        SMEs seeded (2000)
//   --suppliers N   suppliers seeded (50)
//   --runs N        downloads of each kind (2)
//   --data DIR      keep the database in DIR (seeded on the first run, reused after)
//   --server-dist DIR  run this build of the server instead of apps/server/dist
//   --profile DIR   run the server with --cpu-prof into DIR (where its time goes: open in a profiler)
// BENCH_SERVER_NODE_FLAGS='--max-semi-space-size=16' passes V8 flags to the server.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { cpuSeconds, postgresCpuSeconds, startProduct, stopChild } from './lib/process.mjs';
import { download, memoryMiB, seedOnce } from './lib/scale-data.mjs';
import { benchSignIn, fetchPost } from './lib/sign-in.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const SECRET = 'bench-secret-bench-secret-bench-secret-42';
const SEED = 1;

const fmt = (n, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function main() {
  const { values: opts } = parseArgs({
    options: {
      orders: { type: 'string', default: '100000' },
      smes: { type: 'string', default: '2000' },
      suppliers: { type: 'string', default: '50' },
      runs: { type: 'string', default: '2' },
      data: { type: 'string' },
      'server-dist': { type: 'string' },
      profile: { type: 'string' },
    },
  });
  const distDir = path.resolve(opts['server-dist'] ?? path.join(repoRoot, 'apps/server/dist'));
  if (!existsSync(path.join(distDir, 'main.js'))) throw new Error(`${distDir}/main.js is missing: build the server first`);
  const { startEmbeddedPostgres } = await import(pathToFileURL(path.join(distDir, 'db/embedded.js')).href);
  const { default: pg } = await import('pg');

  const kept = opts.data ? path.resolve(opts.data) : undefined;
  const dataDir = kept ?? mkdtempSync(path.join(tmpdir(), 'qist-bench-export-'));
  let product;
  let embedded;
  let pool;
  const cleanup = async () => {
    if (product) await stopChild(product, 'product').catch(() => {});
    await pool?.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => cleanup().finally(() => process.exit(130)));

  try {
    embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), log: () => {} });
    const productEnv = { ...process.env, DATABASE_URL: embedded.url, DATA_DIR: path.join(dataDir, 'product'), SEED_DEMO: 'true', SESSION_SECRET: SECRET };
    const args = ['--orders', opts.orders, '--smes', opts.smes, '--suppliers', opts.suppliers, '--seed', String(SEED)];
    const seeded = await seedOnce({ distDir, dataDir, env: productEnv, args });
    if (seeded.seconds !== null) console.log(`seed:scale ${args.join(' ')}: ${fmt(seeded.seconds, 1)} s`);
    pool = new pg.Pool({ connectionString: embedded.url, max: 2 });
    await pool.query('vacuum analyze');
    const orders = Number((await pool.query('select count(*) from orders')).rows[0].count);

    const logFile = path.join(dataDir, 'product.log');
    const profile = [...(opts.profile ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(opts.profile)] : []), ...(process.env.BENCH_SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? [])];
    writeFileSync(logFile, '');
    let port;
    ({ child: product, port } = await startProduct({ distDir, env: { ...productEnv, LOG_LEVEL: 'warn', JOBS_INTERVAL_SECONDS: '3600' }, logFile, nodeArgs: profile }));
    const base = `http://127.0.0.1:${port}`;
    const token = await benchSignIn(fetchPost(base), 'admin@example.com', 'demo12345');
    const postmaster = Number(readFileSync(path.join(dataDir, 'pg', 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

    // The plans PostgreSQL chooses for the cursors of the order and instalment exports (EXPLAIN DECLARE:
    // a cursor is planned for its first rows, cursor_tuple_fraction), as the repository builds them.
    try {
      const repo = await import(pathToFileURL(path.join(distDir, 'modules/orders/repository.js')).href);
      const { PgDialect } = await import(pathToFileURL(path.join(repoRoot, 'node_modules/drizzle-orm/pg-core/index.js')).href);
      const dialect = new PgDialect();
      for (const [label, query] of [
        ['orders (admin, every order)', repo.orderExportQuery({}, { status: -10, late: false })],
        ['instalments', repo.installmentExportQuery()],
      ]) {
        const { sql: text, params } = dialect.sqlToQuery(query);
        const client = await pool.connect();
        try {
          await client.query('begin');
          const explained = await client.query(`explain declare qist_export no scroll cursor for ${text}`, params);
          await client.query('rollback');
          console.log(`\nthe ${label} export's cursor (EXPLAIN DECLARE):\n${explained.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
        } finally {
          client.release();
        }
      }
    } catch (error) {
      console.log(`(no plan: ${error.message})`);
    }

    await download(base, '/api/v1/admin/order/export?status=0', token, 'identity'); // warm-up (small)
    const rows = [];
    for (const encoding of ['identity', 'gzip']) {
      for (let run = 1; run <= Number(opts.runs); run += 1) {
        writeFileSync(`/proc/${product.pid}/clear_refs`, '5'); // VmHWM := VmRSS now
        const rssBefore = memoryMiB(product.pid, 'VmRSS');
        let sampledPeak = rssBefore;
        const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, memoryMiB(product.pid, 'VmRSS'))), 20);
        const cpu = cpuSeconds(product.pid);
        const pgCpu = postgresCpuSeconds(postmaster);
        const result = await download(base, '/api/v1/admin/order/export', token, encoding);
        clearInterval(sampler);
        const serverCpu = cpuSeconds(product.pid) - cpu;
        const postgresCpu = postgresCpuSeconds(postmaster) - pgCpu;
        if (result.status !== 200 || result.encoding !== encoding) throw new Error(`export answered ${result.status} ${result.encoding}`);
        if (encoding === 'identity' && result.lines !== orders + 1) throw new Error(`the export has ${result.lines - 1} rows, the table ${orders}`);
        rows.push({ encoding, run, ...result, rowsPerSecond: orders / result.seconds, serverCpu, postgresCpu, rssBefore, hwm: memoryMiB(product.pid, 'VmHWM'), sampledPeak });
      }
    }

    console.log(`\nadmin order export, ${fmt(orders)} orders, GET ${base}/api/v1/admin/order/export (node ${process.version})`);
    console.log(`${'encoding'.padEnd(9)} ${'run'.padStart(3)} ${'seconds'.padStart(8)} ${'rows/s'.padStart(9)} ${'MB on wire'.padStart(10)} ${'server CPU s'.padStart(12)} ${'PG CPU s'.padStart(9)} ${'RSS before'.padStart(10)} ${'peak RSS (VmHWM)'.padStart(16)} ${'sampled peak'.padStart(12)}`);
    for (const r of rows) {
      console.log(
        `${r.encoding.padEnd(9)} ${String(r.run).padStart(3)} ${fmt(r.seconds, 2).padStart(8)} ${fmt(r.rowsPerSecond).padStart(9)} ${fmt(r.bytes / 1e6, 1).padStart(10)} ${fmt(r.serverCpu, 2).padStart(12)} ${fmt(r.postgresCpu, 2).padStart(9)} ${`${fmt(r.rssBefore, 0)} MiB`.padStart(10)} ${`${fmt(r.hwm, 0)} MiB`.padStart(16)} ${`${fmt(r.sampledPeak, 0)} MiB`.padStart(12)}`,
      );
    }
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
