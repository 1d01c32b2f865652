// The product on an external PostgreSQL (Debian's 15) behind Debian's PgBouncer (1.18) in transaction
// mode, as ADR 36 runs it: with DATABASE_PREPARED_STATEMENTS=false nothing relies on a server
// connection's state, so two API processes prepare the database and take orders and payments at once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/app.js';
import { uploadsDir } from '../../src/config.js';
import { createDatabase, type Database } from '../../src/db/client.js';
import { MIGRATIONS_FOLDER } from '../../src/db/migrate.js';
import { prepareDatabase } from '../../src/db/prepare.js';
import { verifyRollups } from '../../src/db/rollups/index.js';
import { createLocalStorage } from '../../src/modules/files/storage.js';
import { JOB_QUEUE_NAMES, JOB_QUEUE_SCHEMA } from '../../src/modules/jobs/queue.js';
import { startDebianPostgres, startPgBouncer, type ExternalPostgres, type Pooler } from '../external-postgres.js';
import { bearer, body, createAccount, demoAccount, loginAs, recordCreditGranted, testConfig } from '../helpers.js';

let server: ExternalPostgres;
let pooler: Pooler;

beforeAll(async () => {
  server = await startDebianPostgres();
  // Two server connections for each database: statements of many clients share them.
  pooler = await startPgBouncer(server, { poolSize: 2 });
});

afterAll(async () => {
  await pooler?.stop();
  server?.stop();
});

describe('named statements through a pooler in transaction mode', () => {
  test('two clients naming one statement collide on the server connection they share; unnamed they do not', async () => {
    await server.createDatabase('qist_names');
    const run = async (preparedStatements: boolean) => {
      const clients = [
        createDatabase(pooler.url('qist_names'), 1, { preparedStatements }),
        createDatabase(pooler.url('qist_names'), 1, { preparedStatements }),
        createDatabase(pooler.url('qist_names'), 1, { preparedStatements }),
      ];
      try {
        // Each client names the same statement in turn; with two server connections, a third client
        // lands on a connection where one of the first two already prepared that name.
        const outcomes: string[] = [];
        for (const client of clients) {
          outcomes.push(
            await client.pool.query({ name: 'qist_probe', text: 'select $1::int + 1 as n', values: [41] }).then(
              (r) => String(r.rows[0].n),
              (error: Error) => error.message,
            ),
          );
        }
        return outcomes;
      } finally {
        await Promise.all(clients.map((c) => c.close()));
      }
    };
    const named = await run(true);
    expect(named.some((o) => /prepared statement "qist_probe" already exists/.test(o))).toBe(true);
    expect(await run(false)).toEqual(['42', '42', '42']);
  });
});

