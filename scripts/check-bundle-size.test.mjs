import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkBudgets, chunkOf, firstLoadChunks, KB, measurePage } from './check-bundle-size.mjs';

/** A build of a few chunks: two entries, shared chunks, a page with its own chunk, two pages in one. */
const manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js', '_runtime.js'], dynamicImports: ['src/auth.tsx', '_public.js'] },
  'src/route-preload.ts': { file: 'assets/route-preload.js', isEntry: true },
  'src/landing.ts': { file: 'assets/landing.js', isEntry: true },
  'index.css': { file: 'assets/index.css', isEntry: true },
  '_react.js': { file: 'assets/react.js', imports: ['_runtime.js'] },
  '_runtime.js': { file: 'assets/runtime.js' },
  '_ui.js': { file: 'assets/ui.js', imports: ['index.html', '_react.js'] },
  '_forms.js': { file: 'assets/forms.js', imports: ['_ui.js'] },
  'src/auth.tsx': { file: 'assets/auth.js', isDynamicEntry: true, imports: ['_forms.js', 'index.html'], dynamicImports: ['src/schemas.ts'] },
  'src/schemas.ts': { file: 'assets/schemas.js', isDynamicEntry: true, imports: ['_zod.js'] },
  '_zod.js': { file: 'assets/zod.js' },
  '_public.js': { file: 'assets/public.js', imports: ['_ui.js'], dynamicImports: ['_public.js'] },
};

/** Each file's contents: repeated text of a given length, so that the gzipped sizes differ. */
const contents = {
  'assets/index.js': 'const app = 1;'.repeat(400),
  'assets/route-preload.js': 'preload();',
  'assets/landing.js': 'landing();',
  'assets/react.js': Array.from({ length: 3000 }, (_, i) => `r${i * 7919}`).join(','),
  'assets/runtime.js': 'runtime',
  'assets/ui.js': Array.from({ length: 500 }, (_, i) => `u${i * 31}`).join(';'),
  'assets/forms.js': 'forms'.repeat(50),
  'assets/auth.js': 'auth',
  'assets/schemas.js': 'schemas',
  'assets/zod.js': Array.from({ length: 4000 }, (_, i) => `z${i * 104729}`).join(' '),
  'assets/public.js': 'public page and home page',
  // The group chunk's map: its sources are relative to its own folder (dist/assets).
  'assets/public.js.map': JSON.stringify({ version: 3, sources: ['../../src/public/index.tsx', '../../src/public/home.tsx'], mappings: '' }),
};

function readFile(file) {
  if (!(file in contents)) throw new Error(`ENOENT: ${file}`);
  return Buffer.from(contents[file]);
}

const gzipped = (file) => gzipSync(Buffer.from(contents[file]), { level: 9 }).length;

describe('the first load of a page', () => {
  it("is the entries' scripts, the page's chunk and everything they import statically, each once", () => {
    expect(firstLoadChunks(manifest, ['src/auth.tsx'], readFile).sort()).toEqual(
      ['_forms.js', '_react.js', '_runtime.js', '_ui.js', 'index.html', 'src/auth.tsx', 'src/route-preload.ts'].sort(),
    );
  });

  it('leaves out what is only imported dynamically, and stylesheets', () => {
    const keys = firstLoadChunks(manifest, [], readFile);
    expect(keys.sort()).toEqual(['_react.js', '_runtime.js', 'index.html', 'src/route-preload.ts'].sort());
  });

  it("is only the given entries' scripts for a page that does not load the app (the prerendered landing page)", () => {
    expect(firstLoadChunks(manifest, [], readFile, ['src/landing.ts'])).toEqual(['src/landing.ts']);
    expect(measurePage(manifest, [], readFile, ['src/landing.ts']).total).toBe(gzipped('assets/landing.js'));
  });

  it('finds a module that shares a chunk with others through the source maps', () => {
    expect(chunkOf(manifest, 'src/public/home.tsx', readFile)).toBe('_public.js');
    expect(chunkOf(manifest, 'src/auth.tsx', readFile)).toBe('src/auth.tsx');
    expect(() => chunkOf(manifest, 'src/gone.tsx', readFile)).toThrow(/no chunk of the build holds src\/gone\.tsx/);
  });

  it('sums the gzipped size of each file, largest first', () => {
    const { chunks, total } = measurePage(manifest, ['src/public/index.tsx', 'src/public/home.tsx'], readFile);
    const files = ['assets/index.js', 'assets/route-preload.js', 'assets/react.js', 'assets/runtime.js', 'assets/public.js', 'assets/ui.js'];
    expect(chunks.map((chunk) => chunk.file).sort()).toEqual([...files].sort());
    for (const chunk of chunks) expect(chunk.gzip).toBe(gzipped(chunk.file));
    expect(chunks.map((chunk) => chunk.gzip)).toEqual([...chunks.map((chunk) => chunk.gzip)].sort((a, b) => b - a));
    expect(total).toBe(files.reduce((sum, file) => sum + gzipped(file), 0));
  });
});

describe('the budgets', () => {
  const page = (kB) => ({ page: '/auth/login', kB, modules: ['src/auth.tsx'] });
  const authTotal = measurePage(manifest, ['src/auth.tsx'], readFile).total;

  it('pass a page at or under its budget, with one line for it', () => {
    const { ok, lines } = checkBudgets(manifest, readFile, [page(authTotal / KB)]);
    expect(ok).toBe(true);
    expect(lines).toEqual([`/auth/login: 7 scripts, ${(authTotal / KB).toFixed(1)} kB gzipped, budget ${authTotal / KB} kB`]);
  });

  it('fail a page over its budget, listing its scripts and sizes', () => {
    const { ok, lines } = checkBudgets(manifest, readFile, [page(1), page(1000)]);
    expect(ok).toBe(false);
    expect(lines[0]).toMatch(/^\/auth\/login: 7 scripts, [\d.]+ kB gzipped, budget 1 kB — OVER BUDGET by [\d.]+ kB$/);
    expect(lines.slice(1, 8).map((line) => line.trim().split(/\s+/).at(-1)).sort()).toEqual(
      ['assets/auth.js', 'assets/forms.js', 'assets/index.js', 'assets/react.js', 'assets/route-preload.js', 'assets/runtime.js', 'assets/ui.js'].sort(),
    );
    expect(lines[8]).toMatch(/budget 1000 kB$/);
  });

  it('fail a page whose module the build no longer has', () => {
    const { ok, lines } = checkBudgets(manifest, readFile, [{ page: '/gone', kB: 1000, modules: ['src/gone.tsx'] }]);
    expect(ok).toBe(false);
    expect(lines).toEqual(['/gone: cannot be measured: no chunk of the build holds src/gone.tsx (is it still a module of the app, and are source maps on?)']);
  });
});
