// The order export's line written from COPY's bytes (ADR 32) is byte for byte the line written from the
// row's texts (ADR 25), for every kind of cell: NULLs, commas, quotes, line breaks, tabs, backslashes,
// formulas (ASCII, full-width, after spaces of any kind), Arabic, amounts of every size in 2 and 3
// decimals, timestamps with every length of fraction; and however the rows are cut into chunks.
import { afterEach, describe, expect, it } from 'vitest';
import { ALL_FILTER, configureCurrency } from '@qist/domain';
import { CopyRowSplitter, CsvBytes, inlineParams, unescapeCopyText, type CopyRow } from '../../src/db/copy-rows.js';
import type { TextRow } from '../../src/db/csv-export.js';
import { orderCopyLines, orderLineWriter, PartyCells } from '../../src/modules/orders/export-lines.js';

const SME_A = '11111111-1111-4111-8111-111111111111';
const SME_B = '22222222-2222-4222-8222-222222222222';
const SUPPLIER = '33333333-3333-4333-8333-333333333333';
const ORDER = '44444444-4444-4444-8444-444444444444';

/** A text of COPY's format, escaped as PostgreSQL escapes it. */
function copyText(value: string | null): string {
  if (value === null) return '\\N';
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\v/g, '\\v').replace(/\f/g, '\\f').replaceAll('\b', '\\b');
}

const DESCRIPTIONS = [
  'Office chairs',
  'say "hi", twice',
  'two\nlines',
  'cr\r\nlf',
  'tab\there',
  'back\\slash',
  '=1+1',
  '+cmd',
  '-5 boxes',
  '@SUM(A1)',
  '  @SUM(A1)',
  '\u00a0=1',
  '\u3000＋1',
  '\u2003-1',
  '\ufeff=1',
  '＝1+1',
  '＋1',
  '－1',
  '＠x',
  'Boxes ＝ 40',
  'كراسي مكتب, "جديدة"',
  'كراسي',
  '"quoted"',
  "'apostrophe",
  '',
  null,
  ' leading space',
  '\tleading tab',
  '\rleading cr',
  'ends with comma,',
  '🙂 emoji, too',
];

const TIMESTAMPS = ['2026-01-02 03:04:05+00', '2026-01-02 03:04:05.1+00', '2026-01-02 03:04:05.12+00', '2026-01-02 03:04:05.123+00', '2026-01-02 03:04:05.1234+00', '2026-01-02 03:04:05.123456+00', '1999-12-31 23:59:59.999999+00'];
const AMOUNTS = ['1', '9', '10', '99', '100', '999', '1000', '12345', '5000000', '123456789012345', '1234567890123456', '0', '-5', '-12345'];

/** Rows as their texts, in repo.orderExportQuery's column order. */
function rows(): TextRow[] {
  const out: TextRow[] = [];
  let n = 0;
  for (const description of DESCRIPTIONS) {
    for (const amount of AMOUNTS) {
      const at = TIMESTAMPS[n % TIMESTAMPS.length]!;
      out.push([ORDER, at, n % 2 ? SME_A : SME_B, SUPPLIER, amount, String((n % 8) - 1), n % 3 ? 't' : 'f', n % 5 ? 'f' : 't', n % 7 ? 'f' : 't', String((n % 4) * 125), description]);
      n += 1;
    }
  }
  // what only the texts' way writes: a timestamp in another zone, a NULL where none is expected
  out.push([ORDER, '2026-01-02 03:04:05.5+03:30', SME_A, SUPPLIER, '10', '1', 't', 'f', 'f', '0', 'other zone']);
  out.push([ORDER, TIMESTAMPS[0]!, SME_A, SUPPLIER, '10', '1', null, 'f', 'f', '0', 'paid unknown']);
  return out;
}

const read = async () => [
  [SME_A, 'مخبز "الخليج", Kuwait', 'a@example.test'],
  [SME_B, '=cmd|calc', 'b@example.test'],
  [SUPPLIER, ' ＋Supplies, Ltd', 'c@example.test'],
];

async function both(chunkBytes: number) {
  const smes = new PartyCells('smes');
  const suppliers = new PartyCells('providers');
  const writer = await orderCopyLines({}, { status: ALL_FILTER, late: false }, smes, suppliers).prepare(read);
  expect(writer).toBeDefined();
  const all = rows();
  const expected = all.map(orderLineWriter(smes, suppliers)).join('');
  const copy = Buffer.from(all.map((row) => `${row.map(copyText).join('\t')}\n`).join(''));
  const out = new CsvBytes(1024);
  const splitter = new CopyRowSplitter(11, (row: CopyRow) => writer!(row, out));
  for (let at = 0; at < copy.length; at += chunkBytes) splitter.push(copy.subarray(at, at + chunkBytes));
  splitter.end();
  return { got: Buffer.concat(out.take()), expected: Buffer.from(expected), rows: all.length };
}

afterEach(() => {
  configureCurrency('USD');
});

describe("the order export's line from COPY's bytes", () => {
  it.each([
    { currency: 'USD', chunk: 65_536 },
    { currency: 'USD', chunk: 7 },
    { currency: 'KWD', chunk: 65_536 },
    { currency: 'KWD', chunk: 1 },
    { currency: 'JPY', chunk: 333 },
  ])('is the line the texts give, in $currency, in chunks of $chunk bytes', async ({ currency, chunk }) => {
    configureCurrency(currency);
    const { got, expected, rows } = await both(chunk);
    expect(got.toString('utf8')).toBe(expected.toString('utf8'));
    expect(got.equals(expected)).toBe(true);
    expect(rows).toBe(DESCRIPTIONS.length * AMOUNTS.length + 2);
    // what was compared holds the cases named above
    const text = expected.toString('utf8');
    if (currency === 'KWD') expect(text).toContain(',0.001,KWD,');
    expect(text).toContain('"two\nlines"');
    expect(text).toContain("'＝1+1");
    expect(text).toContain("'\u00a0=1");
    expect(text).toContain('"كراسي مكتب, ""جديدة"""');
  });

  it('refuses rows cut short or with the wrong number of fields', () => {
    const splitter = new CopyRowSplitter(3, () => {});
    expect(() => splitter.push(Buffer.from('a\tb\tc\td\n'))).toThrow(/more fields/);
    const short = new CopyRowSplitter(3, () => {});
    expect(() => short.push(Buffer.from('a\tb\n'))).toThrow(/fewer fields/);
    const cut = new CopyRowSplitter(3, () => {});
    cut.push(Buffer.from('a\tb'));
    expect(() => cut.end()).toThrow(/mid-row/);
  });

  it("undoes COPY's escapes", () => {
    expect(unescapeCopyText('a\\tb\\nc\\\\d\\re\\101\\x42\\q')).toBe('a\tb\nc\\d\reABq');
  });

  it('writes parameters into a COPY statement as literals, and refuses any other kind', () => {
    expect(inlineParams('select $1, $2, $3::uuid[], $10', ["it's", 7, ['a"b', 'c\\d'], true, 5, 6, 7, 8, 9, 'ten'])).toBe(
      // a backslash makes pg write an escape string, its backslashes doubled
      `select 'it''s', 7,  E'{"a\\\\"b","c\\\\\\\\d"}'::uuid[], 'ten'`,
    );
    expect(() => inlineParams('select $1', [{}])).toThrow(/cannot take/);
    expect(() => inlineParams('select $2', [1])).toThrow(/no parameter/);
  });
});
