// Figures of the dashboards: amounts with the currency sign and grouping (formatAmount of @qist/domain,
// the same in both languages, as on every other screen), counts with grouping, months in the interface
// language ('2025-03' → 'Mar 2025'; Arabic uses 'ar', as the order screens' dates do), deadlines as a
// full date (part 1 §9: en-GB full style). A feature imports no other feature, so the few lines the
// order screens have alike are repeated here.
import { ORDER_STATUS_NAMES, type OrderStatus } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '@/i18n';
import type { OrdersResources } from '@/i18n/locales/orders-en';

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

/** '2025-02-01T09:00:00Z' → 'Saturday 1 February 2025' (en-GB, full; Arabic 'ar' in the same style). */
export function formatDeadline(iso: string, language: Language): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(LOCALES[language], { dateStyle: 'full' });
}

/** The interface language, re-rendering the caller when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}

/** Every order status, in the numeric order the spec lists them. */
export const ORDER_STATUSES = (Object.keys(ORDER_STATUS_NAMES).map(Number) as OrderStatus[]).sort((a, b) => a - b);

/** An order status by its name in the interface language (the 'orders' strings list every one). */
export function useOrderStatusName(): (status: number) => string {
  const { t } = useTranslation('orders');
  return (status) => {
    const name = ORDER_STATUS_NAMES[status as OrderStatus] as keyof OrdersResources['status'] | undefined;
    return name ? t(`status.${name}`) : t('unknownStatus', { status });
  };
}
