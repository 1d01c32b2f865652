// What the primary and its workers tell each other over the cluster's IPC channel.

/** Primary → worker, right after the fork: where the database is and how many connections to open. */
export interface StartMessage {
  type: 'qist:start';
  databaseUrl: string;
  poolMax: number;
  /** 1..WEB_CONCURRENCY: the worker's place, kept by its replacements (its application_name in PostgreSQL). */
  slot: number;
}

/** Primary → worker: drain (no new connections, in-flight requests finish), close the pool, exit. */
export interface StopMessage {
  type: 'qist:stop';
}

/** Primary → worker: the text of `GET /metrics` a worker asked for, summed over every worker (or why not). */
export interface MetricsAnswerMessage {
  type: 'qist:metrics';
  id: number;
  text?: string;
  error?: string;
}

export type PrimaryMessage = StartMessage | StopMessage | MetricsAnswerMessage;

/**
 * Worker → primary, once it listens for messages: a message sent before a process has its listener
 * is dropped, and loading the app's modules takes a while, so the primary sends the start on this.
 */
export interface ReadyMessage {
  type: 'qist:ready';
}

/**
 * Worker → primary: a scrape of `GET /metrics` reached this worker; the primary gathers every worker's
 * registry (prom-client's AggregatorRegistry, over the same channel) and answers with the sum.
 */
export interface MetricsAskMessage {
  type: 'qist:metrics?';
  id: number;
}

export type WorkerMessage = ReadyMessage | MetricsAskMessage;

export function isPrimaryMessage(message: unknown): message is PrimaryMessage {
  const type = (message as { type?: unknown } | null)?.type;
  return type === 'qist:start' || type === 'qist:stop' || type === 'qist:metrics';
}

export function isWorkerMessage(message: unknown): message is WorkerMessage {
  const type = (message as { type?: unknown } | null)?.type;
  return type === 'qist:ready' || type === 'qist:metrics?';
}
