// Every CSV export streams the same way (ADR 25): one read-only snapshot (REPEATABLE READ READ ONLY)
// on one pooled connection, read through a server-side cursor in batches, each batch written to the
// answer only when the answer has room for it (the stream's back-pressure: the next FETCH waits until
// the socket, or the compressor before it, has taken what was written). The transaction ends and the
// connection goes back to the pool when the last row is sent, when the client goes away mid-way and
// on any error. A download holds its connection for its whole duration, so a process runs only a few
// exports at once and refuses the next with 429, leaving the rest of the pool to the money steps.
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';
import { PgDialect } from 'drizzle-orm/pg-core';
import { getTableColumns, type SQLWrapper, type Table } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { MESSAGES } from '@qist/domain';
import { tooManyRequests } from '../errors.js';
import { CSV_BOM, csvLine } from '../lib/csv.js';
import { poolOf, type Db } from './client.js';
import { CopyRowSplitter, CsvBytes, inlineParams, type CopyRow } from './copy-rows.js';
import { readContextOf } from './read-replica.js';

/**
 * What an export is: its header, the statement that reads its rows in order, and how a row is
 * written: as cells (rows as objects, typed as `db.execute` types them), or, for an export of a
 * million rows, straight as one CSV line from the row's texts (an array of PostgreSQL's text of each
 * column, nothing parsed: each parse and each object costs its time a million times).
 */
export type CsvExport<R> = {
  header: readonly string[];
  /** A raw `sql` statement or a Drizzle select (its rows then come raw: see tableRow). */
  query: SQLWrapper;
} & (
  | { toCells: (row: R) => unknown[] }
  | {
      toLine: (texts: TextRow) => string;
      /**
       * Before a batch is written: reads what its lines refer to (the parties' names of a batch of
       * orders, say) on the export's own connection, so in its snapshot.
       */
      beforeBatch?: (rows: readonly TextRow[], read: (query: SQLWrapper) => Promise<TextRow[]>) => Promise<void>;
      /**
       * The fast path (ADR 32): the same statement read as `COPY (…) TO STDOUT` and each row written
       * from its bytes. `prepare` runs in the snapshot before the rows (it reads what the lines refer
       * to) and returns the row writer, or undefined to read through the cursor with toLine instead.
       */
      copy?: CopyLines;
    }
);

/** How an export writes its CSV lines from COPY's text rows (the statement's columns, in its order). */
export type CopyLines = {
  /** Columns of the statement. */
  fields: number;
  prepare: (read: (query: SQLWrapper) => Promise<TextRow[]>) => Promise<CopyLineWriter | undefined>;
};

/** Writes one row's CSV line (with its CRLF); the writer makes room for what it writes. */
export type CopyLineWriter = (row: CopyRow, out: CsvBytes) => void;

/** A row as PostgreSQL's text of each column, in the statement's order (null for NULL). */
export type TextRow = readonly (string | null)[];

/** A raw row of `select … from table` made the row Drizzle's typed select gives (keys, Dates, numbers). */
export function tableRow<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/** Rows per FETCH: about 1,000, enough to amortise the round trip, small enough to keep memory flat. */
export const EXPORT_BATCH_ROWS = 1000;
/** How many bytes of CSV may wait in the stream for the socket before the next FETCH waits. */
const STREAM_HIGH_WATER_MARK = 256 * 1024;
/** Bytes of the buffers a batch's lines are encoded into (about one batch of orders each). */
const CHUNK_BYTES = 256 * 1024;
/** Exports one process runs at once when the configuration does not say. */
export const DEFAULT_MAX_CONCURRENT_EXPORTS = 2;

const dialect = new PgDialect();

/*
 * The types the Drizzle driver reads `db.execute` rows with: timestamps, dates and intervals as
 * PostgreSQL's text, the rest as pg parses them. An export's rows are the rows its list's raw
 * queries see, so its cells are byte for byte what they were.
 */
const AS_TEXT = new Set([pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.TIMESTAMP, pg.types.builtins.DATE, pg.types.builtins.INTERVAL, 1115, 1182, 1185, 1187, 1231]);
const rowTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    AS_TEXT.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};
const textTypes = { getTypeParser: (() => (value: string) => value) as unknown as typeof pg.types.getTypeParser };

export interface ExportOptions {
  batchRows?: number;
  /**
   * Where the export's connection comes from (the read replica's pool or the primary's, chosen for
   * the request: ADR 37); the pool the exports were made with by default.
   */
  connect?: () => Promise<pg.PoolClient>;
}

