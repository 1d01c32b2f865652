// Builds whichever part (domain, server, web) is missing its build or has sources newer than it.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function newestMtime(dir) /* a folder, or a single file */ {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const builtAt = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

const domainStale = isStale(path.join(root, 'packages/domain/dist/index.js'), ['packages/domain/src']);
const parts = [
  {
    name: '@qist/server',
    stale: domainStale || isStale(path.join(root, 'apps/server/dist/main.js'), ['apps/server/src']),
  },
  {
    name: '@qist/web',
    stale: domainStale || isStale(path.join(root, 'apps/web/dist/index.html'), ['apps/web/src', 'apps/web/index.html', 'apps/web/public']),
  },
];

const run = (args) => execFileSync('npm', args, { cwd: root, stdio: 'inherit' });
if (domainStale) run(['run', 'build', '-w', '@qist/domain']);
for (const part of parts) if (part.stale) run(['run', 'build', '-w', part.name]);
