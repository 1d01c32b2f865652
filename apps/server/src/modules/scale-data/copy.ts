// Rows to PostgreSQL's COPY formats (text for the few party rows, binary for the order tables), streamed
// on one connection (inside the caller's transaction).
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

/** Bytes of one chunk of COPY data: rows are written into buffers, outside the JavaScript heap the GC walks. */
const CHUNK_BYTES = 1 << 20;

/** The rows of one table in COPY text form (the parties: a few rows, some free text). */
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

  /** A row already in COPY text form (tab-separated, \N for null). */
  private line(row: string): void {
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

// ---- COPY's binary format (PostgreSQL's "COPY", File Formats: Binary Format): a header, then per row
// the number of fields and each field as its length (-1 for null) and its bytes in the type's binary
// form, then -1. PostgreSQL reads a uuid, a number or a timestamp without parsing text.

/** The signature, no flags, no header extension. */
const BINARY_HEADER = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
const BINARY_TRAILER = Buffer.from([0xff, 0xff]);
/** 2000-01-01T00:00:00Z, where PostgreSQL's timestamps count microseconds from. */
const PG_EPOCH_MS = 946_684_800_000;
const TWO_32 = 4_294_967_296;

export type Value = string | number | boolean | null;
/** Writes one non-null value with its length in front at `at`; answers the offset after it. */
type Encoder = (out: Buffer, at: number, value: string | number | boolean) => number;

const HEX = new Int8Array(128).fill(-1);
for (let d = 0; d < 16; d += 1) {
  HEX['0123456789abcdef'.charCodeAt(d)] = d;
  HEX['0123456789ABCDEF'.charCodeAt(d)] = d;
}

function uuidBytes(out: Buffer, at: number, value: string): number {
  out.writeInt32BE(16, at);
  const end = at + 20;
  let o = at + 4;
  for (let k = 0; k < value.length; k += 1) {
    if (value.charCodeAt(k) === 45) continue; // the dashes
    const high = HEX[value.charCodeAt(k)] ?? -1;
    const low = HEX[value.charCodeAt(k + 1)] ?? -1;
    if (high < 0 || low < 0 || o === end) throw new Error(`not a uuid: "${value}"`);
    out[o] = (high << 4) | low;
    o += 1;
    k += 1;
  }
  if (o !== end) throw new Error(`not a uuid: "${value}"`);
  return o;
}

/** The binary form of each column type the loaded tables use; another type is refused by name. */
const ENCODERS: Record<string, Encoder> = {
  uuid: (out, at, value) => uuidBytes(out, at, String(value)),
  text: (out, at, value) => {
    const n = out.write(String(value), at + 4, 'utf8');
    out.writeInt32BE(n, at);
    return at + 4 + n;
  },
  integer: (out, at, value) => {
    out.writeInt32BE(4, at);
    out.writeInt32BE(value as number, at + 4);
    return at + 8;
  },
  bigint: (out, at, value) => int64(out, at, value as number),
  boolean: (out, at, value) => {
    out.writeInt32BE(1, at);
    out[at + 4] = value ? 1 : 0;
    return at + 5;
  },
  // Epoch milliseconds in, microseconds from 2000 out.
  'timestamp with time zone': (out, at, value) => int64(out, at, ((value as number) - PG_EPOCH_MS) * 1000),
};

function int64(out: Buffer, at: number, value: number): number {
  if (!Number.isSafeInteger(value)) throw new Error(`not a whole number: ${value}`);
  const high = Math.floor(value / TWO_32);
  out.writeInt32BE(8, at);
  out.writeInt32BE(high, at + 4);
  out.writeUInt32BE(value - high * TWO_32, at + 8);
  return at + 12;
}

/** Each column's type as `format_type` names it, for the tables given (current schema). */
export async function columnTypes(client: pg.PoolClient, tables: readonly string[]): Promise<Map<string, Map<string, string>>> {
  const result = await client.query<{ table: string; column: string; type: string }>(
    `select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relname = any($1) and a.attnum > 0 and not a.attisdropped`,
    [tables],
  );
  const types = new Map<string, Map<string, string>>();
  for (const r of result.rows) types.set(r.table, (types.get(r.table) ?? new Map()).set(r.column, r.type));
  return types;
}

/** The rows of one table in COPY's binary form, in 1 MB buffers outside the JavaScript heap. */
export class BinaryCopyBuffer {
  readonly chunks: Buffer[] = [];
  private buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;
  private readonly encoders: Encoder[];
  rows = 0;

  constructor(
    readonly table: string,
    readonly columns: readonly string[],
    types: Map<string, Map<string, string>>,
  ) {
    this.encoders = columns.map((column) => {
      const type = types.get(table)?.get(column);
      if (type === undefined) throw new Error(`${table}.${column} is not a column of this database`);
      const encoder = ENCODERS[type];
      if (!encoder) throw new Error(`${table}.${column} is of type ${type}, which the binary load does not write`);
      return encoder;
    });
  }

  /** One row, a value per column in the constructor's order (timestamps as epoch milliseconds). */
  row(values: readonly Value[]): void {
    if (values.length !== this.encoders.length) throw new Error(`${this.table}: ${values.length} values for ${this.encoders.length} columns`);
    // At most 12 bytes per number, 20 per uuid, 4 + 3 per UTF-16 unit per text.
    let room = 2;
    for (const value of values) room += typeof value === 'string' ? 4 + 3 * value.length : 12;
    if (this.used + room > CHUNK_BYTES) this.flush();
    if (room > CHUNK_BYTES) throw new Error(`${this.table}: a row of ${room} bytes`);
    const out = this.buffer;
    let at = this.used;
    out.writeInt16BE(values.length, at);
    at += 2;
    for (let k = 0; k < values.length; k += 1) {
      const value = values[k]!;
      if (value === null) {
        out.writeInt32BE(-1, at);
        at += 4;
      } else at = this.encoders[k]!(out, at, value);
    }
    this.used = at;
    this.rows += 1;
  }

  private flush(): void {
    if (this.used === 0) return;
    this.chunks.push(this.buffer.subarray(0, this.used));
    this.buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    this.used = 0;
  }

  take(): CopyJob {
    this.flush();
    const job = { table: this.table, columns: this.columns, chunks: this.chunks.splice(0), rows: this.rows, binary: true };
    this.rows = 0;
    return job;
  }
}

export interface CopyJob {
  table: string;
  columns: readonly string[];
  chunks: Buffer[];
  rows: number;
  /** Text unless said otherwise. */
  binary?: boolean;
}

/** Streams one COPY job on the connection, waiting on the socket's back-pressure. */
export async function copyJob(client: pg.PoolClient, job: CopyJob): Promise<void> {
  if (job.rows === 0) return;
  const columns = job.columns.map((c) => `"${c}"`).join(', ');
  const stream = client.query(copyFrom(`copy ${job.table} (${columns}) from stdin${job.binary ? ' (format binary)' : ''}`));
  const chunks = job.binary ? [BINARY_HEADER, ...job.chunks, BINARY_TRAILER] : job.chunks;
  for (const chunk of chunks) if (!stream.write(chunk)) await once(stream, 'drain');
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
