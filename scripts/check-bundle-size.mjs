// Holds the first screens of the web app to a JavaScript budget, from the build alone (no browser):
// for each page below, the scripts its first load fetches — the entries of index.html and every chunk
// they import statically, then the page's lazily loaded modules and their static imports — each
// gzipped (level 9, as bench/landing-size.mjs measures them over a real load) and summed.
// Usage: npm run build -w @qist/web && node scripts/check-bundle-size.mjs [dist folder]   (VERBOSE=1
// lists every page's scripts)
// Exits 1, listing each page's chunks and sizes, when a page is over its budget or the build's
// manifest does not name a module listed here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** @typedef {Record<string, { file: string, isEntry?: boolean, imports?: string[] }>} Manifest Vite's build manifest */

/** The build's output folder, relative to apps/web (build.outDir in apps/web/vite.config.ts). */
const OUT_DIR = 'dist';

/** 1 kB = 1024 bytes, as bench/landing-size.mjs prints. */
export const KB = 1024;

/**
 * The budgets, in kB of gzipped JavaScript: the first screens' targets (/ 120 kB, /auth/login 150 kB).
 * What each page loads: the entries its HTML loads (the app's, unless `entries` names others) and its
 * React.lazy modules as the manifest names them (source paths relative to apps/web). The sign-in
 * page loads no TanStack Query (only sign-up in its area fetches); its form's schemas, and zod, wait for
 * the visitor's first touch of the form (lib/lazy-on-touch.ts), so they are not part of the first load.
 */
export const BUDGETS = [
  {
    // Prerendered (scripts/prerender-landing.mjs): the page loads its own small script, not the app.
    page: '/',
    kB: 120,
    entries: ['src/landing/landing.ts'],
    modules: [],
  },
  {
    page: '/auth/login',
    kB: 150,
    modules: ['src/app/routes/auth.tsx'],
  },
];

/** The entries of the app's index.html, which every page but the prerendered landing page loads. */
export const APP_ENTRIES = ['index.html', 'src/route-preload.ts'];

/**
 * The manifest key of the chunk holding a module. A lazily loaded module with a chunk of its own has
 * its source path as its key; one that the build's chunking groups put into a shared chunk (the public
 * area and the landing page share 'public') is found through the source maps, which list each
 * chunk's modules.
 * @param {Manifest} manifest
 * @param {string} module a source path relative to apps/web
 * @param {(file: string) => Buffer | string} readFile
 */
export function chunkOf(manifest, module, readFile) {
  if (manifest[module]) return module;
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.file.endsWith('.js')) continue;
    let map;
    try {
      map = JSON.parse(readFile(`${chunk.file}.map`).toString());
    } catch {
      continue;
    }
    // A map's sources are relative to its own folder; the module's path is relative to apps/web,
    // the folder of the build's output folder (dist).
    const folder = path.posix.join(OUT_DIR, path.posix.dirname(chunk.file));
    if (map.sources?.some((source) => path.posix.join(folder, source) === module)) return key;
  }
  throw new Error(`no chunk of the build holds ${module} (is it still a module of the app, and are source maps on?)`);
}

/**
 * The manifest keys of the chunks a page's first load fetches: its HTML's entries (index.html's
 * scripts, unless given), the chunks of the page's modules, and what each of them imports statically,
 * transitively.
 * @param {Manifest} manifest
 * @param {string[]} modules
 * @param {(file: string) => Buffer | string} readFile
 * @param {string[]} [entries] manifest keys of the entries the page's HTML loads
 */
export function firstLoadChunks(manifest, modules, readFile, entries = APP_ENTRIES) {
  const keys = new Set();
  const visit = (key) => {
    if (keys.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build's manifest has no chunk ${key}`);
    keys.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of entries) visit(key);
  for (const module of modules) visit(chunkOf(manifest, module, readFile));
  return [...keys];
}

/**
 * A page's scripts with their gzipped sizes, largest first, and their total.
 * @param {Manifest} manifest
 * @param {string[]} modules
 * @param {(file: string) => Buffer | string} readFile the contents of a file of the build, by its manifest name
 */
export function measurePage(manifest, modules, readFile, entries = APP_ENTRIES) {
  const files = [...new Set(firstLoadChunks(manifest, modules, readFile, entries).map((key) => manifest[key].file))];
  const chunks = files
    .map((file) => ({ file, gzip: gzipSync(readFile(file), { level: 9 }).length }))
    .sort((a, b) => b.gzip - a.gzip || a.file.localeCompare(b.file));
  return { chunks, total: chunks.reduce((sum, chunk) => sum + chunk.gzip, 0) };
}

/**
 * Every budget checked against a build: a line per page, its chunks beneath when it is over (or always,
 * with `verbose`).
 * @returns {{ ok: boolean, lines: string[] }}
 */
export function checkBudgets(manifest, readFile, budgets = BUDGETS, { verbose = false } = {}) {
  const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;
  const lines = [];
  let ok = true;
  for (const { page, kB: limit, modules, entries } of budgets) {
    let measured;
    try {
      measured = measurePage(manifest, modules, readFile, entries);
    } catch (error) {
      ok = false;
      lines.push(`${page}: cannot be measured: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const over = measured.total > limit * KB;
    if (over) ok = false;
    lines.push(
      `${page}: ${measured.chunks.length} scripts, ${kb(measured.total)} gzipped, budget ${limit} kB${over ? ` — OVER BUDGET by ${kb(measured.total - limit * KB)}` : ''}`,
    );
    if (over || verbose) {
      for (const { file, gzip } of measured.chunks) lines.push(`  ${kb(gzip).padStart(9)}  ${file}`);
    }
  }
  return { ok, lines };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(process.argv[2] ?? fileURLToPath(new URL(`../apps/web/${OUT_DIR}`, import.meta.url)));
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  } catch (error) {
    console.error(`bundle size: cannot read ${manifestFile} (${error instanceof Error ? error.message : String(error)}): build the web app first`);
    process.exit(1);
  }
  const { ok, lines } = checkBudgets(manifest, (file) => readFileSync(path.join(dist, file)), BUDGETS, {
    verbose: Boolean(process.env.VERBOSE),
  });
  for (const line of lines) console.log(line);
  if (!ok) {
    console.error('bundle size: a first screen is over its JavaScript budget (budgets: scripts/check-bundle-size.mjs)');
    process.exit(1);
  }
}
