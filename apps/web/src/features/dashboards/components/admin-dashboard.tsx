// The admin's dashboard: a flag when payments need a person (refunds failed or stuck, anomalies), the
// reconciliation's days with differences nobody has looked at yet, invoices waiting for verification,
// late instalments, the fee income of the bank and the platform, orders by status and volume by month,
// and the verification funnel (SMEs and suppliers by level).
import { Alert, Anchor, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PROVIDER_LEVEL, SME_LEVEL } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { useLevelName } from '@/components/party/level-name';
import { paths } from '@/config/paths';
import type { DashboardOf } from '../api/get-dashboard';
import { ChartCard } from './chart-card';
import { ChartGrid, DashboardFrame, EmptyState, MonthlyAmountChart, OrdersByStatusChart } from './dashboard-frame';
import { formatCount, totalOrders } from './format';
import { KpiCard, KpiGrid } from './kpi-card';
import { useFormatAmount } from '@/lib/amounts';

const byFunnel = (a: number, b: number) => (a < 0) === (b < 0) ? (a < 0 ? b - a : a - b) : a < 0 ? 1 : -1;
const SME_LEVELS = Object.values(SME_LEVEL) as number[];
const PROVIDER_LEVELS = Object.values(PROVIDER_LEVEL) as number[];

/** Parties by level: the funnel's steps in order (0 → active), then the rejections. */
function LevelsChart({ title, counts, levels }: { title: string; counts: Record<string, number>; levels: number[] }) {
  const { t } = useTranslation('dashboards');
  const levelName = useLevelName();
  const all = [...new Set([...levels, ...Object.keys(counts).map(Number).filter(Number.isFinite)])].sort(byFunnel);
  const data = all.map((level) => ({ label: levelName(level), value: counts[String(level)] ?? 0 }));
  return (
    <ChartCard title={title} kind="categories" data={data} categoryLabel={t('charts.level')} seriesLabel={t('charts.count')} format={formatCount} />
  );
}

/** Shown only when there is something: each count links to its tab of the Payments screen. */
function PaymentsFlag({ payments }: { payments: DashboardOf<'admin'>['payments'] }) {
  const { t } = useTranslation('dashboards');
  const items = [
    { count: payments.refundsNeedingAttention, label: 'refundsNeedingAttention', hint: 'refundsNeedingAttentionHint', href: paths.admin.payments.getHref('refunds') },
    { count: payments.openAnomalies, label: 'openAnomalies', hint: 'openAnomaliesHint', href: paths.admin.payments.getHref('anomalies') },
  ] as const;
  const shown = items.filter((item) => item.count > 0);
  if (shown.length === 0) return null;
  return (
    // A standing state of the platform, not news: a labelled region rather than an announced alert.
    <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('admin.paymentsFlag')} role="region" aria-label={t('admin.paymentsFlag')}>
      <List spacing={4} size="sm">
        {shown.map((item) => (
          <List.Item key={item.label}>
            <Anchor component={Link} to={item.href} fw={600} fz="sm">
              {t(`admin.${item.label}`, { count: item.count })}
            </Anchor>{' '}
            <Text span fz="sm" c="dimmed">
              ({t(`admin.${item.hint}`)})
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

function AdminDashboardView({ dashboard }: { dashboard: DashboardOf<'admin'> }) {
  const formatAmount = useFormatAmount();
  const { t } = useTranslation('dashboards');
  const orders = paths.admin.orders.getHref();
  const isEmpty = totalOrders(dashboard.ordersByStatus) === 0;
  return (
    <Stack gap="lg">
      <PaymentsFlag payments={dashboard.payments} />
      {isEmpty && <EmptyState text={t('empty.backoffice')} />}
      {dashboard.reconciliation.openDays.length > 0 && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('admin.reconciliation')} role="region" aria-label={t('admin.reconciliation')}>
          <Group gap="md">
            {dashboard.reconciliation.openDays.map((day) => (
              <Anchor key={day.date} component={Link} to={paths.admin.reconciliation.getHref(day.date)} fz="sm">
                <bdi>{t('admin.reconciliationDay', { date: day.date, count: day.differences })}</bdi>
              </Anchor>
            ))}
          </Group>
        </Alert>
      )}
      <KpiGrid>
        <KpiCard label={t('admin.invoicesToVerify')} value={formatCount(dashboard.invoicesToVerify)} href={`${orders}?status=4`} />
        <KpiCard
          label={t('admin.late')}
          value={formatAmount(dashboard.late.amount)}
          hint={t('installmentsCount', { count: dashboard.late.count })}
          href={`${orders}?late=true`}
          alert={dashboard.late.count > 0}
        />
        <KpiCard label={t('admin.bankFees')} value={formatAmount(dashboard.feeIncome.bank)} />
        <KpiCard label={t('admin.platformFees')} value={formatAmount(dashboard.feeIncome.platform)} />
      </KpiGrid>
      <ChartGrid>
        {!isEmpty && <OrdersByStatusChart ordersByStatus={dashboard.ordersByStatus} />}
        {!isEmpty && <MonthlyAmountChart title={t('admin.volumeByMonth')} months={dashboard.volumeByMonth} />}
        <LevelsChart title={t('admin.smesByLevel')} counts={dashboard.smesByLevel} levels={SME_LEVELS} />
        <LevelsChart title={t('admin.providersByLevel')} counts={dashboard.providersByLevel} levels={PROVIDER_LEVELS} />
      </ChartGrid>
    </Stack>
  );
}

export function AdminDashboardPage() {
  return <DashboardFrame role="admin">{(dashboard) => <AdminDashboardView dashboard={dashboard} />}</DashboardFrame>;
}
