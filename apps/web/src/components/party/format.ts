// Formatting shared by the party views: dates in en-GB full style (part 1 §9), rates as percents, phones.
import { fractionToBasisPoints } from '@qist/domain';

const FULL_DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short' });

/** '2025-01-01T09:30:00Z' → 'Wednesday, 1 January 2025 at 12:30' (in the browser's time zone). */
export function formatFullDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : FULL_DATE.format(date);
}

/** A fraction as a percent without float noise: 0.12 → '12%', 0.075 → '7.5%'. */
export function formatPercent(fraction: number): string {
  return `${fractionToBasisPoints(fraction) / 100}%`;
}

/** { country_code: '965', number: '55551234' } → '+965 55551234'; null → null. */
export function formatPhone(phone: { country_code: string; number: string } | null | undefined): string | null {
  if (!phone?.number) return null;
  return phone.country_code ? `+${phone.country_code} ${phone.number}` : phone.number;
}
