// The order export's CSV line (ADR 25, ADR 32), written two ways that give the same bytes: `toLine`
// from the row's texts (the cursor's rows), and `copyLine` straight from the bytes of COPY's text row
// for the rows whose cells need nothing but copying or a fixed rewrite (a timestamp, a t/f, an
// amount's decimal point), handing any other row to toLine. Both read the columns of
// repo.orderExportQuery in its order.
import { activeCurrency, basisPointsToFraction, minorUnitsText, orderStatusName, type OrderListFilter } from '@qist/domain';
import type { SQLWrapper } from 'drizzle-orm';
import type { CopyLineWriter, CopyLines, TextRow } from '../../db/csv-export.js';
import type { CopyRow, CsvBytes } from '../../db/copy-rows.js';
import { csvCell } from '../../lib/csv.js';
import { isoOf } from './projection.js';
import * as repo from './repository.js';

/** Parties whose cells an export keeps at most: past it, the cursor reads them a batch at a time. */
export const PARTY_CELLS_KEPT = 50_000;

type Read = (query: SQLWrapper) => Promise<TextRow[]>;

/**
 * The "company,email" cells of the parties an export's orders name, read in the export's snapshot:
 * for the cursor, a batch at a time for those not seen yet (forgotten past a bound so memory stays
 * flat however many); for COPY, all of the scope's at once before the rows (when within the bound).
 */
export class PartyCells {
  private readonly known = new Map<string, string>();
  /** The scope's parties for COPY: an open-addressing table on the id's bytes (no string per row). */
  private slots = new Int32Array(0);
  private ids = Buffer.alloc(0);
  private encoded: Buffer[] = [];
  constructor(private readonly table: 'smes' | 'providers') {}

  async load(ids: readonly string[], read: Read): Promise<void> {
    let missing = [...new Set(ids.filter((id) => !this.known.has(id)))];
    if (missing.length === 0) return;
    if (this.known.size + missing.length > PARTY_CELLS_KEPT) {
      this.known.clear();
      missing = [...new Set(ids)];
    }
    for (const [id, title, email] of await read(repo.partyNames(this.table, missing))) this.known.set(id!, `${csvCell(title)},${csvCell(email)}`);
  }

  /** Every party the scope's orders can name; false (nothing kept) when they are more than the bound. */
  async loadScope(scope: repo.OrderScope, filter: OrderListFilter, read: Read): Promise<boolean> {
    const rows = await read(repo.exportParties(this.table, scope, filter, PARTY_CELLS_KEPT + 1));
    if (rows.length > PARTY_CELLS_KEPT) return false;
    let size = 16;
    while (size < 2 * rows.length) size *= 2;
    this.slots = new Int32Array(size).fill(-1);
    this.ids = Buffer.alloc(36 * rows.length);
    this.encoded = [];
    for (const [id, title, email] of rows) {
      const cells = `${csvCell(title)},${csvCell(email)}`;
      this.known.set(id!, cells);
      const index = this.encoded.length;
      this.encoded.push(Buffer.from(cells));
      this.ids.write(id!, 36 * index, 'latin1');
      let slot = idHash(this.ids, 36 * index) & (size - 1);
      while (this.slots[slot] !== -1) slot = (slot + 1) & (size - 1);
      this.slots[slot] = index;
    }
    return true;
  }

  cells(id: string): string {
    const cells = this.known.get(id);
    if (cells === undefined) throw new Error(`the export read no party ${id}`);
    return cells;
  }

  /** The cells as UTF-8 of the party whose id is `bytes[from..from+36)`; undefined if not read. */
  bytesAt(bytes: Buffer, from: number): Buffer | undefined {
    const { slots, ids } = this;
    const mask = slots.length - 1;
    if (mask < 0) return undefined;
    for (let slot = idHash(bytes, from) & mask; ; slot = (slot + 1) & mask) {
      const index = slots[slot]!;
      if (index === -1) return undefined;
      let at = 0;
      const base = 36 * index;
      while (at < 36 && ids[base + at] === bytes[from + at]) at += 1;
      if (at === 36) return this.encoded[index];
    }
  }
}

/** A hash of a uuid's text at `bytes[from..from+36)`: its first and last eight characters' bytes mixed. */
function idHash(bytes: Buffer, from: number): number {
  let hash = 0x811c9dc5;
  for (let at = from; at < from + 8; at += 1) hash = Math.imul(hash ^ bytes[at]!, 0x01000193);
  for (let at = from + 28; at < from + 36; at += 1) hash = Math.imul(hash ^ bytes[at]!, 0x01000193);
  return hash >>> 0;
}

