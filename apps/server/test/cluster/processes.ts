// Runs the built server as `npm start` runs it (apps/server/dist/main.js, built first when its sources
// are newer), in a child process whose output the test awaits line by line.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const serverDist = path.join(repoRoot, 'apps/server/dist');

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

export interface RunningServer {
  child: ChildProcess;
  /** Everything the process tree wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with the match once the output holds `pattern` after `from` (a position in output()). */
  waitForOutput(pattern: RegExp, from?: number): Promise<RegExpExecArray>;
  /** Resolves with the exit code (or signal) once the primary has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startServer(env: Record<string, string>): RunningServer {
  const child = spawn(process.execPath, [path.join(serverDist, 'main.js')], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const check of [...waiters]) check();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
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

export interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** One request on a connection of its own (no keep-alive), so the cluster hands each to a worker anew. */
export function request(port: number, method: string, url: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
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
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The pids that logged an incoming request whose URL holds `marker` (Fastify's log lines carry the pid). */
export function pidsAnswering(output: string, marker: string): Set<number> {
  const pids = new Set<number>();
  for (const line of output.split('\n')) {
    if (!line.startsWith('{') || !line.includes(marker)) continue;
    const entry = JSON.parse(line) as { pid?: number; msg?: string };
    if (entry.msg === 'incoming request' && entry.pid) pids.add(entry.pid);
  }
  return pids;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
