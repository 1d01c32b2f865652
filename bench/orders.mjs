// Order creation and the buy-and-pay flow under load, through real HTTP against the built product
// (apps/server/dist/main.js, as `npm start` runs it, with SEED_DEMO=true), with the money checked
// in the database after every run. Not a test: it prints figures (and PASS/FAIL for the checks).
//
// Cases (each: --warmup s of warm-up, then --duration s measured, --connections in flight):
//   across   POST /sme/order/create, the SME's token round-robin per request over --smes SMEs,
//            amounts 1.00–9.99 (no credit runs out)
//   hot      the same on one SME (its credit large enough for the run): its row lock serialises them
//   exhaust  the same on one SME whose credit runs out part-way (10.00 an order, credit for about half
//            the run at the hot rate): the rest must be clean 400 `must be less than 0$` refusals
//   flow     create → pay/init → sandbox complete (approve) → pay/verify, one flow = 4 requests,
//            --connections flows in flight (plain fetch); flows/s and every step's p50/p99
// After each run: the sum of all ledger postings is 0; for every SME credit_spend = its sme_receivable
// balance, credit_amount = credit_limit − credit_spend, credit_amount ≥ 0 (zero overspend); the orders
// written = the 200 answers (each request carries its own description, so the run's orders are found
// exactly; requests cut off in flight by the load generator at the end may or may not have committed).
// Each run also prints the CPU each side used per order (from /proc) and how many cores other processes
// on the machine kept busy meanwhile: on a shared 2-core machine that is what moves the figures most.
//
// Usage: npm run build -w @qist/domain && npm run build -w @qist/server && node bench/orders.mjs [options]
//   --smes N           SMEs seeded for the `across` and `flow` cases (50), plus one hot and one exhaust SME
//   --connections N    concurrent keep-alive connections / flows in flight (32)
//   --duration S       measured seconds per run (10), after --warmup S (2)
//   --cases a,b        which cases: across, hot, exhaust, flow (all)
//   --log-level L      the product's LOG_LEVEL (warn; its log goes to a file in the temporary folder)
//   --web-concurrency N  the product's WEB_CONCURRENCY (1): N API workers (ADR 35); the product's CPU is the
//                      primary's and the workers' together
//   --server-dist DIR  run this build of the server instead of apps/server/dist (e.g. a patched copy; outside
//                      the repo, give it a node_modules symlink to the repo's beside DIR)
//   --cpu-prof DIR     write a V8 CPU profile of the product into DIR and print, for each case's
//                      measured window, where the product's CPU time went (top self-time functions)
//   --top N            functions listed per case with --cpu-prof (15)
//   --show-sql         print the statements PostgreSQL receives for each step of one order and flow
//   --no-analyze       skip the ANALYZE after each warm-up (see below)
//   --json FILE        also write the summary's rows and the checks to FILE (bench/scale.mjs reads it)
//
// After each warm-up the bench runs ANALYZE on the tables orders write, as autovacuum does on a running
// platform once they have grown. Without it, the run measures a fresh database's first minute: the
// foreign-key checks' and the ledger triggers' plans, made (and kept per connection) while those tables
// were nearly empty, scan them whole, and PostgreSQL's CPU per order grows with every order written
// (measured: 3.7 ms of PostgreSQL CPU an order over the first 4,000 orders, 1.6 ms when the same
// statements' plans use the indexes; ADR 0028).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CLOCK_TICKS_PER_SECOND, childPids, percentile, postgresCpuSeconds, productCpuSeconds, sleep, startProduct, stopChild } from './lib/process.mjs';
import { benchSignIn, fetchPost } from './lib/sign-in.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const SECRET = 'bench-secret-bench-secret-bench-secret-42';
const PASSWORD = 'bench-password-42';
const PLAN = '{2500,2500,2500,2500}';
/** Credit of each round-robin SME and of the hot one, in minor units (100,000.00 and 10,000,000.00). */
const SME_CREDIT = 10_000_000;
const HOT_CREDIT = 1_000_000_000;
/** The exhaust case's order amount: its credit is a multiple of it, so it must end at exactly 0. */
const EXHAUST_AMOUNT = 10;
const TARGETS = { across: { value: 1000, text: '≥ 1,000/s' }, hot: { value: 300, text: '≥ 300/s' } };

// ---------------------------------------------------------------------------------------------
// Small helpers (as in api-floor.mjs).


const nowUs = () => Number(process.hrtime.bigint() / 1000n); // the clock V8's CPU profiles use
const fmt = (n, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });





/** [user, system] CPU seconds of a process and, with `reaped`, of its waited-for children. */
function cpuSplitOf(pid, reaped = false) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const [user, system, childUser, childSystem] = [11, 12, 13, 14].map((i) => Number(fields[i]) / CLOCK_TICKS_PER_SECOND);
    return reaped ? [user + childUser, system + childSystem] : [user, system];
  } catch {
    return [0, 0];
  }
}