/** The order export's line from the row's texts (the cursor's rows, and any row COPY's path hands over). */
export function orderLineWriter(smes: PartyCells, suppliers: PartyCells): (texts: TextRow) => string {
  const currency = activeCurrency().code;
  // Booleans come as t/f, numbers as their digits.
  return ([id, createdAt, smeId, providerId, amount, status, paid, lateActive, lateOnce, taxRate, description]) =>
    `${id},${isoOf(createdAt!)},${smes.cells(smeId!)},${suppliers.cells(providerId!)},${minorUnitsText(Number(amount))},${currency},` +
    `${status},${csvCell(orderStatusName(Number(status)))},${paid === 't'},${lateActive === 't'},${lateOnce === 't'},` +
    `${basisPointsToFraction(Number(taxRate))},${csvCell(description)}\r\n`;
}

const FIELDS = 11;
const COMMA = 44;
const QUOTE = 34;
const ZERO = 48;
const BACKSLASH = 92;
const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');
const CRLF = Buffer.from('\r\n');

/**
 * Whether a text cell starting with this byte can be written without csvCell's formula guard: a
 * printable ASCII character other than = + - @, or the first byte of a UTF-8 character that is
 * neither a full-width operator (EF…) nor a space of any kind `\s` matches (C2 A0, E1 9A 80,
 * E2 80 80…, E3 80 80, EF BB BF).
 */
function plainStart(byte: number): boolean {
  if (byte < 0x80) return byte > 0x20 && byte < 0x7f && byte !== 0x3d && byte !== 0x2b && byte !== 0x2d && byte !== 0x40;
  return byte !== 0xc2 && byte !== 0xe1 && byte !== 0xe2 && byte !== 0xe3 && byte !== 0xef;
}

/**
 * The COPY path of the order export: the scope's parties read first (in the snapshot), then each
 * row's line written from its bytes. Undefined when the scope names more parties than kept: the
 * export then reads through the cursor.
 */
export function orderCopyLines(scope: repo.OrderScope, filter: OrderListFilter, smes: PartyCells, suppliers: PartyCells): CopyLines {
  return {
    fields: FIELDS,
    prepare: async (read) => {
      if (!(await smes.loadScope(scope, filter, read)) || !(await suppliers.loadScope(scope, filter, read))) return undefined;
      return orderCopyLine(smes, suppliers);
    },
  };
}

