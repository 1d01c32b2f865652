// A worker of the cluster: waits for the primary's start message (the database it prepared), builds
// its own pool and app, and listens on the port the workers share. On the primary's stop message,
// or a signal of its own, it drains: Fastify's close stops accepting connections, closes the idle
// keep-alive ones, answers 503 on a kept one, and waits for the requests in flight; then the pool closes.
import { AggregatorRegistry } from 'prom-client';
import { buildApp } from '../app.js';
import { uploadsDir, type Config } from '../config.js';
import { createDatabase, createReadDatabase, type Database } from '../db/client.js';
import { createLocalStorage } from '../modules/files/storage.js';
import { log } from '../startup.js';
import { isPrimaryMessage, type StartMessage, type WorkerMessage } from './messages.js';

/** The database URL with the worker's name, so pg_stat_activity tells which worker holds a connection. */
function withApplicationName(url: string, name: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('application_name')) parsed.searchParams.set('application_name', name);
  return parsed.toString();
}

export async function runWorker(config: Config): Promise<void> {
  let database: Database | undefined;
  let readDatabase: Database | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let stopping = false;
  let name = `worker (pid ${process.pid})`;

  async function stop(code: number): Promise<never> {
    if (stopping) return new Promise<never>(() => {});
    stopping = true;
    try {
      if (app) {
        // Stop taking connections first: the primary closes the shared port once no worker listens.
        const closed = new Promise<void>((resolve) => app!.server.close(() => resolve()));
        log(`${name} draining`);
        await app.close();
        await closed;
      }
      await database?.close();
      await readDatabase?.close();
    } catch (error) {
      console.error(`[qist] ${name}: error while stopping`, error);
      code = code || 1;
    }
    process.exit(code);
  }

  /** Scrapes of GET /metrics waiting for the primary's sum over every worker, by id. */
  const scrapes = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  let lastScrape = 0;
  const clusterMetrics = () =>
    new Promise<string>((resolve, reject) => {
      const id = (lastScrape += 1);
      scrapes.set(id, { resolve, reject });
      process.send?.({ type: 'qist:metrics?', id } satisfies WorkerMessage);
    });

  const started = new Promise<StartMessage>((resolve) => {
    process.on('message', (message: unknown) => {
      if (!isPrimaryMessage(message)) return;
      if (message.type === 'qist:start') resolve(message);
      else if (message.type === 'qist:metrics') {
        const scrape = scrapes.get(message.id);
        scrapes.delete(message.id);
        if (message.text !== undefined) scrape?.resolve(message.text);
        else scrape?.reject(new Error(`the workers' metrics could not be gathered: ${message.error ?? 'no answer'}`));
      } else void stop(0);
    });
  });
  // A terminal's Ctrl+C reaches every process of the group: the worker drains as if the primary asked.
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));
  process.send?.({ type: 'qist:ready' } satisfies WorkerMessage);

  const start = await started;
  name = `worker ${start.slot} (pid ${process.pid})`;
  try {
    database = createDatabase(withApplicationName(start.databaseUrl, `qist-worker-${start.slot}`), start.poolMax, { preparedStatements: config.databasePreparedStatements });
    // The replica's pool is sized like the primary's: the replica serves the same share of reads per worker.
    if (config.databaseReadUrl) {
      readDatabase = createReadDatabase(withApplicationName(config.databaseReadUrl, `qist-worker-${start.slot}`), start.poolMax, config.databasePreparedStatements);
    }
    app = await buildApp({ config, db: database.db, readDb: readDatabase?.db, storage: createLocalStorage(uploadsDir(config)), renderMetrics: clusterMetrics });
    // What this worker answers when the primary gathers every worker's metrics. prom-client starts
    // answering the primary's requests once an AggregatorRegistry exists in the worker too.
    AggregatorRegistry.setRegistries([app.metrics.registry]);
    new AggregatorRegistry();
    if (stopping) return;
    await app.listen({ port: config.port, host: config.host });
    log(`${name} listening`);
  } catch (error) {
    console.error(`[qist] ${name} could not start:`, error instanceof Error ? error.message : error);
    await stop(1);
  }
}
