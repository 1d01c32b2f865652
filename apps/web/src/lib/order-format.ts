// How every screen writes order dates and statuses in the interface language: deadlines as a full date
// and times with the time of day (lib/dates), and a status by its name (the domain's ORDER_STATUS_NAMES,
// translated in the 'orders' strings).
import { ORDER_STATUS, ORDER_STATUS_NAMES, type OrderStatus } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '@/i18n';
import type { OrdersResources } from '@/i18n/locales/orders-en';

export { formatDate as formatDeadline, formatDateTime } from './dates';

/** The interface language, re-rendering the caller when it changes. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}

/** Every status, in the numeric order the spec lists them. */
export const ORDER_STATUSES = (Object.values(ORDER_STATUS) as OrderStatus[]).sort((a, b) => a - b);

export function isOrderStatus(status: number): status is OrderStatus {
  return status in ORDER_STATUS_NAMES;
}

export function useOrderStatusName(): (status: number) => string {
  const { t } = useTranslation('orders');
  return (status) =>
    isOrderStatus(status) ? t(`status.${ORDER_STATUS_NAMES[status] as keyof OrdersResources['status']}`) : t('unknownStatus', { status });
}
