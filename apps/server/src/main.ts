// Entry point: database (embedded unless DATABASE_URL is set), migrations and seed, then listen.
// Stops in order on SIGINT/SIGTERM: HTTP first, then the pool, then the embedded server.
import { buildApp } from './app.js';
import { loadConfig, uploadsDir } from './config.js';
import { createDatabase, type Database } from './db/client.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import { prepareDatabase } from './db/prepare.js';
import { createLocalStorage } from './modules/files/storage.js';
import { seedDemoOrders } from './modules/orders/demo-seed.js';

function log(message: string): void {
  console.log(`[qist] ${message}`);
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  let database: Database | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let stopping = false;

  async function stop(code: number): Promise<never> {
    if (stopping) process.exit(code);
    stopping = true;
    try {
      await app?.close();
      await database?.close();
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
    if (config.databaseUrl) {
      log('using the PostgreSQL server of DATABASE_URL');
    } else {
      log(`starting the embedded PostgreSQL in ${config.dataDir}/postgres`);
      embedded = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        log: config.logLevel === 'debug' || config.logLevel === 'trace' ? log : (m) => (/error|fatal|stopping/i.test(m) ? log(m) : undefined),
      });
    }
    database = createDatabase(config.databaseUrl ?? embedded!.url, 10, { preparedStatements: config.databasePreparedStatements });
    const storage = createLocalStorage(uploadsDir(config));
    const { seeded } = await prepareDatabase(database, {
      seedDemo: config.seedDemo,
      sessionSecret: config.sessionSecret,
      storage,
      currency: config.currency,
    });
    if (seeded) log('seeded the demo data into the new database');
    app = await buildApp({ config, db: database.db, storage });
    if (seeded && app.sandbox) {
      const made = await seedDemoOrders({ db: database.db, orders: app.orders, fulfilment: app.fulfilment, sandbox: app.sandbox });
      log(`seeded ${made} demo orders`);
    }
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    log(`serving on http://localhost:${port} (ready in ${Date.now() - startedAt} ms)`);
  } catch (error) {
    console.error('[qist] could not start:', error instanceof Error ? error.message : error);
    await stop(1);
  }
}

void main();