function orderCopyLine(smes: PartyCells, suppliers: PartyCells): CopyLineWriter {
  const currency = activeCurrency();
  const currencyCell = Buffer.from(`,${currency.code},`);
  const minorUnit = currency.minorUnit;
  const toLine = orderLineWriter(smes, suppliers);
  /** `status,status name,` by status. */
  const statusCells = new Map<number, Buffer>();
  /** The discount rate's cell by basis points. */
  const rateCells = new Map<number, Buffer>();
  const texts: (string | null)[] = new Array<string | null>(FIELDS);

  /** The whole line from the row's texts (what the fast path does not cover). */
  const slow = (row: CopyRow, out: CsvBytes) => {
    for (let i = 0; i < FIELDS; i += 1) texts[i] = row.text(i);
    const line = toLine(texts);
    out.room(3 * line.length);
    out.text(line);
  };

  /** A signed integer of at most 15 digits, or NaN. */
  const integerAt = (bytes: Buffer, from: number, to: number): number => {
    let at = from;
    const negative = bytes[at] === 45;
    if (negative) at += 1;
    if (at >= to || to - at > 15) return NaN;
    let value = 0;
    for (; at < to; at += 1) {
      const digit = bytes[at]! - ZERO;
      if (digit < 0 || digit > 9) return NaN;
      value = value * 10 + digit;
    }
    return negative ? -value : value;
  };

  return (row, out) => {
    const { bytes, start, end } = row;
    // A NULL (`\N`) in any column but the description, or an id that is not a uuid's text: the texts' way.
    for (let i = 0; i < FIELDS - 1; i += 1) if (bytes[start[i]!] === BACKSLASH || start[i] === end[i]) return slow(row, out);
    if (end[0]! - start[0]! !== 36 || end[2]! - start[2]! !== 36 || end[3]! - start[3]! !== 36) return slow(row, out);
    const sme = smes.bytesAt(bytes, start[2]!);
    const supplier = suppliers.bytesAt(bytes, start[3]!);
    const status = integerAt(bytes, start[5]!, end[5]!);
    const rate = integerAt(bytes, start[9]!, end[9]!);
    const amountFrom = start[4]!;
    const amountTo = end[4]!;
    const amountNegative = bytes[amountFrom] === 45;
    const digitsFrom = amountNegative ? amountFrom + 1 : amountFrom;
    // created_at as PostgreSQL writes a timestamptz in UTC: `2026-01-02 03:04:05[.123456]+00`.
    const atFrom = start[1]!;
    const atLength = end[1]! - atFrom;
    const isoShape =
      atLength >= 22 &&
      atLength <= 29 &&
      bytes[atFrom + 4] === 45 &&
      bytes[atFrom + 10] === 32 &&
      bytes[atFrom + atLength - 3] === 43 &&
      bytes[atFrom + atLength - 2] === ZERO &&
      bytes[atFrom + atLength - 1] === ZERO &&
      (atLength === 22 || bytes[atFrom + 19] === 46);
    if (!sme || !supplier || Number.isNaN(status) || Number.isNaN(rate) || Number.isNaN(integerAt(bytes, amountFrom, amountTo)) || !isoShape) return slow(row, out);

    const descriptionFrom = start[10]!;
    const descriptionTo = end[10]!;
    out.room(2 * (descriptionTo - start[0]!) + sme.length + supplier.length + 256);
    // id,
    out.copy(bytes, start[0]!, end[0]!);
    out.byte(COMMA);
    // created at: date T time . milliseconds (the microseconds cut, as isoOf cuts them) Z
    out.copy(bytes, atFrom, atFrom + 10);
    out.byte(84);
    out.copy(bytes, atFrom + 11, atFrom + 19);
    out.byte(46);
    const fraction = atLength === 22 ? 0 : atLength - 23;
    const kept = Math.min(fraction, 3);
    out.copy(bytes, atFrom + 20, atFrom + 20 + kept);
    for (let pad = (atLength === 22 ? 3 : Math.min(fraction + 2, 3)) - kept; pad > 0; pad -= 1) out.byte(ZERO);
    out.byte(90);
    out.byte(COMMA);
    // SME, SME email, supplier, supplier email,
    out.put(sme);
    out.byte(COMMA);
    out.put(supplier);
    out.byte(COMMA);
    // amount: the minor units' digits with the currency's decimal point (minorUnitsText)
    if (amountNegative) out.byte(45);
    const digits = amountTo - digitsFrom;
    if (minorUnit === 0) out.copy(bytes, digitsFrom, amountTo);
    else if (digits > minorUnit) {
      out.copy(bytes, digitsFrom, amountTo - minorUnit);
      out.byte(46);
      out.copy(bytes, amountTo - minorUnit, amountTo);
    } else {
      out.byte(ZERO);
      out.byte(46);
      for (let pad = minorUnit - digits; pad > 0; pad -= 1) out.byte(ZERO);
      out.copy(bytes, digitsFrom, amountTo);
    }
    // ,currency,status,status name,
    out.put(currencyCell);
    let statusCell = statusCells.get(status);
    if (statusCell === undefined) {
      statusCell = Buffer.from(`${status},${csvCell(orderStatusName(status))},`);
      statusCells.set(status, statusCell);
    }
    out.put(statusCell);
    // paid, late now, late before,
    for (let i = 6; i <= 8; i += 1) {
      out.put(end[i]! - start[i]! === 1 && bytes[start[i]!] === 116 ? TRUE : FALSE);
      out.byte(COMMA);
    }
    // discount rate,
    let rateCell = rateCells.get(rate);
    if (rateCell === undefined) {
      rateCell = Buffer.from(`${basisPointsToFraction(rate)},`);
      rateCells.set(rate, rateCell);
    }
    out.put(rateCell);
    // description, as csvCell writes it: as it is, or quoted with its quotes doubled
    if (descriptionTo > descriptionFrom) {
      if (!plainStart(bytes[descriptionFrom]!)) {
        out.text(csvCell(row.text(10)));
      } else {
        let quote = false;
        let escaped = false;
        for (let at = descriptionFrom; at < descriptionTo; at += 1) {
          const byte = bytes[at];
          if (byte === BACKSLASH) {
            escaped = true;
            break;
          }
          if (byte === QUOTE || byte === COMMA) quote = true;
        }
        if (escaped) out.text(csvCell(row.text(10)));
        else if (!quote) out.copy(bytes, descriptionFrom, descriptionTo);
        else {
          out.byte(QUOTE);
          for (let at = descriptionFrom; at < descriptionTo; at += 1) {
            const byte = bytes[at]!;
            if (byte === QUOTE) out.byte(QUOTE);
            out.byte(byte);
          }
          out.byte(QUOTE);
        }
      }
    }
    out.put(CRLF);
  };
}
