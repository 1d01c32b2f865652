// Settings (2): the bank's share of each supplier discount, 0 to 0.99 (default 0.1); the platform keeps
// the rest. Checked with the API's own schema.
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NumberInput } from '@mantine/core';
import { DEFAULT_SHARE_RATE, MAX_SHARE_RATE, MESSAGES, fractionToBasisPoints, shareRateRequest } from '@qist/domain';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '@/i18n/translate-message';
import { notify } from '@/lib/notify';
import { useShareRate } from '../../api/get-share-rate';
import { useUpdateShareRate } from '../../api/update-share-rate';
import { FIELD_LABEL_HEIGHT, SettingsSection } from './settings-section';

type ShareRateInput = { rate: number | string };
type ShareRateValues = { rate: number };

// The field holds raw input ('' while empty); the API's schema judges it.
const resolver = zodResolver(shareRateRequest) as unknown as Resolver<ShareRateInput, unknown, ShareRateValues>;

function ShareRateFields({ rate }: { rate: number }) {
  const { t } = useTranslation('backoffice');
  const tm = useTranslateMessage();
  const update = useUpdateShareRate();
  const { control, handleSubmit } = useForm<ShareRateInput, unknown, ShareRateValues>({ resolver, defaultValues: { rate } });
  const current = useWatch({ control, name: 'rate' });
  const valid = typeof current === 'number' && current >= 0 && current <= MAX_SHARE_RATE;
  const bank = valid ? fractionToBasisPoints(current) / 100 : null;

  const onSubmit = handleSubmit((values) =>
    update.mutate(values, { onSuccess: () => notify.success(MESSAGES.settingsDone) }),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('settings.shareRate.title')}>
      <Group align="flex-start" gap="sm">
        <Controller
          control={control}
          name="rate"
          render={({ field, fieldState }) => (
            <NumberInput
              ref={field.ref}
              name={field.name}
              label={t('settings.shareRate.label')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              description={bank === null ? undefined : t('settings.shareRate.split', { bank, platform: 100 - bank })}
              min={0}
              max={MAX_SHARE_RATE}
              step={0.01}
              decimalScale={2}
              clampBehavior="none"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={tm(fieldState.error?.message)}
              w={{ base: '100%', xs: 240 }}
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
