// Every screen at two sizes in one table: each role's dashboard, every list (first, middle and last
// page; the order, instalment, SME and supplier lists also by cursor), the admin's CSV export of all orders, and the order benches,
// against issue 20's aims, with how each figure moved from the smaller size to the larger (the ratio
// should be about 1: a screen's cost must not grow with the history kept).
// Not a test: it prints figures (exit 1 only when a request fails or the order bench's checks fail).
//
// For each size: `npm run seed:scale` (seed 1) into a kept or temporary data folder (a new embedded
// PostgreSQL; --data DIR keeps DIR/<orders> for the next run, seeded once), `vacuum analyze`, the built
// product (apps/server/dist/main.js) on it, then each call `--calls` times one at a time after one
// warm-up call, p50 in ms as the client sees it. SMEs = orders / 50, suppliers = orders / 5,000 (at
// least 20): at 1,000,000 orders the issue's 20,000 SMEs and 200 suppliers. The busy SME and the busy
// supplier are the seed's with the most orders; the insurer is insurer1 (half the SMEs are insured).
// The order benches (`bench/orders.mjs --cases across,flow`) run once, on their own fresh database:
// creation does not read the history.
//
// Usage: npm run build -w @qist/domain && npm run build -w @qist/server && node bench/scale.mjs [options]
//   --sizes a,b     orders seeded, smaller first (100000,1000000)
//   --calls N       measured calls of each screen (10)
//   --data DIR      keep each size's database in DIR/<orders> (seeded on the first run, reused after)
//   --no-orders     skip the order benches
//   --server-dist DIR  run this build of the server instead of apps/server/dist
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { percentile, startProduct, stopChild } from './lib/process.mjs';
import { download, memoryMiB, seedOnce } from './lib/scale-data.mjs';
import { benchSignIn, fetchPost } from './lib/sign-in.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const SECRET = 'bench-secret-bench-secret-bench-secret-42';
const PASSWORD = 'demo12345';
const SEED = 1;
const PER_PAGE = 10;
const AIMS = { dashboard: { ms: 50 }, list: { ms: 25 }, export: { rowsPerSecond: 150_000 }, orders: { perSecond: 1000 }, flows: { perSecond: 300 } };
const MAX_RATIO = 1.5;

const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a');

