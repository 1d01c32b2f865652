// The Breakdown section of the admin's and bank's order detail (part 2 §2): the discount and its split
// between bank and platform, and the supplier's payout — shown exactly as the server sends them in
// order.breakdown (read from the ledger, DESIGN.md §4), never recomputed here.
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type OrderBreakdown as Breakdown } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '@/components/party/format';
import { DetailItem } from '@/components/party/party-details';
import { Amount, useFormatAmount } from '@/lib/amounts';

export function OrderBreakdown({ breakdown }: { breakdown: Breakdown }) {
  const formatAmount = useFormatAmount();
  const { t } = useTranslation('orders');
  const percent = (value: number) => <span dir="ltr">{formatPercent(value)}</span>;
  const money = (value: number) => <Amount value={value} />;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="order-breakdown-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="order-breakdown-title">
          {t('backoffice.breakdownTitle')}
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="md" m={0}>
          <DetailItem label={t('backoffice.discountRate')}>{percent(breakdown.discountRate)}</DetailItem>
          <DetailItem label={t('backoffice.discount')}>{money(breakdown.discount)}</DetailItem>
          <DetailItem label={t('backoffice.bankShareRate')}>{percent(breakdown.bankShareRate)}</DetailItem>
          <DetailItem label={t('backoffice.bankShare')}>{money(breakdown.bankShare)}</DetailItem>
          <DetailItem label={t('backoffice.platformShareRate')}>{percent(breakdown.platformShareRate)}</DetailItem>
          <DetailItem label={t('backoffice.platformShare')}>{money(breakdown.platformShare)}</DetailItem>
          <DetailItem label={t('backoffice.supplierPayout')}>
            <Text span fw={700}>
              {formatAmount(breakdown.supplierPayout)}
            </Text>
          </DetailItem>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
