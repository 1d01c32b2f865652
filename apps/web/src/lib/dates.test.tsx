// One date helper for every screen: the spec's en-GB full style in English, Arabic month and day names
// in Arabic, Latin digits in both.
import { afterEach, describe, expect, it } from 'vitest';
import { formatFullDate } from '@/components/party/format';
import { setLanguage } from '@/i18n';
import { formatDate, formatDateTime, formatMonth } from './dates';

const ENGLISH_NAMES = /January|February|March|April|May|June|July|August|September|October|November|December|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday/;
const ARABIC_INDIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/;

afterEach(async () => {
  await setLanguage('en');
});

describe('dates', () => {
  it('writes English dates in the en-GB full style', () => {
    // ICU versions differ on the comma after the day's name
    expect(formatDate('2025-02-01T09:00:00Z', 'en')).toMatch(/^Saturday,? 1 February 2025$/);
    expect(formatMonth('2025-03', 'en')).toBe('Mar 2025');
    expect(formatDateTime('2025-02-01T09:00:00Z', 'en')).toMatch(/^Saturday,? 1 February 2025 at \d{2}:\d{2}$/);
  });

  it('writes Arabic dates with Arabic month and day names and Latin digits', () => {
    const date = formatDate('2025-02-01T09:00:00Z', 'ar');
    expect(date).toContain('فبراير');
    expect(date).toContain('السبت');
    expect(date).toContain('2025');
    expect(date).not.toMatch(ENGLISH_NAMES);
    expect(date).not.toMatch(ARABIC_INDIC_DIGITS);
    expect(formatMonth('2025-03', 'ar')).toBe('مارس 2025');
    expect(formatDateTime('2025-02-01T09:00:00Z', 'ar')).not.toMatch(ARABIC_INDIC_DIGITS);
  });

  it('keeps a calendar month in its month whatever the time zone', () => {
    expect(formatMonth('2025-01', 'en')).toBe('Jan 2025');
    expect(formatMonth('2025-12', 'en')).toBe('Dec 2025');
  });

  it('shows what it cannot read as it came', () => {
    expect(formatDate('not a date', 'en')).toBe('not a date');
    expect(formatMonth('2025', 'ar')).toBe('2025');
  });

  it('follows the interface language when none is given', async () => {
    await setLanguage('ar');
    expect(formatFullDate('2025-02-01T09:00:00Z')).toContain('فبراير');
    await setLanguage('en');
    expect(formatFullDate('2025-02-01T09:00:00Z')).toContain('February');
  });
});
