// Formatting shared by the party views: dates with the time of day in the reader's language (lib/dates),
// rates as percents, phones.
import { fractionToBasisPoints } from '@qist/domain';
import { formatDateTime } from '@/lib/dates';

/** '2025-01-01T09:30:00Z' → 'Wednesday 1 January 2025 at 12:30' (the browser's time zone, the interface language). */
export function formatFullDate(iso: string): string {
  return formatDateTime(iso);
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
