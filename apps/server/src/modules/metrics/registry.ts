// The app's own Prometheus registry (never prom-client's global one: a process may hold several apps)
// and the observers the rest of the app reports to: HTTP answers, job runs, refund passes, outbox sends.
// Database figures are read when scraped. Names follow Prometheus' rules: the `qist_` prefix, base
// units (seconds, bytes), `_total` on counters; every label takes a bounded set of values.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ReadTarget, ReplicaLag } from '../../db/read-replica.js';
import { poolOf } from '../../db/client.js';
import type { Db } from '../../db/transaction.js';
import { BACKLOG_COUNT_CAP, readDatabaseFigures, type DatabaseFigures } from './repository.js';

export const METRIC_PREFIX = 'qist_';

/** The route label of a request no route matched (unknown URLs, whatever they are): one series, not one per URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds: from a fast cached answer to the request timeout's scale. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: a job's run, from an empty sweep to a long batch. */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];

const JOB_OUTCOMES = ['done', 'skipped', 'failed'] as const;
const REFUND_OUTCOMES = ['succeeded', 'requested', 'failed', 'retrying'] as const;
const SEND_CHANNELS = ['email', 'sms'] as const;
const SEND_OUTCOMES = ['sent', 'failed', 'demo'] as const;

export interface AppMetrics {
  /** Every metric of this app; the worker processes' primary aggregates these registries. */
  registry: Registry;
  /** One answered request: its method, its route's pattern (never the raw URL), its status and duration. */
  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void;
  /** A job runner's observer (modules/jobs/runner.ts `onRun`). */
  observeJob(job: string, outcome: (typeof JOB_OUTCOMES)[number], seconds: number): void;
  /** The refund worker's observer: what one pass over the due refunds came to. */
  observeRefunds(result: Record<(typeof REFUND_OUTCOMES)[number], number>): void;
  /** The outbox dispatcher's observer: one message's turn. */
  observeSend(channel: (typeof SEND_CHANNELS)[number], outcome: (typeof SEND_OUTCOMES)[number]): void;
  /** A read that may lag (a list, a dashboard, an export), by where it was served; counted only with a replica. */
  observeRead(target: ReadTarget): void;
}

/** One queue's jobs in one state, as the job queue counts them at scrape (at most `cap`). */
export interface QueueFigure {
  queue: string;
  state: string;
  jobs: number;
}

/** The read replica, when DATABASE_READ_URL is set: its lag is read at scrape. */
export interface ReplicaMetricsSource {
  lag(): Promise<ReplicaLag | undefined>;
}

