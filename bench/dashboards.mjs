// The query time of each role's dashboard at a realistic size (100,000 orders by default), through real
// HTTP against the built product (apps/server/dist/main.js with SEED_DEMO=true), plus the plan of the
// one SQL statement behind each dashboard (EXPLAIN (ANALYZE, BUFFERS) of exactly what the repository
// sends, built by calling the compiled repository function with a recording executor). Also times the
// admin's order list (first and a deep page) and the admin's CSV export at that size, and every order
// list's first page, a middle page read by cursor (and by number) and last page (ADR 0027).
// Not a test: it prints figures.
//
// Seed: `npm run seed:scale`'s CLI (apps/server/dist/cli/seed-scale.js, seed 1) into the product's
// database before the product starts: the demo data, then --smes SMEs at level 8, --suppliers verified
// suppliers and --orders orders over the last 12 months at every status, with their instalments,
// payments, refunds, payout approvals and ledger (docs/decisions/0024-seed-at-scale.md). The busy SME
// (sme-1-1@scale.example) holds 2% of the orders; half the SMEs are insured by insurer1's company.
// The checks after the load: every entry balances, all postings sum to 0, every SME's credit_spend =
// its receivable.
//
// Usage: npm run build -w @qist/domain && npm run build -w @qist/server && node bench/dashboards.mjs [options]
//   --smes N        SMEs seeded (2000)
//   --suppliers N   suppliers seeded (50)
//   --orders N      orders seeded (100000)
//   --calls N       measured calls per dashboard (20), after --warmup N (3)
//   --plans         print the full text plan of each dashboard statement
//   --lists-only    only the order lists' pages (first, middle by cursor and by number, last: ADR 0027)
//   --try-indexes   afterwards, create candidate indexes the current SQL can use and measure the dashboards again
//   --no-build      do not build first
//   --server-dist DIR  run this build of the server instead of apps/server/dist
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { percentile, sleep, startProduct, stopChild } from './lib/process.mjs';
import { benchSignIn, fetchPost } from './lib/sign-in.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const SECRET = 'bench-secret-bench-secret-bench-secret-42';
/** The demo's password, which seed:scale's accounts share. */
const DEMO_PASSWORD = 'demo12345';
const SEED = 1;

