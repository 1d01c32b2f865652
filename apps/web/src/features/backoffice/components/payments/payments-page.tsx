// The admin's Payments screen: payments' aftermath in two tabs, the refunds (money owed back to SMEs,
// carried out by the platform until the gateway confirms it; a failed one can be tried again) and the
// anomalies (gateway answers that settled nothing). The tab is kept in the address (?tab=anomalies).
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AnomaliesTable } from './anomalies-table';
import { RefundsTable } from './refunds-table';

type Tab = 'refunds' | 'anomalies';

export function PaymentsPage() {
  const { t } = useTranslation('backoffice');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'anomalies' ? 'anomalies' : 'refunds';
  // Another tab starts afresh: its own first page, no filter of the other.
  const setTab = (next: string | null) => setParams(next === 'anomalies' ? { tab: 'anomalies' } : {});

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('payments.title')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('payments.hint')}
        </Text>
      </Stack>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="refunds">{t('payments.tabs.refunds')}</Tabs.Tab>
          <Tabs.Tab value="anomalies">{t('payments.tabs.anomalies')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="refunds" pt="md">
          <RefundsTable />
        </Tabs.Panel>
        <Tabs.Panel value="anomalies" pt="md">
          <AnomaliesTable />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
