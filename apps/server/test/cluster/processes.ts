// Runs the built server as `npm start` runs it (apps/server/dist/main.js, built first when its sources
// are newer), in a child process whose output the test awaits line by line (scripts/lib/server-process.mjs).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, serverDist } from '../../../../scripts/lib/server-process.mjs';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the server (and its copied migrations) when the build is missing or older than a source. */
export function ensureServerBuilt(): void {
  const main = path.join(serverDist, 'main.js');
  const sources = [path.join(repoRoot, 'apps/server/src'), path.join(repoRoot, 'packages/domain/src')];
  const stale =
    !existsSync(main) ||
    !existsSync(path.join(serverDist, 'db/migrations')) ||
    !existsSync(path.join(repoRoot, 'packages/domain/dist/index.js')) ||
    sources.some((dir) => newestMtime(dir) > statSync(main).mtimeMs);
  if (!stale) return;
  execFileSync('npm', ['run', 'build', '-w', '@qist/domain'], { cwd: repoRoot, stdio: 'ignore' });
  execFileSync('npm', ['run', 'build', '-w', '@qist/server'], { cwd: repoRoot, stdio: 'ignore' });
}

export { freePort } from '../external-postgres.js';
export { isAlive, pidsAnswering, request, startServer, type Answer, type RunningServer } from '../../../../scripts/lib/server-process.mjs';
