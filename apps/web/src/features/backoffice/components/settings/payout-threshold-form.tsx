// Settings: the payout approval threshold (DESIGN.md §8), in currency units; a bank payout of at least
// this amount needs a second bank user (0, the default: every payout). Checked with the API's own schema.
import { payoutThresholdRequest } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { adornmentWidth, CurrencyAdornment, useCurrency, useFormatAmount } from '@/lib/amounts';
import { usePayoutThreshold, useUpdatePayoutThreshold } from '@/lib/payout-threshold';
import { NumberSettingFields } from './number-setting-fields';
import { SettingsSection } from './settings-section';

function ThresholdFields({ threshold }: { threshold: number }) {
  const formatAmount = useFormatAmount();
  const currency = useCurrency();
  const { t } = useTranslation('backoffice');
  const update = useUpdatePayoutThreshold();
  return (
    <NumberSettingFields
      title={t('settings.payoutThreshold.title')}
      label={t('settings.payoutThreshold.label')}
      initial={threshold}
      schema={payoutThresholdRequest.shape.threshold}
      describe={(value) => (value === 0 ? t('settings.payoutThreshold.every') : t('settings.payoutThreshold.current', { amount: formatAmount(value) }))}
      saving={update.isPending}
      onSave={(value, done) => update.mutate({ threshold: value }, { onSuccess: done })}
      input={{
        min: 0,
        step: 100,
        decimalScale: currency.decimals,
        leftSection: <CurrencyAdornment sign={currency.adornment} />,
        leftSectionWidth: adornmentWidth(currency.adornment),
        thousandSeparator: ',',
        dir: 'ltr',
      }}
    />
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
