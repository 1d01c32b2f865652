// Measures the JavaScript a visitor's browser loads for a public page: every script the page
// requests, its size gzipped, and what went over the wire. Starts the built product on a temporary
// DATA_DIR and a free port, or uses BASE_URL when given.
// Usage: npm run build && node bench/landing-size.mjs [/path ...]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/faq', '/pre-register', '/auth/login'];

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

let child;
let dataDir;
let base = process.env.BASE_URL;
if (!base) {
  const port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), 'qist-bench-'));
  child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout.on('data', (d) => d.toString().includes('serving on') && resolve()));
  base = `http://127.0.0.1:${port}`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  for (const pagePath of pages) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body();
      const sizes = await response.request().sizes();
      scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, wire: sizes.responseBodySize });
    });
    await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle' });
    const sum = (key) => scripts.reduce((total, s) => total + s[key], 0);
    const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
    if (process.env.VERBOSE) for (const s of scripts) console.log(`  ${s.url} ${kb(s.gzip)}`);
    console.log(`${pagePath}: ${scripts.length} scripts, ${kb(sum('raw'))} raw, ${kb(sum('gzip'))} gzipped, ${kb(sum('wire'))} over the wire`);
    await context.close();
  }
} finally {
  await browser.close();
  child?.kill('SIGTERM');
  if (child) await new Promise((resolve) => child.once('exit', resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
