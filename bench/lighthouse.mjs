// Lighthouse's mobile performance audit (its default: a Moto G-class phone, simulated slow 4G and a
// 4x slower CPU) of the public pages, in Debian's Chromium. Starts the built product on a temporary
// DATA_DIR and a free port (bench/product.mjs), or uses BASE_URL, and stops all it started.
// Scores move with the machine's load, so each page runs RUNS times (default 3) and the median run
// (by score) is printed. Not a test: it only prints.
// Usage: npm run build && node bench/lighthouse.mjs [/path ...]
//   RUNS=5 … for steadier numbers; REPORT_DIR=dir … keeps each median run's HTML report.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startProduct } from './product.mjs';

const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/auth/login'];
const runs = Math.max(1, Number(process.env.RUNS ?? 3));
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const product = await startProduct();
let chrome;
try {
  chrome = await chromeLauncher.launch({
    chromePath,
    // --no-sandbox: the bench runs as root in a container, where Chromium's sandbox cannot start.
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const audit = (id, lhr) => lhr.audits[id];
  for (const pagePath of pages) {
    const results = [];
    for (let attempt = 0; results.length < runs; attempt += 1) {
      const result = await lighthouse(`${product.base}${pagePath}`, {
        port: chrome.port,
        output: 'html',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const lhr = result?.lhr;
      const failure = !lhr ? 'no result' : lhr.runtimeError ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}` : null;
      if (failure) {
        // Chromium sometimes loses a trace on a busy machine (NO_NAVSTART and the like): run again.
        if (attempt >= runs + 2) throw new Error(`${pagePath}: ${failure}`);
        console.warn(`${pagePath}: run failed (${failure}), running again`);
        continue;
      }
      results.push({ lhr, report: result.report, score: Math.round((lhr.categories.performance.score ?? 0) * 100) });
    }
    results.sort((a, b) => a.score - b.score);
    const median = results[Math.floor(results.length / 2)];
    const { lhr } = median;
    const ms = (id) => `${(audit(id, lhr).numericValue / 1000).toFixed(2)} s`;
    console.log(
      `${pagePath}: performance ${median.score} (runs: ${results.map((r) => r.score).join(', ')}), ` +
        `FCP ${ms('first-contentful-paint')}, LCP ${ms('largest-contentful-paint')}, ` +
        `TBT ${Math.round(audit('total-blocking-time', lhr).numericValue)} ms, CLS ${audit('cumulative-layout-shift', lhr).numericValue.toFixed(3)}, ` +
        `SI ${ms('speed-index')} (host benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)})`,
    );
    if (process.env.VERBOSE) {
      const element = audit('largest-contentful-paint-element', lhr)?.details?.items?.[0]?.items?.[0]?.node;
      if (element) console.log(`  LCP element: ${element.nodeLabel} (${element.selector})`);
    }
    if (process.env.REPORT_DIR) {
      mkdirSync(process.env.REPORT_DIR, { recursive: true });
      const file = path.join(process.env.REPORT_DIR, `${pagePath.replace(/[^a-z0-9]+/gi, '_') || '_'}.html`);
      writeFileSync(file, median.report);
      console.log(`  report: ${file}`);
    }
  }
} finally {
  await chrome?.kill();
  await product.stop();
}
