// The pre-registration form (part 1 §2 /pre-register, §5): company name, business sector, year of
// establishment, email, telephone and loan amount, checked by the shared schema once a field has been
// touched. On success: the toast 'pre-register successfully' and an empty form again.
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  establishmentYears,
  MESSAGES,
  preRegisterForm,
  toPreRegisterRequest,
  type PreRegisterForm as PreRegisterValues,
} from '@qist/domain';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { currentLanguage } from '@/i18n';
import { useTranslateMessage } from '@/i18n/translate-message';
import { normalizeAmount, toAsciiDigits } from '@/lib/normalize-input';
import { notify } from '@/lib/notify';
import { useCreatePreRegistration } from '../api/create-preregistration';
import { businessSectorOptions, filterBusinessSectors } from '../business-sector-options';
import { adornmentWidth, CurrencyAdornment, useCurrency } from '@/lib/amounts';

type PreRegisterInput = z.input<typeof preRegisterForm>;

const EMPTY: PreRegisterInput = {
  companyName: '',
  businessSector: '',
  year: '',
  email: '',
  telephone: '',
  loanAmount: '',
};

export function PreRegisterForm() {
  const { t } = useTranslation('public');
  const currency = useCurrency();
  const tm = useTranslateMessage();
  const language = currentLanguage();
  const createPreRegistration = useCreatePreRegistration();
  const pending = createPreRegistration.isPending;

  const sectors = useMemo(() => businessSectorOptions(language), [language]);
  const years = useMemo(() => establishmentYears().map(String), []);

  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PreRegisterInput, unknown, PreRegisterValues>({
    mode: 'onTouched',
    reValidateMode: 'onChange',
    resolver: zodResolver(preRegisterForm),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit((values) => {
    createPreRegistration.mutate(toPreRegisterRequest(values), {
      onSuccess: () => {
        notify.success(MESSAGES.preRegisterSuccess);
        reset(EMPTY);
      },
      // onError: the API client has already shown the server's msg; the fields keep their values
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('preRegister.form.title')}>
      <Stack gap="md">
        <TextInput
          label={t('preRegister.form.companyName')}
          autoComplete="organization"
          withAsterisk
          {...register('companyName')}
          error={tm(errors.companyName?.message)}
        />
        <Controller
          control={control}
          name="businessSector"
          render={({ field, fieldState }) => (
            <Select
              ref={field.ref}
              name={field.name}
              label={t('preRegister.form.businessSector')}
              placeholder={t('preRegister.form.businessSectorPlaceholder')}
              withAsterisk
              searchable
              data={sectors}
              filter={filterBusinessSectors}
              nothingFoundMessage={t('preRegister.form.nothingFound')}
              maxDropdownHeight={280}
              allowDeselect={false}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={tm(fieldState.error?.message)}
            />
          )}
        />
        <Controller
          control={control}
          name="year"
          render={({ field, fieldState }) => (
            <Select
              ref={field.ref}
              name={field.name}
              label={t('preRegister.form.year')}
              placeholder={t('preRegister.form.yearPlaceholder')}
              withAsterisk
              data={years}
              maxDropdownHeight={280}
              allowDeselect={false}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={tm(fieldState.error?.message)}
            />
          )}
        />
        <TextInput
          label={t('preRegister.form.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          dir="ltr"
          withAsterisk
          {...register('email')}
          error={tm(errors.email?.message)}
        />
        <TextInput
          label={t('preRegister.form.telephone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+965 2200 0000"
          dir="ltr"
          withAsterisk
          {...register('telephone', { setValueAs: (value: string) => toAsciiDigits(value) })}
          error={tm(errors.telephone?.message)}
        />
        <TextInput
          label={t('preRegister.form.loanAmount')}
          description={t('preRegister.form.loanAmountHint', { currency: currency.name })}
          inputMode="decimal"
          autoComplete="off"
          leftSection={<CurrencyAdornment sign={currency.adornment} />}
          leftSectionWidth={adornmentWidth(currency.adornment)}
          withAsterisk
          {...register('loanAmount', { setValueAs: (value: string) => normalizeAmount(value) })}
          error={tm(errors.loanAmount?.message)}
        />
        <Button type="submit" size="md" fullWidth mt="xs" disabled={pending} aria-busy={pending}>
          {pending ? '...' : t('preRegister.form.submit')}
        </Button>
        <Text fz="xs" c="dimmed" ta="center">
          {t('preRegister.form.privacy', { name: t('brand') })}
        </Text>
      </Stack>
    </form>
  );
}
