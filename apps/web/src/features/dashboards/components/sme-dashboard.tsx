// The SME's dashboard: its credit (limit, used, available), the next instalment with Pay, what falls
// due within 30, 60 and 90 days, late instalments, waiting orders, and its orders by status and
// spending by supplier.
import { Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AmountFigures } from '@/components/party/amount-figures';
import { paths } from '@/config/paths';
import type { DashboardOf } from '../api/get-dashboard';
import { ChartCard } from './chart-card';
import { ChartGrid, DashboardFrame, EmptyState, OrdersByStatusChart } from './dashboard-frame';
import { formatCount, formatDeadline, percentOf, totalOrders, useLanguage } from './format';
import { KpiCard, KpiGrid } from './kpi-card';
import { useFormatAmount } from '@/lib/amounts';

type SmeDashboard = DashboardOf<'sme'>;

function CreditCard({ credit }: { credit: SmeDashboard['credit'] }) {
  const { t } = useTranslation('dashboards');
  const titleId = useId();
  const percent = percentOf(credit.used, credit.limit);
  const figures = [
    { key: 'limit', label: t('sme.limit'), value: credit.limit },
    { key: 'used', label: t('sme.used'), value: credit.used },
    { key: 'available', label: t('sme.available'), value: credit.available },
  ];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} fz="lg" id={titleId}>
          {t('sme.credit')}
        </Title>
        <AmountFigures figures={figures} cols={{ base: 1, xs: 3 }} />
        <Progress value={percent} size="lg" radius="xl" aria-label={t('sme.usedShare', { percent })} color={percent >= 90 ? 'red' : 'teal'} />
        <Text fz="sm" c="dimmed">
          {t('sme.usedShare', { percent })}
        </Text>
      </Stack>
    </Card>
  );
}

function NextInstallmentCard({ next }: { next: SmeDashboard['nextInstallment'] }) {
  const formatAmount = useFormatAmount();
  const { t } = useTranslation('dashboards');
  const language = useLanguage();
  const titleId = useId();
  const date = next ? formatDeadline(next.deadline, language) : '';
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId} style={{ height: '100%' }}>
      <Stack gap={4} h="100%">
        <Text id={titleId} fz="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('sme.nextInstallment')}
        </Text>
        {next ? (
          <>
            <Text fz={{ base: 22, sm: 26 }} fw={700} style={{ alignSelf: 'flex-start' }}>
              {formatAmount(next.amount)}
            </Text>
            <Text fz="sm" c="dimmed">
              {t('sme.dueOn', { date })}
            </Text>
            <Group mt="auto" pt="xs">
              <Button
                component={Link}
                to={`${paths.public.payInstalment.getHref()}?${new URLSearchParams({ orderId: next.orderId }).toString()}`}
                aria-label={t('sme.payLabel', { amount: formatAmount(next.amount), date })}
              >
                {t('sme.pay')}
              </Button>
            </Group>
          </>
        ) : (
          <Text c="dimmed">{t('sme.noInstallment')}</Text>
        )}
      </Stack>
    </Card>
  );
}

function SmeDashboardView({ dashboard }: { dashboard: SmeDashboard }) {
  const formatAmount = useFormatAmount();
  const { t } = useTranslation('dashboards');
  const orders = paths.sme.orders.getHref();
  const isEmpty = totalOrders(dashboard.ordersByStatus) === 0;
  const due = [
    { days: 30, figure: dashboard.dueWithin.days30 },
    { days: 60, figure: dashboard.dueWithin.days60 },
    { days: 90, figure: dashboard.dueWithin.days90 },
  ];
  return (
    <Stack gap="lg">
      {isEmpty && <EmptyState text={t('empty.sme')} action={{ label: t('empty.smeAction'), href: paths.sme.suppliers.getHref() }} />}
      <CreditCard credit={dashboard.credit} />
      <KpiGrid>
        <NextInstallmentCard next={dashboard.nextInstallment} />
        <KpiCard
          label={t('sme.waiting')}
          value={formatCount(dashboard.ordersByStatus['1'] ?? 0)}
          hint={t('sme.waitingHint')}
          href={`${orders}?status=1`}
        />
        <KpiCard
          label={t('sme.late')}
          value={formatAmount(dashboard.late.amount)}
          hint={t('installmentsCount', { count: dashboard.late.count })}
          href={`${orders}?late=true`}
          alert={dashboard.late.count > 0}
        />
        {due.map(({ days, figure }) => (
          <KpiCard
            key={days}
            label={t('sme.dueWithin', { days })}
            value={formatAmount(figure.amount)}
            hint={t('installmentsCount', { count: figure.count })}
          />
        ))}
      </KpiGrid>
      {!isEmpty && (
        <ChartGrid>
          <OrdersByStatusChart ordersByStatus={dashboard.ordersByStatus} />
          <ChartCard
            title={t('sme.spendingBySupplier')}
            kind="donut"
            data={dashboard.bySupplier.map((s) => ({
              label: s.title || t('charts.unnamedSupplier', { id: s.providerId.slice(0, 8) }),
              value: s.amount,
            }))}
            categoryLabel={t('charts.supplier')}
            seriesLabel={t('charts.amount')}
            format={formatAmount}
          />
        </ChartGrid>
      )}
    </Stack>
  );
}

export function SmeDashboardPage() {
  return <DashboardFrame role="sme">{(dashboard) => <SmeDashboardView dashboard={dashboard} />}</DashboardFrame>;
}
