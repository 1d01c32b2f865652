// An order status by its name in the interface language (the names are the domain's ORDER_STATUS_NAMES),
// and the badge every order screen shows it in.
import { Badge } from '@mantine/core';
import type { OrderStatus } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, isOrderStatus, useOrderStatusName } from '@/lib/order-format';

export { ORDER_STATUSES, useOrderStatusName };

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
