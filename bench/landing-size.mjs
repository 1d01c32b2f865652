// Measures the JavaScript a visitor's browser loads for a public page: every script the page
// requests, its size gzipped, and what went over the wire; and the stylesheets beside it. Starts the
// built product on a temporary DATA_DIR and a free port (bench/product.mjs), or uses BASE_URL.
// Usage: npm run build && node bench/landing-size.mjs [/path ...]   (VERBOSE=1 lists every file)
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startProduct } from './product.mjs';

const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/faq', '/pre-register', '/auth/login'];
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

const product = await startProduct();
let browser;
try {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  for (const pagePath of pages) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const files = { script: [], stylesheet: [] };
    const pending = [];
    page.on('response', (response) => {
      const list = files[response.request().resourceType()];
      if (!list) return;
      pending.push(
        (async () => {
          const body = await response.body();
          const sizes = await response.request().sizes();
          list.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, wire: sizes.responseBodySize });
        })(),
      );
    });
    await page.goto(`${product.base}${pagePath}`, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    const sum = (list, key) => list.reduce((total, s) => total + s[key], 0);
    if (process.env.VERBOSE) {
      for (const s of [...files.script, ...files.stylesheet].sort((a, b) => b.gzip - a.gzip)) console.log(`  ${s.url} ${kb(s.gzip)}`);
    }
    const { script, stylesheet } = files;
    console.log(
      `${pagePath}: ${script.length} scripts, ${kb(sum(script, 'raw'))} raw, ${kb(sum(script, 'gzip'))} gzipped, ${kb(sum(script, 'wire'))} over the wire` +
        `; CSS ${stylesheet.length} files, ${kb(sum(stylesheet, 'gzip'))} gzipped`,
    );
    await context.close();
  }
} finally {
  await browser?.close();
  await product.stop();
}
