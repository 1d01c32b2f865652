import { describe, expect, it } from 'vitest';
import { normalizeAmount, toAsciiDigits } from './normalize-input';

describe('typed digits', () => {
  it('turns Arabic-Indic and Persian digits into ASCII ones', () => {
    expect(toAsciiDigits('+٩٦٥ ٢٢٠٠ ٠٠٠٠')).toBe('+965 2200 0000');
    expect(toAsciiDigits('۱۲۳')).toBe('123');
    expect(toAsciiDigits('abc 42')).toBe('abc 42');
  });

  it('reads amounts with grouping and decimal separators of either script', () => {
    expect(normalizeAmount('10,000')).toBe('10000');
    expect(normalizeAmount('١٠٬٠٠٠')).toBe('10000');
    expect(normalizeAmount('٢٥٠٠٫٥')).toBe('2500.5');
    expect(normalizeAmount(' 2 500.50 ')).toBe('2500.50');
    expect(normalizeAmount('')).toBe('');
    expect(normalizeAmount('abc')).toBe('abc');
  });
});
