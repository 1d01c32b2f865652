// The job queue (modules/jobs/queue.ts, ADR 39) on a real database, with two pools standing for two
// API processes: a queue's scheduled job is made once per slot across processes, a run slower than
// the kicks builds no backlog, a failing job is retried with a growing delay and then dead-lettered.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import PgBoss from 'pg-boss';
import { createDatabase, type Database } from '../../src/db/client.js';
import { DEAD_LETTER_QUEUE, JOB_QUEUE_SCHEMA, createJobQueue, type JobQueue } from '../../src/modules/jobs/queue.js';
import { createTestDatabase, type TestDatabase } from '../helpers.js';

let database: TestDatabase;
let second: Database;
const queues: JobQueue[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  second = createDatabase(database.url, 4);
});
afterEach(async () => {
  for (const queue of queues.splice(0)) await queue.stop();
});
afterAll(async () => {
  await second.close();
  await database.drop();
});

function queueOn(db: Database['db'], retry = { retryLimit: 2, retryDelaySeconds: 1 }): JobQueue {
  const queue = createJobQueue({ db, retry, pollingIntervalSeconds: 0.5 });
  queues.push(queue);
  return queue;
}

type JobRow = {
  state: string;
  retry_count: number;
  singleton_on: string | null;
  data: { queue?: string };
};

async function jobsOf(name: string): Promise<JobRow[]> {
  const result = await database.db.execute<JobRow>(
    sql.raw(`select state, retry_count, singleton_on::text as singleton_on, data from ${JOB_QUEUE_SCHEMA}.job where name = '${name}' order by created_on`),
  );
  return result.rows;
}

