// The jobs that must happen once across every API process: each runs in its own transaction under a
// transaction-scoped advisory lock (safe behind a pooler), or in short transactions of its own (see
// Job). The job queue (queue.ts) runs each on its interval; tests run them by hand with runOnce.
import { sql } from 'drizzle-orm';
import { withTransaction, type Db, type Tx } from '../../db/transaction.js';

/**
 * A job either runs in a transaction the runner opens, under the job's advisory lock (one run at a
 * time, even with a run by hand), or takes its own short transactions (`runAlone`): it then holds no
 * connection across them, and must be harmless when two runs overlap. A job never holds a connection
 * while it waits for another, so a small pool (a pooler's few server connections) cannot starve.
 */
export type Job = { name: string; run(tx: Tx, now: Date): Promise<number> } | { name: string; runAlone(now: Date): Promise<number> };

/** How a job's run ended: it ran (and committed), another process held it, or it threw (rolled back). */
export type JobOutcome = 'done' | 'skipped' | 'failed';

export interface JobRunner {
  /** The jobs' names, in the order runOnce runs them (each is a queue of the job queue). */
  readonly names: string[];
  /** Runs every job once now; a job another process is running is skipped. Returns what each did. */
  runOnce(): Promise<Record<string, number | 'skipped'>>;
  /** Runs one job now and says what it did; its error is thrown, not reported, for the queue to report and retry. */
  run(name: string): Promise<number | 'skipped'>;
}

export function createJobRunner({
  db,
  jobs,
  clock = () => new Date(),
  onError = () => {},
  onRun = () => {},
}: {
  db: Db;
  jobs: Job[];
  clock?: () => Date;
  onError?: (error: unknown, job: string) => void;
  /** Told of every run once it ended, with its wall time (an observer: metrics). */
  onRun?: (job: string, outcome: JobOutcome, seconds: number) => void;
}): JobRunner {
  async function runJob(job: Job): Promise<number | 'skipped'> {
    if ('runAlone' in job) return job.runAlone(clock());
    return withTransaction(db, async (tx) => {
      const lock = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(hashtext(${`jobs:${job.name}`})) as locked`);
      if (!lock.rows[0]?.locked) return 'skipped';
      return job.run(tx, clock());
    });
  }

  /** One job's run, timed and told to the observers whatever its end. */
  async function runObserved(job: Job): Promise<number | 'skipped'> {
    const startedAt = performance.now();
    let outcome: JobOutcome = 'failed';
    try {
      const result = await runJob(job);
      outcome = result === 'skipped' ? 'skipped' : 'done';
      return result;
    } finally {
      onRun(job.name, outcome, (performance.now() - startedAt) / 1000);
    }
  }

  return {
    names: jobs.map((job) => job.name),
    async runOnce() {
      const done: Record<string, number | 'skipped'> = {};
      for (const job of jobs) {
        try {
          done[job.name] = await runObserved(job);
        } catch (error) {
          // reported, and the other jobs still run
          onError(error, job.name);
        }
      }
      return done;
    },
    run(name) {
      const job = jobs.find((candidate) => candidate.name === name);
      if (!job) return Promise.reject(new Error(`no job is named ${name}`));
      return runObserved(job);
    },
  };
}
