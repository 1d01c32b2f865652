// How close the product's API comes to the floor: the same SQL behind a bare Fastify + pg server.
// For each case it loads the product (apps/server/dist/main.js, as `npm start` runs it, with a
// bearer token) and then the floor over real HTTP on loopback, back to back, for several rounds,
// and prints req/s, p50, p99 and the ratio product/floor. Not a test: it prints figures.
//
// Usage: npm run build -w @qist/domain && npm run build -w @qist/server && node bench/api-floor.mjs [options]
//   --smes N           SMEs to seed (10000)
//   --connections N    concurrent keep-alive connections (32)
//   --duration S       measured seconds per run (10), after --warmup S (2)
//   --rounds N         product/floor pairs per case (3)
//   --cases a,b        which cases: list, profile, orders (list,profile)
//   --log-level L      the product's LOG_LEVEL (info, its default; its log goes to a file)
//   --web-concurrency N  the product's WEB_CONCURRENCY (1): N API workers (ADR 35); its CPU is the
//                      primary's and the workers' together. The floor stays one process
//   --server-dist DIR  run this build of the server instead of apps/server/dist (e.g. a patched copy);
//                      repeat it (`--server-dist before=DIR1 --server-dist after=DIR2`) to measure
//                      several builds against the same floor in the same run
//   --cpu-prof DIR     write a V8 CPU profile of the product process into DIR (one per product start)
//   --show-sql         print the statements PostgreSQL receives for one request of each case, then exit
//   --floor-prepared   also measure a second floor whose statements are named (prepared) ones
//   --gzip             send accept-encoding: gzip, br (as browsers do)
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createHmac } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { cpuSeconds, exited, postgresCpuSeconds, productCpuSeconds, stopChild, waitFor } from './lib/process.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const SECRET = 'bench-secret-bench-secret-bench-secret-42';

// ---------------------------------------------------------------------------------------------
// The floor's SQL: the statements the product sent for each case before any tuning, captured
// from PostgreSQL's statement log (`--show-sql` prints what the product sends now). The floor
// runs them with the same parallelism, minus the session lookup, and answers the same JSON.

const SME_COLUMNS =
  '"smes"."id", "smes"."user_id", "smes"."level", "smes"."first_name", "smes"."last_name", "smes"."company_title", "smes"."company_desc", "smes"."address", "smes"."address2", "smes"."instagram", "smes"."email2", "smes"."phone_country_code", "smes"."phone_number", "smes"."phone2_country_code", "smes"."phone2_number", "smes"."admin_verified", "smes"."bank_verified", "smes"."created_at", "smes"."updated_at", "smes"."credit_request", "smes"."credit_limit", "smes"."credit_amount", "smes"."credit_spend", "smes"."installment_plan"';
const SME_COLUMNS_BARE = SME_COLUMNS.replaceAll('"smes".', '');