/** One size: seed (or reuse), start the product, time every screen. Resolves `{ figures, facts }`. */
async function measureSize({ orders, calls, distDir, keptRoot }) {
  const dataDir = keptRoot ? path.join(keptRoot, String(orders)) : mkdtempSync(path.join(tmpdir(), 'qist-bench-scale-'));
  mkdirSync(dataDir, { recursive: true });
  chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as another user, who must reach its folder
  const { startEmbeddedPostgres } = await import(pathToFileURL(path.join(distDir, 'db/embedded.js')).href);
  const { default: pg } = await import('pg');
  let embedded;
  let product;
  let pool;
  try {
    embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg'), log: () => {} });
    const env = { ...process.env, DATABASE_URL: embedded.url, DATA_DIR: path.join(dataDir, 'product'), SEED_DEMO: 'true', SESSION_SECRET: SECRET };
    const smes = Math.max(100, Math.round(orders / 50));
    const suppliers = Math.max(20, Math.round(orders / 5000));
    const args = ['--orders', String(orders), '--smes', String(smes), '--suppliers', String(suppliers), '--seed', String(SEED)];
    const seeded = await seedOnce({ distDir, dataDir, env, args });
    pool = new pg.Pool({ connectionString: embedded.url, max: 2 });
    await pool.query('vacuum analyze');
    const one = async (text, values) => (await pool.query(text, values)).rows[0];
    const facts = await one(
      `select (select count(*) from orders)::int as orders, (select count(*) from installments)::int as installments,
              (select count(*) from smes)::int as smes, (select count(*) from providers)::int as suppliers,
              pg_size_pretty(pg_database_size(current_database())) as size`,
    );
    facts.seedSeconds = seeded.seconds;
    const busySme = await one(
      `select u.email, count(*)::int as orders from orders o join smes s on s.id = o.sme_id join users u on u.id = s.user_id
       where u.email like 'sme-' || $1 || '-%@scale.example' group by u.email order by count(*) desc limit 1`,
      [String(SEED)],
    );
    const busySupplier = await one(
      `select u.email, count(*)::int as orders from orders o join providers p on p.id = o.provider_id join users u on u.id = p.user_id
       where u.email like 'supplier-' || $1 || '-%@scale.example' group by u.email order by count(*) desc limit 1`,
      [String(SEED)],
    );
    facts.busySme = busySme;
    facts.busySupplier = busySupplier;
    console.log(`\n${fmt(facts.orders)} orders, ${fmt(facts.installments)} instalments, ${fmt(facts.smes)} SMEs, ${fmt(facts.suppliers)} suppliers, ${facts.size}` +
      `${seeded.seconds === null ? '' : `; seeded in ${fmt(seeded.seconds, 1)} s`}; busy SME ${busySme.email} (${fmt(busySme.orders)} orders), busy supplier ${busySupplier.email} (${fmt(busySupplier.orders)})`);

    const logFile = path.join(dataDir, 'product.log');
    writeFileSync(logFile, '');
    let port;
    ({ child: product, port } = await startProduct({ distDir, env: { ...env, LOG_LEVEL: 'warn', LOGIN_MAX_FAILURES: '1000000', JOBS_INTERVAL_SECONDS: '3600' }, logFile }));
    const base = `http://127.0.0.1:${port}`;
    const signIn = (email) => benchSignIn(fetchPost(base), email, PASSWORD);
    const tokens = {
      admin: await signIn('admin@example.com'),
      bank: await signIn('bank@example.com'),
      insurance: await signIn('insurer1@example.com'),
      sme: await signIn(busySme.email),
      provider: await signIn(busySupplier.email),
    };

    const get = async (pathname, token) => {
      const started = performance.now();
      const response = await fetch(`${base}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
      const text = await response.text();
      const ms = performance.now() - started;
      if (response.status !== 200) throw new Error(`GET ${pathname}: ${response.status} ${text.slice(0, 300)}`);
      return { ms, json: JSON.parse(text) };
    };
    /** p50 of `calls` calls after one warm-up; the last answer too. */
    const time = async (pathname, token) => {
      let answer = await get(pathname, token);
      const times = [];
      for (let i = 0; i < calls; i += 1) {
        answer = await get(pathname, token);
        times.push(answer.ms);
      }
      times.sort((a, b) => a - b);
      return { p50: percentile(times, 0.5), json: answer.json };
    };

    const figures = [];
    for (const role of ['admin', 'bank', 'insurance', 'sme', 'provider']) {
      const { p50 } = await time(`/api/v1/${role}/dashboard`, tokens[role]);
      figures.push({ kind: 'dashboard', name: `${role} dashboard`, value: p50 });
    }

    const lists = [
      { name: 'admin orders', role: 'admin', path: '/api/v1/admin/order/list', cursors: true },
      { name: 'admin orders, status 1 (paid first instalment)', role: 'admin', path: '/api/v1/admin/order/list', query: 'status=1', cursors: true },
      { name: 'bank orders', role: 'bank', path: '/api/v1/bank/order/list', cursors: true },
      { name: 'insurer orders', role: 'insurance', path: '/api/v1/insurance/order/list', cursors: true },
      { name: 'busy SME orders', role: 'sme', path: '/api/v1/sme/order/list', cursors: true },
      { name: 'busy supplier orders', role: 'provider', path: '/api/v1/provider/order/list', cursors: true },
      { name: 'admin instalments', role: 'admin', path: '/api/v1/admin/installment/list', cursors: true },
      { name: 'admin SMEs', role: 'admin', path: '/api/v1/admin/sme/list', cursors: true },
      { name: 'admin suppliers', role: 'admin', path: '/api/v1/admin/provider/list', cursors: true },
      { name: 'insurer SMEs', role: 'insurance', path: '/api/v1/insurance/sme/list', cursors: true },
      { name: 'admin audit trail', role: 'admin', path: '/api/v1/admin/audit/list' },
    ];
    for (const list of lists) {
      const token = tokens[list.role];
      const url = (params) => `${list.path}?${[list.query, `perPage=${PER_PAGE}`, params].filter(Boolean).join('&')}`;
      const first = await time(url('page=1'), token);
      const count = Number(first.json.content?.count ?? first.json.content?.total ?? NaN);
      const lastPage = Math.max(1, Math.ceil(count / PER_PAGE));
      const middlePage = Math.max(1, Math.ceil(lastPage / 2));
      const middle = await time(url(`page=${middlePage}`), token);
      const last = await time(url(`page=${lastPage}`), token);
      const label = `${list.name} (${fmt(count)})`;
      figures.push({ kind: 'list', name: `${label}: first page`, value: first.p50 });
      figures.push({ kind: 'list', name: `${label}: page ${fmt(middlePage)} by number`, value: middle.p50 });
      figures.push({ kind: 'list', name: `${label}: last page by number`, value: last.p50 });
      const cursor = middle.json.content?.cursors?.last;
      if (list.cursors && cursor) {
        const next = await time(url(`after=${encodeURIComponent(cursor)}`), token);
        const lastByCursor = await time(url('last=true'), token);
        figures.push({ kind: 'list', name: `${label}: the page after page ${fmt(middlePage)}, by cursor`, value: next.p50 });
        figures.push({ kind: 'list', name: `${label}: last page, last=true`, value: lastByCursor.p50 });
      }
    }

    // The admin's export of every order, plain: rows/s and the product's peak RSS meanwhile.
    writeFileSync(`/proc/${product.pid}/clear_refs`, '5'); // VmHWM := VmRSS now
    const rssBefore = memoryMiB(product.pid, 'VmRSS');
    const exported = await download(base, '/api/v1/admin/order/export', tokens.admin, 'identity');
    if (exported.status !== 200 || exported.lines !== facts.orders + 1) throw new Error(`the export answered ${exported.status} with ${exported.lines - 1} rows for ${facts.orders} orders`);
    figures.push({ kind: 'export', name: 'admin CSV export of every order', value: facts.orders / exported.seconds, detail: `RSS ${fmt(rssBefore)} → peak ${fmt(memoryMiB(product.pid, 'VmHWM'))} MiB` });
    return { figures, facts };
  } finally {
    if (product) await stopChild(product, 'product').catch(() => {});
    await pool?.end().catch(() => {});
    await embedded?.stop().catch(() => {});
    if (!keptRoot) rmSync(dataDir, { recursive: true, force: true });
  }
}

async function orderBenches(distDir) {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'qist-bench-scale-orders-')), 'orders.json');
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(here, 'orders.mjs'), '--cases', 'across,flow', '--server-dist', distDir, '--json', out], { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', resolve);
  });
  if (!existsSync(out)) throw new Error(`bench/orders.mjs wrote no figures (exit ${code})`);
  const { cases, checks } = JSON.parse(readFileSync(out, 'utf8'));
  rmSync(path.dirname(out), { recursive: true, force: true });
  const failed = checks.filter((c) => !c.ok);
  if (failed.length > 0 || code !== 0) process.exitCode = 1;
  return {
    failedChecks: failed.length,
    figures: cases.map((c) => ({ kind: c.unit === 'flows/s' ? 'flows' : 'orders', name: `${c.name} (${c.unit})`, value: c.rate })),
  };
}

function aimOf(f) {
  if (f.kind === 'dashboard' || f.kind === 'list') return { text: `≤ ${AIMS[f.kind].ms} ms`, met: f.value <= AIMS[f.kind].ms };
  if (f.kind === 'export') return { text: `≥ ${fmt(AIMS.export.rowsPerSecond)} rows/s`, met: f.value >= AIMS.export.rowsPerSecond };
  return { text: `≥ ${fmt(AIMS[f.kind].perSecond)}/s`, met: f.value >= AIMS[f.kind].perSecond };
}

async function main() {
  const { values: opts } = parseArgs({
    options: {
      sizes: { type: 'string', default: '100000,1000000' },
      calls: { type: 'string', default: '10' },
      data: { type: 'string' },
      'no-orders': { type: 'boolean', default: false },
      'server-dist': { type: 'string' },
    },
  });
  const distDir = path.resolve(opts['server-dist'] ?? path.join(repoRoot, 'apps/server/dist'));
  if (!existsSync(path.join(distDir, 'main.js'))) throw new Error(`${distDir}/main.js is missing: npm run build -w @qist/domain && npm run build -w @qist/server`);
  const sizes = opts.sizes.split(',').map(Number);
  const keptRoot = opts.data ? path.resolve(opts.data) : undefined;
  const runs = [];
  for (const orders of sizes) runs.push({ orders, ...(await measureSize({ orders, calls: Number(opts.calls), distDir, keptRoot })) });
  const orderRun = opts['no-orders'] ? undefined : await orderBenches(distDir);

  const larger = runs.at(-1);
  const smaller = runs.length > 1 ? runs[0] : undefined;
  const heads = [smaller && `${fmt(smaller.facts.orders)} orders`, `${fmt(larger.facts.orders)} orders`, smaller && 'ratio', 'aim', 'met'].filter(Boolean);
  console.log(`\n${'screen'.padEnd(78)} ${heads.map((h) => h.padStart(h === 'aim' ? 18 : 14)).join(' ')}`);
  let missed = 0;
  let grew = 0;
  larger.figures.forEach((f, i) => {
    const before = smaller?.figures[i];
    const aim = aimOf(f);
    const unit = f.kind === 'export' ? ' rows/s' : ' ms';
    // A time that grew, or a rate that fell, by more than MAX_RATIO is a cost that grows with the history.
    const ratio = before ? (f.kind === 'export' ? before.value / f.value : f.value / before.value) : undefined;
    if (!aim.met) missed += 1;
    if (ratio !== undefined && ratio > MAX_RATIO) grew += 1;
    const cells = [before && `${fmt(before.value, 1)}${unit}`, `${fmt(f.value, 1)}${unit}`, ratio !== undefined && `${fmt(ratio, 2)}${ratio > MAX_RATIO ? ' (!)' : ''}`, aim.text, aim.met ? 'yes' : 'MISSED'].filter((c) => c !== undefined && c !== false);
    console.log(`${f.name.slice(0, 78).padEnd(78)} ${cells.map((c, j) => c.padStart(heads[j] === 'aim' ? 18 : 14)).join(' ')}${f.detail ? `  ${f.detail}` : ''}`);
  });
  for (const f of orderRun?.figures ?? []) {
    const aim = aimOf(f);
    if (!aim.met) missed += 1;
    console.log(`${`${f.name}, fresh database`.padEnd(78)} ${[fmt(f.value), aim.text, aim.met ? 'yes' : 'MISSED'].map((c, j) => c.padStart(j === 1 ? 18 : 14)).join(' ')}`);
  }
  console.log(
    `\n${missed} figure(s) missed their aim` +
      `${smaller ? `; ${grew} grew by more than ${MAX_RATIO}× from ${fmt(smaller.facts.orders)} to ${fmt(larger.facts.orders)} orders` : ''}` +
      `${orderRun ? `; order bench checks: ${orderRun.failedChecks} failed` : ''}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
