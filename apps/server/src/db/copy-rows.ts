// The rows of `COPY (…) TO STDOUT` (PostgreSQL's text format) split into fields without a string per
// field, and CSV bytes written straight into buffers: the fast path of an export of a million rows
// (ADR 32). What a row's line is stays with its export; this is only how the bytes are read and written.
import pg from 'pg';

const TAB = 9;
const NEWLINE = 10;
const BACKSLASH = 92;

/**
 * One row of COPY's text format as it lies in the received bytes: field `i` is
 * `bytes[start[i]..end[i])`, still escaped (COPY writes a backslash before a backslash, a tab, a line
 * break…; `\N` alone is NULL).
 */
export class CopyRow {
  bytes: Buffer = Buffer.alloc(0);
  count = 0;
  readonly start: Int32Array;
  readonly end: Int32Array;

  constructor(readonly fields: number) {
    this.start = new Int32Array(fields);
    this.end = new Int32Array(fields);
  }

  isNull(i: number): boolean {
    const s = this.start[i]!;
    return this.end[i]! - s === 2 && this.bytes[s] === BACKSLASH && this.bytes[s + 1] === 78;
  }

  /** Whether field i holds a backslash (an escape, or NULL): then only text() reads it right. */
  hasEscape(i: number): boolean {
    const bytes = this.bytes;
    for (let at = this.start[i]!, end = this.end[i]!; at < end; at += 1) if (bytes[at] === BACKSLASH) return true;
    return false;
  }

  /** Field i as the text PostgreSQL meant (escapes undone), or null for NULL. */
  text(i: number): string | null {
    if (this.isNull(i)) return null;
    const raw = this.bytes.toString('utf8', this.start[i], this.end[i]);
    return raw.includes('\\') ? unescapeCopyText(raw) : raw;
  }
}

const ESCAPED: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

/** COPY's text escapes undone: `\n`, `\t`…, octal `\123`, hex `\x41`, and a backslash before anything else. */
export function unescapeCopyText(raw: string): string {
  return raw.replace(/\\(?:([0-7]{1,3})|x([0-9a-fA-F]{1,2})|([\s\S]))/g, (_all, octal?: string, hex?: string, other?: string) => {
    if (octal !== undefined) return String.fromCharCode(parseInt(octal, 8) & 0xff);
    if (hex !== undefined) return String.fromCharCode(parseInt(hex, 16));
    return ESCAPED[other!] ?? other!;
  });
}

/**
 * Splits COPY's text rows out of the chunks they arrive in (a chunk may end mid-row: the rest is kept
 * for the next) and hands each row to `onRow`, in order.
 */
export class CopyRowSplitter {
  private rest: Buffer | undefined;
  private readonly row: CopyRow;

  constructor(
    fields: number,
    private readonly onRow: (row: CopyRow) => void,
  ) {
    this.row = new CopyRow(fields);
  }

  push(chunk: Buffer): void {
    const bytes = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
    this.rest = undefined;
    const row = this.row;
    const { start, end, fields } = row;
    row.bytes = bytes;
    const length = bytes.length;
    let at = 0;
    while (at < length) {
      const rowStart = at;
      let field = 0;
      start[0] = at;
      let complete = false;
      for (; at < length; at += 1) {
        const byte = bytes[at];
        if (byte === TAB) {
          if (field + 1 >= fields) throw new Error('a COPY row has more fields than its export reads');
          end[field] = at;
          field += 1;
          start[field] = at + 1;
        } else if (byte === NEWLINE) {
          end[field] = at;
          at += 1;
          complete = true;
          break;
        }
      }
      if (!complete) {
        this.rest = bytes.subarray(rowStart);
        return;
      }
      if (field + 1 !== fields) throw new Error('a COPY row has fewer fields than its export reads');
      row.count = fields;
      this.onRow(row);
    }
  }

  /** At the end of the data: a row cut short means the data are not what COPY writes. */
  end(): void {
    if (this.rest && this.rest.length > 0) throw new Error('the COPY data ended mid-row');
  }
}

/** Buffers a chunk of CSV is written into; `take()` hands over the chunks filled so far. */
export class CsvBytes {
  private chunks: Buffer[] = [];
  buffer: Buffer;
  used = 0;

  constructor(private readonly chunkBytes: number) {
    this.buffer = Buffer.allocUnsafe(chunkBytes);
  }

  /** Room for `bytes` more in the current buffer (a new one when it has not). */
  room(bytes: number): void {
    if (this.used + bytes <= this.buffer.length) return;
    if (this.used > 0) this.chunks.push(this.buffer.subarray(0, this.used));
    this.buffer = Buffer.allocUnsafe(Math.max(this.chunkBytes, bytes));
    this.used = 0;
  }

  /** Bytes copied as they are (the caller made room). */
  copy(source: Uint8Array, from: number, to: number): void {
    const buffer = this.buffer;
    let used = this.used;
    for (let at = from; at < to; at += 1) buffer[used++] = source[at]!;
    this.used = used;
  }

  /** A whole byte array (an encoded cell), copied. */
  put(source: Uint8Array): void {
    this.buffer.set(source, this.used);
    this.used += source.length;
  }

  byte(value: number): void {
    this.buffer[this.used++] = value;
  }

  /** A string as UTF-8 (room: three bytes per UTF-16 unit at most). */
  text(value: string): void {
    this.used += this.buffer.write(value, this.used);
  }

  /** The chunks filled so far (the one being written stays: fewer, larger writes to the socket). */
  takeFull(): Buffer[] {
    const chunks = this.chunks;
    this.chunks = [];
    return chunks;
  }

  /** The chunks written, the current one included; the next write starts a new buffer. */
  take(): Buffer[] {
    if (this.used > 0) {
      this.chunks.push(this.buffer.subarray(0, this.used));
      this.buffer = Buffer.allocUnsafe(this.chunkBytes);
      this.used = 0;
    }
    const chunks = this.chunks;
    this.chunks = [];
    return chunks;
  }
}

/**
 * A statement's text with its parameters written in as literals: COPY takes no parameters. Strings
 * through pg's escapeLiteral, finite numbers as their digits, arrays of strings as an array literal
 * (the statement casts it, as it casts the parameter); anything else is refused.
 */
export function inlineParams(text: string, params: readonly unknown[]): string {
  const literal = (value: unknown): string => {
    if (typeof value === 'string') return pg.escapeLiteral(value);
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'boolean') return value ? 'true' : 'false';
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
      return pg.escapeLiteral(`{${value.map((item: string) => `"${item.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`);
    }
    throw new Error(`a COPY statement cannot take the parameter ${typeof value}`);
  };
  return text.replace(/\$(\d+)\b/g, (_all, n: string) => {
    const index = Number(n) - 1;
    if (index < 0 || index >= params.length) throw new Error(`no parameter $${n}`);
    return literal(params[index]);
  });
}
