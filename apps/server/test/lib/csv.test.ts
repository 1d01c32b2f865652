import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from '../../src/lib/csv.js';

describe('csvCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
  ])('writes %j, which starts a formula, as text', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ['＝1+1', "'＝1+1"],
    ['＋1', "'＋1"],
    ['－1', "'－1"],
    ['＠SUM(A1)', "'＠SUM(A1)"],
    ['\uFF1DHYPERLINK("http://evil.example")', `"'\uFF1DHYPERLINK(""http://evil.example"")"`],
  ])('writes the full-width %j as text like its ASCII form', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    [' =1+1', "' =1+1"],
    ['   +1', "'   +1"],
    ['\u00A0-1', "'\u00A0-1"],
    ['\u3000＝1+1', "'\u3000＝1+1"],
    ['\n@x', `"'\n@x"`],
    [' \t =1', "' \t =1"],
  ])('writes %j, a formula after leading whitespace, as text', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ['Office chairs', 'Office chairs'],
    ['a = b', 'a = b'],
    ['1+1', '1+1'],
    ['email@example.com', 'email@example.com'],
    ['مخبز الخليج', 'مخبز الخليج'],
    ['  spaced words', '  spaced words'],
    ['A＝B', 'A＝B'],
  ])('leaves %j, which starts no formula, as it is', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('leaves numbers, dates and empty values as they are', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(new Date('2026-01-02T03:04:05.000Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes a cell with a comma, a quote or a line break', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', '＝1,2'])).toBe(`"a,b","say ""hi""","two\nlines","'＝1,2"\r\n`);
  });
});
