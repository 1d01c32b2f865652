// Runs the built server as `npm start` runs it (apps/server/dist/main.js) in a child process whose
// output is awaited line by line, and sends it requests each on a connection of its own. Used by the
// server's process tests (apps/server/test/cluster/processes.ts, typed by the .d.mts beside this file)
// and by scripts/cluster-check.mjs.
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const serverDist = path.join(repoRoot, 'apps/server/dist');

/** Starts the built server with exactly `env` (plus PATH and HOME). */
export function startServer(env) {
  const child = spawn(process.execPath, [path.join(serverDist, 'main.js')], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const waiters = new Set();
  const onData = (chunk) => {
    text += chunk.toString('utf8');
    for (const check of [...waiters]) check();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      // The last chunks of output are read before 'close'.
      child.once('close', () => {
        resolve({ code, signal });
        for (const check of [...waiters]) check();
      });
    });
  });
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  return {
    child,
    output: () => text,
    exited,
    waitForOutput(pattern, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = new RegExp(pattern.source, pattern.flags.replace('g', '')).exec(text.slice(from));
          if (found) {
            waiters.delete(check);
            resolve(found);
          } else if (hasExited) {
            waiters.delete(check);
            reject(new Error(`the server exited before printing ${pattern}:\n${text}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
  };
}

/** One request on a connection of its own (no keep-alive), so a cluster hands each to a worker anew. */
export function request(port, method, url, options = {}) {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: {
          connection: 'close',
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The pids that logged an incoming request whose URL holds `marker` (Fastify's log lines carry the pid). */
export function pidsAnswering(output, marker) {
  const pids = new Set();
  for (const line of output.split('\n')) {
    if (!line.startsWith('{') || !line.includes(marker)) continue;
    const entry = JSON.parse(line);
    if (entry.msg === 'incoming request' && entry.pid) pids.add(entry.pid);
  }
  return pids;
}

export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
