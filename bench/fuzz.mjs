// The API fuzz at volume: the generator of apps/server/test/security/fuzz.test.ts (bench/fuzz-generators.mjs)
// sends many more requests to the built server, listening on a free port of 127.0.0.1 with an
// embedded PostgreSQL holding the demo data, and prints the answers by status and every rule broken.
// Not a test: it exits 1 when an answer broke a rule, so it can gate a release by hand.
// Usage: npm run build && node bench/fuzz.mjs [count=50000]
//   FUZZ_SEED=<n>           replay a run (the seed is printed)
//   FUZZ_CONCURRENCY=<n>    requests in flight at once (default 4; 1 makes a run replay exactly)
//   FUZZ_TRANSPORT=mixed|socket|inject   mixed (default) sends a tenth and the parser-only shapes as raw bytes
//   FUZZ_ROUTE=<text>       only routes whose "METHOD /path" contains the text
//   FUZZ_SHOW=<n>           examples printed per kind of violation (default 3)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig, uploadsDir } from '../apps/server/dist/config.js';
import { createDatabase } from '../apps/server/dist/db/client.js';
import { startEmbeddedPostgres } from '../apps/server/dist/db/embedded.js';
import { prepareDatabase } from '../apps/server/dist/db/prepare.js';
import { DEMO_PASSWORD } from '../apps/server/dist/db/seed.js';
import { signToken } from '../apps/server/dist/lib/tokens.js';
import { createLocalStorage } from '../apps/server/dist/modules/files/storage.js';
import { benchSignIn } from './lib/sign-in.mjs';
import {
  DEFAULT_SEED,
  craftedTokens,
  describeViolation,
  generateRequests,
  routesOf,
  runFuzz,
  sendByInject,
  sendOverSocket,
  summarise,
} from './fuzz-generators.mjs';

const count = Number(process.argv[2] ?? 50_000);
const seed = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);
const concurrency = Number(process.env.FUZZ_CONCURRENCY ?? 4);
const transport = process.env.FUZZ_TRANSPORT ?? 'mixed';
const show = Number(process.env.FUZZ_SHOW ?? 3);

/** The demo accounts that play each caller (README: every password is the demo one). */
const DEMO_CALLERS = {
  sme: 'sme@example.com',
  smeEarly: 'sme-new@example.com',
  provider: 'supplier@example.com',
  providerEarly: 'supplier-review@example.com',
  admin: 'admin@example.com',
  bank: 'bank@example.com',
  insurance: 'insurer1@example.com',
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'qist-bench-fuzz-'));
const embedded = await startEmbeddedPostgres({ dataDir });
const database = createDatabase(embedded.url, 8);
let app;
try {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    LOGIN_MAX_FAILURES: '1000000',
    LOGIN_ACCOUNT_MAX_FAILURES: '1000000',
    LOGIN_ADDRESS_MAX_FAILURES: '1000000',
    SIGNUP_MAX_PER_HOUR: '1000000',
    PREREGISTER_MAX_PER_HOUR: '1000000',
  });
  const storage = createLocalStorage(uploadsDir(config));
  await prepareDatabase(database, { seedDemo: true, storage, sessionSecret: config.sessionSecret, currency: config.currency });
  app = await buildApp({ config, db: database.db, logger: false, runDispatcher: false, storage });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address();

  // The demo back office signs in with a code of the demo secret (two-step sign-in).
  const inject = async (url, payload) => {
    const response = await app.inject({ method: 'POST', url, payload });
    return { status: response.statusCode, body: response.json() };
  };
  const login = (email) => benchSignIn(inject, email, DEMO_PASSWORD);
  const tokens = {};
  for (const [caller, email] of Object.entries(DEMO_CALLERS)) tokens[caller] = await login(email);
  Object.assign(tokens, craftedTokens(signToken, config.sessionSecret, tokens.sme));
  tokens.revoked = await login(DEMO_CALLERS.sme);
  await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { authorization: `Bearer ${tokens.revoked}` } });

  // Ids and file names the server knows, so that requests get past "not found".
  const ids = async (sql) => (await database.pool.query(sql)).rows.map((r) => r.v);
  const known = {
    uuids: [
      ...(await ids('select id::text as v from smes')),
      ...(await ids('select id::text as v from providers')),
      ...(await ids('select id::text as v from users')),
      ...(await ids('select id::text as v from documents')),
      ...(await ids('select id::text as v from categories')),
      ...(await ids('select id::text as v from insurance_companies')),
    ],
    files: await ids('select file_name as v from documents'),
  };

  const routes = routesOf(app.swagger()).filter((r) => !process.env.FUZZ_ROUTE || r.key.includes(process.env.FUZZ_ROUTE));
  const requests = generateRequests(routes, { seed, count, known }).map((r) =>
    transport === 'mixed' || r.bodyKind.startsWith('socket-') ? r : { ...r, transport },
  );
  console.log(`fuzz seed ${seed}: ${requests.length} requests over ${routes.length} routes, ${concurrency} at a time, transport ${transport}`);

  const started = performance.now();
  let done = 0;
  const report = await runFuzz({
    requests,
    tokens,
    concurrency,
    send: (request, authorization) => (request.transport === 'socket' ? sendOverSocket(port, request, authorization) : sendByInject(app, request, authorization)),
    renew: async (caller) => {
      tokens[caller] = await login(DEMO_CALLERS[caller]);
    },
    onProgress: () => {
      done += 1;
      if (done % 5_000 === 0) console.log(`  ${done} answered`);
    },
  });
  const seconds = (performance.now() - started) / 1000;

  console.log(`\n${report.total} requests in ${seconds.toFixed(1)} s (${Math.round(report.total / seconds)} per second)`);
  console.log('answers by status:');
  for (const [status, n] of Object.entries(report.byStatus).sort()) console.log(`  ${status}  ${n}`);
  const slowest = Object.entries(report.msByRoute).sort((a, b) => b[1] - a[1]).slice(0, 5);
  console.log(`slowest routes (total ms): ${slowest.map(([r, ms]) => `${r} ${Math.round(ms)}`).join(', ')}`);

  const groups = summarise(report.violations);
  if (!groups.length) {
    console.log('\nno violations');
  } else {
    console.log(`\n${report.violations.length} answers broke a rule, in ${groups.length} kinds (replay: FUZZ_SEED=${seed} FUZZ_CONCURRENCY=1):`);
    for (const group of groups) {
      console.log(`\n${group.count}× ${group.key}`);
      const examples = report.violations.filter((v) => `${v.request.route} | ${v.problems.join('; ')}` === group.key).slice(0, show);
      for (const example of examples) console.log(describeViolation(example));
    }
    process.exitCode = 1;
  }
} finally {
  await app?.close();
  await database.close();
  await embedded.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
