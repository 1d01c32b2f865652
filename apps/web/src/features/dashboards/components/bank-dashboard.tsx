// The bank's dashboard: orders awaiting its payout (a link to them), its share earned, what SMEs still
// owe, late instalments, and its orders by status and payouts by month.
import { Stack } from '@mantine/core';

import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import type { DashboardOf } from '../api/get-dashboard';
import { ChartGrid, DashboardFrame, EmptyState, MonthlyAmountChart, OrdersByStatusChart } from './dashboard-frame';
import { totalOrders } from './format';
import { KpiCard, KpiGrid } from './kpi-card';
import { useFormatAmount } from '@/lib/amounts';

function BankDashboardView({ dashboard }: { dashboard: DashboardOf<'bank'> }) {
  const formatAmount = useFormatAmount();
  const { t } = useTranslation('dashboards');
  const orders = paths.bank.orders.getHref();
  const isEmpty = totalOrders(dashboard.ordersByStatus) === 0;
  return (
    <Stack gap="lg">
      {isEmpty && <EmptyState text={t('empty.backoffice')} />}
      <KpiGrid>
        <KpiCard
          label={t('bank.awaitingPayout')}
          value={formatAmount(dashboard.awaitingPayout.amount)}
          hint={t('ordersCount', { count: dashboard.awaitingPayout.count })}
          href={`${orders}?status=5`}
        />
        <KpiCard label={t('bank.bankShareEarned')} value={formatAmount(dashboard.bankShareEarned)} />
        <KpiCard label={t('bank.receivables')} value={formatAmount(dashboard.receivables)} />
        <KpiCard
          label={t('bank.late')}
          value={formatAmount(dashboard.late.amount)}
          hint={t('installmentsCount', { count: dashboard.late.count })}
          href={`${orders}?late=true`}
          alert={dashboard.late.count > 0}
        />
      </KpiGrid>
      {!isEmpty && (
        <ChartGrid>
          <OrdersByStatusChart ordersByStatus={dashboard.ordersByStatus} />
          <MonthlyAmountChart title={t('bank.payoutsByMonth')} months={dashboard.payoutsByMonth} />
        </ChartGrid>
      )}
    </Stack>
  );
}

export function BankDashboardPage() {
  return <DashboardFrame role="bank">{(dashboard) => <BankDashboardView dashboard={dashboard} />}</DashboardFrame>;
}
