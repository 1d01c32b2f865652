// npm run rollups:verify — recomputes every rollup (db/rollups) from the orders and the ledger and
// compares it with what is kept; prints each difference (the rollup, its key, kept and recomputed) and
// exits non-zero when there is one. `--rebuild` then refills the rollups from their source.
// Uses DATABASE_URL, or the embedded PostgreSQL of DATA_DIR (the running app's, when it is up).
import { parseArgs } from 'node:util';
import { rebuildRollups, ROLLUPS, verifyRollups } from '../db/rollups/index.js';
import { withTransaction } from '../db/transaction.js';
import { databaseSentence, runWithDatabase } from './database.js';

const { values } = parseArgs({ options: { rebuild: { type: 'boolean', default: false } } });

await runWithDatabase(
  { connections: 1, onError: (error) => console.error(`rollups:verify could not read the database: ${databaseSentence(error)}`) },
  async (database) => {
    const differences = await verifyRollups(database.db);
    if (differences.length === 0) {
      console.log(`rollups: ${ROLLUPS.length} rollups, each equal to its recomputation from the orders and the ledger`);
      return 0;
    }
    for (const { table, rows } of differences) {
      console.error(`${table}: ${rows.length} key(s) differ${rows.length >= 20 ? ' (the first 20)' : ''}`);
      for (const row of rows) console.error(`  ${JSON.stringify(row)}`);
    }
    if (!values.rebuild) return 1;
    await withTransaction(database.db, (tx) => rebuildRollups(tx));
    const after = await verifyRollups(database.db);
    console.log(after.length === 0 ? 'rollups: rebuilt from the orders and the ledger' : 'rollups: still different after the rebuild');
    return after.length === 0 ? 0 : 1;
  },
);
