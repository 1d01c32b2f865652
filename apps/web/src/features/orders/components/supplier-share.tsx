// The supplier's own figures on its order (part 1 §6: it sees the discount rate and the supplier
// share): the discount rate (tax_rate × 100 %) and what the bank will pay it. The payout is the
// domain's orderBreakdown — the same integer arithmetic in minor units and basis points the server's
// ledger uses — never float maths here.
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { fractionToBasisPoints, fromMinorUnits, orderBreakdown, toMinorUnits, type Order } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '@/components/party/format';
import { DetailItem } from '@/components/party/party-details';
import { Amount, useFormatAmount } from '@/lib/amounts';

/** amount × (1 − tax_rate), in currency units, through the domain's breakdown. */
export function supplierPayoutOf(order: Pick<Order, 'amount' | 'tax_rate' | 'bank_share_rate'>): number {
  const breakdown = orderBreakdown(
    toMinorUnits(order.amount),
    fractionToBasisPoints(order.tax_rate),
    fractionToBasisPoints(order.bank_share_rate),
  );
  return fromMinorUnits(breakdown.supplierPayoutMinor);
}

export function SupplierShare({ order }: { order: Pick<Order, 'amount' | 'tax_rate' | 'bank_share_rate'> }) {
  const formatAmount = useFormatAmount();
  const { t } = useTranslation('orders');
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="order-supplier-share-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="order-supplier-share-title">
          {t('fulfilment.shareTitle')}
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="md" m={0}>
          <DetailItem label={t('fulfilment.amount')}>
            <Amount value={order.amount} />
          </DetailItem>
          <DetailItem label={t('fulfilment.discountRate')}>
            <span dir="ltr">{formatPercent(order.tax_rate)}</span>
          </DetailItem>
          <DetailItem label={t('fulfilment.youReceive')}>
            <Text span fw={700}>
              {formatAmount(supplierPayoutOf(order))}
            </Text>
          </DetailItem>
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