/** [user, system] CPU seconds of the product: its process and its workers (WEB_CONCURRENCY > 1), live or ended. */
function cpuSplit(pid) {
  return childPids(pid).reduce(([u, s], child) => {
    const [cu, cs] = cpuSplitOf(child);
    return [u + cu, s + cs];
  }, cpuSplitOf(pid, true));
}

/** Busy CPU seconds of the whole machine (all cores) from /proc/stat. */
function machineBusySeconds() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
    return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU use over a run: the product, PostgreSQL, this process, and everything else on the machine. */
function cpuMeter(productPid, postmasterPid) {
  const before = { server: productCpuSeconds(productPid), split: cpuSplit(productPid), pg: postgresCpuSeconds(postmasterPid), client: process.cpuUsage(), machine: machineBusySeconds(), at: performance.now() };
  return () => {
    const client = process.cpuUsage(before.client);
    const split = cpuSplit(productPid);
    const used = {
      server: productCpuSeconds(productPid) - before.server,
      serverSystem: split[1] - before.split[1],
      pg: postgresCpuSeconds(postmasterPid) - before.pg,
      client: (client.user + client.system) / 1e6,
    };
    const seconds = (performance.now() - before.at) / 1000;
    const others = Math.max(0, machineBusySeconds() - before.machine - used.server - used.pg - used.client);
    return { ...used, others, seconds };
  };
}

/** CPU milliseconds per request (or flow), and the cores each side kept busy on average. */
function cpuPer(used, n) {
  return {
    server: (1000 * used.server) / n,
    serverSystem: (1000 * used.serverSystem) / n,
    pg: (1000 * used.pg) / n,
    client: (1000 * used.client) / n,
    cores: { server: used.server / used.seconds, pg: used.pg / used.seconds, client: used.client / used.seconds, others: used.others / used.seconds },
  };
}

const coresText = (c) =>
  `cores busy: product ${c.server.toFixed(2)}, postgres ${c.pg.toFixed(2)}, load generator ${c.client.toFixed(2)}, other processes ${c.others.toFixed(2)}`;



// ---------------------------------------------------------------------------------------------
// The CPU profile: self time per function inside each case's measured window.

function categoryOf(url, functionName) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native / V8 builtins)';
  if (url.startsWith('node:')) return 'node: internals';
  const nm = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (nm) return nm[1];
  if (url.includes('/apps/server/')) return 'apps/server (our code)';
  if (url.includes('/packages/domain/')) return 'packages/domain (our code)';
  return url;
}

function shortUrl(url) {
  if (!url) return '';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) return url.slice(nm + '/node_modules/'.length);
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  return file.startsWith(repoRoot) ? path.relative(repoRoot, file) : file;
}

function summariseProfile(profile, windows, top) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n.id);
  /** The nearest caller in JavaScript outside Node's own modules: who asked for a native or internal call. */
  const originOf = (id) => {
    for (let p = parents.get(id); p !== undefined; p = parents.get(p)) {
      const { url, functionName } = nodes.get(p).callFrame;
      if (url && !url.startsWith('node:')) return `${functionName || '(anonymous)'} ${shortUrl(url)}`;
    }
    return '(no JavaScript caller)';
  };
  const stats = windows.map(() => ({ fns: new Map(), cats: new Map(), origins: new Map(), total: 0, idle: 0 }));
  let t = profile.startTime;
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i += 1) {
    t += timeDeltas[i];
    const dt = Math.max(0, timeDeltas[i + 1] ?? 0); // the sample stands for the time until the next one
    const w = windows.findIndex((win) => t >= win.startUs && t < win.endUs);
    if (w < 0) continue;
    const s = stats[w];
    const { functionName, url, lineNumber } = nodes.get(samples[i]).callFrame;
    s.total += dt;
    if (functionName === '(idle)') {
      s.idle += dt;
      continue;
    }
    const key = `${functionName || '(anonymous)'}  ${shortUrl(url)}${url ? `:${lineNumber + 1}` : ''}`;
    s.fns.set(key, (s.fns.get(key) ?? 0) + dt);
    if (!url || url.startsWith('node:')) {
      const origins = s.origins.get(key) ?? new Map();
      const origin = originOf(samples[i]);
      origins.set(origin, (origins.get(origin) ?? 0) + dt);
      s.origins.set(key, origins);
    }
    const cat = categoryOf(url, functionName || '(anonymous)');
    s.cats.set(cat, (s.cats.get(cat) ?? 0) + dt);
  }
  windows.forEach((win, i) => {
    const s = stats[i];
    const busy = s.total - s.idle;
    if (s.total === 0) {
      console.log(`\n${win.name}: no samples in its window`);
      return;
    }
    console.log(
      `\n${win.name}: ${fmt(s.total / 1e6, 1)} s profiled, product busy ${fmt((100 * busy) / s.total)}% of it ` +
        `(${fmt(busy / 1000 / win.requests, 3)} ms of product CPU per ${win.unit}, ${fmt(win.requests)} ${win.unit}s)`,
    );
    console.log('  by package (self time, % of busy):');
    const cats = [...s.cats.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
    console.log(`    ${cats.map(([c, v]) => `${c} ${fmt((100 * v) / busy, 1)}%`).join(', ')}`);
    console.log(`  top ${top} functions by self time:`);
    for (const [key, v] of [...s.fns.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`    ${fmt((100 * v) / busy, 1).padStart(5)}%  ${fmt(v / 1000).padStart(6)} ms  ${key}`);
      // For a native or internal function that weighs, who called it (the first JavaScript frame outside node:).
      const origins = s.origins.get(key);
      if (origins && v / busy >= 0.03) {
        const shown = [...origins.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4);
        console.log(`             called from: ${shown.map(([o, w]) => `${fmt((100 * w) / v)}% ${o}`).join('; ')}`);
      }
    }
  });
}

