// /{role}/order/{id}: loads one order ('loading', or the failure with Retry) and shows the shared order
// view with the buttons the role's area passes (the SME's pay and cancel; a supplier's accept; …).
import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { MESSAGES, type Order } from '@qist/domain';
import { IconAlertCircle, IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useTranslateMessage } from '@/i18n/translate-message';
import { ApiError } from '@/lib/api';
import { useOrder } from '../api/get-order';
import type { OrderViewer } from '../api/keys';
import { useLanguage } from '@/lib/order-format';
import { OrderDetail } from './order-detail';

export type OrderPageProps = {
  role: OrderViewer;
  /** The role's order list, for the back link. */
  ordersHref: string;
  /** The role's buttons for this order; none when the role has nothing to do. */
  renderActions?: (order: Order) => ReactNode;
  /** The role's further sections (an invoice upload, a breakdown). */
  renderSections?: (order: Order) => ReactNode;
  /** The receipt page of an order's paid instalment (the SME's); no receipt links without it. */
  receiptHref?: (orderId: string, installmentNumber: number) => string;
};

export function OrderPage({ role, ordersHref, renderActions, renderSections, receiptHref }: OrderPageProps) {
  const { id = '' } = useParams();
  const { t } = useTranslation('orders');
  const tm = useTranslateMessage();
  const language = useLanguage();
  const order = useOrder(role, id);
  const BackIcon = language === 'ar' ? IconArrowRight : IconArrowLeft;

  let body;
  if (order.isPending) {
    body = (
      <Center py="xl" role="status">
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{t('detail.loading')}</Text>
        </Group>
      </Center>
    );
  } else if (order.isError) {
    const message = order.error instanceof ApiError ? order.error.message : MESSAGES.serverError;
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} title={tm(message)}>
        <Button size="xs" variant="white" color="red" onClick={() => void order.refetch()} loading={order.isFetching}>
          {t('detail.retry')}
        </Button>
      </Alert>
    );
  } else {
    const shown = order.data;
    body = (
      <OrderDetail
        order={shown}
        viewer={role}
        actions={renderActions?.(shown)}
        receiptHref={receiptHref && ((installmentNumber) => receiptHref(shown._id, installmentNumber))}
      >
        {renderSections?.(shown)}
      </OrderDetail>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to={ordersHref} fz="sm" w="fit-content">
          <Group gap={4} wrap="nowrap">
            <BackIcon size={16} aria-hidden />
            {t('detail.backToOrders')}
          </Group>
        </Anchor>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('detail.pageTitle')}
        </Title>
      </Stack>
      {body}
    </Stack>
  );
}