// A row's position as the list's cursors carry it (ADR 31): created_at to the microsecond, in UTC.
const POSITION = `to_char("smes"."created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const FLOOR_SQL = {
  list: `select ${SME_COLUMNS}, "users"."email", ${POSITION} from "smes" inner join "users" on "users"."id" = "smes"."user_id" order by "smes"."created_at" desc, "smes"."id" desc limit $1`,
  listOffset: `select ${SME_COLUMNS}, "users"."email", ${POSITION} from "smes" inner join "users" on "users"."id" = "smes"."user_id" order by "smes"."created_at" desc, "smes"."id" desc limit $1 offset $2`,
  count: 'select count(*) from "smes"',
  smeById: `select ${SME_COLUMNS_BARE} from "smes" where "smes"."id" = $1`,
  smeByUser: `select ${SME_COLUMNS_BARE} from "smes" where "smes"."user_id" = $1`,
  email: 'select "email" from "users" where "users"."id" = $1',
  categories:
    'select "categories"."id", "categories"."title", "categories"."title_ar" from "party_categories" inner join "categories" on "categories"."id" = "party_categories"."category_id" where "party_categories"."user_id" = $1 order by "categories"."title" asc',
  documents:
    'select "id", "user_id", "title", "file_name", "original_name", "description", "mime", "size", "created_at" from "documents" where "documents"."user_id" = $1 order by "documents"."created_at", "documents"."id"',
};

// ---------------------------------------------------------------------------------------------
// The floor server (a child process of the bench): bare Fastify, its own pg.Pool, no plugins,
// no hooks, no schemas; JSON.stringify of an object of the product's shape.

async function serveFloor() {
  const { default: Fastify } = await import('fastify');
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: Number(process.env.BENCH_POOL_MAX) });
  pool.on('error', () => {});
  // With BENCH_FLOOR_PREPARED each statement is a named one, parsed once per connection.
  const names = new Map(Object.entries(FLOOR_SQL).map(([key, text]) => [text, `floor_${key}`]));
  const prepared = process.env.BENCH_FLOOR_PREPARED === '1';
  const q = async (text, values) => (await pool.query({ text, values, rowMode: 'array', name: prepared ? names.get(text) : undefined })).rows;
  const money = (minor) => Number(minor) / 100;
  const phone = (code, number) => (code && number ? { country_code: code, number } : null);
  const sign = (p, exp) => createHmac('sha256', SECRET).update(`file-link:${p}:${exp}`).digest('base64url');

  const { encodeListCursor } = await import('@qist/domain');
  const cursorOf = (r) => (r ? encodeListCursor({ at: r[25], id: r[0] }) : null);

  const app = Fastify({ logger: false });
  app.get('/list', async (request) => {
    const page = Number(request.query.page ?? 1);
    const perPage = Number(request.query.perPage ?? 10);
    const [rows, total] = await Promise.all([
      page > 1 ? q(FLOOR_SQL.listOffset, [perPage, (page - 1) * perPage]) : q(FLOOR_SQL.list, [perPage]),
      q(FLOOR_SQL.count),
    ]);
    return {
      status: true,
      content: {
        smes: rows.map((r) => ({
          _id: r[0],
          level: r[2],
          auth_id: { email: r[24] },
          info: { firstname: r[3], lastname: r[4], phone: phone(r[11], r[12]) },
          desc: { title: r[5] },
          credit: { request: money(r[19]), limit: money(r[20]), amount: money(r[21]), spend: money(r[22]) },
          createdAt: r[17].toISOString(),
        })),
        count: Number(total[0][0]),
        // the cursors of the page's first and last rows, as the product's list answers them (ADR 31)
        cursors: { first: cursorOf(rows[0]), last: cursorOf(rows.at(-1)) },
      },
    };
  });
  app.get('/profile/:id', async (request, reply) => {
    const [byId] = await q(FLOOR_SQL.smeById, [request.params.id]);
    if (!byId) return reply.code(404).send({ status: false, msg: 'not found' });
    const [s] = await q(FLOOR_SQL.smeByUser, [byId[1]]);
    const [email, categories, docs] = await Promise.all([
      q(FLOOR_SQL.email, [s[1]]),
      q(FLOOR_SQL.categories, [s[1]]),
      q(FLOOR_SQL.documents, [s[1]]),
    ]);
    const exp = Math.floor(Date.now() / 1000) + 900;
    return {
      status: true,
      content: {
        sme: {
          _id: s[0],
          level: s[2],
          auth_id: { email: email[0]?.[0] ?? '' },
          info: {
            firstname: s[3],
            lastname: s[4],
            phone: phone(s[11], s[12]),
            phone2: phone(s[13], s[14]),
            email2: s[10],
            address: s[7],
            address2: s[8],
            instagram: s[9],
          },
          desc: { title: s[5], text: s[6] },
          categories: categories.map((c) => ({ _id: c[0], title: c[1], titleAr: c[2] })),
          docs: docs.map((d) => {
            const p = `/api/v1/pub/sme/doc/file/${d[3]}`;
            return {
              _id: d[0],
              title: d[2],
              file: d[3],
              description: d[5],
              mime: d[6],
              size: d[7],
              createdAt: d[8].toISOString(),
              url: `${p}?exp=${exp}&sig=${sign(p, exp)}`,
            };
          }),
          adminVerified: s[15],
          bankVerified: s[16],
          createdAt: s[17].toISOString(),
          updatedAt: s[18].toISOString(),
          credit: { request: money(s[19]), limit: money(s[20]), amount: money(s[21]), spend: money(s[22]) },
          installments: s[23].map((bp) => bp / 10_000),
        },
      },
    };
  });

  const stop = async () => {
    await app.close().catch(() => {});
    await pool.end().catch(() => {});
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  process.once('disconnect', () => void stop());
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({ port: app.server.address().port });
}

// ---------------------------------------------------------------------------------------------
// The bench.

function summarise(runs) {
  return {
    rps: median(runs.map((r) => r.rps)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    server: median(runs.map((r) => r.cpu.server)),
    pg: median(runs.map((r) => r.cpu.pg)),
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The shape of a JSON value: keys and types, not values (array items: the first one's shape). */
/** The first path where two shapes differ, for the error that stops a bench with a wrong floor. */
function shapeDifference(product, floor, at = '') {
  if (typeof product !== 'object' || typeof floor !== 'object' || product === null || floor === null) {
    return JSON.stringify(product) === JSON.stringify(floor) ? null : `${at || '.'}: product ${JSON.stringify(product)}, floor ${JSON.stringify(floor)}`;
  }
  for (const key of new Set([...Object.keys(product), ...Object.keys(floor)])) {
    if (!(key in product)) return `${at}.${key}: only in the floor`;
    if (!(key in floor)) return `${at}.${key}: only in the product`;
    const inner = shapeDifference(product[key], floor[key], `${at}.${key}`);
    if (inner) return inner;
  }
  return null;
}

function shapeOf(value) {
  if (Array.isArray(value)) return [value.length ? shapeOf(value[0]) : 'empty'];
  if (value === null) return 'null';
  if (typeof value === 'object') return Object.fromEntries(Object.keys(value).map((k) => [k, shapeOf(value[k])]));
  return typeof value;
}







async function main() {
  const { values: opts } = parseArgs({
    options: {
      smes: { type: 'string', default: '10000' },
      connections: { type: 'string', default: '32' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      rounds: { type: 'string', default: '3' },
      cases: { type: 'string', default: 'list,profile' },
      'log-level': { type: 'string', default: 'info' },
      'web-concurrency': { type: 'string', default: '1' },
      'server-dist': { type: 'string', multiple: true },
      'cpu-prof': { type: 'string' },
      'show-sql': { type: 'boolean', default: false },
      'floor-prepared': { type: 'boolean', default: false },
      gzip: { type: 'boolean', default: false },
    },
  });
  const smeCount = Number(opts.smes);
  const connections = Number(opts.connections);
  const duration = Number(opts.duration);
  const warmup = Number(opts.warmup);
  const rounds = Number(opts.rounds);
  const cases = opts.cases.split(',').map((c) => c.trim());
  // One or more builds of the server, each measured against the same floor: `label=dir` or `dir`.
  const builds = (opts['server-dist'] ?? [path.join(repoRoot, 'apps/server/dist')]).map((given, index, all) => {
    const [label, dir] = given.includes('=') ? given.split('=', 2) : [all.length > 1 ? `product${index + 1}` : 'product', given];
    const resolved = path.resolve(dir);
    if (!existsSync(path.join(resolved, 'main.js'))) {
      throw new Error(`${resolved}/main.js is missing: npm run build -w @qist/domain && npm run build -w @qist/server`);
    }
    return { label, dir: resolved };
  });
  const dist = (p) => pathToFileURL(path.join(builds[0].dir, p)).href;
  const { default: autocannon } = await import('autocannon');
  const { createDatabase } = await import(dist('db/client.js'));
  const { startEmbeddedPostgres } = await import(dist('db/embedded.js'));
  const { runMigrations } = await import(dist('db/migrate.js'));
  const { createBackOfficeAccount } = await import(dist('modules/auth/back-office.js'));

  const dataDir = mkdtempSync(path.join(tmpdir(), 'qist-bench-floor-'));
  const children = [];
  let embedded;
  let database;
  let pgLog = null;
  let interrupted = false;
  const cleanup = async () => {
    for (const { child, name } of children.reverse()) await stopChild(child, name).catch(() => {});
    await database?.close().catch(() => {});
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
    embedded = await startEmbeddedPostgres({ dataDir, log: (m) => pgLog?.push(...m.split('\n')) });
    database = createDatabase(embedded.url, 4);
    const probe = createDatabase(embedded.url); // the product's default pool size, for the floor
    const poolMax = probe.pool.options.max;
    await probe.close();
    await runMigrations(database.db);
    const started = Date.now();
    await seed(database.pool, smeCount);
    console.log(`seeded ${smeCount} SMEs (with categories, documents, logs) in ${Date.now() - started} ms`);
    await createBackOfficeAccount(database.db, { role: 'admin', email: 'bench-admin@example.com', password: 'bench-password' });
    const { rows: profiled } = await database.pool.query('select id from smes order by created_at desc, id desc limit 1');
    const profileId = profiled[0].id;

    // Each build of the product, as `npm start` runs it, against this database; its log goes to a file.
    const products = [];
    for (const build of builds) {
      const logFile = path.join(dataDir, `${build.label}.log`);
      const logFd = openSync(logFile, 'a');
      const nodeArgs = [];
      if (opts['cpu-prof']) {
        const dir = path.resolve(opts['cpu-prof'], builds.length > 1 ? build.label : '');
        mkdirSync(dir, { recursive: true });
        nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${dir}`);
      }
      const child = spawn(process.execPath, [...nodeArgs, path.join(build.dir, 'main.js')], {
        env: {
          ...process.env,
          DATABASE_URL: embedded.url,
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: path.join(dataDir, build.label),
          SEED_DEMO: 'false',
          // Without the demo data the server takes no gateway by default (older builds ignore this).
          PAYMENT_GATEWAY: 'sandbox',
          SESSION_SECRET: SECRET,
          LOG_LEVEL: opts['log-level'],
          WEB_CONCURRENCY: opts['web-concurrency'],
          // The bench's admin has no authenticator: it measures reads, and the session check of a
          // request is the same statement with two-step sign-in on or off.
          MFA_REQUIRED_ROLES: '',
        },
        stdio: ['ignore', logFd, logFd],
      });
      children.push({ child, name: build.label });
      closeSync(logFd);
      const port = await waitFor(() => {
        if (exited(child)) throw new Error(`${build.label} exited:\n${readFileSync(logFile, 'utf8')}`);
        const match = /serving on http:\/\/localhost:(\d+)/.exec(readFileSync(logFile, 'utf8'));
        return match ? Number(match[1]) : undefined;
      }, `${build.label} to listen`, 60_000);
      const base = `http://127.0.0.1:${port}`;
      const login = await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'bench-admin@example.com', password: 'bench-password' }),
      });
      if (!login.ok) throw new Error(`${build.label}: login failed: ${login.status} ${await login.text()}`);
      const token = (await login.json()).content.token;
      products.push({
        ...build,
        isProduct: true,
        pid: child.pid,
        headers: { authorization: `Bearer ${token}`, ...(opts.gzip ? { 'accept-encoding': 'gzip, br' } : {}) },
        urls: { list: `${base}/api/v1/admin/sme/list?page=1&perPage=10`, profile: `${base}/api/v1/admin/sme/show/${profileId}` },
      });
    }

    // The floor: this file again, as a bare server with a pool of the product's size; with
    // --floor-prepared a second one whose statements are named.
    const floors = [];
    for (const prepared of opts['floor-prepared'] ? [false, true] : [false]) {
      const label = prepared ? 'floor-prep' : 'floor';
      const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve-floor'], {
        env: { ...process.env, BENCH_DATABASE_URL: embedded.url, BENCH_POOL_MAX: String(poolMax), BENCH_FLOOR_PREPARED: prepared ? '1' : '0' },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push({ child, name: label });
      const port = await new Promise((resolve, reject) => {
        child.once('message', (m) => resolve(m.port));
        child.once('exit', (code) => reject(new Error(`${label} exited with ${code}`)));
      });
      const base = `http://127.0.0.1:${port}`;
      floors.push({
        label,
        pid: child.pid,
        headers: opts.gzip ? { 'accept-encoding': 'gzip, br' } : {},
        urls: { list: `${base}/list?page=1&perPage=10`, profile: `${base}/profile/${profileId}` },
      });
    }
    const floor = floors[0];

    // Same shape and size, checked once before measuring.
    const bodyOf = async (side, name) => {
      const response = await fetch(side.urls[name], { headers: { authorization: side.headers.authorization ?? '' } });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${side.label} ${name}: ${response.status} ${text}`);
      return text;
    };
    for (const name of cases) {
      if (!floor.urls[name]) continue;
      const expected = await bodyOf(floor, name);
      for (const product of products) {
        const body = await bodyOf(product, name);
        const same = JSON.stringify(shapeOf(JSON.parse(body))) === JSON.stringify(shapeOf(JSON.parse(expected)));
        console.log(`${name}: ${product.label} ${body.length} bytes, floor ${expected.length} bytes, same shape: ${same ? 'yes' : 'NO'}`);
        if (!same) throw new Error(`${name}: the floor answers another shape than ${product.label}: ${shapeDifference(shapeOf(JSON.parse(body)), shapeOf(JSON.parse(expected)))}`);
      }
    }

    if (opts['show-sql']) {
      await database.pool.query(`alter system set log_statement = 'all'`);
      await database.pool.query('select pg_reload_conf()');
      await new Promise((r) => setTimeout(r, 300));
      for (const product of products) {
        for (const name of cases) {
          if (!product.urls[name]) continue;
          // The second request shows the steady state (named statements are parsed on first use).
          for (const attempt of ['first', 'second']) {
            pgLog = [];
            await bodyOf(product, name);
            await new Promise((r) => setTimeout(r, 300));
            const statements = pgLog.filter((l) => /statement: |execute [^:]*: /.test(l) && !/alter system|pg_reload_conf/.test(l));
            console.log(`\n${product.label} ${name}, ${attempt} request: ${statements.length} statements`);
            for (const line of statements) console.log(`  ${line.replace(/^.*?(statement|execute)/, '$1').slice(0, 300)}`);
          }
          pgLog = null;
        }
      }
      await database.pool.query('alter system reset log_statement');
      await database.pool.query('select pg_reload_conf()');
      return;
    }

    console.log(
      `\n${connections} connections, ${warmup} s warm-up + ${duration} s per run, ${rounds} rounds, pool max ${poolMax}, ` +
        `product log level ${opts['log-level']}, WEB_CONCURRENCY ${opts['web-concurrency']}${opts.gzip ? ', gzip' : ''}; ` +
        products.map((p) => `${p.label}: ${path.relative(repoRoot, p.dir) || '.'}`).join(', '),
    );
    const postmasterPid = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const load = async (side, name, seconds) => {
      const before = { server: side.isProduct ? productCpuSeconds(side.pid) : cpuSeconds(side.pid), pg: postgresCpuSeconds(postmasterPid), client: process.cpuUsage() };
      const result = await autocannon({ url: side.urls[name], connections, duration: seconds, headers: side.headers, pipelining: 1 });
      const client = process.cpuUsage(before.client);
      const failed = result.non2xx + result.errors + result.timeouts;
      if (failed > 0) throw new Error(`${side.label} ${name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
      const n = Math.max(1, result.requests.total);
      return {
        rps: result.requests.total / seconds,
        p50: result.latency.p50,
        p99: result.latency.p99,
        // CPU milliseconds per request: the server's Node process, PostgreSQL, the load generator.
        cpu: {
          server: (1000 * ((side.isProduct ? productCpuSeconds(side.pid) : cpuSeconds(side.pid)) - before.server)) / n,
          pg: (1000 * (postgresCpuSeconds(postmasterPid) - before.pg)) / n,
          client: (client.user + client.system) / 1000 / n,
        },
      };
    };

    const summary = [];
    for (const name of cases) {
      if (name === 'orders') {
        // ---- SLOT: the order list. When its routes exist: add its URL to each product's `urls`
        // (e.g. /api/v1/admin/order/list?page=1&perPage=10), a floor route running the SQL the
        // product issues for it (print it with --show-sql), and seed orders in seed().
        console.log('\norder list: not built yet');
        continue;
      }
      if (!floor.urls[name]) throw new Error(`unknown case ${name}`);
      console.log(`\n${name}`);
      const sides = [...products, ...floors];
      const runs = new Map(sides.map((side) => [side, []]));
      for (let round = 1; round <= rounds; round += 1) {
        for (const side of sides) {
          if (warmup > 0) await load(side, name, warmup);
          const r = await load(side, name, duration);
          runs.get(side).push(r);
          console.log(
            `  round ${round} ${side.label.padEnd(9)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms` +
              `  cpu/req: server ${r.cpu.server.toFixed(2)} ms, postgres ${r.cpu.pg.toFixed(2)} ms, load generator ${r.cpu.client.toFixed(2)} ms`,
          );
        }
        for (const f of floors) {
          const last = runs.get(f).at(-1).rps;
          console.log(`  round ${round} ratio     ${products.map((p) => `${p.label} ${((100 * runs.get(p).at(-1).rps) / last).toFixed(0)}%`).join(', ')} of ${f.label}`);
        }
      }
      for (const side of sides) {
        const ratios = floors.includes(side) ? [] : floors.map((f) => ({ of: f.label, values: runs.get(side).map((r, i) => r.rps / runs.get(f)[i].rps) }));
        summary.push({ name, label: side.label, ...summarise(runs.get(side)), ratios });
      }
    }

    console.log('\nmedians over the rounds');
    console.log('case      side         req/s   p50   p99   cpu ms/req server + postgres   product/floor: median (min–max of rounds)');
    for (const s of summary) {
      const cpu = `${s.server.toFixed(2)} + ${s.pg.toFixed(2)}`.padStart(14).padEnd(32);
      const ratio = s.ratios
        .map(({ of, values }) => `${(100 * median(values)).toFixed(0)}% (${(100 * Math.min(...values)).toFixed(0)}–${(100 * Math.max(...values)).toFixed(0)}%) of ${of}`)
        .join(', ');
      console.log(`${s.name.padEnd(9)} ${s.label.padEnd(10)} ${s.rps.toFixed(0).padStart(7)} ${String(s.p50).padStart(5)} ${String(s.p99).padStart(5)}   ${cpu}${ratio}`);
    }
    if (cases.includes('orders')) console.log('orders    order list: not built yet');
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    if (!interrupted) await cleanup();
  }
}

