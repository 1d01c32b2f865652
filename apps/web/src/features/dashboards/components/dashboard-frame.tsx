// What every dashboard shares: the title, skeletons while the figures load, a failure with Retry, the
// empty state of a new account, and the orders-by-status chart. Each role's page composes the rest.
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDashboard, type DashboardOf, type DashboardRole } from '../api/get-dashboard';
import { ChartCard, type ChartDatum } from './chart-card';
import { formatCount, formatMonth, ORDER_STATUSES, useLanguage, useOrderStatusName } from './format';
import { useFormatAmount } from '@/lib/amounts';

function DashboardSkeleton() {
  const { t } = useTranslation('dashboards');
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={t('loadingLabel')}>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        {[0, 1, 2, 3].map((i) => (
          <Card key={i} withBorder radius="md" padding="lg">
            <Skeleton h={12} w="60%" mb="sm" />
            <Skeleton h={28} w="80%" />
          </Card>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Skeleton h={280} radius="md" />
        <Skeleton h={280} radius="md" />
      </SimpleGrid>
    </Stack>
  );
}

export type DashboardFrameProps<R extends DashboardRole> = {
  role: R;
  children: (dashboard: DashboardOf<R>) => ReactNode;
};

export function DashboardFrame<R extends DashboardRole>({ role, children }: DashboardFrameProps<R>) {
  const { t } = useTranslation('dashboards');
  const query = useDashboard(role);

  let body: ReactNode;
  if (query.isPending) body = <DashboardSkeleton />;
  else if (query.isError)
    body = (
      <Alert color="red" variant="light" title={t('failed')} role="alert">
        <Button mt="sm" variant="light" color="red" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('retry')}
        </Button>
      </Alert>
    );
  else body = children(query.data);

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('title')}
      </Title>
      {body}
    </Stack>
  );
}

/** A new account's dashboard: a friendly sentence and, where there is one, the way to a first order. */
export function EmptyState({ text, action }: { text: string; action?: { label: string; href: string } }) {
  const { t } = useTranslation('dashboards');
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('empty.title')}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="lg">
          {t('empty.title')}
        </Title>
        <Text>{text}</Text>
        {action && (
          <Group>
            <Button component={Link} to={action.href}>
              {action.label}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The role's orders by status, in the statuses' order, named in the interface language. */
export function OrdersByStatusChart({ ordersByStatus }: { ordersByStatus: Record<string, number> }) {
  const { t } = useTranslation('dashboards');
  const statusName = useOrderStatusName();
  const known = new Set<string>(ORDER_STATUSES.map(String));
  const data: ChartDatum[] = [
    ...ORDER_STATUSES.map((status) => ({ label: statusName(status), value: ordersByStatus[String(status)] ?? 0 })),
    ...Object.entries(ordersByStatus)
      .filter(([status]) => !known.has(status))
      .map(([status, value]) => ({ label: statusName(Number(status)), value })),
  ];
  return (
    <ChartCard
      title={t('charts.ordersByStatus')}
      kind="categories"
      data={data}
      categoryLabel={t('charts.status')}
      seriesLabel={t('charts.count')}
      format={formatCount}
    />
  );
}

/** The charts of a dashboard: one column on a phone, two from a tablet on. */
export function ChartGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {children}
    </SimpleGrid>
  );
}

/** An amount by month ('YYYY-MM'), oldest first, months named in the interface language. */
export function MonthlyAmountChart({ title, months }: { title: string; months: { month: string; amount: number }[] }) {
  const formatAmount = useFormatAmount();
  const { t } = useTranslation('dashboards');
  const language = useLanguage();
  const data = [...months]
    .sort((a, b) => a.month.localeCompare(b.month))
    .map((m) => ({ label: formatMonth(m.month, language), value: m.amount }));
  return (
    <ChartCard title={title} kind="bars" data={data} categoryLabel={t('charts.month')} seriesLabel={t('charts.amount')} format={formatAmount} />
  );
}
