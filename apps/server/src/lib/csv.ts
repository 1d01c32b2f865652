// CSV answers streamed in batches: a UTF-8 BOM (so spreadsheet programs read Arabic names), a header
// row, then one row per item as each batch arrives; never the whole list in memory.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

const BOM = '\uFEFF';
/**
 * A cell a spreadsheet would run as a formula is written as text (CSV injection): one that starts
 * with `= + - @`, or their full-width forms `＝ ＋ － ＠` (U+FF1D, U+FF0B, U+FF0D, U+FF20), which
 * spreadsheet programs in East Asian locales read as the same operators; one where any of these
 * follows leading whitespace (some programs trim it on import); and one that starts with a tab or a
 * carriage return.
 */
const FORMULA_START = /^(?:\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r])/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * Streams rows fetched batch by batch: `next(after)` returns the next batch after the last row of the
 * previous one (undefined at first), and an empty batch ends the stream.
 */
export function csvStream<T>(header: readonly string[], toCells: (row: T) => unknown[], next: (after: T | undefined) => Promise<T[]>): Readable {
  let last: T | undefined;
  let started = false;
  return new Readable({
    async read() {
      try {
        if (!started) {
          started = true;
          this.push(BOM + csvLine(header));
          return;
        }
        const batch = await next(last);
        if (batch.length === 0) {
          this.push(null);
          return;
        }
        last = batch[batch.length - 1];
        this.push(batch.map((row) => csvLine(toCells(row))).join(''));
      } catch (error) {
        this.destroy(error as Error);
      }
    },
  });
}

/** Batches of a list read page by page (for lists whose order is kept by their own query). */
export function pageByPage<T>(fetchPage: (page: number) => Promise<T[]>): () => Promise<T[]> {
  let page = 0;
  return () => {
    page += 1;
    return fetchPage(page);
  };
}

/** A CSV answer, downloaded under a dated name. */
export function sendCsv(reply: FastifyReply, name: string, stream: Readable) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .send(stream);
}