const fmt = (n, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

// ---------------------------------------------------------------------------------------------
// Plans: walk EXPLAIN's JSON for sequential scans and the nodes with the most exclusive time.

function walkPlan(node, visit, parent) {
  visit(node, parent);
  for (const child of node.Plans ?? []) walkPlan(child, visit, node);
}

function planFacts(planJson) {
  const root = planJson[0];
  const seqScans = [];
  const nodes = [];
  walkPlan(root.Plan, (n) => {
    const loops = n['Actual Loops'] ?? 1;
    const total = (n['Actual Total Time'] ?? 0) * loops;
    const childTotal = (n.Plans ?? []).reduce((s, c) => s + (c['Actual Total Time'] ?? 0) * (c['Actual Loops'] ?? 1), 0);
    const label = `${n['Node Type']}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}${n['Relation Name'] ? ` on ${n['Relation Name']}` : ''}${n['Subplan Name'] ? ` [${n['Subplan Name']}]` : ''}`;
    nodes.push({ label, self: Math.max(0, total - childTotal), rows: (n['Actual Rows'] ?? 0) * loops, loops, filter: n.Filter ?? n['Index Cond'] ?? '' });
    if (n['Node Type'] === 'Seq Scan' && (n['Actual Loops'] ?? 0) > 0) {
      seqScans.push(`${n['Relation Name']} (${fmt((n['Actual Rows'] ?? 0) * loops)} rows out${n['Rows Removed by Filter'] ? `, ${fmt(n['Rows Removed by Filter'] * loops)} filtered` : ''}${loops > 1 ? `, ${fmt(loops)} loops` : ''})`);
    }
  });
  nodes.sort((a, b) => b.self - a.self);
  return { execMs: root['Execution Time'], planMs: root['Planning Time'], seqScans, top: nodes.slice(0, 5) };
}

// ---------------------------------------------------------------------------------------------

async function build() {
  const run = (args) =>
    new Promise((resolve) => {
      const child = spawn('npm', args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('exit', (code) => resolve({ code, out }));
    });
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const a = await run(['run', 'build', '-w', '@qist/domain']);
    const b = a.code === 0 ? await run(['run', 'build', '-w', '@qist/server']) : a;
    if (b.code === 0) return true;
    console.warn(`build failed (attempt ${attempt}), someone may be mid-edit:\n${b.out.split('\n').filter((l) => /error/i.test(l)).slice(0, 5).join('\n')}`);
    if (attempt < 5) await sleep(60_000);
  }
  return false;
}

async function main() {
  const { values: opts } = parseArgs({
    options: {
      smes: { type: 'string', default: '2000' },
      suppliers: { type: 'string', default: '50' },
      orders: { type: 'string', default: '100000' },
      calls: { type: 'string', default: '20' },
      warmup: { type: 'string', default: '3' },
      plans: { type: 'boolean', default: false },
      'lists-only': { type: 'boolean', default: false },
      'try-indexes': { type: 'boolean', default: false },
      'no-build': { type: 'boolean', default: false },
      'server-dist': { type: 'string' },
    },
  });
  const smeCount = Number(opts.smes);
  const supplierCount = Number(opts.suppliers);
  const orderCount = Number(opts.orders);
  const calls = Number(opts.calls);
  const warmup = Number(opts.warmup);
  const distDir = path.resolve(opts['server-dist'] ?? path.join(repoRoot, 'apps/server/dist'));
  if (!opts['no-build'] && !opts['server-dist']) {
    const t = Date.now();
    const ok = await build();
    if (!ok && !existsSync(path.join(distDir, 'modules/dashboards/repository.js'))) throw new Error('the build keeps failing and dist has no dashboards');
    console.log(ok ? `built in ${fmt((Date.now() - t) / 1000, 1)} s` : 'the build failed 5 times: running the existing dist');
  }
  if (!existsSync(path.join(distDir, 'main.js'))) throw new Error(`${distDir}/main.js is missing`);

  const { default: pg } = await import('pg');
  const { startEmbeddedPostgres } = await import(pathToFileURL(path.join(distDir, 'db/embedded.js')).href);
  const repo = await import(pathToFileURL(path.join(distDir, 'modules/dashboards/repository.js')).href);
  const requireFromServer = createRequire(path.join(distDir, 'main.js'));
  const { PgDialect } = await import(pathToFileURL(requireFromServer.resolve('drizzle-orm/pg-core')).href);
  const dialect = new PgDialect();

  const dataDir = mkdtempSync(path.join(tmpdir(), 'qist-bench-dashboards-'));
  let product;
  let embedded;
  let pool;
  let interrupted = false;
  const cleanup = async () => {
    if (product) await stopChild(product, 'product').catch(() => {});
    await pool?.end().catch(() => {});
    await embedded?.stop().catch((error) => console.warn('stopping PostgreSQL failed', error));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const onSignal = () => {
    if (interrupted) return;
    interrupted = true;
    console.log('\ninterrupted: stopping everything');
    cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    embedded = await startEmbeddedPostgres({ dataDir, log: () => {} });
    const productEnv = {
      ...process.env,
      DATABASE_URL: embedded.url,
      DATA_DIR: path.join(dataDir, 'product'),
      SEED_DEMO: 'true',
      SESSION_SECRET: SECRET,
    };

    // ---- the seed: npm run seed:scale's CLI into the product's database (the demo data first, as at a first start)
    const seedStart = Date.now();
    const seedArgs = ['--orders', String(orderCount), '--smes', String(smeCount), '--suppliers', String(supplierCount), '--seed', String(SEED)];
    const seeded = await new Promise((resolve) => {
      const child = spawn(process.execPath, [path.join(distDir, 'cli/seed-scale.js'), ...seedArgs], { env: productEnv, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (d) => process.stdout.write(d));
      child.stderr.on('data', (d) => process.stderr.write(d));
      child.on('exit', (code) => resolve(code));
    });
    if (seeded !== 0) throw new Error(`seed:scale ${seedArgs.join(' ')} failed (exit ${seeded})`);
    console.log(`seed:scale took ${fmt((Date.now() - seedStart) / 1000, 1)} s in all`);

    const logFile = path.join(dataDir, 'product.log');
    const startedAt = Date.now();
    let port;
    ({ child: product, port } = await startProduct({
      distDir,
      env: { ...productEnv, LOG_LEVEL: 'warn', LOGIN_MAX_FAILURES: '1000000', JOBS_INTERVAL_SECONDS: '3600' },
      logFile,
    }));
    const base = `http://127.0.0.1:${port}`;
    console.log(`product (pid ${product.pid}) serving on ${base}, started in ${Date.now() - startedAt} ms`);

    pool = new pg.Pool({ connectionString: embedded.url, max: 4 });
    pool.on('error', () => {});
    const one = async (text, values) => (await pool.query(text, values)).rows[0];

    // The visibility map as a settled database has it (autovacuum would get there), so plans can use index-only scans.
    const vacuumStart = Date.now();
    await pool.query('vacuum');
    console.log(`vacuum ${fmt((Date.now() - vacuumStart) / 1000, 1)} s`);

    // ---- the checks (seed:scale proved them before its commit; the bench re-reads them): balanced entries, zero total, credit = receivable
    const sizes = await one(
      `select (select count(*) from orders)::int as orders, (select count(*) from installments)::int as installments,
              (select count(*) from ledger_entries)::int as entries, (select count(*) from ledger_postings)::int as postings,
              (select count(*) from smes)::int as smes, (select count(*) from providers)::int as providers,
              pg_size_pretty(pg_database_size(current_database())) as db_size`,
    );
    console.log(
      `database: ${fmt(sizes.orders)} orders, ${fmt(sizes.installments)} instalments, ${fmt(sizes.entries)} ledger entries, ` +
        `${fmt(sizes.postings)} postings, ${fmt(sizes.smes)} SMEs, ${fmt(sizes.providers)} suppliers; ${sizes.db_size}`,
    );
    const unbalanced = await one(`select count(*)::int as n from (select entry_id from ledger_postings group by entry_id having sum(amount) <> 0) x`);
    const orphans = await one(`select count(*)::int as n from ledger_entries e where not exists (select 1 from ledger_postings p where p.entry_id = e.id)`);
    const total = await one('select coalesce(sum(amount), 0)::bigint as t from ledger_postings');
    const credit = await one(
      `select count(*) filter (where s.credit_spend <> coalesce(r.balance, 0))::int as spend_off,
              count(*) filter (where s.credit_amount <> s.credit_limit - s.credit_spend or s.credit_amount < 0)::int as amount_off
       from smes s left join (select sme_id, sum(amount)::bigint as balance from ledger_postings where account = 'sme_receivable' group by sme_id) r on r.sme_id = s.id`,
    );
    const checksOk = unbalanced.n === 0 && orphans.n === 0 && Number(total.t) === 0 && credit.spend_off === 0 && credit.amount_off === 0;
    console.log(
      `  ${checksOk ? 'PASS' : 'FAIL'}  ledger: ${unbalanced.n} unbalanced entries, ${orphans.n} entries without postings, sum of all postings ${total.t}; ` +
        `${credit.spend_off} SMEs with credit_spend ≠ receivable, ${credit.amount_off} with credit_amount ≠ limit − spend`,
    );
    if (!checksOk) process.exitCode = 1;

    // ---- logins
    // The demo back office signs in with a code of the demo secret (two-step sign-in).
    const login = (email, password) => benchSignIn(fetchPost(base), email, password);
    const busy = await one(
      `select u.id as user_id, u.email, count(*)::int as orders from orders o join smes s on s.id = o.sme_id join users u on u.id = s.user_id
       where u.email like 'sme-' || $1 || '-%@scale.example' group by u.id, u.email order by count(*) desc limit 1`,
      [String(SEED)],
    );
    const supplier = await one(
      `select u.id as user_id, u.email, count(*)::int as orders from orders o join providers p on p.id = o.provider_id join users u on u.id = p.user_id
       where u.email like 'supplier-' || $1 || '-%@scale.example' group by u.id, u.email order by count(*) desc limit 1`,
      [String(SEED)],
    );
    const insurer = await one(`select id as user_id, insurance_company_id from users where email = 'insurer1@example.com'`);
    const insured = await one(
      `select count(distinct l.user_id)::int as n from verification_logs l join users u on u.id = l.operator_user_id where l.level = 7 and u.insurance_company_id = $1`,
      [insurer.insurance_company_id],
    );
    const admin = await one(`select id as user_id from users where email = 'admin@example.com'`);
    const roles = [
      { role: 'sme', email: busy.email, password: DEMO_PASSWORD, note: `${fmt(busy.orders)} orders`, sql: () => repo.smeFigures, args: [busy.user_id] },
      { role: 'provider', email: supplier.email, password: DEMO_PASSWORD, note: `${fmt(supplier.orders)} orders`, sql: () => repo.providerFigures, args: [supplier.user_id] },
      { role: 'admin', email: 'admin@example.com', password: DEMO_PASSWORD, note: 'all orders', sql: () => repo.adminFigures, args: [new Date()] },
      { role: 'bank', email: 'bank@example.com', password: DEMO_PASSWORD, note: 'all orders', sql: () => repo.bankFigures, args: [] },
      { role: 'insurance', email: 'insurer1@example.com', password: DEMO_PASSWORD, note: `${fmt(insured.n)} insured SMEs`, sql: () => repo.insuranceFigures, args: [insurer.insurance_company_id] },
    ];
    void admin;
    for (const r of roles) r.token = await login(r.email, r.password);

    const call = async (pathname, token) => {
      const started = performance.now();
      const response = await fetch(`${base}${pathname}`, { headers: { authorization: `Bearer ${token}` } });
      const buffer = Buffer.from(await response.arrayBuffer());
      const ms = performance.now() - started;
      if (response.status !== 200) throw new Error(`GET ${pathname}: ${response.status} ${buffer.toString('utf8').slice(0, 300)}`);
      return { ms, bytes: buffer.length, body: buffer };
    };

    /** The statement a repository function sends, with its parameters, via a recording executor. */
    const statementOf = async (fn, args) => {
      let captured;
      const recorder = {
        execute: async (query) => {
          captured = dialect.sqlToQuery(query);
          return { rows: [{ figures: {} }] };
        },
      };
      await fn(recorder, ...args);
      return captured;
    };

    // ---- the dashboards
    const measureDashboards = async (withText) => {
    const table = [];
    for (const r of roles) {
      const pathname = `/api/v1/${r.role}/dashboard`;
      for (let i = 0; i < warmup; i += 1) await call(pathname, r.token);
      const times = [];
      let bytes = 0;
      let sample;
      for (let i = 0; i < calls; i += 1) {
        const res = await call(pathname, r.token);
        times.push(res.ms);
        bytes = res.bytes;
        sample = res.body;
      }
      times.sort((a, b) => a - b);
      let plan;
      try {
        const statement = await statementOf(r.sql(), r.args);
        // Run it once more directly (warm), then EXPLAIN ANALYZE it.
        await pool.query(statement.sql, statement.params);
        const explained = await pool.query(`explain (analyze, buffers, format json) ${statement.sql}`, statement.params);
        plan = planFacts(explained.rows[0]['QUERY PLAN']);
        if (withText) {
          const text = await pool.query(`explain (analyze, buffers) ${statement.sql}`, statement.params);
          plan.text = text.rows.map((row) => row['QUERY PLAN']).join('\n');
        }
      } catch (error) {
        plan = { error: error.message };
      }
      table.push({ name: `${r.role} (${r.note})`, p50: percentile(times, 0.5), p95: percentile(times, 0.95), bytes, plan, sample });
    }
    return table;
    };
    const printDashboards = (table, title) => {
      console.log(`\n${title}`);
      console.log(`${'dashboard'.padEnd(34)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'plan exec ms'.padStart(13)} ${'bytes'.padStart(7)}  sequential scans in the plan`);
      for (const row of table) {
        const exec = row.plan.error ? 'n/a' : fmt(row.plan.execMs, 1);
        console.log(
          `${row.name.padEnd(34)} ${fmt(row.p50, 1).padStart(8)} ${fmt(row.p95, 1).padStart(8)} ${exec.padStart(13)} ${fmt(row.bytes).padStart(7)}  ${row.plan.error ? `plan failed: ${row.plan.error}` : row.plan.seqScans.join('; ') || 'none'}`,
        );
      }
    };
    const printTops = (table) => {
      for (const row of table) {
        if (row.plan.error) continue;
        console.log(`  ${row.name}: execution ${fmt(row.plan.execMs, 1)} ms, planning ${fmt(row.plan.planMs, 1)} ms`);
        for (const n of row.plan.top) {
          console.log(`    ${fmt(n.self, 1).padStart(8)} ms  ${n.label}  (${fmt(n.rows)} rows${n.loops > 1 ? `, ${fmt(n.loops)} loops` : ''})${n.filter ? `  ${String(n.filter).replace(/\s+/g, ' ').slice(0, 140)}` : ''}`);
        }
        if (row.plan.text) console.log(row.plan.text.replace(/^/gm, '      '));
      }
    };
    const listsOnly = opts['lists-only'];
    const table = listsOnly ? [] : await measureDashboards(opts.plans);

    // ---- the admin's order list and export
    const adminToken = roles.find((r) => r.role === 'admin').token;
    const timeIt = async (label, pathname, n) => {
      await call(pathname, adminToken);
      const times = [];
      let bytes = 0;
      for (let i = 0; i < n; i += 1) {
        const res = await call(pathname, adminToken);
        times.push(res.ms);
        bytes = res.bytes;
      }
      times.sort((a, b) => a - b);
      return { label, p50: percentile(times, 0.5), p95: percentile(times, 0.95), bytes, n };
    };
    const lists = listsOnly
      ? []
      : [
          await timeIt('admin order list, page 1 (perPage 10)', '/api/v1/admin/order/list?page=1&perPage=10', calls),
          await timeIt('admin order list, page 1000 (perPage 10)', '/api/v1/admin/order/list?page=1000&perPage=10', calls),
          await timeIt('admin order export (all orders, CSV)', '/api/v1/admin/order/export', 3),
        ];
    // The list's statements, as the orders repository builds them for the admin (one for page 1; the
    // total, then the page, for a page read on a snapshot).
    const listPlans = [];
    try {
      const ordersRepo = await import(pathToFileURL(path.join(distDir, 'modules/orders/repository.js')).href);
      for (const page of listsOnly ? [] : [1, 1000]) {
        const statements = [];
        const recorder = {
          execute: async (query) => (statements.push(dialect.sqlToQuery(query)), { rows: [{ n: String(sizes.orders), list_total: String(sizes.orders) }] }),
          transaction: (work) => work(recorder),
        };
        await ordersRepo.listOrders(recorder, {}, { page, perPage: 10, status: -10, late: false, last: false });
        for (const [i, st] of statements.entries()) {
          const explained = await pool.query(`explain (analyze, buffers, format json) ${st.sql}`, st.params);
          listPlans.push({ label: `admin list page ${page}, statement ${i + 1}`, plan: planFacts(explained.rows[0]['QUERY PLAN']) });
        }
      }
    } catch (error) {
      console.log(`(list plans unavailable: ${error.message})`);
    }

    // ---- every order list: its first page, a middle page read after a cursor (and by its number), the last page
    const tokenOf = (role) => roles.find((r) => r.role === role).token;
    const orderLists = [
      { name: 'admin, all', role: 'admin', filter: '' },
      { name: 'admin, status 6 (paid out)', role: 'admin', filter: '&status=6' },
      { name: 'admin, status 3 (delivered)', role: 'admin', filter: '&status=3' },
      { name: 'bank, all', role: 'bank', filter: '' },
      { name: 'bank, status 5 (invoice verified)', role: 'bank', filter: '&status=5' },
      { name: `insurer (${fmt(insured.n)} SMEs), all`, role: 'insurance', filter: '' },
      { name: 'insurer, status 6', role: 'insurance', filter: '&status=6' },
      { name: `SME (${fmt(busy.orders)} orders), all`, role: 'sme', filter: '' },
      { name: 'SME, status 6', role: 'sme', filter: '&status=6' },
      { name: `supplier (${fmt(supplier.orders)} orders), all`, role: 'provider', filter: '' },
      { name: 'supplier, status 6', role: 'provider', filter: '&status=6' },
    ];
    const listTimes = [];
    const p50Of = async (pathname, token) => {
      for (let i = 0; i < warmup; i += 1) await call(pathname, token);
      const times = [];
      for (let i = 0; i < calls; i += 1) times.push((await call(pathname, token)).ms);
      times.sort((a, b) => a - b);
      return percentile(times, 0.5);
    };
    for (const list of orderLists) {
      const token = tokenOf(list.role);
      const base = `/api/v1/${list.role}/order/list?perPage=10${list.filter}`;
      const first = JSON.parse((await call(base, token)).body.toString('utf8')).content;
      const pages = Math.max(1, Math.ceil(first.count / 10));
      const middle = Math.max(1, Math.ceil(pages / 2));
      // the cursor of the last row of the page before the middle one, as a client walking there holds it
      const before = middle > 1 ? JSON.parse((await call(`${base}&page=${middle - 1}`, token)).body.toString('utf8')).content : undefined;
      listTimes.push({
        name: list.name,
        count: first.count,
        middle,
        first: await p50Of(base, token),
        byCursor: before ? await p50Of(`${base}&page=${middle}&after=${before.cursors.last}`, token) : NaN,
        byNumber: await p50Of(`${base}&page=${middle}`, token),
        last: await p50Of(`${base}&last=true`, token),
      });
    }

    // ---- the figures
    console.log(`\norder lists at ${fmt(sizes.orders)} orders, perPage 10: p50 ms of ${calls} calls after ${warmup} warm-up (through HTTP, one at a time)`);
    console.log(`${'list'.padEnd(38)} ${'count'.padStart(9)} ${'first'.padStart(7)} ${'middle, cursor'.padStart(15)} ${'middle, number'.padStart(15)} ${'last'.padStart(7)}  middle page`);
    for (const l of listTimes) {
      console.log(
        `${l.name.padEnd(38)} ${fmt(l.count).padStart(9)} ${fmt(l.first, 1).padStart(7)} ${fmt(l.byCursor, 1).padStart(15)} ${fmt(l.byNumber, 1).padStart(15)} ${fmt(l.last, 1).padStart(7)}  ${fmt(l.middle)}`,
      );
    }
    if (listsOnly) return;
    printDashboards(table, `dashboards at ${fmt(sizes.orders)} orders: GET /api/v1/{role}/dashboard, ${calls} calls after ${warmup} warm-up, one at a time; plan = EXPLAIN (ANALYZE, BUFFERS) of the same statement`);
    console.log(`\n${'list / export'.padEnd(42)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'bytes'.padStart(12)}  calls`);
    for (const l of lists) console.log(`${l.label.padEnd(42)} ${fmt(l.p50, 1).padStart(8)} ${fmt(l.p95, 1).padStart(8)} ${fmt(l.bytes).padStart(12)}  ${l.n}`);
    for (const l of listPlans) {
      console.log(`  plan of ${l.label}: execution ${fmt(l.plan.execMs, 1)} ms; seq scans: ${l.plan.seqScans.join('; ') || 'none'}; top: ${l.plan.top.slice(0, 3).map((n) => `${n.label} ${fmt(n.self, 1)} ms`).join(', ')}`);
    }
    console.log('\nwhere each plan spends its time (nodes by exclusive time in ms, summed over loops: a parallel node counts each worker):');
    printTops(table);

    if (opts['try-indexes']) {
      // Candidate indexes the current SQL can use as it is (no rewrite): measured on the same data.
      const candidates = [
        `create index dash_try_postings_account_amount on ledger_postings (account) include (amount, order_id, created_at)`,
        `create index dash_try_installments_unpaid_order on installments (order_id) include (position, deadline, amount) where paid_at is null`,
      ];
      const t = Date.now();
      for (const c of candidates) await pool.query(c);
      await pool.query('vacuum analyze ledger_postings, installments');
      console.log(`\n--try-indexes: created in ${fmt((Date.now() - t) / 1000, 1)} s:\n${candidates.map((c) => `  ${c}`).join('\n')}`);
      const after = await measureDashboards(false);
      printDashboards(after, 'dashboards with the candidate indexes (same SQL, same data)');
      console.log('\nwhere each plan spends its time with the candidate indexes:');
      printTops(after);
    }
    console.log('\none answer of each (first 300 characters):');
    for (const row of table) console.log(`  ${row.name}: ${row.sample.toString('utf8').slice(0, 300)}`);
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    if (!interrupted) await cleanup();
  }
}

await main();
