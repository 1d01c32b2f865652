// Figures of the dashboards: amounts with the currency sign and grouping (formatAmount of @qist/domain,
// the same in both languages, as on every other screen), counts with grouping, and months, deadlines,
// order dates and statuses as every screen writes them (lib).

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatCount(count: number): string {
  return COUNT.format(count);
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
export { formatMonth } from '@/lib/dates';
