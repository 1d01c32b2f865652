// Figures of the dashboards: amounts with the currency sign and grouping (formatAmount of @qist/domain,
// the same in both languages, as on every other screen), counts with grouping, months in the interface
// language ('2025-03' → 'Mar 2025'; Arabic uses 'ar', as the order screens' dates do), deadlines as a
// full date (part 1 §9: en-GB full style), order dates and statuses as every screen writes them (lib).
import type { Language } from '@/i18n';

const LOCALES: Record<Language, string> = { en: 'en-GB', ar: 'ar' };
const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatCount(count: number): string {
  return COUNT.format(count);
}

/** 'YYYY-MM' → 'Mar 2025'; anything else is shown as it came. */
export function formatMonth(month: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return date.toLocaleDateString(LOCALES[language], { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** The orders a role's list shows, all statuses together. */
export function totalOrders(ordersByStatus: Record<string, number>): number {
  return Object.values(ordersByStatus).reduce((sum, count) => sum + count, 0);
}

/** A share as a whole percent, 0 when there is no whole. */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((part / whole) * 100)));
}

export { formatDeadline, useLanguage, ORDER_STATUSES, useOrderStatusName } from '@/lib/order-format';
