// The steps of a start that happen once per database, whether one process serves or a cluster
// primary prepares for its workers: the PostgreSQL server, the migrations and the demo seed.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.js';
import { prepareDatabase } from './db/prepare.js';
import type { FileStorage } from './lib/file-storage.js';
import { seedDemoOrders } from './modules/orders/demo-seed.js';

export function log(message: string): void {
  console.log(`[qist] ${message}`);
}

/** The database to use: DATABASE_URL's, or the embedded server started in DATA_DIR/postgres. */
export async function startDatabaseServer(config: Config): Promise<{ url: string; embedded: EmbeddedDatabase | undefined }> {
  if (config.databaseUrl) {
    log('using the PostgreSQL server of DATABASE_URL');
    return { url: config.databaseUrl, embedded: undefined };
  }
  log(`starting the embedded PostgreSQL in ${config.dataDir}/postgres`);
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    log: config.logLevel === 'debug' || config.logLevel === 'trace' ? log : (m) => (/error|fatal|stopping/i.test(m) ? log(m) : undefined),
  });
  return { url: embedded.url, embedded };
}

/** Migrations, the currency check and, on a new empty database, the demo data. */
export async function prepareForStart(config: Config, database: Database, storage: FileStorage): Promise<{ seeded: boolean }> {
  const prepared = await prepareDatabase(database, {
    seedDemo: config.seedDemo,
    sessionSecret: config.sessionSecret,
    storage,
    currency: config.currency,
  });
  if (prepared.seeded) log('seeded the demo data into the new database');
  return prepared;
}

/** The demo orders go through the app's own services, so they are made by an app built on the database. */
export async function seedDemoOrdersWith(app: FastifyInstance, database: Database): Promise<void> {
  if (!app.sandbox) return;
  const made = await seedDemoOrders({ db: database.db, orders: app.orders, fulfilment: app.fulfilment, sandbox: app.sandbox });
  log(`seeded ${made} demo orders`);
}
