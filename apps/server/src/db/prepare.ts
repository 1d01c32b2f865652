// Brings a database to the current schema, checks it holds the configured currency (recording it on
// the first start) and, when asked and empty, fills it with the demo data.
// Several processes may start at once against one database: an advisory lock lets one do it. The lock
// is a transaction's, held by a transaction kept open on a connection of its own while the work runs on
// others: a session's lock would be taken and released on whichever server connection a pooler in
// transaction mode hands out for each statement (ADR 36).
import { setTimeout as delay } from 'node:timers/promises';
import { configureCurrency, type Currency } from '@qist/domain';
import type pg from 'pg';
import type { FileStorage } from '../lib/file-storage.js';
import type { Database } from './client.js';
import { assertDatabaseCurrency } from './currency.js';
import { runMigrations } from './migrate.js';
import { isDatabaseEmpty, seedDemoData } from './seed.js';

const PREPARE_LOCK_KEY = 7_310_214;
/** How long a process waits between two tries of the lock another process holds. */
const LOCK_RETRY_MS = 250;

/**
 * A connection in an open transaction that holds the preparation's lock. The lock is tried, not
 * waited for: a process waiting inside a transaction would hold a server connection the lock's holder
 * may need for its work behind a pooler with few of them. So the holder needs two server connections
 * (its lock's and its work's), and a waiting one none between its tries.
 */
async function holdPrepareLock(pool: pg.Pool): Promise<pg.PoolClient> {
  for (;;) {
    const client = await pool.connect();
    let held = false;
    try {
      await client.query('begin');
      held = (await client.query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1) as locked', [PREPARE_LOCK_KEY])).rows[0]?.locked === true;
      if (!held) await client.query('rollback');
    } catch (error) {
      client.release(true);
      throw error;
    }
    if (held) return client;
    client.release();
    await delay(LOCK_RETRY_MS);
  }
}

export async function prepareDatabase(
  database: Database,
  options: { seedDemo: boolean; storage: FileStorage; sessionSecret: string; currency: Currency },
): Promise<{ seeded: boolean }> {
  const client = await holdPrepareLock(database.pool);
  try {
    await runMigrations(database.db);
    await assertDatabaseCurrency(database.db, options.currency);
    // The demo seed writes amounts in minor units of the currency.
    configureCurrency(options.currency.code);
    const seeded = options.seedDemo && (await isDatabaseEmpty(database.db));
    if (seeded) await seedDemoData(database.db, options.storage, options.sessionSecret);
    return { seeded };
  } finally {
    // Nothing was written in the lock's transaction: ending it releases the lock.
    const ended = await client.query('rollback').then(
      () => true,
      () => false,
    );
    client.release(!ended);
  }
}