export function createAppMetrics({
  db,
  clock = () => new Date(),
  replica,
  queueFigures = async () => [],
}: {
  db: Db;
  clock?: () => Date;
  replica?: ReplicaMetricsSource | undefined;
  /** The job queue's jobs by queue and state (modules/jobs/queue.ts `readQueueFigures`). */
  queueFigures?: (cap: number) => Promise<QueueFigure[]>;
}): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  const registers = [registry];

  // ---- HTTP
  const requests = new Counter({
    name: `${METRIC_PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const requestSeconds = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'Time from a request’s arrival to its answer sent, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });

  // ---- the connection pool, read when scraped; each worker has its own pool, so workers' figures add up
  const pool = poolOf(db);
  new Gauge({
    name: `${METRIC_PREFIX}db_pool_clients`,
    help: 'Connections the pool holds open (in use and idle)',
    aggregator: 'sum',
    registers,
    collect() {
      this.set(pool.totalCount);
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}db_pool_idle_clients`,
    help: 'Open connections of the pool that no query is using',
    aggregator: 'sum',
    registers,
    collect() {
      this.set(pool.idleCount);
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}db_pool_waiting_requests`,
    help: 'Queries waiting for a connection of the pool (all of them in use)',
    aggregator: 'sum',
    registers,
    collect() {
      this.set(pool.waitingCount);
    },
  });

  // ---- jobs
  const jobRuns = new Counter({
    name: `${METRIC_PREFIX}job_runs_total`,
    help: 'Job runs by job and outcome: done, skipped (another process held the job) or failed (rolled back)',
    labelNames: ['job', 'outcome'] as const,
    registers,
  });
  const jobSeconds = new Histogram({
    name: `${METRIC_PREFIX}job_duration_seconds`,
    help: 'Duration of the job runs that were not skipped, by job',
    labelNames: ['job'] as const,
    buckets: JOB_BUCKETS,
    registers,
  });
  const jobLastSuccess = new Gauge({
    name: `${METRIC_PREFIX}job_last_success_timestamp_seconds`,
    help: 'When each job last ran to its end in this process (Unix time, seconds)',
    labelNames: ['job'] as const,
    aggregator: 'max',
    registers,
  });
  const jobsSeen = new Set<string>();

  // ---- refunds and the outbox: the background workers' work
  const refundOutcomes = new Counter({
    name: `${METRIC_PREFIX}refund_attempts_total`,
    help: 'Refunds the refund worker took up, by what came of the gateway call',
    labelNames: ['outcome'] as const,
    registers,
  });
  for (const outcome of REFUND_OUTCOMES) refundOutcomes.inc({ outcome }, 0);
  const sends = new Counter({
    name: `${METRIC_PREFIX}outbox_sends_total`,
    help: 'Outbox messages the dispatcher took up, by channel and outcome (demo: no transport, kept for the demo outbox)',
    labelNames: ['channel', 'outcome'] as const,
    registers,
  });
  for (const channel of SEND_CHANNELS) for (const outcome of SEND_OUTCOMES) sends.inc({ channel, outcome }, 0);

  // ---- database figures: one statement per scrape, shared by the gauges that show it. Every worker
  // reads the same figures, so the aggregate takes one worker's value rather than their sum.
  let reading: Promise<DatabaseFigures | undefined> | undefined;
  new Gauge({
    name: `${METRIC_PREFIX}database_up`,
    help: '1 when the scrape read the database’s figures, 0 when it could not (they are NaN then)',
    aggregator: 'min',
    registers,
    async collect() {
      this.set((await figures()) ? 1 : 0);
    },
  });
  function figures(): Promise<DatabaseFigures | undefined> {
    reading ??= readDatabaseFigures(db)
      .catch(() => undefined)
      .finally(() => {
        reading = undefined;
      });
    return reading;
  }
  /** A gauge of one database figure: NaN (unknown) when the database could not be read. */
  function figureGauge(name: string, help: string, aggregator: 'max' | 'first', value: (f: DatabaseFigures) => number): void {
    new Gauge({
      name: `${METRIC_PREFIX}${name}`,
      help,
      aggregator,
      registers,
      async collect() {
        const read = await figures();
        this.set(read ? value(read) : Number.NaN);
      },
    });
  }
  figureGauge('outbox_pending_messages', `Outbox messages waiting to be sent (pending), counted up to ${BACKLOG_COUNT_CAP}`, 'max', (f) => f.outboxPending);
  figureGauge('outbox_oldest_pending_age_seconds', `Age of the oldest pending outbox message (0 when none waits; past ${BACKLOG_COUNT_CAP} pending, of the oldest among the first due)`, 'max', (f) =>
    f.outboxOldestCreatedAt ? Math.max(0, (clock().getTime() - f.outboxOldestCreatedAt.getTime()) / 1000) : 0,
  );
  figureGauge('refunds_waiting', `Refunds not yet confirmed by the gateway (pending or requested), counted up to ${BACKLOG_COUNT_CAP}`, 'max', (f) => f.refundsWaiting);
  new Gauge({
    name: `${METRIC_PREFIX}job_queue_jobs`,
    help: `Jobs of each queue of the job queue by state: created and retry wait, active run, failed spent their retries; the dead-letters queue holds what an operator must see to (counted up to ${BACKLOG_COUNT_CAP})`,
    labelNames: ['queue', 'state'] as const,
    aggregator: 'max',
    registers,
    async collect() {
      this.reset();
      const read = await queueFigures(BACKLOG_COUNT_CAP).catch(() => undefined);
      for (const figure of read ?? []) this.set({ queue: figure.queue, state: figure.state }, figure.jobs);
    },
  });
  figureGauge(
    'ledger_balance_sum_minor_units',
    'Sum of every ledger account’s balance from the rollup, in the currency’s minor units: must be 0',
    'first',
    (f) => f.ledgerTotalMinor,
  );

  // ---- the read replica (ADR 37): its lag read at scrape (every worker reads the same replica: the
  // aggregate takes the largest), and where the reads that may lag were served.
  let reads: Counter<'target'> | undefined;
  if (replica) {
    let lagReading: Promise<ReplicaLag | undefined> | undefined;
    const lag = () => {
      lagReading ??= replica.lag().finally(() => {
        lagReading = undefined;
      });
      return lagReading;
    };
    new Gauge({
      name: `${METRIC_PREFIX}db_replica_lag_seconds`,
      help: 'Age of the last transaction the read replica replayed while it has WAL left to replay (0 when caught up; NaN when it cannot be read)',
      aggregator: 'max',
      registers,
      async collect() {
        const read = await lag();
        this.set(read ? read.seconds : Number.NaN);
      },
    });
    new Gauge({
      name: `${METRIC_PREFIX}db_replica_lag_bytes`,
      help: 'Bytes of WAL the primary has written that the read replica has not replayed (NaN when either cannot be read)',
      aggregator: 'max',
      registers,
      async collect() {
        const read = await lag();
        this.set(read ? read.bytes : Number.NaN);
      },
    });
    reads = new Counter({
      name: `${METRIC_PREFIX}db_reads_total`,
      help: 'Reads that may lag (lists, dashboards, exports) by where they were served: the replica, or the primary (a reader’s own write not replayed yet, or the replica unavailable)',
      labelNames: ['target'] as const,
      registers,
    });
    for (const target of ['replica', 'primary'] as const) reads.inc({ target }, 0);
  }

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const labels = { method, route: route ?? UNMATCHED_ROUTE, status: String(status) };
      requests.inc(labels);
      requestSeconds.observe(labels, seconds);
    },
    observeJob(job, outcome, seconds) {
      if (!jobsSeen.has(job)) {
        // Every outcome's series exists from the first run, so a first failure is an increase an alert sees.
        jobsSeen.add(job);
        for (const each of JOB_OUTCOMES) jobRuns.inc({ job, outcome: each }, 0);
      }
      jobRuns.inc({ job, outcome });
      if (outcome === 'skipped') return;
      jobSeconds.observe({ job }, seconds);
      if (outcome === 'done') jobLastSuccess.set({ job }, clock().getTime() / 1000);
    },
    observeRefunds(result) {
      for (const outcome of REFUND_OUTCOMES) if (result[outcome] > 0) refundOutcomes.inc({ outcome }, result[outcome]);
    },
    observeSend(channel, outcome) {
      sends.inc({ channel, outcome });
    },
    observeRead(target) {
      reads?.inc({ target });
    },
  };
}
