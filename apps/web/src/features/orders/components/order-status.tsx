// An order status by its name in the interface language (the names are the domain's ORDER_STATUS_NAMES),
// and the badge every order screen shows it in.
import { Badge } from '@mantine/core';
import { ORDER_STATUS, ORDER_STATUS_NAMES, type OrderStatus } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import type { OrdersResources } from '@/i18n/locales/orders-en';

/** Every status, in the numeric order the spec lists them. */
export const ORDER_STATUSES = (Object.values(ORDER_STATUS) as OrderStatus[]).sort((a, b) => a - b);

function isOrderStatus(status: number): status is OrderStatus {
  return status in ORDER_STATUS_NAMES;
}

/** The translation key of a status: its domain name (the dictionaries list every one). */
function statusKey(status: OrderStatus) {
  return ORDER_STATUS_NAMES[status] as keyof OrdersResources['status'];
}

export function useOrderStatusName(): (status: number) => string {
  const { t } = useTranslation('orders');
  return (status) => (isOrderStatus(status) ? t(`status.${statusKey(status)}`) : t('unknownStatus', { status }));
}

const COLORS: Record<OrderStatus, string> = {
  [-1]: 'red',
  0: 'gray',
  1: 'yellow',
  2: 'blue',
  3: 'cyan',
  4: 'indigo',
  5: 'violet',
  6: 'green',
};

export function OrderStatusBadge({ status }: { status: number }) {
  const statusName = useOrderStatusName();
  return (
    <Badge color={isOrderStatus(status) ? COLORS[status] : 'gray'} variant="light" tt="none">
      {statusName(status)}
    </Badge>
  );
}

/** The badge of an order whose every instalment is paid. */
export function FinishedBadge() {
  const { t } = useTranslation('orders');
  return (
    <Badge color="green" variant="filled" tt="none">
      {t('detail.finished')}
    </Badge>
  );
}
