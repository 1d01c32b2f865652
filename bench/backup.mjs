// npm run backup and npm run restore on the embedded database, against the built product
// (apps/server/dist): what a backup costs the money steps running beside it, and how long both take.
// Not a test: it prints figures.
//
// 1. seed:scale writes --orders orders into a new DATA_DIR (plus the demo's), the product starts on it;
// 2. --connections loops create orders of 1.00 as sme@example.com: --warmup s not measured, --baseline s
//    before, the whole of npm run backup, --baseline s after: order latency p50/p99/max and orders/s in each;
// 3. the product stops, npm run restore brings the file into a second DATA_DIR, then audit:verify and
//    rollups:verify run on it: each one's seconds, and the orders restored.
//
// Usage: npm run build -w @qist/domain && npm run build -w @qist/server && node bench/backup.mjs [--orders 100000]
//   [--connections 4] [--warmup 15] [--baseline 10] [--keep]   (--keep leaves the temporary folder for a look)
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { percentile, startProduct, stopChild } from './lib/process.mjs';
import { benchSignIn, fetchPost } from './lib/sign-in.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../apps/server/dist');
const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '4' },
    warmup: { type: 'string', default: '15' },
    baseline: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
  },
});
const connections = Number(values.connections);

const root = mkdtempSync(path.join(tmpdir(), 'qist-bench-backup-'));
chmodSync(root, 0o711);
const source = path.join(root, 'source');
const target = path.join(root, 'target');
const file = path.join(root, 'qist.tar.gz');
const cleanEnv = (dataDir) => {
  const e = { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'true', SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-42', LOG_LEVEL: 'warn' };
  delete e.DATABASE_URL;
  return e;
};

/** Runs a CLI of dist/cli to its end; its seconds and output. */
function runCli(name, args, dataDir) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [path.join(dist, 'cli', `${name}.js`), ...args], { env: cleanEnv(dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (code === 0) resolve({ seconds, out });
      else reject(new Error(`${name} exited with ${code}:\n${out}`));
    });
  });
}

const du = (dir) => Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]);
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function summary(latencies, seconds) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `${sorted.length} orders in ${seconds.toFixed(1)} s (${(sorted.length / seconds).toFixed(0)}/s), p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, max ${sorted[sorted.length - 1]?.toFixed(1)} ms`;
}

let product;
try {
  console.log(`seed:scale --orders ${values.orders} …`);
  const seeded = await runCli('seed-scale', ['--orders', values.orders], source);
  console.log(`  ${seeded.seconds.toFixed(1)} s`);
  product = await startProduct({ distDir: dist, env: cleanEnv(source), logFile: path.join(root, 'product.log') });
  const base = `http://127.0.0.1:${product.port}`;
  const token = await benchSignIn(fetchPost(base), 'sme@example.com', 'demo12345');
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const providers = await (await fetch(`${base}/api/v1/sme/provider/list?page=1&perPage=1`, { headers })).json();
  const providerId = providers.content.providers[0]._id;

  // Each order's end time and latency; refusals counted apart.
  const done = [];
  let refused = 0;
  let running = true;
  const loop = async (lane) => {
    for (let i = 0; running; i += 1) {
      const started = performance.now();
      const response = await fetch(`${base}/api/v1/sme/order/create`, { method: 'POST', headers, body: JSON.stringify({ providerId, amount: 1, description: `bench ${lane}.${i}` }) });
      await response.arrayBuffer();
      const ended = performance.now();
      if (response.status === 200) done.push({ ended, ms: ended - started });
      else refused += 1;
    }
  };
  const loops = Array.from({ length: connections }, (_, lane) => loop(lane));
  const wait = (seconds) => new Promise((r) => setTimeout(r, Number(seconds) * 1000));
  // After a start on freshly seeded data, autovacuum and the first plans run: not measured.
  await wait(values.warmup);
  const t0 = performance.now();
  await wait(values.baseline);
  const t1 = performance.now();
  const backup = await runCli('backup', [file], source);
  const t2 = performance.now();
  await wait(values.baseline);
  const t3 = performance.now();
  running = false;
  await Promise.all(loops);
  const window = (from, to) => done.filter((d) => d.ended >= from && d.ended < to).map((d) => d.ms);
  console.log(backup.out.trim().replace(/^/gm, '  '));
  console.log(`data directory ${mb(du(path.join(source, 'postgres')))}, backup file ${mb(statSync(file).size)}, backup ${backup.seconds.toFixed(1)} s (process start included)`);
  console.log(`orders before the backup: ${summary(window(t0, t1), (t1 - t0) / 1000)}`);
  console.log(`orders during the backup: ${summary(window(t1, t2), (t2 - t1) / 1000)}`);
  console.log(`orders after the backup:  ${summary(window(t2, t3), (t3 - t2) / 1000)}`);
  if (refused) console.log(`(${refused} orders refused: credit ran out)`);
  await stopChild(product.child, 'the product');
  product = undefined;

  const restore = await runCli('restore', [file], target);
  console.log(restore.out.trim().replace(/^/gm, '  '));
  console.log(`restore ${restore.seconds.toFixed(1)} s (the whole file read twice, the server's first start replaying the WAL)`);
  const audit = await runCli('audit-verify', [], target);
  console.log(`audit:verify on the restored DATA_DIR: ${audit.seconds.toFixed(1)} s\n${audit.out.trim().replace(/^/gm, '  ')}`);
  const rollups = await runCli('rollups-verify', [], target);
  console.log(`rollups:verify on the restored DATA_DIR: ${rollups.seconds.toFixed(1)} s\n${rollups.out.trim().replace(/^/gm, '  ')}`);
} finally {
  if (product) await stopChild(product.child, 'the product');
  if (values.keep) console.log(`kept ${root}`);
  else rmSync(root, { recursive: true, force: true });
}
