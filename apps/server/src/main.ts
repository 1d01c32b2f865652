// Entry point: database (embedded unless DATABASE_URL is set), migrations and seed, then listen.
// Stops in order on SIGINT/SIGTERM: HTTP first, then the pool, then the embedded server.
// With WEB_CONCURRENCY above 1 this file runs as a cluster primary and as each of its workers
// (cluster/primary.ts, cluster/worker.ts: docs/decisions/0035-worker-processes.md).
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { runPrimary } from './cluster/primary.js';
import { runWorker } from './cluster/worker.js';
import { loadConfig, uploadsDir, type Config } from './config.js';
import { createDatabase, createReadDatabase, type Database } from './db/client.js';
import type { EmbeddedDatabase } from './db/embedded.js';
import { createLocalStorage } from './modules/files/storage.js';
import { log, prepareForStart, seedDemoOrdersWith, startDatabaseServer } from './startup.js';

async function main(config: Config, startedAt: number): Promise<void> {
  let embedded: EmbeddedDatabase | undefined;
  let database: Database | undefined;
  let readDatabase: Database | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let stopping = false;

  async function stop(code: number): Promise<never> {
    if (stopping) process.exit(code);
    stopping = true;
    try {
      await app?.close();
      await database?.close();
      await readDatabase?.close();
      await embedded?.stop();
    } catch (error) {
      console.error('[qist] error while stopping', error);
      code = code || 1;
    }
    process.exit(code);
  }

  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));

  try {
    const server = await startDatabaseServer(config);
    embedded = server.embedded;
    database = createDatabase(server.url, 10, { preparedStatements: config.databasePreparedStatements });
    if (config.databaseReadUrl) readDatabase = createReadDatabase(config.databaseReadUrl, 10, config.databasePreparedStatements);
    const storage = createLocalStorage(uploadsDir(config));
    const { seeded } = await prepareForStart(config, database, storage);
    app = await buildApp({ config, db: database.db, readDb: readDatabase?.db, storage });
    if (seeded) await seedDemoOrdersWith(app, database);
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    log(`serving on http://localhost:${port} (ready in ${Date.now() - startedAt} ms)`);
  } catch (error) {
    console.error('[qist] could not start:', error instanceof Error ? error.message : error);
    await stop(1);
  }
}

const startedAt = Date.now();
const config = loadConfig();
if (config.webConcurrency === 1) void main(config, startedAt);
else if (cluster.isPrimary) void runPrimary(config, { workerScript: fileURLToPath(import.meta.url), startedAt });
else void runWorker(config);
