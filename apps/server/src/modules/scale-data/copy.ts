// Rows to PostgreSQL's COPY text format, streamed on one connection (inside the caller's transaction).
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export type Cell = string | number | boolean | null;

const SPECIAL = /[\\\t\n\r]/;

/** One value in COPY text form: \N for null, backslash escapes for the few characters that need them. */
function cell(value: Cell): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (!SPECIAL.test(value)) return value;
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/** A timestamp cell from epoch milliseconds. */
export function at(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

/** The rows of one table, gathered in chunks of text ready to stream. */
export class CopyBuffer {
  readonly chunks: string[] = [];
  private lines: string[] = [];
  rows = 0;

  constructor(
    readonly table: string,
    readonly columns: readonly string[],
  ) {}

  add(values: readonly Cell[]): void {
    this.lines.push(values.map(cell).join('\t'));
    this.rows += 1;
    if (this.lines.length >= 5_000) this.flushLines();
  }

  private flushLines(): void {
    if (this.lines.length === 0) return;
    this.chunks.push(`${this.lines.join('\n')}\n`);
    this.lines = [];
  }

  /** Streams what was gathered with one COPY and empties the buffer; the number of rows written. */
  async copyInto(client: pg.PoolClient): Promise<number> {
    this.flushLines();
    if (this.chunks.length === 0) return 0;
    const chunks = this.chunks.splice(0);
    const written = this.rows;
    this.rows = 0;
    const statement = `copy ${this.table} (${this.columns.map((c) => `"${c}"`).join(', ')}) from stdin`;
    await pipeline(Readable.from(chunks), client.query(copyFrom(statement)));
    return written;
  }
}
