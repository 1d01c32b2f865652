// One order as every role sees it (part 1 §2 order/{id}): Order Detail, Payment Status (late payment),
// Installments (once the order is beyond created, latest first), the delivery QR code (only the owning
// SME ever receives a verify code) and the Order Invoice. Each role's panel passes its own actions
// (pay, cancel, accept, …) and sections (invoice upload, breakdown), so the view is written once.
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ORDER_STATUS, type Order } from '@qist/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '@/components/party/format';
import { DetailItem } from '@/components/party/party-details';
import type { OrderViewer } from '../api/keys';
import { DeliveryQrCode } from './delivery-qr-code';
import { formatDateTime, useLanguage } from '@/lib/order-format';
import { InstallmentsList } from './installments-list';
import { OrderInvoice } from './order-invoice';
import { FinishedBadge, OrderStatusBadge } from './order-status';
import { useFormatAmount } from '@/lib/amounts';

export type OrderDetailProps = {
  order: Order;
  /** Whose panel shows it: an SME sees the supplier, a supplier the SME, the back office both. */
  viewer: OrderViewer;
  /** The viewer's buttons, under the order's details. */
  actions?: ReactNode;
  /** The viewer's further sections, at the end. */
  children?: ReactNode;
  /** The receipt of a paid instalment by its number (the SME's); no receipt links without it. */
  receiptHref?: (installmentNumber: number) => string;
};

function PartyLine({ party }: { party: Order['provider_id'] }) {
  return (
    <Stack gap={0} component="span">
      <span dir="auto">{party.desc.title || party.auth_id.email}</span>
      {party.desc.title && (
        <Text span fz="sm" c="dimmed" dir="ltr">
          {party.auth_id.email}
        </Text>
      )}
    </Stack>
  );
}

function YesNo({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  return (
    <Badge color={value ? 'red' : 'green'} variant="light" tt="none">
      {value ? yes : no}
    </Badge>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

export function OrderDetail({ order, viewer, actions, children, receiptHref }: OrderDetailProps) {
  const formatAmount = useFormatAmount();
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const showsInstallments = order.status > ORDER_STATUS.created;
  // from uploadedInvoice on, for everyone but insurance (part 2 §2: admin and bank only in the back office)
  const showsInvoice = order.status >= ORDER_STATUS.uploadedInvoice && viewer !== 'insurance';

  return (
    <Stack gap="md">
      <Section id="order-detail-title" title={t('detail.title')}>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="md" m={0}>
          {viewer !== 'provider' && (
            <DetailItem label={t('detail.supplier')}>
              <PartyLine party={order.provider_id} />
            </DetailItem>
          )}
          {viewer !== 'sme' && (
            <DetailItem label={t('detail.sme')}>
              <PartyLine party={order.sme_id} />
            </DetailItem>
          )}
          <DetailItem label={t('detail.amount')}>
            <Text span fw={700} fz="lg">
              {formatAmount(order.amount)}
            </Text>
          </DetailItem>
          <DetailItem label={t('detail.status')}>
            <Group gap={6} component="span">
              <OrderStatusBadge status={order.status} />
              {order.paid && <FinishedBadge />}
            </Group>
          </DetailItem>
          <DetailItem label={t('detail.discountRate')}>
            <span dir="ltr">{formatPercent(order.tax_rate)}</span>
          </DetailItem>
          <DetailItem label={t('detail.createdAt')}>{formatDateTime(order.createdAt, language)}</DetailItem>
          <DetailItem label={t('detail.updatedAt')}>{formatDateTime(order.updatedAt, language)}</DetailItem>
        </SimpleGrid>
        <Stack gap={2}>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('detail.description')}
          </Text>
          <Text dir="auto" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {order.description}
          </Text>
        </Stack>
        {actions && (
          <Group gap="sm" wrap="wrap">
            {actions}
          </Group>
        )}
      </Section>

      <Section id="order-payment-status-title" title={t('detail.paymentStatus.title')}>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" m={0}>
          <DetailItem label={t('detail.paymentStatus.active')}>
            <YesNo value={order.latePay.active} yes={t('detail.paymentStatus.activeYes')} no={t('detail.paymentStatus.activeNo')} />
          </DetailItem>
          <DetailItem label={t('detail.paymentStatus.once')}>
            <YesNo value={order.latePay.once} yes={t('detail.paymentStatus.onceYes')} no={t('detail.paymentStatus.onceNo')} />
          </DetailItem>
        </SimpleGrid>
      </Section>

      {showsInstallments && <InstallmentsList installments={order.installments} receiptHref={receiptHref} />}
      {order.verify_code && <DeliveryQrCode orderId={order._id} verifyCode={order.verify_code} />}
      {showsInvoice && order.invoice && <OrderInvoice file={order.invoice.file} />}
      {children}
    </Stack>
  );
}
