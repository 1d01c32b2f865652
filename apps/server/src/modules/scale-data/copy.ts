// Rows to PostgreSQL's COPY text format, streamed on one connection (inside the caller's transaction).
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export type Cell = string | number | boolean | null;

const SPECIAL = /[\\\t\n\r]/;

/** One value in COPY text form: \N for null, backslash escapes for the few characters that need them. */
export function cell(value: Cell): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (!SPECIAL.test(value)) return value;
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/** A nullable cell of a row written with `line()`. */
export function orNull(value: string | number | null): string | number {
  return value === null ? '\\N' : value;
}

const DAY = 86_400_000;
const dayPrefix = new Map<number, string>();
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A timestamp cell (ISO 8601, UTC, milliseconds) from epoch milliseconds; each day's date is formatted once. */
export function at(ms: number | null): string | null {
  if (ms === null) return null;
  const day = Math.floor(ms / DAY);
  let prefix = dayPrefix.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY).toISOString().slice(0, 11);
    dayPrefix.set(day, prefix);
  }
  let rest = ms - day * DAY;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${prefix}${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(rest - seconds * 1000, 3)}Z`;
}

/** The rows of one table, gathered in chunks of text ready to stream. */
/** Bytes of one chunk of COPY data: rows are written into buffers, outside the JavaScript heap the GC walks. */
const CHUNK_BYTES = 1 << 20;

export class CopyBuffer {
  readonly chunks: Buffer[] = [];
  private buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;
  rows = 0;

  constructor(
    readonly table: string,
    readonly columns: readonly string[],
  ) {}

  add(values: readonly Cell[]): void {
    this.line(values.map(cell).join('\t'));
  }

  /**
   * A row already in COPY text form (tab-separated, \N for null): the hot tables' rows are written so,
   * with `cell()` around any text that is not generated here.
   */
  line(row: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit: a row that might not fit starts a new chunk.
    if (this.used + 3 * row.length + 1 > CHUNK_BYTES) this.flushLines();
    this.used += this.buffer.write(row, this.used);
    this.buffer[this.used] = 10;
    this.used += 1;
    this.rows += 1;
  }

  private flushLines(): void {
    if (this.used === 0) return;
    this.chunks.push(this.buffer.subarray(0, this.used));
    this.buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    this.used = 0;
  }

  /** What was gathered since the last call, as one COPY job; the buffer starts empty again. */
  take(): CopyJob {
    this.flushLines();
    const job = { table: this.table, columns: this.columns, chunks: this.chunks.splice(0), rows: this.rows };
    this.rows = 0;
    return job;
  }
}

export interface CopyJob {
  table: string;
  columns: readonly string[];
  chunks: Buffer[];
  rows: number;
}

/** Streams one COPY job on the connection, waiting on the socket's back-pressure. */
export async function copyJob(client: pg.PoolClient, job: CopyJob): Promise<void> {
  if (job.rows === 0) return;
  const stream = client.query(copyFrom(`copy ${job.table} (${job.columns.map((c) => `"${c}"`).join(', ')}) from stdin`));
  for (const chunk of job.chunks) if (!stream.write(chunk)) await once(stream, 'drain');
  stream.end();
  await finished(stream);
}

/**
 * COPY jobs run one after the other on one connection while the caller generates the next batch: the
 * generator yields to the event loop now and then, so PostgreSQL reads one batch as Node writes the next.
 */
export class CopyQueue {
  private tail: Promise<void> = Promise.resolve();
  private failure: unknown;
  readonly seconds = new Map<string, number>();

  constructor(private readonly client: pg.PoolClient) {}

  push(job: CopyJob): void {
    this.tail = this.tail.then(async () => {
      try {
        if (this.failure === undefined) {
          const started = performance.now();
          await copyJob(this.client, job);
          this.seconds.set(job.table, (this.seconds.get(job.table) ?? 0) + (performance.now() - started) / 1000);
        }
      } catch (error) {
        this.failure ??= error;
      }
    });
  }

  /** Waits until every job pushed so far is done; rethrows the first failure. */
  async settle(): Promise<void> {
    await this.tail;
    if (this.failure !== undefined) throw this.failure;
  }
}
