// The admin's Reconciliation screen (DESIGN §8): pick a UTC day; the gateway's record of the money it
// took that day against the ledger's payments received, by transaction: matched, missing in the ledger,
// missing at the gateway, amount mismatches (each linking to its order), and the payments refunded.
// A day with differences is marked as looked at here, after a confirmation.
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { MESSAGES, utcDayOf, type Reconciliation, type ReconciliationDifferenceShape } from '@qist/domain';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '@/components/data-table';
import { formatFullDate } from '@/components/party/format';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { useTranslateMessage } from '@/i18n/translate-message';
import { Amount } from '@/lib/amounts';
import { notify } from '@/lib/notify';
import { useReconciliation, useReviewReconciliation } from '../../api/reconciliation';
import { useConfirm } from '../../hooks/use-confirm';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const LISTS = ['missingInLedger', 'missingAtGateway', 'amountMismatch', 'refunded'] as const;
type ListName = (typeof LISTS)[number];

/** Yesterday, as a UTC day: the last day the gateway has finished. */
export function yesterdayUtc(now = new Date()): string {
  return utcDayOf(new Date(now.getTime() - 24 * 60 * 60 * 1000));
}

function Ltr({ children }: { children: string }) {
  return (
    <Text span fz="sm" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

function Figure({ label, value, alert }: { label: string; value: number; alert?: boolean }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} c={alert && value > 0 ? 'red.8' : undefined}>
        {value}
      </Text>
    </Card>
  );
}

function DayView({ day }: { day: Reconciliation }) {
  const { t } = useTranslation('backoffice');
  const review = useReviewReconciliation();
  const { ask, dialog } = useConfirm();
  const columns: Column<ReconciliationDifferenceShape>[] = [
    { key: 'transaction', header: t('reconciliation.transaction'), render: (d) => <Ltr>{d.transactionId}</Ltr> },
    {
      key: 'order',
      header: t('reconciliation.order'),
      render: (d) =>
        d.orderId ? (
          <Anchor component={Link} to={paths.admin.order.getHref(d.orderId)} fz="sm">
            {t('reconciliation.seeOrder')}
          </Anchor>
        ) : (
          t('reconciliation.unknownOrder')
        ),
    },
    { key: 'gateway', header: t('reconciliation.gatewayAmount'), render: (d) => (d.gatewayAmount === null ? '—' : <Amount value={d.gatewayAmount} />) },
    { key: 'ledger', header: t('reconciliation.ledgerAmount'), render: (d) => (d.ledgerAmount === null ? '—' : <Amount value={d.ledgerAmount} />) },
  ];
  const markReviewed = () =>
    ask(t('reconciliation.reviewQuestion', { count: day.differences, date: day.date }), () =>
      review.mutate(day.date, { onSuccess: () => notify.success(MESSAGES.reconciliationReviewed) }),
    );

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        <Figure label={t('reconciliation.matched')} value={day.matched} />
        <Figure label={t('reconciliation.lists.missingInLedger')} value={day.missingInLedger.length} alert />
        <Figure label={t('reconciliation.lists.missingAtGateway')} value={day.missingAtGateway.length} alert />
        <Figure label={t('reconciliation.lists.amountMismatch')} value={day.amountMismatch.length} alert />
        <Figure label={t('reconciliation.lists.refunded')} value={day.refunded.length} />
      </SimpleGrid>
      {day.differences === 0 ? (
        <Alert color="teal" title={t('reconciliation.clean')}>
          {t('reconciliation.checkedAt', { at: formatFullDate(day.checkedAt) })}
        </Alert>
      ) : day.reviewed ? (
        <Alert color="blue" title={t('reconciliation.reviewed', { count: day.differences })}>
          {t('reconciliation.reviewedBy', { at: formatFullDate(day.reviewed.at) })} <Ltr>{day.reviewed.by}</Ltr>
        </Alert>
      ) : (
        <Alert color="red" title={t('reconciliation.open', { count: day.differences })}>
          <Stack gap="sm" align="flex-start">
            <Text fz="sm">{t('reconciliation.openHint')}</Text>
            <Button color="red" variant="light" onClick={markReviewed} loading={review.isPending}>
              {t('reconciliation.markReviewed')}
            </Button>
          </Stack>
        </Alert>
      )}
      {LISTS.filter((name: ListName) => day[name].length > 0).map((name) => (
        <Stack key={name} gap="xs">
          <Title order={2} fz="lg">
            {t(`reconciliation.lists.${name}`)}
          </Title>
          <Text fz="sm" c="dimmed">
            {t(`reconciliation.hints.${name}`)}
          </Text>
          <DataTable caption={t(`reconciliation.lists.${name}`)} columns={columns} rows={day[name]} rowKey={(d) => d.transactionId} minWidth={640} />
        </Stack>
      ))}
      {dialog}
    </Stack>
  );
}

export function ReconciliationPage() {
  const { t } = useTranslation('backoffice');
  const [search, setSearch] = useSearchParams();
  const today = utcDayOf(new Date());
  const asked = search.get('date') ?? '';
  const date = DAY.test(asked) && asked <= today ? asked : yesterdayUtc();
  const query = useReconciliation(date);
  const translate = useTranslateMessage();

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('reconciliation.title')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('reconciliation.hint')}
          </Text>
        </Stack>
        <TextInput
          label={t('reconciliation.day')}
          type="date"
          value={date}
          max={today}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (DAY.test(value)) setSearch({ date: value }, { replace: true });
          }}
        />
      </Group>
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <Alert color="red" title={t('reconciliation.failed')}>
          <Stack gap="sm" align="flex-start">
            <Text fz="sm">{translate(query.error.message)}</Text>
            <Button variant="default" onClick={() => void query.refetch()}>
              {t('reconciliation.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <DayView day={query.data} />
      )}
    </Stack>
  );
}
