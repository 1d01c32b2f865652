// Every date the interface writes, through one helper, in the reader's language: English pages in the
// spec's en-GB full style ('Saturday 1 February 2025'), Arabic pages with Arabic month and day names
// ('السبت، 1 فبراير 2025'). Both use Latin digits, as the amounts and the marketing pages do, so a page
// never mixes two digit systems (Arabic's default in some browsers is Arabic-Indic).
import { currentLanguage, type Language } from '@/i18n';

const LOCALES: Record<Language, string> = { en: 'en-GB', ar: 'ar-u-nu-latn' };

type Style = 'date' | 'dateTime' | 'month';
const OPTIONS: Record<Style, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'full' },
  dateTime: { dateStyle: 'full', timeStyle: 'short' },
  // months of a chart are calendar months: read in UTC so the 1st never slips into the previous month
  month: { month: 'short', year: 'numeric', timeZone: 'UTC' },
};

const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(language: Language, style: Style): Intl.DateTimeFormat {
  const key = `${language}:${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[language], OPTIONS[style]);
    formats.set(key, format);
  }
  return format;
}

function valid(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '2025-02-01T09:00:00Z' → 'Saturday 1 February 2025'; anything unreadable is shown as it came. */
export function formatDate(iso: string, language: Language = currentLanguage()): string {
  const date = valid(iso);
  return date ? formatter(language, 'date').format(date) : iso;
}

/** The full date and the time of day, in the browser's time zone. */
export function formatDateTime(iso: string, language: Language = currentLanguage()): string {
  const date = valid(iso);
  return date ? formatter(language, 'dateTime').format(date) : iso;
}

/** 'YYYY-MM' → 'Mar 2025' / 'مارس 2025'; anything else is shown as it came. */
export function formatMonth(month: string, language: Language = currentLanguage()): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  return formatter(language, 'month').format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}
