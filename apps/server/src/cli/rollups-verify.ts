// npm run rollups:verify — recomputes every rollup (db/rollups) from the orders and the ledger and
// compares it with what is kept; prints each difference (the rollup, its key, kept and recomputed) and
// exits non-zero when there is one. `--rebuild` then refills the rollups from their source.
// Uses DATABASE_URL, or the embedded PostgreSQL of DATA_DIR (the running app's, when it is up).
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { createDatabase } from '../db/client.js';
import { startEmbeddedPostgres } from '../db/embedded.js';
import { rebuildRollups, ROLLUPS, verifyRollups } from '../db/rollups/index.js';
import { withTransaction } from '../db/transaction.js';

const { values } = parseArgs({ options: { rebuild: { type: 'boolean', default: false } } });

const config = loadConfig();
const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres({ dataDir: config.dataDir });
const database = createDatabase(config.databaseUrl ?? embedded!.url, 1);
let exitCode = 0;
try {
  const differences = await verifyRollups(database.db);
  if (differences.length === 0) {
    console.log(`rollups: ${ROLLUPS.length} rollups, each equal to its recomputation from the orders and the ledger`);
  } else {
    exitCode = 1;
    for (const { table, rows } of differences) {
      console.error(`${table}: ${rows.length} key(s) differ${rows.length >= 20 ? ' (the first 20)' : ''}`);
      for (const row of rows) console.error(`  ${JSON.stringify(row)}`);
    }
    if (values.rebuild) {
      await withTransaction(database.db, (tx) => rebuildRollups(tx));
      const after = await verifyRollups(database.db);
      console.log(after.length === 0 ? 'rollups: rebuilt from the orders and the ledger' : 'rollups: still different after the rebuild');
      if (after.length === 0) exitCode = 0;
    }
  }
} catch (error) {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  console.error(`rollups:verify could not read the database: ${cause instanceof Error ? cause.message : String(cause)}`);
  exitCode = 1;
} finally {
  await database.close();
  await embedded?.stop();
}
process.exit(exitCode);
