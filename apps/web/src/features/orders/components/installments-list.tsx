// The Installments section (part 1 §2): latest first, each with its share of the order (rate × 100 %),
// amount, deadline as a full date and a 'paid' badge once paid.at is set; for the SME a paid one links
// to its receipt.
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type Installment } from '@qist/domain';
import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPercent } from '@/components/party/format';
import { DetailItem } from '@/components/party/party-details';
import { formatDeadline, useLanguage } from '@/lib/order-format';
import { Amount } from '@/lib/amounts';

export type InstallmentsListProps = {
  installments: Installment[];
  /** The receipt of a paid instalment by its number in paying order; no link without it. */
  receiptHref?: (installmentNumber: number) => string;
};

export function InstallmentsList({ installments, receiptHref }: InstallmentsListProps) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const count = installments.length;
  // numbered in paying order, shown latest first
  const latestFirst = installments.map((installment, index) => ({ installment, number: index + 1 })).reverse();

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="order-installments-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="order-installments-title">
          {t('detail.installments.title')}
        </Title>
        {count === 0 ? (
          <Text c="dimmed">{t('detail.installments.none')}</Text>
        ) : (
          <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('detail.installments.title')}>
            {latestFirst.map(({ installment, number }) => (
              <Card
                component="li"
                key={installment._id}
                withBorder
                radius="sm"
                padding="md"
                bg={installment.paid.at ? 'var(--mantine-color-green-light)' : undefined}
              >
                <Stack gap="xs">
                  <Group justify="space-between" gap="xs">
                    <Text fw={700}>{t('detail.installments.number', { number, count })}</Text>
                    {installment.paid.at && (
                      <Group gap="sm" wrap="nowrap">
                        {receiptHref && (
                          <Anchor
                            component={Link}
                            to={receiptHref(number)}
                            fz="sm"
                            fw={600}
                            // dark enough on the paid card's green for normal-size text (WCAG AA)
                            c="teal.9"
                            underline="always"
                            aria-label={t('documents.receipt.linkOf', { number })}
                          >
                            <Group gap={4} wrap="nowrap" component="span">
                              <IconReceipt size={16} aria-hidden />
                              {t('documents.receipt.link')}
                            </Group>
                          </Anchor>
                        )}
                        <Badge color="green" variant="filled" tt="none">
                          {t('detail.installments.paid')}
                        </Badge>
                      </Group>
                    )}
                  </Group>
                  <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="sm" m={0}>
                    <DetailItem label={t('detail.installments.rate')}>
                      <span dir="ltr">{formatPercent(installment.rate)}</span>
                    </DetailItem>
                    <DetailItem label={t('detail.installments.amount')}>
                      <Amount value={installment.amount} />
                    </DetailItem>
                    <DetailItem label={t('detail.installments.deadline')}>
                      {formatDeadline(installment.paid.deadline, language)}
                    </DetailItem>
                  </SimpleGrid>
                </Stack>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
