// Writes dist/landing.html, the landing page (/ and /landing) as static HTML: both languages' copies of
// the real public frame and home page (rendered by apps/web/src/landing/prerender.tsx, built for Node
// into apps/web/dist-prerender), the stylesheets the app loads for them, and one small script
// (src/landing/landing.ts) instead of the app. The server sends it for those addresses.
// Usage (after both builds): node scripts/prerender-landing.mjs [apps/web folder]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chunkOf } from './check-bundle-size.mjs';

const web = path.resolve(process.argv[2] ?? 'apps/web');
const dist = path.join(web, 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const readFile = (file) => readFileSync(path.join(dist, file));

/** The stylesheets of a chunk and of the chunks it imports statically. */
function stylesOf(key, into = new Set(), seen = new Set()) {
  if (seen.has(key)) return into;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`prerender-landing: the build's manifest has no chunk ${key}`);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) stylesOf(imported, into, seen);
  return into;
}

const styles = new Set();
for (const module of ['index.html', 'src/app/routes/public/index.tsx', 'src/app/routes/public/home.tsx']) {
  stylesOf(chunkOf(manifest, module, readFile), styles);
}
const script = manifest['src/landing/landing.ts'];
if (!script || script.imports?.length) throw new Error('prerender-landing: src/landing/landing.ts must be an entry of its own');
for (const css of script.css ?? []) styles.add(css);

const { renderLanding } = await import(pathToFileURL(path.join(web, 'dist-prerender', 'prerender.js')).href);
const { copies, roleHomes } = await renderLanding();

const json = (value) => JSON.stringify(value).replaceAll('<', '\\u003c');
const data = {
  titles: Object.fromEntries(Object.entries(copies).map(([language, copy]) => [language, copy.title])),
  account: Object.fromEntries(Object.entries(copies).map(([language, copy]) => [language, copy.account])),
  roleHomes,
  year: new Date().getFullYear(),
};
const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
const description = /<meta name="description"[^>]*>/.exec(index)?.[0] ?? '';
const languages = Object.keys(copies);

const html = `<!doctype html>
<html lang="en" dir="ltr" data-mantine-color-scheme="light">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    ${description}
    <title>${copies.en.title}</title>
    <script type="application/json" id="landing-data">${json(data)}</script>
    <script src="/${script.file}"></script>
${[...styles].map((css) => `    <link rel="stylesheet" href="/${css}" />`).join('\n')}
    <style>
${languages
  .map((language) => `      html${language === 'en' ? ':not([lang="ar"])' : `[lang="${language}"]`} [data-landing-copy]:not([data-landing-copy="${language}"])`)
  .join(',\n')} { display: none; }
    </style>
  </head>
  <body>
${Object.entries(copies)
  .map(([language, copy]) => `    <div data-landing-copy="${language}" lang="${language}" dir="${copy.dir}">${copy.html}</div>`)
  .join('\n')}
  </body>
</html>
`;
writeFileSync(path.join(dist, 'landing.html'), html);
console.log(`prerender-landing: dist/landing.html, ${(html.length / 1024).toFixed(1)} kB (${languages.join(', ')})`);
