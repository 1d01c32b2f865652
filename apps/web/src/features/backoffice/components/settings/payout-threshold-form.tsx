// Settings: the payout approval threshold (DESIGN.md §8), in currency units; a bank payout of at least
// this amount needs a second bank user (0, the default: every payout). Checked with the API's own schema.
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NumberInput } from '@mantine/core';
import { MESSAGES, payoutThresholdRequest } from '@qist/domain';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '@/i18n/translate-message';
import { notify } from '@/lib/notify';
import { usePayoutThreshold, useUpdatePayoutThreshold } from '@/lib/payout-threshold';
import { FIELD_LABEL_HEIGHT, SettingsSection } from './settings-section';
import { adornmentWidth, CurrencyAdornment, useCurrency, useFormatAmount } from '@/lib/amounts';

type ThresholdInput = { threshold: number | string };
type ThresholdValues = { threshold: number };

// The field holds raw input ('' while empty); the API's schema judges it.
const resolver = zodResolver(payoutThresholdRequest) as unknown as Resolver<ThresholdInput, unknown, ThresholdValues>;

function ThresholdFields({ threshold }: { threshold: number }) {
  const formatAmount = useFormatAmount();
  const currency = useCurrency();
  const { t } = useTranslation('backoffice');
  const tm = useTranslateMessage();
  const update = useUpdatePayoutThreshold();
  const { control, handleSubmit } = useForm<ThresholdInput, unknown, ThresholdValues>({ resolver, defaultValues: { threshold } });
  const current = useWatch({ control, name: 'threshold' });
  const valid = typeof current === 'number' && current >= 0;
  const description = !valid ? undefined : current === 0 ? t('settings.payoutThreshold.every') : t('settings.payoutThreshold.current', { amount: formatAmount(current) });

  const onSubmit = handleSubmit((values) => update.mutate(values, { onSuccess: () => notify.success(MESSAGES.settingsDone) }));

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('settings.payoutThreshold.title')}>
      <Group align="flex-start" gap="sm">
        <Controller
          control={control}
          name="threshold"
          render={({ field, fieldState }) => (
            <NumberInput
              ref={field.ref}
              name={field.name}
              label={t('settings.payoutThreshold.label')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              description={description}
              min={0}
              step={100}
              decimalScale={currency.decimals}
              leftSection={<CurrencyAdornment sign={currency.adornment} />}
              leftSectionWidth={adornmentWidth(currency.adornment)}
              thousandSeparator=","
              clampBehavior="none"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={tm(fieldState.error?.message)}
              w={{ base: '100%', xs: 240 }}
              dir="ltr"
            />
          )}
        />
        <Button type="submit" loading={update.isPending} mt={{ base: 0, xs: FIELD_LABEL_HEIGHT }}>
          {t('settings.save')}
        </Button>
      </Group>
    </form>
  );
}

export function PayoutThresholdForm() {
  const { t } = useTranslation('backoffice');
  const query = usePayoutThreshold();
  return (
    <SettingsSection title={t('settings.payoutThreshold.title')} hint={t('settings.payoutThreshold.hint')}>
      {/* the form starts from the saved threshold (or 0, the default, when it cannot be read) */}
      {!query.isPending && <ThresholdFields key={String(query.data)} threshold={query.data ?? 0} />}
    </SettingsSection>
  );
}
