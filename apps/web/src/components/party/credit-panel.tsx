// CreditPanel: an SME's requested, allocated (limit), available and spent credit in $, and its instalment
// plan as percentages (shown from Insurance Verified on).
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { SmeProfile } from '@qist/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import '@/i18n/common-areas';
import { AmountFigures } from './amount-figures';
import { formatPercent } from './format';

export type CreditPanelProps = { sme: SmeProfile };

export function CreditPanel({ sme }: CreditPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { credit, installments } = sme;
  const figures = [
    { key: 'requested', label: t('party.credit.requested'), value: credit.request },
    { key: 'allocated', label: t('party.credit.allocated'), value: credit.limit },
    { key: 'available', label: t('party.credit.available'), value: credit.amount },
    { key: 'spent', label: t('party.credit.spent'), value: credit.spend },
  ];

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} fz="lg" id={titleId}>
          {t('party.credit.title')}
        </Title>
        <AmountFigures figures={figures} cols={{ base: 2, sm: 4 }} />
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