export interface CsvExports {
  /** Exports streaming now in this process. */
  readonly running: number;
  readonly maxConcurrent: number;
  /**
   * Takes one of the process's export slots and returns a stream of the export's CSV (BOM, header,
   * rows); throws 429 when every slot is taken. The slot and the connection are given back when the
   * stream ends, fails or is destroyed (the client went away).
   */
  open<R>(spec: CsvExport<R>, options?: ExportOptions): Readable;
}

export function createCsvExports(db: Db, { maxConcurrent = DEFAULT_MAX_CONCURRENT_EXPORTS }: { maxConcurrent?: number } = {}): CsvExports {
  const pool = poolOf(db);
  let running = 0;
  return {
    get running() {
      return running;
    },
    maxConcurrent,
    open<R>(spec: CsvExport<R>, { batchRows = EXPORT_BATCH_ROWS, connect = () => pool.connect() }: ExportOptions = {}) {
      if (running >= maxConcurrent) throw tooManyRequests(MESSAGES.tooManyExports);
      running += 1;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        running -= 1;
      };
      const stream = cursorCsvStream(connect, spec, batchRows, release);
      stream.once('close', release);
      return stream;
    },
  };
}

/**
 * Rows written as CSV lines straight into UTF-8 buffers: no string of a whole batch is built (a
 * string that size lands in V8's large-object space, and a million rows make the collector busy).
 */
function encodeLines<T>(rows: readonly T[], toLine: (row: T) => string): Buffer[] {
  const chunks: Buffer[] = [];
  let buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let used = 0;
  for (const row of rows) {
    const line = toLine(row);
    // A UTF-16 unit is at most 3 bytes of UTF-8.
    if (used + 3 * line.length > buffer.length) {
      if (used > 0) chunks.push(buffer.subarray(0, used));
      buffer = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, 3 * line.length));
      used = 0;
    }
    used += buffer.write(line, used);
  }
  if (used > 0) chunks.push(buffer.subarray(0, used));
  return chunks;
}

