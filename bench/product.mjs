// Starts the built product (apps/server/dist, which also serves apps/web/dist) the way `npm start`
// runs it, but on a temporary DATA_DIR and a free port, so a bench never touches ./data or a server
// someone else is running. With BASE_URL set, nothing is started and that address is measured.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** @returns {Promise<{ base: string, stop: () => Promise<void> }>} */
export async function startProduct() {
  if (process.env.BASE_URL) return { base: process.env.BASE_URL.replace(/\/$/, ''), stop: async () => {} };
  // WEB_DIST (read by the server) lets a bench compare another build of the web app, e.g. a copy of
  // an earlier apps/web/dist, against the same server.
  const webIndex = path.resolve(repo, process.env.WEB_DIST ?? 'apps/web/dist', 'index.html');
  for (const built of [path.join(repo, 'apps/server/dist/main.js'), webIndex]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
  }

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qist-bench-'));
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: repo,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    // SIGTERM lets the server stop its embedded PostgreSQL before the data directory goes.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await new Promise((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk.toString();
        if (output.includes('serving on')) resolve();
      });
      void exited.then((code) => reject(new Error(`the server exited (${code}) before serving`)));
    });
  } catch (error) {
    await stop();
    throw error;
  }
  // Keep draining stdout so a chatty server never blocks on a full pipe.
  child.stdout.resume();
  return { base: `http://127.0.0.1:${port}`, stop };
}
