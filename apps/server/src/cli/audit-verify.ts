// npm run audit:verify — walks what the platform keeps as evidence and exits non-zero naming the first
// broken row: the ledger (every entry with postings, every entry and the whole ledger at zero) and the
// audit trail's hash chain (every row's hash re-computed, in order).
// Uses DATABASE_URL, or the embedded PostgreSQL of DATA_DIR (the running app's, when it is up).
//
// `--checkpoint FILE`: the newest row a previous run saw (seq and hash) is read from FILE, the chain
// must still hold it, and a sound run writes the new newest row there. Kept away from the database
// (another host, the backup store), it detects the one change the chain alone cannot: removing the
// newest rows.
import { parseArgs } from 'node:util';
import { readAuditCheckpoint, verifyAuditChain, writeAuditCheckpoint, type AuditCheckpoint } from '../modules/audit/verify.js';
import { verifyLedger } from '../modules/ledger/verify.js';
import { databaseSentence, runWithDatabase } from './database.js';

const { values } = parseArgs({ options: { checkpoint: { type: 'string' } } });
const checkpointFile = values.checkpoint;

let checkpoint: AuditCheckpoint | undefined;
try {
  checkpoint = checkpointFile ? readAuditCheckpoint(checkpointFile) : undefined;
} catch (error) {
  console.error(`audit:verify: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

await runWithDatabase(
  // The database's own sentence, e.g. a database never started by the app.
  { connections: 1, onError: (error) => console.error(`audit:verify could not read the database: ${databaseSentence(error)}`) },
  async (database) => {
    let exitCode = 0;
    const ledger = await verifyLedger(database.db);
    if (ledger.problems.length) {
      exitCode = 1;
      console.error(`ledger: ${ledger.problems.length} problem(s) in ${ledger.entries} entries and ${ledger.postings} postings`);
      for (const problem of ledger.problems) console.error(`  ${problem}`);
    } else {
      console.log(`ledger: ${ledger.entries} entries and ${ledger.postings} postings, every entry balanced, total 0`);
    }
    const audit = await verifyAuditChain(database.db, checkpoint);
    if (audit.problem) {
      exitCode = 1;
      console.error(`audit trail: broken after ${audit.events} sound event(s)`);
      console.error(`  ${audit.problem}`);
    } else {
      console.log(`audit trail: ${audit.events} events, every hash re-computed, the chain holds`);
      if (checkpoint) console.log(`  it still holds the checkpoint's seq ${checkpoint.seq}`);
      if (checkpointFile && audit.head) {
        writeAuditCheckpoint(checkpointFile, audit.head);
        console.log(`  checkpoint ${checkpointFile}: seq ${audit.head.seq}`);
      }
    }
    return exitCode;
  },
);
