// The Payments screen's refunds: by status (opening on those needing attention: pending, requested or
// failed), each with its order, SME, amount, reason, status, attempts, last error and next attempt. A
// failed refund can be tried again, after a confirmation.
import { Badge, Button, Select, Stack, Text } from '@mantine/core';
import { MESSAGES, REFUND_LIST_FILTERS, type Refund, type RefundListFilter, type RefundStatus } from '@qist/domain';
import { IconRefresh } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PagedTable, tableStateOf, usePageParam, type Column } from '@/components/data-table';
import { formatFullDate } from '@/components/party/format';
import { Amount, useFormatAmount } from '@/lib/amounts';
import { notify } from '@/lib/notify';
import { useRefunds } from '../../api/get-refunds';
import { useRetryRefund } from '../../api/retry-refund';
import { useConfirm } from '../../hooks/use-confirm';
import { Ltr, OrderLink } from './payment-format';

const DEFAULT_FILTER: RefundListFilter = 'attention';

const STATUS_COLORS: Record<RefundStatus, string> = { pending: 'yellow', requested: 'blue', succeeded: 'green', failed: 'red' };

/** The status filter, kept in the address (?status=); a change of filter starts at page 1. */
function useRefundFilter(): [RefundListFilter, (next: RefundListFilter) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const filter = (REFUND_LIST_FILTERS as readonly string[]).includes(raw ?? '') ? (raw as RefundListFilter) : DEFAULT_FILTER;
  const setFilter = useCallback(
    (next: RefundListFilter) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next === DEFAULT_FILTER) updated.delete('status');
        else updated.set('status', next);
        updated.delete('page');
        return updated;
      }),
    [setParams],
  );
  return [filter, setFilter];
}

export function RefundsTable() {
  const { t } = useTranslation('backoffice');
  const formatAmount = useFormatAmount();
  const [filter, setFilter] = useRefundFilter();
  const [page, setPage] = usePageParam();
  const query = useRefunds(filter, page);
  const retry = useRetryRefund();
  const { ask, dialog } = useConfirm();

  const smeName = (r: Refund) => r.sme.title ?? r.sme.email;
  const tryAgain = (r: Refund) =>
    ask(t('payments.refunds.retryQuestion', { amount: formatAmount(r.amount), sme: smeName(r) }), () =>
      retry.mutate({ refundId: r._id }, { onSuccess: () => notify.success(MESSAGES.refundRetried) }),
    );

  const columns: Column<Refund>[] = [
    { key: 'created', header: t('payments.refunds.created'), render: (r) => formatFullDate(r.createdAt) },
    { key: 'order', header: t('payments.refunds.order'), render: (r) => <OrderLink orderId={r.orderId} /> },
    {
      key: 'sme',
      header: t('payments.refunds.sme'),
      render: (r) => (r.sme.title ? <Text span fz="sm">{r.sme.title}</Text> : <Ltr>{r.sme.email}</Ltr>),
    },
    { key: 'amount', header: t('payments.refunds.amount'), render: (r) => <Amount value={r.amount} /> },
    { key: 'reason', header: t('payments.refunds.reason'), render: (r) => t(`payments.reasons.${r.reason}`) },
    {
      key: 'status',
      header: t('payments.refunds.status'),
      render: (r) => (
        <Badge color={STATUS_COLORS[r.status]} variant="light" tt="none">
          {t(`payments.refundStatuses.${r.status}`)}
        </Badge>
      ),
    },
    { key: 'attempts', header: t('payments.refunds.attempts'), render: (r) => <bdi>{r.attempts}</bdi> },
    {
      key: 'lastError',
      header: t('payments.refunds.lastError'),
      render: (r) =>
        r.lastError ? (
          // the gateway's own words, in its language
          <Text span fz="sm" dir="auto" maw={280} style={{ overflowWrap: 'anywhere' }}>
            {r.lastError}
          </Text>
        ) : (
          '—'
        ),
    },
    { key: 'nextAttempt', header: t('payments.refunds.nextAttempt'), render: (r) => (r.nextAttemptAt ? formatFullDate(r.nextAttemptAt) : '—') },
    {
      key: 'actions',
      header: t('payments.refunds.actions'),
      render: (r) =>
        r.status === 'failed' ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => tryAgain(r)}
            loading={retry.isPending && retry.variables?.refundId === r._id}
            aria-label={t('payments.refunds.retryLabel', { amount: formatAmount(r.amount), sme: smeName(r) })}
          >
            {t('payments.refunds.retry')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Stack gap="md">
      <Select
        label={t('payments.refunds.filter')}
        data={REFUND_LIST_FILTERS.map((value) => ({ value, label: t(`payments.refunds.filters.${value}`) }))}
        value={filter}
        onChange={(next) => setFilter((next as RefundListFilter | null) ?? DEFAULT_FILTER)}
        allowDeselect={false}
        checkIconPosition="right"
        w={{ base: '100%', xs: 360 }}
        comboboxProps={{ withinPortal: true }}
      />
      <PagedTable
        caption={t('payments.refunds.caption')}
        columns={columns}
        rows={query.data?.refunds}
        rowKey={(r) => r._id}
        count={query.data?.count}
        page={page}
        onPageChange={setPage}
        {...tableStateOf(query)}
        emptyText={t(`payments.refunds.empty.${filter}`)}
        minWidth={1180}
      />
      {dialog}
    </Stack>
  );
}
