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

export type PrimaryMessage = StartMessage | StopMessage;

/**
 * Worker → primary, once it listens for messages: a message sent before a process has its listener
 * is dropped, and loading the app's modules takes a while, so the primary sends the start on this.
 */
export interface ReadyMessage {
  type: 'qist:ready';
}

export type WorkerMessage = ReadyMessage;

export function isPrimaryMessage(message: unknown): message is PrimaryMessage {
  const type = (message as { type?: unknown } | null)?.type;
  return type === 'qist:start' || type === 'qist:stop';
}

export function isWorkerMessage(message: unknown): message is WorkerMessage {
  return (message as { type?: unknown } | null)?.type === 'qist:ready';
}
