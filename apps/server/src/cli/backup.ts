// npm run backup -- FILE — one file holding the database and the uploaded files, taken while the product
// runs (docs/decisions/0034-backups.md). DATABASE_URL: pg_dump (a PostgreSQL client of the server's major
// or newer must be installed); else the embedded server of DATA_DIR, copied physically online.
// FILE.partial is written and renamed FILE only when whole; FILE must not exist yet.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { megabytes, takeBackup } from './backup/take-backup.js';

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
if (positionals.length !== 1) {
  console.error('usage: npm run backup -- FILE   (FILE must not exist; e.g. backups/qist-$(date +%F).tar.gz)');
  process.exit(2);
}
const file = positionals[0]!;
const started = performance.now();
try {
  const { manifest, fileBytes } = await takeBackup(loadConfig(), file, (line) => console.log(line));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`backup ${file}: ${manifest.method}, ${megabytes(fileBytes)}, ${seconds} s`);
  process.exit(0);
} catch (error) {
  console.error(`backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