/** The CSV of one export read through a cursor in its own read-only snapshot. */
function cursorCsvStream<R>(connect: () => Promise<pg.PoolClient>, spec: CsvExport<R>, batchRows: number, ended: () => void): Readable {
  const { sql: text, params } = dialect.sqlToQuery(spec.query.getSQL());
  const fetchText = `fetch ${batchRows} from qist_export`;
  const fetch: pg.QueryConfig | pg.QueryArrayConfig =
    'toLine' in spec ? { text: fetchText, rowMode: 'array', types: textTypes } : { text: fetchText, types: rowTypes };
  const read = async (query: SQLWrapper): Promise<TextRow[]> => {
    const { sql: text, params: values } = dialect.sqlToQuery(query.getSQL());
    return (await client!.query<TextRow & unknown[]>({ text, values, rowMode: 'array', types: textTypes })).rows;
  };
  const writeRows: (rows: unknown[]) => Promise<Buffer[]> | Buffer[] =
    'toLine' in spec
      ? async (rows) => {
          await spec.beforeBatch?.(rows as TextRow[], read);
          return encodeLines(rows as TextRow[], spec.toLine);
        }
      : (rows) => encodeLines(rows as R[], (row) => csvLine(spec.toCells(row)));
  let client: pg.PoolClient | undefined;
  /** The statement running now, awaited before the transaction is ended. */
  let pending: Promise<unknown> = Promise.resolve();
  let done = false;
  let busy = false;
  /** The COPY under way (the fast path), until its last row or its error. */
  let copying: (Readable & { rowCount: number }) | undefined;

  /** Opens the snapshot; resolves with the COPY's row writer when the export takes the fast path. */
  async function start(): Promise<CopyLineWriter | undefined> {
    client = await connect();
    // Timestamps in UTC: their text then becomes ISO 8601 without a Date per cell (isoOf).
    await client.query(`begin isolation level repeatable read read only; set local timezone to 'UTC'`);
    const writer = 'toLine' in spec && spec.copy ? await spec.copy.prepare(read) : undefined;
    if (!writer) await client.query(`declare qist_export no scroll cursor for ${text}`, params);
    return writer;
  }

  /**
   * Ends the transaction and gives the connection back; a connection in doubt is closed instead, and so
   * is one whose COPY is still sending rows (it cannot take a ROLLBACK before its last row: closing it
   * ends the backend's statement and transaction at once).
   */
  async function endTransaction(error?: Error | null): Promise<void> {
    const held = client;
    client = undefined;
    if (!held) return;
    if (copying) {
      copying.on('error', () => {}); // the closed connection's own error, expected
      copying.pause();
      copying = undefined;
      held.release(error ?? new Error('the export ended early'));
    } else {
      try {
        await held.query(error ? 'rollback' : 'commit');
        held.release();
      } catch (endError) {
        held.release(endError as Error);
      }
    }
    ended();
  }

  /** Reads the rows through COPY, each written by `writer`; pauses while the answer has no room. */
  function startCopy(stream: Readable, writer: CopyLineWriter): void {
    const fields = (spec as { copy: CopyLines }).copy.fields;
    const out = new CsvBytes(CHUNK_BYTES);
    const splitter = new CopyRowSplitter(fields, (row) => writer(row, out));
    const copy = client!.query(copyTo(`copy (${inlineParams(text, params)}) to stdout`)) as unknown as Readable & { rowCount: number };
    copying = copy;
    copy.on('data', (chunk: Buffer) => {
      if (stream.destroyed) return; // what the closed connection had already received
      try {
        splitter.push(chunk);
      } catch (error) {
        stream.destroy(error as Error);
        return;
      }
      let room = true;
      for (const piece of out.takeFull()) room = stream.push(piece) && room;
      if (!room) copy.pause();
    });
    copy.once('error', (error: Error) => {
      copying = undefined; // the statement is over (the connection takes a ROLLBACK)
      stream.destroy(error);
    });
    copy.once('end', () => {
      const step = (async () => {
        splitter.end();
        const chunks = out.take();
        copying = undefined;
        done = true;
        await endTransaction();
        for (const chunk of chunks) stream.push(chunk);
        stream.push(null);
      })();
      pending = step;
      step.catch((error: Error) => stream.destroy(error));
    });
  }

  return new Readable({
    highWaterMark: STREAM_HIGH_WATER_MARK,
    read() {
      if (copying) {
        copying.resume();
        return;
      }
      // One statement at a time: a read() while a step runs is answered by that step's push. The
      // last batch is pushed once the transaction is over, so nothing asks for more in between.
      if (done || busy) return;
      busy = true;
      const step = (async () => {
        if (!client) {
          const writer = await start();
          busy = false;
          this.push(CSV_BOM + csvLine(spec.header));
          if (writer && !this.destroyed) {
            busy = true; // from now on the COPY's rows drive the stream
            startCopy(this, writer);
          }
          return;
        }
        const rows = (await client.query(fetch)).rows;
        const chunks = await writeRows(rows);
        if (rows.length < batchRows) {
          done = true;
          await endTransaction();
        }
        busy = false;
        for (const chunk of chunks) this.push(chunk);
        if (done) this.push(null);
      })();
      pending = step;
      step.catch((error: Error) => this.destroy(error));
    },
    destroy(error, callback) {
      // The stream ended, failed, or its client went away: once the statement under way (the
      // connection, BEGIN, a FETCH) has returned, the snapshot ends and the connection goes back.
      // A COPY still sending is not waited for: its connection is closed.
      (copying ? Promise.resolve() : pending)
        .catch(() => {})
        .then(() => (done ? undefined : endTransaction(error ?? new Error('the export ended early'))))
        .then(
          () => callback(error),
          () => callback(error),
        );
    },
  });
}

/**
 * How a CSV download is compressed when the client accepts it: at the fastest levels. At the default
 * ones the compressor, not the database, sets the pace of a million-row export; CSV still shrinks
 * about sixfold at level 1.
 */
export const CSV_COMPRESSION: Pick<FastifyCompressOptions, 'zlibOptions' | 'brotliOptions'> = {
  zlibOptions: { level: 1 },
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's CSV exports (their concurrency limit): set by app.ts. */
    csvExports: CsvExports;
  }
}

/**
 * A CSV answer, downloaded under a dated name: the export's stream, or for HEAD the same headers
 * without reading a row (no slot, no connection, no snapshot).
 */
export function sendCsv<R>(request: FastifyRequest, reply: FastifyReply, name: string, spec: CsvExport<R>) {
  const day = new Date().toISOString().slice(0, 10);
  reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}-${day}.csv"`);
  if (request.method === 'HEAD') return reply.send('');
  // An export may lag: the replica's connection when the request's reader may read there (ADR 37).
  const stream = request.server.csvExports.open(spec, { connect: () => request.server.reads.connect(readContextOf(request)) });
  // However the answer ends (sent, or its connection gone before the stream was even read), the
  // export ends with it: its slot, and its connection if it took one, are given back.
  reply.raw.once('close', () => stream.destroy());
  return reply.send(stream);
}
