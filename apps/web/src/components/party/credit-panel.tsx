// CreditPanel: an SME's requested, allocated (limit), available and spent credit in $, and its instalment
// plan as percentages (shown from Insurance Verified on).
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatAmount, type SmeProfile } from '@qist/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from './format';

export type CreditPanelProps = { sme: SmeProfile };

export function CreditPanel({ sme }: CreditPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { credit, installments } = sme;
  const figures = [
    { key: 'requested', value: credit.request },
    { key: 'allocated', value: credit.limit },
    { key: 'available', value: credit.amount },
    { key: 'spent', value: credit.spend },
  ] as const;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} fz="lg" id={titleId}>
          {t('party.credit.title')}
        </Title>
        <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="md" m={0}>
          {figures.map(({ key, value }) => (
            <Stack key={key} gap={2} style={{ minWidth: 0 }}>
              <Text component="dt" fz="xs" c="dimmed" tt="uppercase" fw={600}>
                {t(`party.credit.${key}`)}
              </Text>
              <Text component="dd" m={0} fz="lg" fw={700}>
                <bdi dir="ltr">{formatAmount(value)}</bdi>
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Stack gap={6}>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('party.credit.installments')}
          </Text>
          {installments.length === 0 ? (
            <Text c="dimmed">{t('party.credit.noInstallments')}</Text>
          ) : (
            <Group gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('party.credit.installments')}>
              {installments.map((fraction, index) => (
                <Badge
                  component="li"
                  key={index}
                  size="lg"
                  variant="light"
                  title={t('party.credit.installment', { number: index + 1 })}
                  aria-label={`${t('party.credit.installment', { number: index + 1 })}: ${formatPercent(fraction)}`}
                >
                  {formatPercent(fraction)}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