/**
 * A realistic back office: SMEs spread over the levels with names, phones and credit; ten
 * industries (one or two per SME); three documents and a few log rows per SME.
 */
async function seed(pool, total) {
  await pool.query(`
    with u as (
      insert into users (email, password_hash, role, name, created_at)
      select 'sme' || i || '@bench.example', 'x', 'sme', 'SME ' || i, now() - make_interval(secs => i * 60)
      from generate_series(1, $1) as i
      returning id, created_at, name
    )
    insert into smes (user_id, level, created_at, updated_at, first_name, last_name, company_title, company_desc,
                      address, phone_country_code, phone_number, credit_request, credit_limit, credit_amount, credit_spend,
                      admin_verified, installment_plan)
    select id, (array[0,1,2,3,4,5,6,7,8,-2])[1 + (extract(epoch from created_at)::bigint / 60 % 10)], created_at, created_at,
           'First' || substr(name, 5), 'Last' || substr(name, 5), 'Company ' || substr(name, 5), 'Trading company number ' || substr(name, 5),
           'Street ' || substr(name, 5) || ', Kuwait City', '+965', lpad(substr(name, 5), 8, '5'),
           5000000, 3000000, 2500000, 500000, true, '{2500,2500,2500,2500}'
    from u`, [total]);
  await pool.query(`
    insert into categories (title, "desc")
    select 'Industry ' || i, 'Industry number ' || i from generate_series(1, 10) as i`);
  await pool.query(`
    insert into party_categories (user_id, category_id)
    select s.user_id, c.id from smes s
    join lateral (select id from categories order by title limit 1 + (abs(hashtext(s.id::text)) % 2)) c on true`);
  await pool.query(`
    insert into documents (user_id, title, file_name, original_name, description, mime, size, created_at)
    select s.user_id, t.title, gen_random_uuid() || '.pdf', t.title || '.pdf', 'Uploaded for verification', 'application/pdf', 180000 + t.n, s.created_at
    from smes s cross join (values (1, 'Trade licence'), (2, 'Civil ID'), (3, 'Bank statement')) as t(n, title)`);
  await pool.query(`
    insert into verification_logs (user_id, level, "desc", operator_role, created_at)
    select s.user_id, l, 'level ' || l, 'sme', s.created_at from smes s cross join generate_series(1, 3) as l`);
  // A database in steady state: statistics gathered and the visibility map set, as autovacuum leaves it.
  await pool.query('vacuum analyze');
}

if (process.argv.includes('--serve-floor')) {
  await serveFloor();
} else {
  await main();
}
