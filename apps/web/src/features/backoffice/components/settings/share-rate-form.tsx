// Settings (2): the bank's share of each supplier discount, 0 to 0.99 (default 0.1); the platform keeps
// the rest. Checked with the API's own schema.
import { DEFAULT_SHARE_RATE, MAX_SHARE_RATE, fractionToBasisPoints, shareRateRequest } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { useShareRate } from '../../api/get-share-rate';
import { useUpdateShareRate } from '../../api/update-share-rate';
import { NumberSettingFields } from './number-setting-fields';
import { SettingsSection } from './settings-section';

function ShareRateFields({ rate }: { rate: number }) {
  const { t } = useTranslation('backoffice');
  const update = useUpdateShareRate();
  return (
    <NumberSettingFields
      title={t('settings.shareRate.title')}
      label={t('settings.shareRate.label')}
      initial={rate}
      schema={shareRateRequest.shape.rate}
      describe={(value) => {
        const bank = fractionToBasisPoints(value) / 100;
        return t('settings.shareRate.split', { bank, platform: 100 - bank });
      }}
      saving={update.isPending}
      onSave={(value, done) => update.mutate({ rate: value }, { onSuccess: done })}
      input={{ min: 0, max: MAX_SHARE_RATE, step: 0.01, decimalScale: 2 }}
    />
  );
}

export function ShareRateForm() {
  const { t } = useTranslation('backoffice');
  const query = useShareRate();
  return (
    <SettingsSection title={t('settings.shareRate.title')} hint={t('settings.shareRate.hint')}>
      {/* the form starts from the saved rate (or the default when it cannot be read) */}
      {!query.isPending && <ShareRateFields key={String(query.data)} rate={query.data ?? DEFAULT_SHARE_RATE} />}
    </SettingsSection>
  );
}
