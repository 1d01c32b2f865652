// The background work of every API process on a PostgreSQL job queue (pg-boss, ADR 39): each kind of
// work is a queue of its own, scheduled by the queue (one job per interval across every process),
// run one job at a time across every process, retried with a growing delay when it throws, and put
// on the dead-letter queue when its retries are spent. Everything goes through the app's own pool,
// so it works through a transaction-mode pooler as the rest of the app does (pg-boss holds no session
// state: its locks are transaction-scoped and it never listens).
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { poolOf } from '../../db/client.js';
import type { Db } from '../../db/transaction.js';

/** The schema pg-boss keeps its tables in (it creates and migrates it on start). */
export const JOB_QUEUE_SCHEMA = 'pgboss';
/** Where a job whose retries are spent is copied, with the queue it came from in its data. */
export const DEAD_LETTER_QUEUE = 'dead-letters';

/** The queues of the workers that are not jobs of the job runner (those are named after their job). */
export const JOB_QUEUE_NAMES = { outbox: 'outbox', refunds: 'refunds' } as const;

/** Seconds between the outbox's scheduled runs (a message enqueued also asks for one at once). */
export const OUTBOX_INTERVAL_SECONDS = 5;

/** One kind of background work. */
export interface QueuedWork {
  /** The queue's name: letters, digits and hyphens. */
  queue: string;
  /** One job of the queue. A throw fails the job: it is retried later, then dead-lettered. */
  run(): Promise<unknown>;
  /** Seconds between the jobs the queue schedules itself (at most one per such slot across every process). */
  everySeconds: number;
}

