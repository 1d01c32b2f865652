// The cluster primary (WEB_CONCURRENCY > 1): it serves no request. It starts the embedded PostgreSQL
// when DATABASE_URL is unset (and alone stops it), prepares the database and seeds the demo once,
// forks the workers with the database's URL and their pool's size, starts again a worker that died,
// gives up on a crash loop, and on SIGTERM/SIGINT drains every worker before stopping PostgreSQL.
// docs/decisions/0035-worker-processes.md
import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { buildApp } from '../app.js';
import { uploadsDir, type Config } from '../config.js';
import { createDatabase } from '../db/client.js';
import type { EmbeddedDatabase } from '../db/embedded.js';
import { createLocalStorage } from '../modules/files/storage.js';
import { log, prepareForStart, seedDemoOrdersWith, startDatabaseServer } from '../startup.js';
import { isWorkerMessage, type PrimaryMessage } from './messages.js';
import { serverConnectionLimits, workerPoolMax } from './pool-size.js';
import { CRASH_LOOP_DEATHS, CRASH_LOOP_WINDOW_MS, createRestartPolicy } from './restart-policy.js';

/** How long the workers have to finish their requests in flight on a stop before they are killed. */
export const DRAIN_TIMEOUT_MS = 10_000;

function send(worker: Worker, message: PrimaryMessage): void {
  // A worker whose channel already closed is exiting: its exit event follows.
  if (worker.isConnected()) worker.send(message, () => {});
}

function describeExit(code: number | null, signal: string | null): string {
  return signal ? `was killed by ${signal}` : `exited with code ${code}`;
}

export async function runPrimary(config: Config, { workerScript, startedAt }: { workerScript: string; startedAt: number }): Promise<void> {
  const count = config.webConcurrency;
  const restarts = createRestartPolicy();
  /** The live worker of each slot (1..count). */
  const slots = new Map<number, Worker>();
  const pendingRestarts = new Set<NodeJS.Timeout>();
  const listened = new Set<number>();
  /** Workers that said they listen for messages. */
  const ready = new WeakSet<Worker>();
  /** Sums the workers' metrics for a scrape that reached any one of them (ADR 33). */
  const aggregator = new AggregatorRegistry();
  let embedded: EmbeddedDatabase | undefined;
  let stopping = false;
  let start: { databaseUrl: string; poolMax: number } | undefined;

  async function stop(code: number): Promise<void> {
    if (stopping) return;
    stopping = true;
    for (const timer of pendingRestarts) clearTimeout(timer);
    const alive = [...slots.values()].filter((worker) => !worker.isDead());
    if (alive.length > 0) log(`stopping: draining ${alive.length} workers (at most ${DRAIN_TIMEOUT_MS / 1000} s)`);
    const exits = alive.map((worker) => new Promise<void>((resolve) => (worker.isDead() ? resolve() : worker.once('exit', () => resolve()))));
    for (const worker of alive) {
      // A worker not yet listening for messages would drop the stop message: a signal drains it as well.
      if (ready.has(worker)) send(worker, { type: 'qist:stop' });
      else worker.process.kill('SIGTERM');
    }
    const deadline = setTimeout(() => {
      for (const worker of alive) {
        if (worker.isDead()) continue;
        log(`worker (pid ${worker.process.pid}) still busy after ${DRAIN_TIMEOUT_MS / 1000} s: killing it`);
        worker.process.kill('SIGKILL');
      }
    }, DRAIN_TIMEOUT_MS);
    await Promise.all(exits);
    clearTimeout(deadline);
    try {
      await embedded?.stop();
    } catch (error) {
      console.error('[qist] error while stopping', error);
      code = code || 1;
    }
    process.exit(code);
  }

  function fork(slot: number): void {
    if (stopping || !start) return;
    const worker = cluster.fork();
    slots.set(slot, worker);
    worker.on('message', (message: unknown) => {
      if (!isWorkerMessage(message) || !start) return;
      if (message.type === 'qist:metrics?') {
        const { id } = message;
        aggregator.clusterMetrics().then(
          (text) => send(worker, { type: 'qist:metrics', id, text }),
          (error: unknown) => send(worker, { type: 'qist:metrics', id, error: error instanceof Error ? error.message : String(error) }),
        );
        return;
      }
      ready.add(worker);
      if (stopping) send(worker, { type: 'qist:stop' });
      else send(worker, { type: 'qist:start', slot, ...start });
    });
    worker.once('listening', (address) => {
      if (listened.has(slot)) return;
      listened.add(slot);
      if (listened.size === count) {
        const port = address.port || config.port;
        log(`serving on http://localhost:${port} with ${count} workers (ready in ${Date.now() - startedAt} ms)`);
      }
    });
    worker.once('exit', (code, signal) => {
      if (slots.get(slot) === worker) slots.delete(slot);
      if (stopping) {
        log(`worker ${slot} (pid ${worker.process.pid}) stopped${code === 0 ? '' : ` (${describeExit(code, signal)})`}`);
        return;
      }
      const delay = restarts.onDeath(Date.now());
      if (delay === undefined) {
        console.error(
          `[qist] worker ${slot} (pid ${worker.process.pid}) ${describeExit(code, signal)}: ${restarts.recentDeaths} workers died within ${CRASH_LOOP_WINDOW_MS / 1000} s (more than ${CRASH_LOOP_DEATHS}), so they are not started again; stopping`,
        );
        void stop(1);
        return;
      }
      log(`worker ${slot} (pid ${worker.process.pid}) ${describeExit(code, signal)}; starting another in ${delay} ms`);
      const timer = setTimeout(() => {
        pendingRestarts.delete(timer);
        fork(slot);
      }, delay);
      pendingRestarts.add(timer);
    });
  }

  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));

  try {
    const server = await startDatabaseServer(config);
    embedded = server.embedded;
    // The primary's own pool lives only while it prepares: the workers' pools share the server's connections.
    const database = createDatabase(server.url, 2, { preparedStatements: config.databasePreparedStatements });
    try {
      const storage = createLocalStorage(uploadsDir(config));
      const { seeded } = await prepareForStart(config, database, storage);
      if (seeded) {
        const app = await buildApp({ config, db: database.db, storage, runJobs: false, runDispatcher: false });
        try {
          await seedDemoOrdersWith(app, database);
        } finally {
          await app.close();
        }
      }
      const poolMax = workerPoolMax(await serverConnectionLimits(database), count);
      log(`starting ${count} workers, each with up to ${poolMax} database connections`);
      start = { databaseUrl: server.url, poolMax };
    } finally {
      await database.close();
    }
    if (stopping) return;
    cluster.setupPrimary({ exec: workerScript });
    for (let slot = 1; slot <= count; slot += 1) fork(slot);
  } catch (error) {
    console.error('[qist] could not start:', error instanceof Error ? error.message : error);
    await stop(1);
  }
}
