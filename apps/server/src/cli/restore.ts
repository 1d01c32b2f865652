// npm run restore -- FILE — brings a backup of npm run backup back, the product stopped: a physical copy
// into DATA_DIR (DATA_DIR/postgres missing or empty), a pg_dump into the empty database at DATABASE_URL;
// the uploaded files into DATA_DIR/uploads (missing or empty). The whole file is checked before anything
// is written. Then run npm run audit:verify and npm run rollups:verify, and start the product.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { restoreBackup } from './backup/restore-backup.js';

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
if (positionals.length !== 1) {
  console.error('usage: npm run restore -- FILE   (the product stopped; an empty DATA_DIR, or an empty database at DATABASE_URL)');
  process.exit(2);
}
const file = positionals[0]!;
const started = performance.now();
try {
  const { manifest } = await restoreBackup(loadConfig(), file, (line) => console.log(line));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`restored ${file} (${manifest.method} backup of ${manifest.createdAt}) in ${seconds} s; next: npm run audit:verify and npm run rollups:verify`);
  process.exit(0);
} catch (error) {
  console.error(`restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
