// The statements a code review found growing with history (issue 20, item 6), timed and explained at a
// realistic size: the late job (marking and late notices), the order lists (rows and total), the
// instalment list, the insurer's lists and dashboard, the supplier's order list. Each case calls the
// compiled repository function itself, on a drizzle handle that records what it sends, then runs
// EXPLAIN (ANALYZE, BUFFERS) of each recorded statement (writes in a transaction rolled back).
// Not a test: it prints figures.
//
// The data lives in --data-dir and is kept between runs, so one seed serves a run of an older build
// (--server-dist DIR, migrations up to its own) and then a run of the current one, whose newer
// migrations are applied (and timed) on the same data first.
//
// Seed (straight SQL): --smes SMEs at level 8 with 7 verification logs each (levels 2..8; level 7 by
// insurer1's or insurer2's user, half each), --suppliers suppliers, --orders orders over the last
// 12 months (5% canceled, 5% created, 20% waiting, 10% each of 2..5, 30% paid out), 4 instalments 30
// days apart, paid when due except for ~10% of the orders under way (late); then the state the
// minute jobs leave: every order with an instalment past due marked late, every past-due live
// instalment given its late notice and every one due within the reminder window its reminder. The
// ledger is not seeded: no statement measured here reads it.
//
// Usage: npm run build -w @qist/server && node bench/growing-costs.mjs [--orders 1000000] [--smes 20000]
//   [--suppliers 200] [--data-dir DIR] [--server-dist DIR] [--runs 5] [--plans] [--only REGEX] [--drop]
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { exited, stopChild, waitFor } from './lib/process.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    smes: { type: 'string', default: '20000' },
    suppliers: { type: 'string', default: '200' },
    'data-dir': { type: 'string', default: path.join(repoRoot, 'data', 'bench-growing-costs') },
    'server-dist': { type: 'string', default: path.join(repoRoot, 'apps/server/dist') },
    runs: { type: 'string', default: '5' },
    plans: { type: 'boolean', default: false },
    only: { type: 'string' },
    drop: { type: 'boolean', default: false },
  },
});
const distDir = path.resolve(args['server-dist']);
const dataDir = path.resolve(args['data-dir']);
const runs = Number(args.runs);
const fmt = (n, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ALL = -10;

if (args.drop) rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const load = (file) => import(pathToFileURL(path.join(distDir, file)).href);
const requireFromServer = createRequire(path.join(distDir, 'main.js'));
const pg = (await import(pathToFileURL(requireFromServer.resolve('pg')).href)).default;
const { drizzle } = await import(pathToFileURL(requireFromServer.resolve('drizzle-orm/node-postgres')).href);
const { startEmbeddedPostgres } = await load('db/embedded.js');
const { runMigrations } = await load('db/migrate.js');
const orders = await load('modules/orders/repository.js');
const backoffice = await load('modules/backoffice/repository.js');
const dashboards = await load('modules/dashboards/repository.js');

const embedded = await startEmbeddedPostgres({ dataDir, log: () => {} });
const pool = new pg.Pool({ connectionString: embedded.url, max: 4 });
pool.on('error', () => {});
const one = async (text, values) => (await pool.query(text, values)).rows[0];

/** Starts the product once on the database (migrations and demo data), then stops it. */
async function firstStart() {
  const logFile = path.join(dataDir, 'product.log');
  const fd = openSync(logFile, 'a');
  const product = spawn(process.execPath, [path.join(distDir, 'main.js')], {
    env: { ...process.env, DATABASE_URL: embedded.url, PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(dataDir, 'product'), SEED_DEMO: 'true',
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-42', LOG_LEVEL: 'warn', JOBS_INTERVAL_SECONDS: '3600' },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  await waitFor(() => {
    if (exited(product)) throw new Error(`the product exited:\n${readFileSync(logFile, 'utf8')}`);
    return /serving on http/.test(readFileSync(logFile, 'utf8'));
  }, 'the product to start', 300_000);
  await stopChild(product, 'product');
}

async function seed() {
  const client = await pool.connect();
  const started = performance.now();
  const step = async (label, text, values) => {
    const t = performance.now();
    await client.query(text, values);
    console.log(`  seed: ${label} ${fmt((performance.now() - t) / 1000, 1)} s`);
  };
  try {
    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    await step('smes', `with u as (insert into users (email, password_hash, role, name, email_verified_at)
        select 'grow-sme-' || g || '@bench.example', 'x', 'sme', 'Grow SME ' || g, now() - interval '400 days' from generate_series(1, $1) g returning id, email)
      insert into smes (user_id, level, first_name, last_name, company_title, company_desc, address, phone_country_code, phone_number,
        admin_verified, bank_verified, credit_request, credit_limit, credit_amount, credit_spend, installment_plan, created_at)
      select id, 8, 'Grow', split_part(email, '@', 1), 'Grow Trading ' || split_part(email, '@', 1), 'A bench SME', 'Street 1', '965', '55555555',
        true, true, 50000000, 50000000, 50000000, 0, '{2500,2500,2500,2500}', now() - interval '400 days' from u`, [Number(args.smes)]);
    await step('suppliers', `with u as (insert into users (email, password_hash, role, name, email_verified_at)
        select 'grow-supplier-' || g || '@bench.example', 'x', 'provider', 'Grow Supplier ' || g, now() from generate_series(1, $1) g returning id, email)
      insert into providers (user_id, level, first_name, last_name, company_title, company_desc, address, phone_country_code, phone_number,
        admin_verified, bank_verified, tax_rate)
      select id, 5, 'Grow', split_part(email, '@', 1), 'Grow Supplies ' || split_part(email, '@', 1), 'A bench supplier', 'Street 2', '965', '66666666', true, true, 1000 from u`,
    [Number(args.suppliers)]);
    await step('verification logs', `insert into verification_logs (user_id, level, "desc", operator_user_id, operator_role, created_at)
      select s.user_id, lv, 'bench', case when lv = 7 then (case when hashtext(u.email) & 1 = 0 then i1.id else i2.id end) else a.id end,
             case when lv = 7 then 'insurance' when lv = 5 or lv = 6 then 'bank' else 'admin' end::role, now() - interval '400 days' + lv * interval '1 day'
      from smes s join users u on u.id = s.user_id and u.email like 'grow-sme-%' cross join generate_series(2, 8) lv,
           (select id from users where email = 'insurer1@example.com') i1, (select id from users where email = 'insurer2@example.com') i2,
           (select id from users where email = 'admin@example.com') a`);
    await step('stage orders', `create temp table grow_o on commit drop as
      with s as (select array_agg(s.id order by u.email) as ids from smes s join users u on u.id = s.user_id where u.email like 'grow-sme-%'),
           p as (select array_agg(p.id order by u.email) as ids from providers p join users u on u.id = p.user_id where u.email like 'grow-supplier-%'),
           g as (select g, (hashint4(g)::bigint & 2147483647) as h, (hashint4(-g)::bigint & 2147483647) as h2,
                   (hashint4(g + 100000000)::bigint & 2147483647) as h3, (hashint4(g + 200000000)::bigint & 2147483647) as h4
                 from generate_series(1, $1) g)
      select gen_random_uuid() as id, g.g, s.ids[1 + (g.h3 % array_length(s.ids, 1))] as sme_id, p.ids[1 + (g.h4 % array_length(p.ids, 1))] as provider_id,
             (10000 + g.h4 % 490000)::bigint as amount,
             case when g.h % 100 < 5 then -1 when g.h % 100 < 10 then 0 when g.h % 100 < 30 then 1 when g.h % 100 < 40 then 2
                  when g.h % 100 < 50 then 3 when g.h % 100 < 60 then 4 when g.h % 100 < 70 then 5 else 6 end as status,
             now() - (g.h2 % 31536000) * interval '1 second' as created_at, g.h3 % 10 = 0 as late
      from g, s, p`, [Number(args.orders)]);
    // A created order is at most 72 hours old (older ones are canceled by the job); a canceled one was
    // canceled before (the SME, the job) or after (a decline) its first payment.
    await step('orders', `insert into orders (id, sme_id, provider_id, amount, status, reached_supplier, paid, description, tax_rate, bank_share_rate, created_at, updated_at)
      select o.id, o.sme_id, o.provider_id, o.amount, o.status, o.status >= 1 or (o.status = -1 and o.g % 2 = 0),
             o.status >= 1 and not o.late and o.created_at + interval '90 days' < now(), 'Grow bench order ' || o.g, 1000, 1000,
             case when o.status = 0 then now() - (o.g % 259000) * interval '1 second' else o.created_at end, o.created_at
      from grow_o o`);
    await step('instalments', `insert into installments (order_id, sme_id, position, rate, amount, deadline, paid_at)
      select o.id, o.sme_id, k, 2500, case when k < 3 then o.amount / 4 else o.amount - 3 * (o.amount / 4) end, c.created_at + k * interval '30 days',
             case when o.status >= 1 and (k = 0 or (not o.late and c.created_at + k * interval '30 days' < now())) then c.created_at + k * interval '30 days' + interval '1 hour' end
      from grow_o o join orders c on c.id = o.id cross join generate_series(0, 3) k`);
    await step('late flags', `update orders o set late_active = true, late_once = true
      where o.status >= 1 and exists (select 1 from installments i where i.order_id = o.id and i.paid_at is null and i.position > 0 and i.deadline < now())`);
    await step('notices sent', `update installments i set late_notice_sent_at = case when i.deadline < now() then i.deadline + interval '1 minute' end,
        reminder_sent_at = i.deadline - interval '3 days'
      from orders o where o.id = i.order_id and o.status >= 1 and i.paid_at is null and i.position > 0 and i.deadline < now() + interval '3 days'`);
    // From ADR 30 on, an insured SME and its orders carry their insurer (triggers write it; they are off here).
    const stored = await client.query(`select 1 from information_schema.columns where table_name = 'smes' and column_name = 'insured_by'`);
    if (stored.rowCount > 0) {
      await step('insurers', `update smes s set insured_by = u.insurance_company_id from verification_logs l join users u on u.id = l.operator_user_id
        where l.user_id = s.user_id and l.level = 7 and s.insured_by is null`);
      await step('orders carry their insurer', `update orders o set insurer_id = s.insured_by from smes s
        where s.id = o.sme_id and s.insured_by is not null and o.insurer_id is null`);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  const t = performance.now();
  await pool.query('vacuum analyze');
  console.log(`seeded in ${fmt((t - started) / 1000, 1)} s, vacuum analyze ${fmt((performance.now() - t) / 1000, 1)} s`);
}

// A drizzle handle that records every statement it sends.
let recorded = [];
const db = drizzle(pool, { logger: { logQuery: (query, params) => recorded.push({ query, params }) } });
class Rollback extends Error {}

async function record(fn, write) {
  recorded = [];
  if (write) {
    await db.transaction(async (tx) => {
      await fn(tx);
      throw new Rollback();
    }).catch((e) => { if (!(e instanceof Rollback)) throw e; });
  } else await fn(db);
  return recorded.filter((r) => !/^(begin|commit|rollback)/i.test(r.query.trim()));
}

async function explain({ query, params }) {
  const client = await pool.connect();
  try {
    // Each EXPLAIN ANALYZE in its own transaction, rolled back: a write's second run must not see the first's.
    await client.query('begin');
    const result = await client.query(`explain (analyze, buffers, format json) ${query}`, params);
    await client.query('rollback');
    let text = '';
    if (args.plans) {
      await client.query('begin');
      // Long lines (an array of ids in a filter) are cut to keep the plan readable.
      text = (await client.query(`explain (analyze, buffers) ${query}`, params)).rows
        .map((r) => (r['QUERY PLAN'].length > 240 ? `${r['QUERY PLAN'].slice(0, 240)}…` : r['QUERY PLAN']))
        .join('\n');
      await client.query('rollback');
    }
    const plan = result.rows[0]['QUERY PLAN'][0];
    const seq = [];
    const walk = (n) => {
      if (n['Node Type'] === 'Seq Scan') seq.push(`${n['Relation Name']} (${fmt(n['Actual Rows'] * n['Actual Loops'])} out, ${fmt((n['Rows Removed by Filter'] ?? 0) * n['Actual Loops'])} filtered)`);
      if (n['Node Type'] === 'Sort') seq.push(`Sort (${fmt(n['Actual Rows'] * n['Actual Loops'])} rows, ${n['Sort Method']})`);
      for (const c of n.Plans ?? []) walk(c);
    };
    walk(plan.Plan);
    const buffers = (plan.Plan['Shared Hit Blocks'] ?? 0) + (plan.Plan['Shared Read Blocks'] ?? 0);
    return { ms: plan['Execution Time'], buffers, seq, text };
  } finally {
    client.release();
  }
}

try {
  const fresh = !(await one(`select to_regclass('public.orders') is not null as ok`)).ok;
  if (fresh) {
    console.log('first start of the product on the bench database (migrations, demo data)');
    await firstStart();
  } else {
    const t = performance.now();
    await runMigrations(drizzle(pool));
    console.log(`migrations of ${path.relative(repoRoot, distDir)} applied in ${fmt((performance.now() - t) / 1000, 1)} s`);
  }
  if ((await one(`select count(*)::int as n from users where email like 'grow-sme-%'`)).n === 0) await seed();
  // As autovacuum leaves a table after a large update (a migration's, or this bench's rolled-back ones).
  const vacuumed = performance.now();
  await pool.query('vacuum analyze');
  console.log(`vacuum analyze ${fmt((performance.now() - vacuumed) / 1000, 1)} s`);

  const sizes = await one(`select (select count(*) from orders)::int as orders, (select count(*) from installments)::int as installments,
    (select count(*) from verification_logs)::int as logs, (select count(*) from orders where status = -1)::int as canceled,
    pg_size_pretty(pg_database_size(current_database())) as size`);
  console.log(`database: ${fmt(sizes.orders)} orders (${fmt(sizes.canceled)} canceled), ${fmt(sizes.installments)} instalments, ${fmt(sizes.logs)} verification logs; ${sizes.size}`);
  const supplier = await one(`select p.user_id from orders o join providers p on p.id = o.provider_id where o.reached_supplier group by p.user_id order by count(*) desc limit 1`);
  const insurer = await one(`select insurance_company_id from users where email = 'insurer1@example.com'`);
  const counts = await one(`select (select count(*) from orders)::int as orders, (select count(*) from installments)::int as installments,
    (select count(*) from orders o join providers p on p.id = o.provider_id where p.user_id = $1 and o.reached_supplier)::int as supplier`, [supplier.user_id]);
  const last = (n) => Math.max(1, Math.ceil(n / 10));
  const list = (page, extra = {}) => ({ page, perPage: 10, status: ALL, late: false, ...extra });
  const now = () => new Date();
  const cases = [
    { name: 'late job: mark late orders', write: true, fn: (tx) => orders.markLateOrders(tx, now()) },
    { name: 'late job: claim late notices', write: true, fn: (tx) => orders.claimNotices(tx, 'late', now(), now(), 100) },
    { name: 'reminders: claim', write: true, fn: (tx) => orders.claimNotices(tx, 'reminder', now(), new Date(Date.now() + 3 * 86_400_000), 100) },
    { name: 'admin order list, page 1', fn: (d) => orders.listOrders(d, {}, list(1)) },
    { name: 'admin order list, page 1000', fn: (d) => orders.listOrders(d, {}, list(1000)) },
    { name: 'admin order list, status 1, page 1', fn: (d) => orders.listOrders(d, {}, list(1, { status: 1 })) },
    { name: 'instalment list, page 1', fn: (d) => orders.listAllInstallments(d, 1, 10) },
    { name: 'instalment list, page 1000', fn: (d) => orders.listAllInstallments(d, 1000, 10) },
    { name: `instalment list, last page (${fmt(last(counts.installments))})`, fn: (d) => orders.listAllInstallments(d, last(counts.installments), 10) },
    { name: 'insurer order list, page 1', fn: (d) => orders.listOrders(d, { insuranceCompanyId: insurer.insurance_company_id }, list(1)) },
    { name: 'insurer SME list, page 1', fn: (d) => backoffice.listSmes(d, { page: 1, perPage: 10, level: ALL, order: 'desc' }, backoffice.insuranceVisibility(insurer.insurance_company_id)) },
    { name: 'insurer dashboard', fn: (d) => dashboards.insuranceFigures(d, insurer.insurance_company_id) },
    { name: `supplier order list (${fmt(counts.supplier)} orders), page 1`, fn: (d) => orders.listOrders(d, orders.supplierScope(supplier.user_id), list(1)) },
    { name: 'supplier order list, last page', fn: (d) => orders.listOrders(d, orders.supplierScope(supplier.user_id), list(last(counts.supplier))) },
    { name: 'supplier order list, status 2, page 1', fn: (d) => orders.listOrders(d, orders.supplierScope(supplier.user_id), list(1, { status: 2 })) },
  ];
  console.log(`\n${'case'.padEnd(52)} ${'call p50'.padStart(10)}  statements (EXPLAIN ANALYZE ms, buffers; seq scans and sorts)`);
  for (const c of cases.filter((c) => !args.only || new RegExp(args.only).test(c.name))) {
    const times = [];
    let statements = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      statements = await record(c.fn, c.write);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const plans = [];
    for (const s of statements) plans.push(await explain(s));
    const described = plans.map((p) => `${fmt(p.ms, 1)} ms/${fmt(p.buffers)}${p.seq.length ? ` [${p.seq.join('; ')}]` : ''}`).join(' + ');
    console.log(`${c.name.padEnd(52)} ${`${fmt(times[Math.floor(times.length / 2)], 1)} ms`.padStart(10)}  ${described}`);
    if (args.plans) for (const [i, p] of plans.entries()) console.log(`--- ${statements[i].query.replace(/\s+/g, ' ').slice(0, 300)}\n${p.text}\n`);
  }
} finally {
  await pool.end().catch(() => {});
  await embedded.stop().catch(() => {});
}
