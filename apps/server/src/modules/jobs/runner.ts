// The one runner of work that must happen once across every API process: each job runs in its own
// transaction under a transaction-scoped advisory lock (safe behind a pooler), on an interval.
import { sql } from 'drizzle-orm';
import { withTransaction, type Db, type Tx } from '../../db/transaction.js';

export interface Job {
  name: string;
  run(tx: Tx, now: Date): Promise<number>;
}

/** How a job's run ended: it ran (and committed), another process held it, or it threw (rolled back). */
export type JobOutcome = 'done' | 'skipped' | 'failed';

export interface JobRunner {
  /** Runs every job once now; a job another process is running is skipped. Returns what each did. */
  runOnce(): Promise<Record<string, number | 'skipped'>>;
  start(): void;
  stop(): Promise<void>;
}

export function createJobRunner({
  db,
  jobs,
  intervalMs,
  clock = () => new Date(),
  onError = () => {},
  onRun = () => {},
}: {
  db: Db;
  jobs: Job[];
  intervalMs: number;
  clock?: () => Date;
  onError?: (error: unknown, job: string) => void;
  /** Told of every run once it ended, with its wall time (an observer: metrics). */
  onRun?: (job: string, outcome: JobOutcome, seconds: number) => void;
}): JobRunner {
  let timer: NodeJS.Timeout | undefined;
  /** The run the timer started, until it ends. */
  let inFlight: Promise<unknown> | undefined;

  async function runJob(job: Job): Promise<number | 'skipped'> {
    return withTransaction(db, async (tx) => {
      const lock = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(hashtext(${`jobs:${job.name}`})) as locked`);
      if (!lock.rows[0]?.locked) return 'skipped';
      return job.run(tx, clock());
    });
  }

  async function runOnce() {
    const done: Record<string, number | 'skipped'> = {};
    for (const job of jobs) {
      const startedAt = performance.now();
      let outcome: JobOutcome = 'failed';
      try {
        const result = await runJob(job);
        done[job.name] = result;
        outcome = result === 'skipped' ? 'skipped' : 'done';
      } catch (error) {
        onError(error, job.name);
      }
      onRun(job.name, outcome, (performance.now() - startedAt) / 1000);
    }
    return done;
  }

  return {
    runOnce,
    start() {
      if (timer) return;
      // A tick while the last run is still going starts nothing: a run slower than the interval is
      // followed by the next at the first tick after it ends, and no backlog of runs builds up.
      timer = setInterval(() => {
        if (inFlight) return;
        inFlight = runOnce().finally(() => {
          inFlight = undefined;
        });
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await inFlight?.catch(() => {});
    },
  };
}
