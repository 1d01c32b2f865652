// The CSV format of every export: a UTF-8 BOM (so spreadsheet programs read Arabic names), a header
// row, then one line per row, each cell quoted when it must be and never read as a formula. How an
// export's rows are read and streamed is db/csv-export.ts.

export const CSV_BOM = '\uFEFF';
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
  // A number or a boolean is never quoted nor a formula (a minus sign is part of the number).
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