/** Resolves when `check` holds, reading the database every 50 ms (the queue's own state is the event; the test's timeout bounds the wait). */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A promise with its resolver, for a run to tell the test it began or may end. */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the job queue', () => {
  it('makes one scheduled job per slot across two processes, and runs it once', async () => {
    let runs = 0;
    const ran = signal();
    const run = async () => {
      runs += 1;
      ran.resolve();
    };
    const a = queueOn(database.db);
    const b = queueOn(second.db);
    a.add({ queue: 'sweep', everySeconds: 3600, run });
    b.add({ queue: 'sweep', everySeconds: 3600, run });
    // Both start at once: the schema is made once, under pg-boss's transaction-scoped lock.
    await Promise.all([a.start(), b.start()]);
    await ran.promise;
    await until(() => jobsOf('sweep'), (jobs) => jobs.every((job) => job.state === 'completed'));
    const jobs = await jobsOf('sweep');
    // One job per hour's slot (two only if the hour turned between the two starts), each run once.
    const slots = new Set(jobs.map((job) => job.singleton_on));
    expect(slots.has(null)).toBe(false);
    expect(jobs.length).toBe(slots.size);
    expect(jobs.length).toBeLessThanOrEqual(2);
    expect(runs).toBe(jobs.length);
    expect(jobs[0]?.data).toEqual({ queue: 'sweep' });
  });

  it('keeps one job waiting however often it is asked while a run is held: the backlog never grows', async () => {
    const held = signal();
    const firstStarted = signal();
    let runs = 0;
    const a = queueOn(database.db);
    const b = queueOn(second.db);
    const run = async () => {
      runs += 1;
      if (runs === 1) {
        firstStarted.resolve();
        await held.promise;
      }
    };
    a.add({ queue: 'slow', everySeconds: 3600, run });
    b.add({ queue: 'slow', everySeconds: 3600, run });
    await a.start();
    await b.start();
    await firstStarted.promise;
    // Ten asks from both processes, all made before looking.
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).kick('slow')));
    const waiting = await jobsOf('slow');
    expect(waiting.filter((job) => job.state === 'active')).toHaveLength(1);
    expect(waiting.filter((job) => job.state === 'created')).toHaveLength(1);
    expect(runs).toBe(1);
    held.resolve();
    const done = await until(() => jobsOf('slow'), (jobs) => jobs.every((job) => job.state === 'completed'));
    expect(done).toHaveLength(2);
    expect(runs).toBe(2);
  });

  it('retries a failing job with a growing delay, then puts it on the dead-letter queue', async () => {
    const attempts: number[] = [];
    const queue = queueOn(database.db);
    queue.add({
      queue: 'broken',
      everySeconds: 3600,
      run: async () => {
        attempts.push(Date.now());
        throw new Error('the gateway is down');
      },
    });
    await queue.start();
    const failed = await until(() => jobsOf('broken'), (jobs) => jobs[0]?.state === 'failed');
    // The first attempt and two retries.
    expect(failed[0]?.retry_count).toBe(2);
    expect(attempts).toHaveLength(3);
    // pg-boss waits 1–2 retry delays before the first retry and 2–4 before the second.
    const [first = 0, second = 0, third = 0] = attempts;
    expect(second - first).toBeGreaterThanOrEqual(1_000);
    expect(third - second).toBeGreaterThanOrEqual(2_000);
    const dead = await jobsOf(DEAD_LETTER_QUEUE);
    expect(dead.map((job) => job.data)).toEqual([{ queue: 'broken' }]);
    expect(dead[0]?.state).toBe('created');
  });

  it('completes a job that fails once and then succeeds, with nothing dead-lettered', async () => {
    let attempts = 0;
    const queue = queueOn(database.db);
    queue.add({
      queue: 'flaky',
      everySeconds: 3600,
      run: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('a moment of trouble');
      },
    });
    await queue.start();
    const done = await until(() => jobsOf('flaky'), (jobs) => jobs[0]?.state === 'completed');
    expect(done[0]?.retry_count).toBe(1);
    expect(attempts).toBe(2);
    expect((await jobsOf(DEAD_LETTER_QUEUE)).filter((job) => job.data.queue === 'flaky')).toEqual([]);
  });

  it('takes over the job of a process killed in the middle of it once the job expires, and runs it again', async () => {
    const short = { retry: { retryLimit: 2, retryDelaySeconds: 1 }, pollingIntervalSeconds: 0.5, expireInSeconds: 1, maintenanceIntervalSeconds: 1 };
    // The queue is made by a process that ran its scheduled job and stopped.
    const first = createJobQueue({ db: database.db, ...short });
    let firstRuns = 0;
    first.add({ queue: 'orphaned', everySeconds: 3600, run: async () => void (firstRuns += 1) });
    await first.start();
    await until(() => jobsOf('orphaned'), (jobs) => jobs.length === 1 && jobs[0]!.state === 'completed');
    await first.stop();
    expect(firstRuns).toBe(1);

    // A process takes a job and is killed: the job stays active, nobody will complete it.
    const killed = new PgBoss({ db: { executeSql: (text, values) => database.pool.query(text, values) }, schema: JOB_QUEUE_SCHEMA, supervise: false, schedule: false, migrate: false });
    await killed.start();
    const id = await killed.send('orphaned', { queue: 'orphaned' }, { singletonKey: 'orphaned' });
    const [taken] = await killed.fetch('orphaned');
    expect(taken?.id).toBe(id);

    // Another process's supervisor fails it once expired, and its retry runs there.
    const ran = signal();
    const survivor = createJobQueue({ db: second.db, ...short });
    queues.push(survivor);
    survivor.add({ queue: 'orphaned', everySeconds: 3600, run: async () => ran.resolve() });
    await survivor.start();
    await ran.promise;
    const done = await until(
      async () => (await database.pool.query<{ state: string; retry_count: number }>(`select state, retry_count from ${JOB_QUEUE_SCHEMA}.job where id = $1`, [id])).rows[0],
      (job) => job?.state === 'completed',
    );
    expect(done).toEqual({ state: 'completed', retry_count: 1 });
  });

  it('tries its start again while the database cannot be reached, and runs once it can', async () => {
    // A database that does not exist yet: every attempt fails until it is made.
    const name = `test_late_${randomBytes(5).toString('hex')}`;
    const late = createDatabase(inject('pgTemplateUrl').replace(/\/[^/]+$/, `/${name}`), 2);
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    const failures: string[] = [];
    const failed = signal();
    const ran = signal();
    const queue = createJobQueue({ db: late.db, pollingIntervalSeconds: 0.5, onError: (error) => (failures.push(String(error)), failed.resolve()) });
    queue.add({ queue: 'late', everySeconds: 3600, run: async () => ran.resolve() });
    try {
      const started = queue.start();
      await failed.promise;
      expect(failures[0]).toContain(`database "${name}" does not exist`);
      await admin.query(`create database ${name} template qist_template`);
      await started;
      await ran.promise;
    } finally {
      await queue.stop();
      await late.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  it('stops while its start waits to try again, without starting', async () => {
    const nowhere = createDatabase(inject('pgTemplateUrl').replace(/\/[^/]+$/, '/no_such_database_here'), 1);
    const failed = signal();
    let runs = 0;
    const queue = createJobQueue({ db: nowhere.db, onError: () => failed.resolve() });
    queue.add({ queue: 'never', everySeconds: 3600, run: async () => void (runs += 1) });
    const started = queue.start();
    await failed.promise;
    // The next attempt would come a second later; stop() ends the wait and the start with it.
    await queue.stop();
    await started;
    await queue.kick('never');
    expect(runs).toBe(0);
    await nowhere.close();
  });

  it('never touches the database when it has no work (tests that run the workers by hand)', async () => {
    const fresh = await createTestDatabase();
    try {
      const queue = createJobQueue({ db: fresh.db });
      await queue.start();
      await queue.kick('outbox');
      await queue.stop();
      const schema = await fresh.db.execute<{ present: boolean }>(sql.raw(`select to_regnamespace('${JOB_QUEUE_SCHEMA}') is not null as present`));
      expect(schema.rows[0]?.present).toBe(false);
    } finally {
      await fresh.drop();
    }
  });
});
