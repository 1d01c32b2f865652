// The supplier's dashboard: orders to accept, deliver and invoice (each a link to its filtered list),
// the payouts still to come, and its orders by status and payouts by month.
import { Stack } from '@mantine/core';

import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import type { DashboardOf } from '../api/get-dashboard';
import { ChartGrid, DashboardFrame, EmptyState, MonthlyAmountChart, OrdersByStatusChart } from './dashboard-frame';
import { formatCount, totalOrders } from './format';
import { KpiCard, KpiGrid } from './kpi-card';
import { useFormatAmount } from '@/lib/amounts';

function ProviderDashboardView({ dashboard }: { dashboard: DashboardOf<'provider'> }) {
  const formatAmount = useFormatAmount();
  const { t } = useTranslation('dashboards');
  const orders = paths.provider.orders.getHref();
  const isEmpty = totalOrders(dashboard.ordersByStatus) === 0;
  return (
    <Stack gap="lg">
      {isEmpty && <EmptyState text={t('empty.provider')} />}
      <KpiGrid>
        <KpiCard label={t('provider.toAccept')} value={formatCount(dashboard.toAccept)} href={`${orders}?status=1`} />
        <KpiCard label={t('provider.toDeliver')} value={formatCount(dashboard.toDeliver)} href={`${orders}?status=2`} />
        <KpiCard label={t('provider.toInvoice')} value={formatCount(dashboard.toInvoice)} href={`${orders}?status=3`} />
        <KpiCard
          label={t('provider.expectedPayouts')}
          value={formatAmount(dashboard.expectedPayouts.amount)}
          hint={t('ordersCount', { count: dashboard.expectedPayouts.count })}
        />
      </KpiGrid>
      {!isEmpty && (
        <ChartGrid>
          <OrdersByStatusChart ordersByStatus={dashboard.ordersByStatus} />
          <MonthlyAmountChart title={t('provider.paidOutByMonth')} months={dashboard.paidOutByMonth} />
        </ChartGrid>
      )}
    </Stack>
  );
}

export function ProviderDashboardPage() {
  return <DashboardFrame role="provider">{(dashboard) => <ProviderDashboardView dashboard={dashboard} />}</DashboardFrame>;
}