describe('the product behind PgBouncer with DATABASE_PREPARED_STATEMENTS=false', () => {
  const databases: Database[] = [];
  const processes: { database: Database; app: FastifyInstance }[] = [];

  beforeAll(async () => {
    await server.createDatabase('qist');
    const config = testConfig({ DATABASE_URL: pooler.url('qist'), DATABASE_PREPARED_STATEMENTS: 'false' });
    expect(config.databasePreparedStatements).toBe(false);
    const storage = createLocalStorage(uploadsDir(config));
    databases.push(...[0, 1].map(() => createDatabase(pooler.url('qist'), 4, { preparedStatements: false })));
    // Two processes start at once on an empty database: one migrates and seeds, the other waits for it.
    const prepared = await Promise.all(
      databases.map((database) => prepareDatabase(database, { seedDemo: true, storage, sessionSecret: config.sessionSecret, currency: config.currency })),
    );
    expect(prepared.map((p) => p.seeded).sort()).toEqual([false, true]);
    // Each runs its background work on the job queue, as `npm start` does: both make its schema at once.
    for (const database of databases) processes.push({ database, app: await buildApp({ config, db: database.db, storage, logger: false }) });
    await Promise.all(processes.map(({ app }) => app.ready()));
    // The app serves at once; its queue starts in the background, and is awaited here.
    await Promise.all(processes.map(({ app }) => app.jobQueue.start()));
  });

  afterAll(async () => {
    for (const { app } of processes) await app.close();
    for (const database of databases) await database.close();
  });

  test('migrated once, demo seeded once', async () => {
    const { db } = processes[0]!.database;
    const admins = await db.execute<{ n: number }>(sql`select count(*)::int as n from users where email = 'admin@example.com'`);
    expect(admins.rows[0]!.n).toBe(1);
    const applied = await db.execute<{ n: number; distinct: number }>(
      sql`select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
    );
    // every migration of the journal, each recorded once
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(applied.rows[0]).toEqual({ n: journal.entries.length, distinct: journal.entries.length });
  });

  test('40 buy-and-pay flows at once through two processes: every one settles, credit and ledger exact', async () => {
    const { db } = processes[0]!.database;
    const insurer = await demoAccount(db, 'insurer1@example.com');
    const supplier = await db.execute<{ id: string }>(
      sql`select p.id from providers p join users u on u.id = p.user_id where u.email = 'supplier@example.com'`,
    );
    const providerId = supplier.rows[0]!.id;
    const smes: { headers: Record<string, string> }[] = [];
    for (let i = 0; i < 8; i += 1) {
      const account = await createAccount(db, { role: 'sme', level: 8, creditLimit: 1_000_000 });
      await recordCreditGranted(db, account.id, insurer);
      smes.push({ headers: bearer(await loginAs(processes[i % 2]!.app, account)) });
    }

    const flow = async (n: number) => {
      const app = processes[n % 2]!.app;
      const { headers } = smes[n % smes.length]!;
      const post = (url: string, payload: object, h = headers) => app.inject({ method: 'POST', url, headers: h, payload });
      const create = body(await post('/api/v1/sme/order/create', { providerId, amount: 10 + n, description: `pooled ${n}` }));
      if (!create.status) return `create: ${create.msg}`;
      const orderId = create.content.order._id as string;
      const init = body(await post('/api/v1/sme/pay/init', { orderId }));
      if (!init.status) return `init: ${init.msg}`;
      const complete = body(await post('/api/v1/pub/gateway/sandbox/complete', { transactionId: init.content.transactionId, approve: true }, {}));
      if (!complete.status) return `complete: ${complete.msg}`;
      const verify = body(await post('/api/v1/sme/pay/verify', { transactionId: init.content.transactionId }));
      return verify.status && verify.content.payStatus === true ? 'settled' : `verify: ${verify.msg ?? verify.content?.payStatus}`;
    };
    const outcomes = await Promise.all(Array.from({ length: 40 }, (_, n) => flow(n)));
    expect(outcomes).toEqual(Array.from({ length: 40 }, () => 'settled'));

    const orders = await db.execute<{ n: number; paid: number; amount: string }>(
      sql`select count(distinct o.id)::int as n, count(i.paid_at)::int as paid, sum(distinct o.amount)::bigint as amount
          from orders o join installments i on i.order_id = o.id where o.description like 'pooled %'`,
    );
    // 40 orders of 10 … 49 (distinct amounts), each with its first instalment paid and only that.
    expect(orders.rows[0]).toMatchObject({ n: 40, paid: 40 });
    expect(Number(orders.rows[0]!.amount)).toBe(Array.from({ length: 40 }, (_, n) => (10 + n) * 100).reduce((a, b) => a + b, 0));
    const ledger = await db.execute<{ total: string }>(sql`select coalesce(sum(amount), 0)::bigint as total from ledger_postings`);
    expect(Number(ledger.rows[0]!.total)).toBe(0);
    const credit = await db.execute<{ off: number }>(
      sql`select count(*)::int as off from smes s
          left join (select sme_id, sum(amount)::bigint as balance from ledger_postings where account = 'sme_receivable' group by sme_id) r on r.sme_id = s.id
          where s.credit_spend <> coalesce(r.balance, 0) or s.credit_amount <> s.credit_limit - s.credit_spend`,
    );
    expect(credit.rows[0]!.off).toBe(0);
    expect(await verifyRollups(db)).toEqual([]);
  });

  test('the job queue through the pooler: its schema made once, every queue’s job run, the flows’ messages dispatched', async () => {
    const { db } = processes[0]!.database;
    const versions = await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${JOB_QUEUE_SCHEMA}.version`));
    expect(versions.rows[0]!.n).toBe(1);
    const queues = [...processes[0]!.app.jobs.names, JOB_QUEUE_NAMES.outbox, JOB_QUEUE_NAMES.refunds].sort();
    // Each queue's first scheduled job, run by one of the two processes (the queue's state is the event awaited).
    const completed = async () =>
      (
        await db.execute<{ name: string }>(sql.raw(`select distinct name from ${JOB_QUEUE_SCHEMA}.job where state = 'completed' order by name`))
      ).rows.map((r) => r.name);
    while ((await completed()).length < queues.length) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await completed()).toEqual(queues);
    const failed = await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${JOB_QUEUE_SCHEMA}.job where state in ('retry', 'failed')`));
    expect(failed.rows[0]!.n).toBe(0);
    // The flows' messages (no transport here: kept for the demo outbox) were all taken up by the outbox queue.
    const pending = async () => (await db.execute<{ n: number }>(sql`select count(*)::int as n from outbox_messages where status = 'pending'`)).rows[0]!.n;
    while ((await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    const demo = await db.execute<{ n: number }>(sql`select count(*)::int as n from outbox_messages where status = 'demo'`);
    expect(demo.rows[0]!.n).toBeGreaterThan(0);
  });
});
