// What every worker runs in the background, with two pools on one database standing for two workers:
// a job runs in one of them at a time, and an outbox message is sent by exactly one (ADR 0035).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/db/client.js';
import { outboxMessages } from '../../src/db/schema/index.js';
import { createJobRunner } from '../../src/modules/jobs/runner.js';
import { createDispatcher } from '../../src/modules/notifications/dispatcher.js';
import type { OutgoingMessage } from '../../src/modules/notifications/transports.js';
import { createTestDatabase, type TestDatabase } from '../helpers.js';

let database: TestDatabase;
let second: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  second = createDatabase(database.url, 4);
});
afterAll(async () => {
  await second.close();
  await database.drop();
});

describe('jobs across workers', () => {
  it('skip a job while another worker runs it, and run it again once that run has ended', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const running = new Promise<void>((resolve) => (entered = resolve));
    const first = createJobRunner({
      db: database.db,
      jobs: [{ name: 'sweep', run: async () => (entered(), await held, 7) }],
    });
    const other = createJobRunner({ db: second.db, jobs: [{ name: 'sweep', run: async () => 3 }] });

    const firstRun = first.runOnce();
    await running;
    expect(await other.runOnce()).toEqual({ sweep: 'skipped' });
    release();
    expect(await firstRun).toEqual({ sweep: 7 });
    expect(await other.runOnce()).toEqual({ sweep: 3 });
  });
});

describe('the outbox across workers', () => {
  it('sends each due message once when two workers dispatch at the same time', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ channel: 'email' as const, recipient: `r${i}@example.com`, subject: `s${i}`, body: 'b' }));
    await database.db.insert(outboxMessages).values(rows);
    const sent: string[] = [];
    const transport = (worker: string) => ({
      email: {
        async send(message: OutgoingMessage) {
          // Let the other worker's claim run while this one holds its rows.
          await new Promise((resolve) => setImmediate(resolve));
          sent.push(`${worker}:${message.to}`);
        },
      },
    });
    const a = createDispatcher({ db: database.db, transports: transport('a') });
    const b = createDispatcher({ db: second.db, transports: transport('b') });
    const [fromA, fromB] = await Promise.all([a.dispatchDue(), b.dispatchDue()]);

    expect(fromA + fromB).toBe(30);
    const recipients = sent.map((s) => s.split(':')[1]);
    expect(new Set(recipients).size).toBe(30);
    expect(recipients).toHaveLength(30);
    const stored = await database.db.select({ status: outboxMessages.status, attempts: outboxMessages.attempts }).from(outboxMessages);
    expect(stored).toHaveLength(30);
    expect(stored.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});
