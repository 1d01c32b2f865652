// npm test: every check in one run — lint, typecheck, unit/API/component tests (real PostgreSQL),
// the web build and the Playwright journeys in Chromium — then one closing line of real totals.
// A failing step does not stop the later ones; any failure makes the exit code non-zero.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { failureLines, playwrightFailures, vitestFailures } from './test-failures.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = path.join(root, '.test-output');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(name, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`=== ${name}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${seconds} s`);
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const startedAt = Date.now();
const failedSteps = [];
/** Each failed test's step, file, name and error, repeated at the end of the run (scripts/test-failures.mjs). */
const failedTests = [];
let passed = 0;
let failed = 0;

if (!existsSync(chromium) && typeof process.getuid === 'function' && process.getuid() === 0) {
  run('install chromium', 'sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium']);
}

// The tests of an external database run Debian's PostgreSQL 15 and PgBouncer (ADR 36).
const externalDatabaseBinaries = ['/usr/lib/postgresql/15/bin/postgres', '/usr/sbin/pgbouncer'];
if (externalDatabaseBinaries.some((file) => !existsSync(file)) && typeof process.getuid === 'function' && process.getuid() === 0) {
  run('install postgresql and pgbouncer', 'sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 pgbouncer']);
}

if (!run('engines', 'node', ['scripts/check-engines.mjs'])) failedSteps.push('engines');

for (const [name, args] of [
  ['lint', ['run', 'lint']],
  ['typecheck', ['run', 'typecheck']],
  ['API document: generate, redocly lint, typed client', ['run', 'test:openapi']],
]) {
  if (!run(name, 'npm', args)) failedSteps.push(name);
}

/** Runs Vitest with a JSON report (through `command` and `prefix`) and adds its totals. */
function vitestStep(label, reportName, command, prefix, projects = []) {
  const report = path.join(out, reportName);
  const args = [...prefix, 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  const ok = run(label, command, args);
  const result = readJson(report);
  if (!result) {
    failedSteps.push(`${label} (no report)`);
    return;
  }
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  failedTests.push(...vitestFailures(result, label, root));
  if (!ok && result.numFailedTests === 0) failedSteps.push(`${label} (a suite failed to run)`);
}

vitestStep('unit, API and component tests', 'vitest.json', 'npx', ['vitest']);

// The domain and server suites again on each other Node.js line named in TEST_NODE_VERSIONS
// (for example "24"; CI sets it), with a binary from the npm registry's `node` package.
for (const version of (process.env.TEST_NODE_VERSIONS ?? '').split(/[\s,]+/).filter(Boolean)) {
  vitestStep(`domain, unit and API tests on Node.js ${version}`, `vitest-node${version}.json`, 'npx', ['-y', '-p', `node@${version}`, 'node', 'node_modules/vitest/vitest.mjs'], [
    'domain',
    'server',
  ]);
}

const built = run('build', 'npm', ['run', 'build']);
if (!built) failedSteps.push('build');
// The first screens' JavaScript against their budgets (scripts/check-bundle-size.mjs).
if (built && !run('bundle size', 'node', ['scripts/check-bundle-size.mjs'])) failedSteps.push('bundle size');

// Beyond one machine (ADR 40): a primary, a streaming replica, PgBouncer and two API processes, stood
// up and checked end to end by scripts/cluster-check.mjs; each of its checks counts as a test.
if (built) {
  const clusterReport = path.join(out, 'cluster-check.json');
  const clusterOk = run('cluster check', 'node', ['scripts/cluster-check.mjs', '--report', clusterReport]);
  const cluster = readJson(clusterReport);
  if (cluster) {
    passed += cluster.passed;
    failed += cluster.failed;
    for (const failure of cluster.failures) failedTests.push({ step: 'cluster check', where: 'scripts/cluster-check.mjs', name: failure.name, message: failure.message });
    if (!clusterOk && cluster.failed === 0) failedSteps.push('cluster check (the run failed)');
  } else {
    failedSteps.push('cluster check (no report)');
  }
}

if (built && existsSync(chromium)) {
  const playwrightReport = path.join(out, 'playwright.json');
  const e2eOk = run('end-to-end journeys', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  const e2e = readJson(playwrightReport);
  if (e2e?.stats) {
    passed += e2e.stats.expected;
    failed += e2e.stats.unexpected + e2e.stats.flaky;
    failedTests.push(...playwrightFailures(e2e));
    if (!e2eOk && e2e.stats.unexpected === 0) failedSteps.push('playwright (the run failed)');
  } else {
    failedSteps.push('playwright (no report)');
  }
} else {
  failedSteps.push(built ? `playwright (no browser at ${chromium})` : 'playwright (not run: the build failed)');
}

// A step that is not a test (lint, typecheck, build) counts as one failure when it fails.
failed += failedSteps.length;
console.log(`\nwhole run: ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
// Named again here because a long run's log is often read from its end only.
for (const line of failureLines(failedTests)) console.log(line);
if (failedSteps.length) console.log(`failed steps: ${failedSteps.join(', ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
