// End-to-end journeys in Debian's Chromium against the product started the way `npm start` starts it,
// on a temporary DATA_DIR and a free port.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Workers load this file again: keep the first choice of port and folder in the environment.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'qist-e2e-'));

const port = Number(process.env.E2E_PORT);
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // Timeouts are safety nets, not measurements: a journey on a machine busy with other work (two
  // cores shared with builds and tests) must pass as it does on an idle one, so they are generous;
  // the long journeys mark themselves test.slow() (three times this).
  timeout: 180_000,
  // The journeys' admin, which invites every journey's own back-office accounts (e2e/accounts.ts).
  globalSetup: './e2e/global-setup.ts',
  expect: { timeout: 30_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: '.test-output/playwright.json' }]] : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /dashboards\.spec\.ts$/ },
    // The dashboards compare the demo figures with their lists: they run once every other journey is done.
    { name: 'dashboards', use: { ...devices['Desktop Chrome'], channel: undefined }, testMatch: /dashboards\.spec\.ts$/, dependencies: ['chromium'] },
  ],
  // E2E_BASE_URL points the journeys at a server that is already running (for local work).
  webServer: process.env.E2E_BASE_URL ? undefined : {
    command: 'node scripts/start.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // Every journey signs in from 127.0.0.1; the per-address limits are tested in the API suite.
      LOGIN_MAX_FAILURES: '1000',
      LOGIN_ACCOUNT_MAX_FAILURES: '1000',
      LOGIN_ADDRESS_MAX_FAILURES: '1000',
      SIGNUP_MAX_PER_HOUR: '1000',
    },
  },
});
