// The insurance company's dashboard: the SMEs it insures and those waiting for its decision (links to
// the SME list), the credit it granted and how much is used, late instalments, and the orders of its
// SMEs by status.
import { Card, Progress, Stack, Text } from '@mantine/core';
import { ALL_FILTER, SME_LEVEL } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import type { DashboardOf } from '../api/get-dashboard';
import { ChartGrid, DashboardFrame, EmptyState, OrdersByStatusChart } from './dashboard-frame';
import { formatCount, percentOf, totalOrders } from './format';
import { KpiCard, KpiGrid } from './kpi-card';
import { useFormatAmount } from '@/lib/amounts';

function InsuranceDashboardView({ dashboard }: { dashboard: DashboardOf<'insurance'> }) {
  const formatAmount = useFormatAmount();
  const { t } = useTranslation('dashboards');
  const smes = paths.insurance.smes.getHref();
  const isEmpty = totalOrders(dashboard.ordersByStatus) === 0;
  const percent = percentOf(dashboard.credit.used, dashboard.credit.granted);
  return (
    <Stack gap="lg">
      {isEmpty && <EmptyState text={t('empty.backoffice')} />}
      <KpiGrid>
        {/* the SME list opens on the queue: 'All' shows the SMEs the company decided on, the insured among them */}
        <KpiCard label={t('insurance.insuredSmes')} value={formatCount(dashboard.insuredSmes)} href={`${smes}?level=${ALL_FILTER}`} />
        {/* the SMEs the bank verified wait for the insurance companies' decision */}
        <KpiCard label={t('insurance.queue')} value={formatCount(dashboard.queue)} href={`${smes}?level=${SME_LEVEL.bankVerified}`} />
        <KpiCard label={t('insurance.creditGranted')} value={formatAmount(dashboard.credit.granted)} />
        <KpiCard
          label={t('insurance.late')}
          value={formatAmount(dashboard.late.amount)}
          hint={t('installmentsCount', { count: dashboard.late.count })}
          href={`${paths.insurance.orders.getHref()}?late=true`}
          alert={dashboard.late.count > 0}
        />
      </KpiGrid>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="xs">
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('insurance.creditUsed')}
          </Text>
          <Text fz={{ base: 22, sm: 26 }} fw={700} style={{ alignSelf: 'flex-start' }}>
            {formatAmount(dashboard.credit.used)}
          </Text>
          <Progress value={percent} size="lg" radius="xl" aria-label={t('insurance.usedShare', { percent })} />
          <Text fz="sm" c="dimmed">
            {t('insurance.usedShare', { percent })}
          </Text>
        </Stack>
      </Card>
      {!isEmpty && (
        <ChartGrid>
          <OrdersByStatusChart ordersByStatus={dashboard.ordersByStatus} />
        </ChartGrid>
      )}
    </Stack>
  );
}

export function InsuranceDashboardPage() {
  return <DashboardFrame role="insurance">{(dashboard) => <InsuranceDashboardView dashboard={dashboard} />}</DashboardFrame>;
}
