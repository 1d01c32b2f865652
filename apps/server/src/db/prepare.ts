// Brings a database to the current schema, checks it holds the configured currency (recording it on
// the first start) and, when asked and empty, fills it with the demo data.
// Several processes may start at once against one database: an advisory lock lets one do it.
import { configureCurrency, type Currency } from '@qist/domain';
import type { FileStorage } from '../lib/file-storage.js';
import type { Database } from './client.js';
import { assertDatabaseCurrency } from './currency.js';
import { runMigrations } from './migrate.js';
import { isDatabaseEmpty, seedDemoData } from './seed.js';

const PREPARE_LOCK_KEY = 7_310_214;

export async function prepareDatabase(
  database: Database,
  options: { seedDemo: boolean; storage: FileStorage; sessionSecret: string; currency: Currency },
): Promise<{ seeded: boolean }> {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [PREPARE_LOCK_KEY]);
    await runMigrations(database.db);
    await assertDatabaseCurrency(database.db, options.currency);
    // The demo seed writes amounts in minor units of the currency.
    configureCurrency(options.currency.code);
    const seeded = options.seedDemo && (await isDatabaseEmpty(database.db));
    if (seeded) await seedDemoData(database.db, options.storage, options.sessionSecret);
    return { seeded };
  } finally {
    await client.query('select pg_advisory_unlock($1)', [PREPARE_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
