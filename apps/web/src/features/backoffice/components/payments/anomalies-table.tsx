// The Payments screen's anomalies: each answer of a gateway the platform would not settle on, with what
// was expected (the instalment's amount, the platform's currency) beside what the gateway said, how
// often it was seen, and the payment's status now (an anomaly settles nothing).
import { Stack, Text } from '@mantine/core';
import type { PaymentAnomaly } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { PagedTable, tableStateOf, usePageParam, type Column } from '@/components/data-table';
import { formatFullDate } from '@/components/party/format';
import { usePaymentAnomalies } from '../../api/get-payment-anomalies';
import { Ltr, OrderLink, useFormatAmountIn } from './payment-format';

/** A payment's statuses, and the states a gateway's answer names; another one is shown as it came. */
const STATES = ['pending', 'approved', 'declined', 'expired', 'refunded', 'unknown'] as const;
type State = (typeof STATES)[number];
const isState = (value: string): value is State => (STATES as readonly string[]).includes(value);

export function AnomaliesTable() {
  const { t } = useTranslation('backoffice');
  const formatAmountIn = useFormatAmountIn();
  const [page, setPage] = usePageParam();
  const query = usePaymentAnomalies(page);

  const stateName = (state: string) => (isState(state) ? t(`payments.states.${state}`) : state);

  const columns: Column<PaymentAnomaly>[] = [
    { key: 'kind', header: t('payments.anomalies.kind'), render: (a) => t(`payments.kinds.${a.kind}`) },
    { key: 'order', header: t('payments.anomalies.order'), render: (a) => <OrderLink orderId={a.orderId} /> },
    { key: 'transaction', header: t('payments.anomalies.transaction'), render: (a) => <Ltr>{a.transactionId}</Ltr> },
    { key: 'expected', header: t('payments.anomalies.expected'), render: (a) => <bdi>{formatAmountIn(a.expected.amount, a.expected.currency)}</bdi> },
    {
      key: 'answered',
      header: t('payments.anomalies.answered'),
      render: (a) => (
        <Stack gap={2} align="flex-start">
          <Text span fz="sm">
            {stateName(a.gatewayAnswer.status)}
            {' · '}
            <bdi>
              {a.gatewayAnswer.amount === null
                ? t('payments.anomalies.noAmount')
                : formatAmountIn(a.gatewayAnswer.amount, a.gatewayAnswer.currency ?? a.expected.currency)}
            </bdi>
          </Text>
          {a.gatewayAnswer.detail && (
            <Text span fz="xs" c="dimmed" dir="auto" maw={280} style={{ overflowWrap: 'anywhere' }}>
              {a.gatewayAnswer.detail}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'occurrences', header: t('payments.anomalies.occurrences'), render: (a) => <bdi>{a.occurrences}</bdi> },
    { key: 'firstSeen', header: t('payments.anomalies.firstSeen'), render: (a) => formatFullDate(a.firstSeenAt) },
    { key: 'lastSeen', header: t('payments.anomalies.lastSeen'), render: (a) => formatFullDate(a.lastSeenAt) },
    { key: 'payment', header: t('payments.anomalies.payment'), render: (a) => stateName(a.paymentStatus) },
  ];

  return (
    <PagedTable
      caption={t('payments.anomalies.caption')}
      columns={columns}
      rows={query.data?.anomalies}
      rowKey={(a) => a._id}
      count={query.data?.count}
      page={page}
      onPageChange={setPage}
      {...tableStateOf(query)}
      emptyText={t('payments.anomalies.empty')}
      minWidth={1180}
    />
  );
}