export interface RetryPolicy {
  /** Retries after the first attempt before a job is dead-lettered. */
  retryLimit: number;
  /** Seconds before the first retry; each later one waits about twice as long (pg-boss's backoff, with jitter). */
  retryDelaySeconds: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { retryLimit: 5, retryDelaySeconds: 30 };

/**
 * A job still active after this long is failed by the queue's supervisor, and retried: how long a
 * queue waits for a process that died in the middle of a job (SIGKILL, a lost machine). Short, since a
 * run that outlives it and overlaps its retry is harmless: a job run in a transaction holds its
 * advisory lock, the others, the outbox and the refunds lock or claim their rows (SKIP LOCKED, leases).
 */
const JOB_EXPIRY_SECONDS = 2 * 60;
/** How often pg-boss's supervisor fails expired jobs and archives old ones (under its own lock, in one process at a time). */
const MAINTENANCE_INTERVAL_SECONDS = 60;
/**
 * A kick comes from inside the transaction that recorded the work (an outbox message, a refund),
 * which commits right after; the job is asked for this much later, so its run sees the row. A run
 * that misses it anyway leaves the row to the queue's next scheduled job.
 */
export const KICK_DELAY_MS = 250;
/**
 * How long a stop waits for the jobs under way before failing them (they are retried): well within
 * the 10 s a worker process is given to drain (cluster/primary.ts DRAIN_TIMEOUT_MS).
 */
const STOP_TIMEOUT_MS = 5_000;
/** The wait after a failed start, doubling from the first up to the last. */
const START_RETRY_FIRST_MS = 1_000;
const START_RETRY_MAX_MS = 60_000;

/** The states a queue's jobs wait or run in, and the one a spent job ends in. */
export const QUEUE_STATES = ['created', 'retry', 'active', 'failed'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

export interface JobQueue {
  /**
   * Creates (or migrates) the queue's schema and queues, then works and schedules them. A start that
   * fails (the database unreachable, a race lost too often) is told to onError and tried again after
   * a growing delay, until it succeeds or stop() is called; the promise resolves then. The app does
   * not wait for it: it serves requests meanwhile, and a kick before the start is left to the first
   * scheduled job, which finds the rows.
   */
  start(): Promise<void>;
  /** Adds a kind of work; every one is added before start. */
  add(work: QueuedWork): void;
  /**
   * Asks for a job of `queue` soon (after a message or a refund was recorded); one already waiting
   * suffices. Resolves once asked (never rejects: a failure is told to onError).
   */
  kick(queue: string): Promise<void>;
  /** Stops scheduling and fetching, lets the jobs under way end (bounded), and leaves the pool open. */
  stop(): Promise<void>;
}

export function createJobQueue({
  db,
  retry = DEFAULT_RETRY_POLICY,
  pollingIntervalSeconds = 10,
  expireInSeconds = JOB_EXPIRY_SECONDS,
  maintenanceIntervalSeconds = MAINTENANCE_INTERVAL_SECONDS,
  onError = () => {},
}: {
  db: Db;
  retry?: RetryPolicy;
  /** Seconds before a running job is taken for lost (JOB_EXPIRY_SECONDS; tests shorten it). */
  expireInSeconds?: number;
  /** Seconds between pg-boss's supervisions (MAINTENANCE_INTERVAL_SECONDS; tests shorten it). */
  maintenanceIntervalSeconds?: number;
  /**
   * How often an idle process asks each queue for a job. A job this process asks for (scheduled or
   * kicked) wakes its own worker at once, so the poll only finds other processes' jobs and retries.
   */
  pollingIntervalSeconds?: number;
  onError?: (error: unknown, queue?: string) => void;
}): JobQueue {
  const pool = poolOf(db);
  const createBoss = () => {
    const made = new PgBoss({
      // The app's pool: unnamed statements when DATABASE_PREPARED_STATEMENTS=false, and no second pool.
      db: { executeSql: (text, values) => executeOn(pool, text, values) },
      schema: JOB_QUEUE_SCHEMA,
      // The queues schedule themselves by throttled sends below; cron is not used.
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds,
      migrate: true,
      archiveCompletedAfterSeconds: 60 * 60,
      deleteAfterDays: 7,
    });
    // pg-boss reports what went wrong in its own loops (a fetch, maintenance) as an event; unheard, it would end the process.
    made.on('error', (error) => onError(error));
    return made;
  };
  let boss = createBoss();

  const works: QueuedWork[] = [];
  const workerIds = new Map<string, string>();
  const timers: NodeJS.Timeout[] = [];
  /** Kicks and schedules go out only once every queue exists and is worked. */
  let started = false;
  let stopped = false;
  let starting: Promise<void> | undefined;
  /** Ends the wait between two start attempts when stop() is called. */
  let wakeStarter: (() => void) | undefined;

  /** Wakes this process's worker of `queue`, so a job it just asked for runs now rather than at the next poll. */
  function wake(queue: string): void {
    const id = workerIds.get(queue);
    if (id) boss.notifyWorker(id);
  }

  /** Queues one job of `work` for the current slot of its interval: across processes, one per slot. */
  function schedule(work: QueuedWork): void {
    boss
      .sendThrottled(work.queue, { queue: work.queue }, {}, slotSeconds(work), work.queue)
      .then((id) => {
        if (id) wake(work.queue);
      })
      .catch((error: unknown) => onError(error, work.queue));
  }

  /** One attempt at the start: the schema, the queues, their workers and their schedules. */
  async function startOnce(): Promise<void> {
    // Processes starting at once on a new database all make the schema; the ones that lose retry
    // (a pg-boss that failed to start cannot be started again: a new one is made).
    await retryCreationRace(async () => {
      try {
        await boss.start();
      } catch (error) {
        boss = createBoss();
        throw error;
      }
    });
    await ensureQueue(boss, DEAD_LETTER_QUEUE, { name: DEAD_LETTER_QUEUE, policy: 'standard', retryLimit: 0 });
    for (const work of works) {
      // A stop while the queues are made ends the start here, so a draining process is not held up.
      if (stopped) return;
      await ensureQueue(boss, work.queue, {
        name: work.queue,
        // At most one job waiting and one running, across every process: a slow run builds no backlog.
        policy: 'stately',
        retryLimit: retry.retryLimit,
        retryDelay: retry.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds,
        deadLetter: DEAD_LETTER_QUEUE,
      });
    }
    if (stopped) return;
    for (const work of works) {
      const id = await boss.work(work.queue, { pollingIntervalSeconds }, async () => {
        try {
          await work.run();
        } catch (error) {
          // told here, and thrown for pg-boss to fail the job: it is retried, then dead-lettered
          onError(error, work.queue);
          throw error;
        } finally {
          // A job asked for while this one ran (here or in another process) waits for it to end:
          // this worker asks again at once rather than after its poll.
          wake(work.queue);
        }
      });
      workerIds.set(work.queue, id);
    }
    started = true;
    for (const work of works) {
      schedule(work);
      const timer = setInterval(() => schedule(work), slotSeconds(work) * 1000);
      timer.unref();
      timers.push(timer);
    }
  }

  return {
    add(work) {
      if (starting) throw new Error(`the job queue is started: ${work.queue} comes too late`);
      works.push(work);
    },
    start() {
      // A process with no background work (tests that run it by hand) never touches the queue's schema.
      if (works.length === 0) return Promise.resolve();
      starting ??= (async () => {
        for (let attempt = 1; !stopped; attempt += 1) {
          try {
            await startOnce();
            return;
          } catch (error) {
            onError(error);
            // What the failed attempt set up is undone; a pg-boss that failed to start cannot start again.
            for (const timer of timers.splice(0)) clearInterval(timer);
            workerIds.clear();
            await boss.stop({ close: false, graceful: false, wait: true }).catch(() => {});
            boss = createBoss();
            await new Promise<void>((resolve) => {
              wakeStarter = resolve;
              setTimeout(resolve, Math.min(START_RETRY_MAX_MS, START_RETRY_FIRST_MS * 2 ** (attempt - 1))).unref();
            });
          }
        }
      })();
      return starting;
    },
    kick(queue) {
      if (!started) return Promise.resolve();
      return new Promise<void>((resolve) => {
        setTimeout(() => {
          if (!started) return resolve();
          // Keyed as the scheduled jobs are: with one already waiting, the queue keeps that one.
          boss
            .send(queue, { queue }, { singletonKey: queue })
            .then(() => wake(queue))
            .catch((error: unknown) => onError(error, queue))
            .finally(resolve);
        }, KICK_DELAY_MS).unref();
      });
    },
    async stop() {
      stopped = true;
      wakeStarter?.();
      await starting;
      for (const timer of timers.splice(0)) clearInterval(timer);
      started = false;
      // A no-op for a pg-boss that never started. The pool is the app's: it is closed with the app, after this.
      await boss.stop({ graceful: true, close: false, wait: true, timeout: STOP_TIMEOUT_MS });
    },
  };
}

/**
 * Runs one of pg-boss's statements on a connection of the pool. Some are several statements between
 * BEGIN and COMMIT (its schema, its migrations); one that fails midway leaves its connection in an
 * aborted transaction, which a transaction-mode pooler would keep pinned to its server connection for
 * good. So a failure is followed by ROLLBACK on the same connection (a warning, no more, when no
 * transaction is open), and a connection that cannot even do that is dropped from the pool.
 */
async function executeOn(pool: pg.Pool, text: string, values: unknown[] | undefined): Promise<pg.QueryResult> {
  const client = await pool.connect();
  try {
    const result = await client.query(text, values);
    client.release();
    return result;
  } catch (error) {
    try {
      await client.query('rollback');
      client.release();
    } catch (rollbackError) {
      client.release(rollbackError instanceof Error ? rollbackError : true);
    }
    throw error;
  }
}

/** The queue's slots are whole seconds. */
function slotSeconds(work: QueuedWork): number {
  return Math.max(1, Math.round(work.everySeconds));
}

/**
 * PostgreSQL's codes for what two processes making one schema object at once may meet: a deadlock, a
 * unique violation of a catalog, an object or table that already exists.
 */
const CREATION_RACE_CODES = new Set(['40P01', '23505', '42710', '42P07']);
const CREATION_ATTEMPTS = 5;

/**
 * Runs `make` (which creates schema objects if they are missing) again when it lost a race with
 * another process making the same objects: PostgreSQL ends the loser with one of the codes above,
 * its transaction rolled back, and the next attempt finds what the winner made.
 */
async function retryCreationRace(make: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await make();
    } catch (error) {
      if (attempt >= CREATION_ATTEMPTS || !CREATION_RACE_CODES.has((error as { code?: string }).code ?? '')) throw error;
    }
  }
}

