// What one scrape of GET /metrics costs once the outbox and the refunds hold a long history: the plan of
// the one statement it runs (EXPLAIN ANALYZE, BUFFERS), that statement's time, and the whole scrape's
// time through the real app, on an embedded PostgreSQL. Not a test: it prints figures.
// Usage: npm run build && node bench/metrics-scrape.mjs [--outbox 1000000] [--refunds 200000] [--pending 1000]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { createDatabase } from '../apps/server/dist/db/client.js';
import { startEmbeddedPostgres } from '../apps/server/dist/db/embedded.js';
import { runMigrations } from '../apps/server/dist/db/migrate.js';
import { DATABASE_FIGURES_SQL } from '../apps/server/dist/modules/metrics/repository.js';

const { values } = parseArgs({
  options: { outbox: { type: 'string', default: '1000000' }, refunds: { type: 'string', default: '200000' }, pending: { type: 'string', default: '1000' } },
});
const outboxRows = Number(values.outbox);
const refundRows = Number(values.refunds);
const pendingRows = Number(values.pending);
const TOKEN = 'bench-metrics-token-0123456789abcdef';

const median = (times) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];

const dataDir = mkdtempSync(path.join(tmpdir(), 'qist-bench-metrics-'));
const embedded = await startEmbeddedPostgres({ dataDir });
const database = createDatabase(embedded.url, 4);
try {
  await runMigrations(database.db);
  let started = performance.now();
  // The history: sent messages over a year, a few failed, and a backlog of pending ones.
  await database.pool.query(
    `insert into outbox_messages (channel, recipient, subject, body, status, attempts, created_at, next_attempt_at, sent_at)
     select 'email', 'r' || i || '@bench.example', 's', 'b',
            case when i <= $2 then 'pending' when i % 1000 = 0 then 'failed' else 'sent' end,
            case when i <= $2 then 0 else 1 end,
            now() - make_interval(secs => i * 30), now() - make_interval(secs => i * 30),
            case when i <= $2 then null else now() - make_interval(secs => i * 30 - 5) end
     from generate_series(1, $1) as i`,
    [outboxRows, pendingRows],
  );
  // Refunds stand alone here (their payments and orders are not what a scrape reads): foreign keys off
  // for this session of the bench's own database only.
  const client = await database.pool.connect();
  try {
    await client.query(`set session_replication_role = replica`);
    await client.query(
      `insert into refunds (payment_id, order_id, sme_id, gateway, transaction_id, amount, reason, status, gateway_refund_id, attempts, next_attempt_at, created_at, updated_at, completed_at)
       select gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 'sandbox', 'tx' || i, 100, 'declined',
              case when i <= 50 then 'pending' else 'succeeded' end,
              case when i <= 50 then null else 'rf' || i end,
              1, now(), now() - make_interval(secs => i * 60), now(), case when i <= 50 then null else now() end
       from generate_series(1, $1) as i`,
      [refundRows],
    );
  } finally {
    await client.query(`reset session_replication_role`);
    client.release();
  }
  await database.pool.query('vacuum analyze outbox_messages, refunds, rollup_ledger_balances');
  console.log(`inserted ${outboxRows} outbox messages (${pendingRows} pending) and ${refundRows} refunds (50 pending) in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const plan = await database.pool.query(`explain (analyze, buffers, costs off, timing off, summary off) ${DATABASE_FIGURES_SQL}`);
  console.log('\nthe scrape’s statement:');
  for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);

  const statementTimes = [];
  for (let i = 0; i < 51; i += 1) {
    started = performance.now();
    await database.pool.query(DATABASE_FIGURES_SQL);
    statementTimes.push(performance.now() - started);
  }

  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-42', METRICS_TOKEN: TOKEN });
  const app = await buildApp({ config, db: database.db, logger: false, runDispatcher: false, runJobs: false });
  const scrapeTimes = [];
  let bytes = 0;
  for (let i = 0; i < 51; i += 1) {
    started = performance.now();
    const response = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    if (response.statusCode !== 200) throw new Error(`GET /metrics answered ${response.statusCode}: ${response.body}`);
    scrapeTimes.push(performance.now() - started);
    bytes = response.rawPayload.length;
    if (i === 0) {
      const wanted = /^qist_(outbox_pending_messages|outbox_oldest_pending_age_seconds|refunds_waiting|ledger_balance_sum_minor_units) .*$/gm;
      console.log(`\nits figures: ${response.body.match(wanted)?.join(', ')}`);
    }
  }
  await app.close();
  console.log(`the statement alone: median ${median(statementTimes).toFixed(2)} ms, max ${Math.max(...statementTimes).toFixed(2)} ms (51 runs)`);
  console.log(`a whole scrape (app.inject): median ${median(scrapeTimes).toFixed(2)} ms, max ${Math.max(...scrapeTimes).toFixed(2)} ms, ${bytes} bytes (51 runs)`);
} finally {
  await database.close();
  await embedded.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
