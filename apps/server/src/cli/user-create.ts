// npm run user:create -- --role admin|bank|insurance --email … --password … [--company "…"] [--name "…"]
// Uses DATABASE_URL, or the embedded PostgreSQL of DATA_DIR (the running app's, when it is up).
import { parseArgs } from 'node:util';
import { uploadsDir } from '../config.js';
import { prepareDatabase } from '../db/prepare.js';
import { createLocalStorage } from '../modules/files/storage.js';
import { createBackOfficeAccount } from '../modules/auth/back-office.js';
import { runWithDatabase } from './database.js';

const { values } = parseArgs({
  options: {
    role: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    company: { type: 'string' },
    name: { type: 'string' },
  },
});

await runWithDatabase({ connections: 2, onError: (error) => console.error(error instanceof Error ? error.message : error) }, async (database, config) => {
  await prepareDatabase(database, { seedDemo: config.seedDemo, sessionSecret: config.sessionSecret, storage: createLocalStorage(uploadsDir(config)), currency: config.currency });
  const account = await createBackOfficeAccount(database.db, {
    role: values.role as never,
    email: values.email as string,
    password: values.password as string,
    company: values.company,
    name: values.name,
  });
  console.log(`created ${values.role} account ${account.email}${values.company ? ` (${values.company})` : ''}`);
  return 0;
});
