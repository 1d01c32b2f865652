// npm run seed:scale -- --orders N [--smes M] [--suppliers K] [--seed S] [--months 12] [--batch B] [--explain] [--append]
// Writes a consistent data set into the product's own database (DATABASE_URL, or the embedded
// PostgreSQL of DATA_DIR), after bringing it to the current schema as the server does. Server stopped.
import { parseArgs } from 'node:util';
import { buildApp } from '../app.js';
import { loadConfig, uploadsDir } from '../config.js';
import { prepareDatabase } from '../db/prepare.js';
import { createLocalStorage } from '../modules/files/storage.js';
import { seedDemoOrders } from '../modules/orders/demo-seed.js';
import { runWithDatabase } from './database.js';
import { ScaleRefusal, defaultCounts, loadScaleData, SCALE_EMAIL_DOMAIN, SCALE_PASSWORD } from '../modules/scale-data/load.js';

const HELP = `npm run seed:scale -- --orders N [options]

Adds N orders over the last --months months, at every status, with their instalments, payments,
refunds, payout approvals and ledger, to the database the product uses (DATABASE_URL, or the embedded
PostgreSQL of DATA_DIR; stop the server first). The database is migrated first, and gets the demo data
when SEED_DEMO is on and it is empty, as at the server's start. Everything is written in one
transaction, checked before the commit (foreign keys, every ledger entry balanced, the ledger at 0,
credit = receivable, instalments = order amount), then analyzed.

  --orders N      orders to write (required)
  --smes M        new SMEs at level 8 with credit (default: orders / 50)
  --suppliers K   new verified suppliers (default: SMEs / 100)
  --seed S        a whole number; the same seed (and --now) gives the same data (default 1)
  --months M      how far back the orders go (default 12)
  --batch B       orders generated and streamed per round (default 25000)
  --now ISO       the moment the data ends at (default: now, to the second)
  --append        add to a database that already holds orders other than the demo's
                  (refused without it; a seed already loaded is refused always)
  --explain       print the plan of each set-based statement (EXPLAIN ANALYZE)
  --help          this text

New accounts: sme-S-n@${SCALE_EMAIL_DOMAIN} and supplier-S-n@${SCALE_EMAIL_DOMAIN}, password ${SCALE_PASSWORD}.`;

function wholeNumber(name: string, value: string | undefined, fallback?: number, min = 1): number {
  if (value === undefined) {
    if (fallback === undefined) throw new ScaleRefusal(`--${name} is required (see --help)`);
    return fallback;
  }
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min) throw new ScaleRefusal(`--${name} must be a whole number of at least ${min}, not "${value}"`);
  return n;
}

const { values } = parseArgs({
  options: {
    orders: { type: 'string' },
    smes: { type: 'string' },
    suppliers: { type: 'string' },
    seed: { type: 'string' },
    months: { type: 'string' },
    batch: { type: 'string' },
    now: { type: 'string' },
    append: { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}

let options;
try {
  const orders = wholeNumber('orders', values.orders);
  const defaults = defaultCounts(orders);
  const smes = wholeNumber('smes', values.smes, defaults.smes);
  const now = values.now === undefined ? Math.floor(Date.now() / 1000) * 1000 : Date.parse(values.now);
  if (Number.isNaN(now)) throw new ScaleRefusal(`--now must be a date and time, not "${values.now}"`);
  options = {
    orders,
    smes,
    suppliers: wholeNumber('suppliers', values.suppliers, Math.max(1, Math.ceil(smes / 100))),
    seed: wholeNumber('seed', values.seed, 1, 0),
    months: wholeNumber('months', values.months, 12),
    batch: wholeNumber('batch', values.batch, 25_000),
    now,
    append: values.append,
    explain: values.explain,
  };
} catch (error) {
  console.error(`seed:scale: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}

const config = loadConfig();
if (config.paymentGateway !== 'sandbox') {
  // The payments are written as the sandbox records them; another gateway's would need its own ids and pages.
  console.error(`seed:scale: the payments are written through the sandbox gateway; run it with PAYMENT_GATEWAY=sandbox (not ${config.paymentGateway})`);
  process.exit(2);
}
const started = performance.now();
await runWithDatabase(
  {
    connections: 2,
    onError: (error) => {
      console.error(`seed:scale: ${error instanceof Error ? error.message : String(error)}`);
      if (!(error instanceof ScaleRefusal) && error instanceof Error && error.cause) console.error(error.cause);
    },
  },
  async (database) => {
    console.log(`seed:scale: ${options.orders.toLocaleString('en-US')} orders, ${options.smes.toLocaleString('en-US')} SMEs, ${options.suppliers.toLocaleString('en-US')} suppliers, seed ${options.seed}, ${options.months} months to ${new Date(options.now).toISOString()}`);
    const prepareStart = performance.now();
    const storage = createLocalStorage(uploadsDir(config));
    const { seeded } = await prepareDatabase(database, { seedDemo: config.seedDemo, sessionSecret: config.sessionSecret, storage, currency: config.currency });
    if (seeded) {
      // A new database gets the demo orders too, made through the product's steps as at the server's first start.
      const app = await buildApp({ config, db: database.db, storage, logger: false, runJobs: false, runDispatcher: false });
      try {
        if (app.sandbox) await seedDemoOrders({ db: database.db, orders: app.orders, fulfilment: app.fulfilment, sandbox: app.sandbox });
      } finally {
        await app.close();
      }
    }
    console.log(`  migrations${seeded ? ' and demo data' : ''}: ${((performance.now() - prepareStart) / 1000).toFixed(1)} s`);
    const client = await database.pool.connect();
    try {
      const report = await loadScaleData(client, { ...options, currency: config.currency, log: (line) => console.log(line) });
      if (!report.triggersOff) console.log('  (this database user may not skip triggers: the guards ran as the rows arrived)');
      for (const check of report.checks) console.log(`  check ${check.name}: ${check.sentence}`);
      console.log('rows written:');
      for (const [table, n] of Object.entries(report.rows)) console.log(`  ${table.padEnd(22)} ${n.toLocaleString('en-US').padStart(12)}`);
      console.log(`seconds per phase: ${report.phases.map((p) => `${p.phase} ${p.seconds.toFixed(1)}`).join(', ')}; total ${((performance.now() - started) / 1000).toFixed(1)} s`);
      const cpu = (key: 'nodeCpu' | 'postgresCpu') => report.phases.reduce((sum, p) => sum + (p[key] ?? 0), 0).toFixed(1);
      const measured = report.phases.some((p) => p.postgresCpu !== undefined);
      console.log(`CPU seconds of the load's phases: Node ${cpu('nodeCpu')}${measured ? `, PostgreSQL ${cpu('postgresCpu')}` : ' (PostgreSQL runs elsewhere: not measured)'}`);
    } finally {
      client.release();
    }
    return 0;
  },
  config,
);