// ---------------------------------------------------------------------------------------------
// The bench.

async function main() {
  const { values: opts } = parseArgs({
    options: {
      smes: { type: 'string', default: '50' },
      connections: { type: 'string', default: '32' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      cases: { type: 'string', default: 'across,hot,exhaust,flow' },
      'log-level': { type: 'string', default: 'warn' },
      'web-concurrency': { type: 'string', default: '1' },
      'server-dist': { type: 'string' },
      'cpu-prof': { type: 'string' },
      top: { type: 'string', default: '15' },
      'show-sql': { type: 'boolean', default: false },
      'no-analyze': { type: 'boolean', default: false },
      json: { type: 'string' },
    },
  });
  const smeCount = Number(opts.smes);
  const connections = Number(opts.connections);
  const duration = Number(opts.duration);
  const warmup = Number(opts.warmup);
  const cases = opts.cases.split(',').map((c) => c.trim());
  for (const c of cases) if (!['across', 'hot', 'exhaust', 'flow'].includes(c)) throw new Error(`unknown case ${c}`);
  const distDir = path.resolve(opts['server-dist'] ?? path.join(repoRoot, 'apps/server/dist'));
  if (!existsSync(path.join(distDir, 'main.js'))) {
    throw new Error(`${distDir}/main.js is missing: npm run build -w @qist/domain && npm run build -w @qist/server`);
  }
  const { default: autocannon } = await import('autocannon');
  const { default: pg } = await import('pg');
  const { hash } = await import('@node-rs/argon2');
  const { startEmbeddedPostgres } = await import(pathToFileURL(path.join(distDir, 'db/embedded.js')).href);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'qist-bench-orders-'));
  let product;
  let embedded;
  let pool;
  let pgLog = null;
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

  const checks = []; // every PASS/FAIL line, for the summary
  const check = (label, ok, detail) => {
    checks.push({ label, ok });
    console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${label}${detail ? `: ${detail}` : ''}`);
    if (!ok) process.exitCode = 1;
  };

  try {
    embedded = await startEmbeddedPostgres({ dataDir, log: (m) => pgLog?.push(...m.split('\n')) });
    const postmasterPid = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

    // ---- the product, as `npm start` runs it, on this database: it migrates and seeds the demo.
    const logFile = path.join(dataDir, 'product.log');
    const nodeArgs = [];
    let profileDir;
    if (opts['cpu-prof']) {
      profileDir = path.resolve(opts['cpu-prof']);
      mkdirSync(profileDir, { recursive: true });
      nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${profileDir}`);
    }
    const startedAt = Date.now();
    let port;
    ({ child: product, port } = await startProduct({
      distDir,
      env: {
        ...process.env,
        DATABASE_URL: embedded.url,
        DATA_DIR: path.join(dataDir, 'product'),
        SEED_DEMO: 'true',
        SESSION_SECRET: SECRET,
        LOG_LEVEL: opts['log-level'],
        WEB_CONCURRENCY: opts['web-concurrency'],
        LOGIN_MAX_FAILURES: '1000000',
        JOBS_INTERVAL_SECONDS: '3600',
      },
      logFile,
      nodeArgs,
    }));
    const base = `http://127.0.0.1:${port}`;
    console.log(`product (pid ${product.pid}, ${path.relative(repoRoot, distDir)}) serving on ${base}, started and seeded in ${Date.now() - startedAt} ms`);

    // ---- the bench's SMEs, straight into the database: active (level 8), credit, the 4×25% plan.
    pool = new pg.Pool({ connectionString: embedded.url, max: 4 });
    pool.on('error', () => {});
    const one = async (text, values) => (await pool.query(text, values)).rows[0];
    const supplier = await one(
      `select p.id from providers p join users u on u.id = p.user_id where u.email = 'supplier@example.com' and p.level = 5 and p.tax_rate is not null`,
    );
    if (!supplier) throw new Error('the demo supplier supplier@example.com (level 5) is missing: was the demo seeded?');
    const providerId = supplier.id;
    const passwordHash = await hash(PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    // Every active SME was insured on its way to level 8 (ADR 30): the demo's first insurer insures the
    // bench's, so each order writes what an insured order writes (its insurer's index entries and rollups).
    // A build from before ADR 30 has no insurer column.
    const insurer = (await one(`select exists (select 1 from information_schema.columns where table_name = 'smes' and column_name = 'insured_by') as stored`)).stored
      ? { column: ', insured_by', value: ', (select id from insurance_companies order by priority limit 1)' }
      : { column: '', value: '' };
    const seeded = Date.now();
    const insertSmes = (emails, credit) =>
      pool.query(
        `with u as (
           insert into users (email, password_hash, role, name, email_verified_at)
           select e, $2, 'sme', 'Bench ' || split_part(e, '@', 1), now() from unnest($1::text[]) as e
           returning id, email)
         insert into smes (user_id, level, first_name, last_name, company_title, company_desc, address,
                           phone_country_code, phone_number, admin_verified, bank_verified,
                           credit_request, credit_limit, credit_amount, credit_spend, installment_plan${insurer.column})
         select id, 8, 'Bench', split_part(email, '@', 1), 'Bench Trading ' || split_part(email, '@', 1), 'A bench SME',
                'Street 1, Kuwait City', '965', lpad((abs(hashtext(email)) % 100000000)::text, 8, '5'), true, true,
                $3, $3, $3, 0, $4${insurer.value}
         from u`,
        [emails, passwordHash, credit, PLAN],
      );
    const smeEmails = Array.from({ length: smeCount }, (_, i) => `bench-sme-${i + 1}@bench.example`);
    await insertSmes(smeEmails, SME_CREDIT);
    await insertSmes(['bench-hot@bench.example'], HOT_CREDIT);
    await insertSmes(['bench-exhaust@bench.example'], 0); // its credit is set just before its run
    await pool.query('vacuum analyze');
    console.log(`seeded ${smeCount} + 2 SMEs in ${Date.now() - seeded} ms`);

    // ---- tokens
    // The demo back office signs in with a code of the demo secret (two-step sign-in).
    const login = (email, password) => benchSignIn(fetchPost(base), email, password);
    const tokens = [];
    for (let i = 0; i < smeEmails.length; i += 4) {
      tokens.push(...(await Promise.all(smeEmails.slice(i, i + 4).map((e) => login(e, PASSWORD)))));
    }
    const hotToken = await login('bench-hot@bench.example', PASSWORD);
    const exhaustToken = await login('bench-exhaust@bench.example', PASSWORD);
    const adminToken = await login('admin@example.com', 'demo12345');

    // ---- one HTTP call, for the flow and the probes
    const call = async (pathname, token, payload) => {
      const started = performance.now();
      const response = await fetch(`${base}${pathname}`, {
        method: payload === undefined ? 'GET' : 'POST',
        headers: { ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      const text = await response.text();
      let json;
      try {
        json = JSON.parse(text);
      } catch {
        json = { msg: text.slice(0, 200) };
      }
      return { status: response.status, json, ms: performance.now() - started };
    };
    const amountOf = (seq) => (100 + ((seq * 7919) % 900)) / 100; // 1.00–9.99
    const flowSteps = ['create', 'init', 'complete', 'verify'];
    /** One buy-and-pay flow; stops at the first step that does not answer 200 (or does not settle). */
    async function flow(token, description, seq, lat) {
      const create = await call('/api/v1/sme/order/create', token, { providerId, amount: amountOf(seq), description });
      lat?.create.push(create.ms);
      if (create.status !== 200) return { failedAt: 'create', status: create.status, msg: create.json.msg };
      const orderId = create.json.content.order._id;
      const init = await call('/api/v1/sme/pay/init', token, { orderId });
      lat?.init.push(init.ms);
      if (init.status !== 200) return { failedAt: 'init', status: init.status, msg: init.json.msg, orderId };
      const { transactionId } = init.json.content;
      const complete = await call('/api/v1/pub/gateway/sandbox/complete', null, { transactionId, approve: true });
      lat?.complete.push(complete.ms);
      if (complete.status !== 200) return { failedAt: 'complete', status: complete.status, msg: complete.json.msg, orderId };
      const verify = await call('/api/v1/sme/pay/verify', token, { transactionId });
      lat?.verify.push(verify.ms);
      if (verify.status !== 200 || verify.json.content.payStatus !== true) {
        return { failedAt: 'verify', status: verify.status, msg: verify.json.msg ?? `payStatus ${verify.json.content?.payStatus}`, orderId };
      }
      return { orderId, ms: create.ms + init.ms + complete.ms + verify.ms };
    }

    // ---- what PostgreSQL receives for each step (always counted; printed with --show-sql)
    {
      await pool.query(`alter system set log_statement = 'all'`);
      await pool.query('select pg_reload_conf()');
      await sleep(300);
      const captured = [];
      const capture = async (label, run) => {
        pgLog = [];
        await run();
        await sleep(800); // the outbox dispatcher's kick runs 250 ms after an enqueue, then sweeps
        const statements = pgLog.filter((l) => /statement: |execute [^:]*: /.test(l) && !/alter system|pg_reload_conf/.test(l));
        pgLog = null;
        captured.push({ label, statements });
      };
      let orderId;
      let transactionId;
      await capture('warm-up', async () => {
        await call('/api/v1/sme/order/create', tokens[0], { providerId, amount: 1, description: 'bench probe 0' });
      });
      await capture('create', async () => {
        const r = await call('/api/v1/sme/order/create', tokens[0], { providerId, amount: 1, description: 'bench probe 1' });
        orderId = r.json.content.order._id;
      });
      await capture('pay/init', async () => {
        transactionId = (await call('/api/v1/sme/pay/init', tokens[0], { orderId })).json.content.transactionId;
      });
      await capture('sandbox complete (with its signed callback, which settles)', async () => {
        await call('/api/v1/pub/gateway/sandbox/complete', null, { transactionId, approve: true });
      });
      await capture('pay/verify', async () => {
        await call('/api/v1/sme/pay/verify', tokens[0], { transactionId });
      });
      await pool.query('alter system reset log_statement');
      await pool.query('select pg_reload_conf()');
      captured.shift(); // the first create warms caches and prepares statements; the second is representative
      console.log(`\nstatements PostgreSQL receives per request (incl. begin/commit and the outbox dispatcher's kick):`);
      for (const { label, statements } of captured) {
        const dispatch = statements.filter((s) => /outbox_messages.*for (no key )?update skip locked/i.test(s)).length;
        console.log(`  ${label}: ${statements.length}${dispatch ? ` (of which ${dispatch} dispatcher sweep${dispatch > 1 ? 's' : ''} + its begin/commit)` : ''}`);
        if (opts['show-sql']) for (const line of statements) console.log(`      ${line.replace(/^.*?(statement|execute)/, '$1').replace(/\s+/g, ' ').slice(0, 240)}`);
      }
    }

    // ---- the checks after each run
    const checkMoney = async (caseName) => {
      const { total } = await one('select coalesce(sum(amount), 0)::bigint as total from ledger_postings');
      const balances = await call('/api/v1/admin/ledger/balances', adminToken);
      check(
        `${caseName}: sum of all ledger postings = 0`,
        Number(total) === 0 && balances.status === 200 && balances.json.content.total === 0,
        `SQL ${total}, GET /admin/ledger/balances total ${balances.json.content?.total} over ${balances.json.content?.accounts?.length} accounts`,
      );
      const c = await one(
        `select count(*)::int as smes,
                count(*) filter (where s.credit_spend <> coalesce(r.balance, 0))::int as spend_off,
                count(*) filter (where s.credit_amount <> s.credit_limit - s.credit_spend)::int as amount_off,
                count(*) filter (where s.credit_amount < 0)::int as overspent,
                coalesce(sum(s.credit_spend), 0)::bigint as spend
         from smes s left join (select sme_id, sum(amount)::bigint as balance from ledger_postings
                                where account = 'sme_receivable' group by sme_id) r on r.sme_id = s.id`,
      );
      check(`${caseName}: every SME's credit_spend = its sme_receivable balance`, c.spend_off === 0, `${c.spend_off} of ${c.smes} SMEs differ`);
      check(`${caseName}: every SME's credit_amount = credit_limit − credit_spend`, c.amount_off === 0, `${c.amount_off} of ${c.smes} SMEs differ`);
      check(`${caseName}: zero overspend (credit_amount ≥ 0)`, c.overspent === 0, `${c.overspent} of ${c.smes} SMEs below zero`);
    };

    /** The run's orders (found by their descriptions) against the answers the load generator saw. */
    const checkOrders = async (caseName, tag, t) => {
      await sleep(500); // requests cut off at the end finish on the server
      const { rows } = await pool.query(`select id, description from orders where description like $1`, [`bench ${tag} %`]);
      const written = new Map(rows.map((r) => [Number(r.description.slice(`bench ${tag} `.length)), r.id]));
      const missing = [...t.ok.entries()].filter(([seq, id]) => written.get(seq) !== id).length;
      const refusedWritten = [...t.refused].filter((seq) => written.has(seq)).length;
      const unanswered = [...written.keys()].filter((seq) => !t.ok.has(seq));
      const cutOffWritten = unanswered.filter((seq) => t.pending.has(seq)).length;
      const stray = unanswered.length - cutOffWritten;
      check(
        `${caseName}: orders written = 200 answers`,
        missing === 0 && refusedWritten === 0 && stray === 0,
        `${fmt(written.size)} orders = ${fmt(t.ok.size)} answered 200 + ${cutOffWritten} of the ${t.pending.size} requests cut off in flight at the end` +
          `; ${missing} answered 200 but missing, ${refusedWritten} refused but written, ${stray} written without a request`,
      );
      return written.size;
    };

    /** Order creation under autocannon; each request picks the next token round-robin and its own description. */
    const loadOrders = async ({ seconds, tag, tokenList, amount }) => {
      let next = 0;
      let seq = 0;
      const t = { ok: new Map(), refused: new Set(), pending: new Set(), statuses: new Map(), messages: new Map() };
      const meter = cpuMeter(product.pid, postmasterPid);
      const startUs = nowUs();
      t.startedAt = performance.now();
      const result = await autocannon({
        url: base,
        connections,
        duration: seconds,
        pipelining: 1,
        requests: [
          {
            method: 'POST',
            path: '/api/v1/sme/order/create',
            setupRequest: (request, context) => {
              seq += 1;
              context.seq = seq;
              t.pending.add(seq);
              const token = tokenList[next % tokenList.length];
              next += 1;
              return {
                ...request,
                headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
                body: JSON.stringify({ providerId, amount: amount(seq), description: `bench ${tag} ${seq}` }),
              };
            },
            onResponse: (status, body, context) => {
              t.pending.delete(context.seq);
              t.statuses.set(status, (t.statuses.get(status) ?? 0) + 1);
              if (status === 200) {
                t.ok.set(context.seq, JSON.parse(body).content.order._id);
                t.lastOkAt = performance.now();
              } else {
                if (status === 400) t.refused.add(context.seq);
                let msg;
                try {
                  msg = JSON.parse(body).msg;
                } catch {
                  msg = body.slice(0, 120);
                }
                const key = `${status} ${msg}`;
                t.messages.set(key, (t.messages.get(key) ?? 0) + 1);
              }
            },
          },
        ],
      });
      const endUs = nowUs();
      const used = meter();
      const n = Math.max(1, result.requests.total);
      return {
        t,
        startUs,
        endUs,
        rps: result.requests.total / seconds,
        okps: t.ok.size / seconds,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        requests: result.requests.total,
        cpu: cpuPer(used, n),
      };
    };

    /** Buy-and-pay flows, `connections` in flight; new flows start until the deadline, those started finish. */
    const loadFlows = async ({ seconds, tag, tokenList }) => {
      const lat = Object.fromEntries([...flowSteps, 'flow'].map((s) => [s, []]));
      const failures = new Map();
      const orderIds = [];
      let next = 0;
      let seq = 0;
      const meter = cpuMeter(product.pid, postmasterPid);
      const startUs = nowUs();
      const started = performance.now();
      const deadline = started + seconds * 1000;
      const worker = async () => {
        while (performance.now() < deadline) {
          const token = tokenList[next % tokenList.length];
          next += 1;
          seq += 1;
          try {
            const r = await flow(token, `bench ${tag} ${seq}`, seq, lat);
            if (r.orderId) orderIds.push(r.orderId);
            if (r.failedAt) {
              const key = `${r.failedAt}: ${r.status} ${r.msg}`;
              failures.set(key, (failures.get(key) ?? 0) + 1);
            } else {
              lat.flow.push(r.ms);
            }
          } catch (error) {
            const key = `error: ${error.message}`;
            failures.set(key, (failures.get(key) ?? 0) + 1);
          }
        }
      };
      await Promise.all(Array.from({ length: connections }, worker));
      const elapsed = (performance.now() - started) / 1000;
      const endUs = nowUs();
      const used = meter();
      const flows = lat.flow.length;
      const n = Math.max(1, flows);
      for (const key of Object.keys(lat)) lat[key].sort((a, b) => a - b);
      return {
        startUs,
        endUs,
        elapsed,
        flows,
        orderIds,
        failures,
        started: seq,
        fps: flows / elapsed,
        rps: (lat.create.length + lat.init.length + lat.complete.length + lat.verify.length) / elapsed,
        lat,
        cpu: cpuPer(used, n),
      };
    };

    console.log(
      `\n${connections} connections, ${warmup} s warm-up + ${duration} s per run, ${smeCount} SMEs round-robin, ` +
        `product log level ${opts['log-level']}, WEB_CONCURRENCY ${opts['web-concurrency']}, ${path.relative(repoRoot, distDir)}`,
    );
    const table = [];
    const windows = [];
    let hotRate;
    const printOrderRun = (label, r) => {
      const statuses = [...r.t.statuses.entries()].map(([s, c]) => `${s}: ${fmt(c)}`).join(', ');
      console.log(
        `  ${label}: ${fmt(r.rps)} req/s, ${fmt(r.okps)} orders/s, p50 ${r.p50} ms, p99 ${r.p99} ms; ${statuses}` +
          `${r.errors || r.timeouts ? `; ${r.errors} errors, ${r.timeouts} timeouts` : ''}` +
          `; cpu/req: server ${r.cpu.server.toFixed(2)} ms (${r.cpu.serverSystem.toFixed(2)} of it in the kernel), postgres ${r.cpu.pg.toFixed(2)} ms, load generator ${r.cpu.client.toFixed(2)} ms`,
      );
      console.log(`    ${coresText(r.cpu.cores)}`);
      for (const [m, c] of r.t.messages) console.log(`    ${fmt(c)} × ${m}`);
    };

    /** After a warm-up: statistics (and so plans) for the tables as they now are, as autovacuum keeps them. */
    const settle = async () => {
      if (!opts['no-analyze']) await pool.query('analyze smes, orders, installments, ledger_entries, ledger_postings, outbox_messages, payments, sandbox_transactions');
    };

    for (const name of cases) {
      if (name === 'across' || name === 'hot') {
        const tokenList = name === 'across' ? tokens : [hotToken];
        console.log(`\n${name}: POST /sme/order/create ${name === 'across' ? `round-robin over ${tokens.length} SMEs` : 'on one SME'}, amounts 1.00–9.99`);
        if (warmup > 0) await loadOrders({ seconds: warmup, tag: `${name}-warm`, tokenList, amount: amountOf });
        await settle();
        const r = await loadOrders({ seconds: duration, tag: name, tokenList, amount: amountOf });
        printOrderRun('measured', r);
        if (name === 'hot') hotRate = r.okps;
        await checkOrders(name, name, r.t);
        check(`${name}: no refusals or errors`, r.non2xx === 0 && r.errors === 0 && r.timeouts === 0, `${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
        await checkMoney(name);
        table.push({ name: `create, ${name === 'across' ? `${tokens.length} SMEs` : '1 hot SME'}`, rate: r.okps, unit: 'orders/s', rps: r.rps, p50: r.p50, p99: r.p99, non2xx: r.non2xx + r.errors + r.timeouts, target: TARGETS[name], cpu: r.cpu });
        windows.push({ name: `${name} (order creation)`, startUs: r.startUs, endUs: r.endUs, requests: r.requests, unit: 'request' });
      } else if (name === 'exhaust') {
        // Credit for about half the run at the hot rate, in whole orders of EXHAUST_AMOUNT.
        const fits = Math.max(100, Math.round(((hotRate ?? 300) * duration) / 2));
        const credit = fits * EXHAUST_AMOUNT * 100;
        await pool.query(`update smes s set credit_limit = $1, credit_amount = $1 - s.credit_spend from users u where u.id = s.user_id and u.email = 'bench-exhaust@bench.example'`, [credit]);
        console.log(`\nexhaust: POST /sme/order/create on one SME whose credit (${fmt(credit / 100, 2)}) runs out after ${fmt(fits)} orders of ${EXHAUST_AMOUNT}.00`);
        if (warmup > 0) await loadOrders({ seconds: warmup, tag: 'exhaust-warm', tokenList: [hotToken], amount: amountOf });
        await settle();
        const r = await loadOrders({ seconds: duration, tag: 'exhaust', tokenList: [exhaustToken], amount: () => EXHAUST_AMOUNT });
        printOrderRun('measured', r);
        if (r.t.lastOkAt) {
          const lasted = (r.t.lastOkAt - r.t.startedAt) / 1000;
          console.log(`    the credit ran out after ${lasted.toFixed(2)} s: ${fmt(r.t.ok.size / lasted)} orders/s until then, refusals only after it`);
        }
        const written = await checkOrders('exhaust', 'exhaust', r.t);
        const after = await one(
          `select s.credit_limit, s.credit_amount, s.credit_spend from smes s join users u on u.id = s.user_id where u.email = 'bench-exhaust@bench.example'`,
        );
        check(
          'exhaust: the credit is used exactly up, never beyond',
          Number(after.credit_amount) === 0 && Number(after.credit_spend) === credit && written === fits,
          `${fmt(written)} orders of ${EXHAUST_AMOUNT}.00 (${fmt(fits)} fit), available ${fmt(Number(after.credit_amount) / 100, 2)}, spend ${fmt(Number(after.credit_spend) / 100, 2)} of ${fmt(credit / 100, 2)}`,
        );
        const clean = [...r.t.messages.keys()].every((k) => k === '400 must be less than 0$');
        check(
          'exhaust: every refusal is a clean 400 `must be less than 0$`',
          clean && r.errors === 0 && r.timeouts === 0 && r.t.refused.size === r.non2xx,
          `${fmt(r.t.refused.size)} refusals; ${[...r.t.messages.entries()].map(([m, c]) => `${fmt(c)} × ${m}`).join(', ') || 'none'}`,
        );
        await checkMoney('exhaust');
        table.push({ name: 'create, 1 SME, credit runs out', rate: r.okps, unit: 'orders/s', rps: r.rps, p50: r.p50, p99: r.p99, non2xx: r.non2xx + r.errors + r.timeouts, target: { text: 'clean 400s' }, cpu: r.cpu });
        windows.push({ name: 'exhaust (order creation, then refusals)', startUs: r.startUs, endUs: r.endUs, requests: r.requests, unit: 'request' });
      } else if (name === 'flow') {
        console.log(`\nflow: create → pay/init → sandbox complete (approve) → pay/verify, ${connections} flows in flight, round-robin over ${tokens.length} SMEs`);
        if (warmup > 0) await loadFlows({ seconds: warmup, tag: 'flow-warm', tokenList: tokens });
        await settle();
        const r = await loadFlows({ seconds: duration, tag: 'flow', tokenList: tokens });
        const ms = (v) => v.toFixed(1);
        console.log(
          `  measured: ${fmt(r.flows)} flows in ${r.elapsed.toFixed(2)} s = ${fmt(r.fps)} flows/s (${fmt(r.rps)} req/s); ` +
            `cpu/flow: server ${r.cpu.server.toFixed(2)} ms (${r.cpu.serverSystem.toFixed(2)} of it in the kernel), postgres ${r.cpu.pg.toFixed(2)} ms, load generator ${r.cpu.client.toFixed(2)} ms`,
        );
        console.log(`    ${coresText(r.cpu.cores)}`);
        console.log('  step                      p50 ms   p99 ms   answers');
        for (const step of [...flowSteps, 'flow']) {
          const l = r.lat[step];
          console.log(`  ${(step === 'flow' ? 'whole flow (4 requests)' : step).padEnd(24)} ${ms(percentile(l, 0.5)).padStart(7)} ${ms(percentile(l, 0.99)).padStart(8)} ${fmt(l.length).padStart(9)}`);
        }
        for (const [m, c] of r.failures) console.log(`    ${fmt(c)} × ${m}`);
        const failed = [...r.failures.values()].reduce((a, b) => a + b, 0);
        check('flow: every flow completed (4 × 200, payStatus true)', failed === 0, `${fmt(r.flows)} of ${fmt(r.started)} flows completed, ${failed} failed`);
        const f = await one(
          `select count(*)::int as orders,
                  count(*) filter (where o.status = 1)::int as waiting,
                  count(*) filter (where exists (select 1 from payments p where p.order_id = o.id and p.status = 'approved'))::int as approved,
                  count(*) filter (where (select count(*) from installments i where i.order_id = o.id and i.paid_at is not null) = 1)::int as one_paid
           from orders o where o.description like 'bench flow %'`,
        );
        check(
          'flow: orders written = create 200 answers, each paid once',
          f.orders === r.lat.create.length && f.orders === r.orderIds.length && f.waiting === r.flows && f.approved === r.flows && f.one_paid === r.flows,
          `${fmt(f.orders)} orders (${fmt(r.lat.create.length)} create answers), ${fmt(f.waiting)} at status 1, ${fmt(f.approved)} with an approved payment, ${fmt(f.one_paid)} with exactly one instalment paid; ${fmt(r.flows)} flows`,
        );
        await checkMoney('flow');
        table.push({
          name: 'buy-and-pay flow (4 req)',
          rate: r.fps,
          unit: 'flows/s',
          rps: r.rps,
          p50: Number(ms(percentile(r.lat.flow, 0.5))),
          p99: Number(ms(percentile(r.lat.flow, 0.99))),
          non2xx: failed,
          target: { text: '' },
          cpu: r.cpu,
          steps: r.lat,
        });
        windows.push({ name: 'flow (buy and pay)', startUs: r.startUs, endUs: r.endUs, requests: r.flows, unit: 'flow' });
      }
    }

    // ---- the figures
    console.log(`\nsummary (${connections} connections, ${duration} s measured after ${warmup} s warm-up; 2-core figures compete with the load generator for CPU)`);
    console.log('case                              rate            req/s   p50 ms   p99 ms  non-2xx  target          cpu ms per order/flow: server + postgres (+ load gen)   other processes (cores)');
    for (const row of table) {
      const met = row.target.value === undefined ? '' : row.rate >= row.target.value ? ' met' : ' MISSED';
      console.log(
        `${row.name.padEnd(32)} ${`${fmt(row.rate)} ${row.unit}`.padStart(15)} ${fmt(row.rps).padStart(8)} ${String(row.p50).padStart(8)} ${String(row.p99).padStart(8)} ${String(row.non2xx).padStart(8)}  ${`${row.target.text}${met}`.padEnd(15)} ${`${row.cpu.server.toFixed(2)} + ${row.cpu.pg.toFixed(2)} (+ ${row.cpu.client.toFixed(2)})`.padEnd(55)} ${row.cpu.cores.others.toFixed(2)}`,
      );
    }
    const failedChecks = checks.filter((c) => !c.ok);
    console.log(`\nchecks: ${checks.length - failedChecks.length} PASS, ${failedChecks.length} FAIL${failedChecks.length ? `: ${failedChecks.map((c) => c.label).join('; ')}` : ''}`);
    if (opts.json) writeFileSync(path.resolve(opts.json), JSON.stringify({ cases: table, checks }, null, 2));

    // ---- the profile, written when the product exits
    if (profileDir) {
      const pid = product.pid;
      await stopChild(product, 'product');
      product = undefined;
      const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile') && f.includes(`.${pid}.`));
      if (!file) {
        console.log(`\nno CPU profile of pid ${pid} in ${profileDir}`);
      } else {
        console.log(
          `\nCPU profile ${path.join(profileDir, file)}: the product's Node process only (PostgreSQL's time is not in it). ` +
            `V8 samples wall time, so a thread descheduled inside a call (a socket write that wakes PostgreSQL, on a busy machine) ` +
            `counts as that call's time; the cpu/req figures above (from /proc) are the CPU actually used.`,
        );
        summariseProfile(JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')), windows, Number(opts.top));
      }
    }
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    if (!interrupted) await cleanup();
  }
}

await main();