/**
 * Creates a queue (a no-op when it exists), and brings its retry options up to date (they may change
 * between versions). Two processes creating one at once may deadlock (the queue's partition and its
 * indexes): PostgreSQL ends one, which tries again and finds the queue.
 */
async function ensureQueue(boss: PgBoss, name: string, options: PgBoss.Queue): Promise<void> {
  // Made already (every start but a database's first): no creation, so no race with another process.
  await retryCreationRace(async () => {
    if (!(await boss.getQueue(name))) await boss.createQueue(name, options);
  });
  await boss.updateQueue(name, options);
}

/** How many jobs of one queue are in one state (at most the cap asked for). */
export interface QueueFigure {
  queue: string;
  state: QueueState;
  jobs: number;
}

/**
 * Each queue's jobs by state, for /metrics: waiting (created, retry), running (active) and spent
 * (failed, until archived); the dead-letter queue's waiting jobs are the ones an operator must see
 * to. One statement; each count reads at most `cap` rows of one queue's partition. None while the
 * queue's schema does not exist yet (a process that never started the queue).
 */
export async function readQueueFigures(db: Db, cap: number): Promise<QueueFigure[]> {
  const states = QUEUE_STATES.map((state) => `'${state}'`).join(', ');
  try {
    const result = await poolOf(db).query<{ queue: string; state: QueueState; jobs: string }>(
      `select q.name as queue, s.state,
              (select count(*) from (select 1 from ${JOB_QUEUE_SCHEMA}.job j
                                     where j.name = q.name and j.state = s.state::${JOB_QUEUE_SCHEMA}.job_state limit $1) c) as jobs
       from ${JOB_QUEUE_SCHEMA}.queue q cross join unnest(array[${states}]) as s(state)
       order by q.name, s.state`,
      [cap],
    );
    return result.rows.map((row) => ({ queue: row.queue, state: row.state, jobs: Number(row.jobs) }));
  } catch (error) {
    // 42P01: the schema's tables do not exist yet
    if ((error as { code?: string }).code === '42P01') return [];
    throw error;
  }
}
