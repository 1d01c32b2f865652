// Step 3, the information form (part 1 §5), one form for both roles: names, company title and
// description, address and categories for everyone; the requested credit for SMEs; VAT and website for
// suppliers; instagram, email 2, address 2 and phone 2 optional. Checked by the domain's form schemas once
// a field is touched. At -2 (conditional rejection) it is prefilled from the profile under the downgrade alert.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Divider, Group, Input, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  COUNTRY_CODES,
  MESSAGES,
  providerInfoForm,
  SME_LEVEL,
  smeInfoForm,
  toProviderInfoRequest,
  toSmeInfoRequest,
  type ProviderInfoForm,
  type SmeInfoForm,
} from '@qist/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '@/i18n/translate-message';
import { categoryTitle } from '@/lib/category-text';
import { isSmeProfile, type PartyProfile } from '@/lib/party-profile';
import { useAddInfo } from '../api/add-info';
import type { PartyRole } from '../api/keys';
import { CategoriesPicker } from './categories-picker';
import { useCountryOptions } from './country-options';
import { adornmentWidth, CurrencyAdornment, useCurrency } from '@/lib/amounts';

/** The form's fields as typed (every field text; role-specific ones are ignored for the other role). */
export type InfoFormInput = {
  firstname: string;
  lastname: string;
  companyTile: string;
  companyDesc: string;
  address: string;
  categoriesSelected: string[];
  requestCredit: string;
  companyVAT: string;
  website: string;
  instagram: string;
  email2: string;
  address2: string;
  phone2: { phone: string; countryCode: string };
};

type InfoFormOutput = SmeInfoForm | ProviderInfoForm;

const DEFAULT_COUNTRY = COUNTRY_CODES[0].code;

/** The form's starting values: empty, or the profile's when the information is edited again (-2). */
export function infoFormValues(profile: PartyProfile | undefined): InfoFormInput {
  const info = profile?.info;
  return {
    firstname: info?.firstname ?? '',
    lastname: info?.lastname ?? '',
    companyTile: profile?.desc.title ?? '',
    companyDesc: profile?.desc.text ?? '',
    address: info?.address ?? '',
    categoriesSelected: profile?.categories.map((category) => category._id) ?? [],
    requestCredit: profile && isSmeProfile(profile) && profile.credit.request > 0 ? String(profile.credit.request) : '',
    companyVAT: profile && 'companyVAT' in profile.info ? (profile.info.companyVAT ?? '') : '',
    website: profile && 'website' in profile.info ? (profile.info.website ?? '') : '',
    instagram: info?.instagram ?? '',
    email2: info?.email2 ?? '',
    address2: info?.address2 ?? '',
    phone2: { phone: info?.phone2?.number ?? '', countryCode: info?.phone2?.country_code || DEFAULT_COUNTRY },
  };
}

export type InfoFormProps = { role: PartyRole; level: number; profile: PartyProfile | undefined };

export function InfoForm({ role, level, profile }: InfoFormProps) {
  const { t } = useTranslation('onboarding');
  const currency = useCurrency();
  const tm = useTranslateMessage();
  const countryOptions = useCountryOptions();
  const addInfo = useAddInfo(role);
  const editing = level === SME_LEVEL.conditionalRejected;

  const resolver = useMemo(
    () => (role === 'sme' ? zodResolver(smeInfoForm) : zodResolver(providerInfoForm)) as unknown as Resolver<InfoFormInput, unknown, InfoFormOutput>,
    [role],
  );
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<InfoFormInput, unknown, InfoFormOutput>({
    mode: 'onTouched',
    reValidateMode: 'onChange',
    resolver,
    defaultValues: infoFormValues(editing ? profile : undefined),
  });

  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const knownTitles = useMemo(
    () => new Map((profile?.categories ?? []).map((category) => [category._id, categoryTitle(category, language)] as const)),
    [profile, language],
  );

  const onSubmit = handleSubmit((values) => {
    addInfo.mutate(role === 'sme' ? toSmeInfoRequest(values as SmeInfoForm) : toProviderInfoRequest(values as ProviderInfoForm));
  });

  const optional = <Text span fz="xs" c="dimmed">{` (${t('info.optional')})`}</Text>;
  // a required field: the visible asterisk, and an accessible name without it
  const required = (label: string) => ({ label, withAsterisk: true, 'aria-label': label, 'aria-required': true });

  return (
    <Stack gap="md">
      {editing && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle />} role="alert">
          {tm(MESSAGES.downgraded)}
        </Alert>
      )}
      <Stack gap={4}>
        <Title order={2} fz="lg">
          {role === 'sme' ? t('info.headingSme') : t('info.headingProvider')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('info.intro')}
        </Text>
      </Stack>
      <form onSubmit={onSubmit} noValidate aria-label={role === 'sme' ? t('info.headingSme') : t('info.headingProvider')}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput {...required(t('info.firstName'))} autoComplete="given-name" {...register('firstname')} error={tm(errors.firstname?.message)} />
            <TextInput {...required(t('info.lastName'))} autoComplete="family-name" {...register('lastname')} error={tm(errors.lastname?.message)} />
            <TextInput {...required(t('info.companyTitle'))} autoComplete="organization" {...register('companyTile')} error={tm(errors.companyTile?.message)} />
            <TextInput {...required(t('info.address'))} autoComplete="street-address" {...register('address')} error={tm(errors.address?.message)} />
          </SimpleGrid>
          <Textarea
            {...required(t('info.companyDesc'))}
            rows={4}
            resize="vertical"
            {...register('companyDesc')}
            error={tm(errors.companyDesc?.message)}
          />
          {role === 'sme' ? (
            <TextInput
              {...required(t('info.requestCredit'))}
              description={t('info.requestCreditHint', { currency: currency.name })}
              inputMode="decimal"
              autoComplete="off"
              dir="ltr"
              leftSection={<CurrencyAdornment sign={currency.adornment} />}
              leftSectionWidth={adornmentWidth(currency.adornment)}
              {...register('requestCredit')}
              error={tm(errors.requestCredit?.message)}
            />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <TextInput {...required(t('info.companyVat'))} autoComplete="off" {...register('companyVAT')} error={tm(errors.companyVAT?.message)} />
              <TextInput
                {...required(t('info.website'))}
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder="https://example.com"
                dir="ltr"
                {...register('website')}
                error={tm(errors.website?.message)}
              />
            </SimpleGrid>
          )}
          <Controller
            control={control}
            name="categoriesSelected"
            render={({ field, fieldState }) => (
              <CategoriesPicker
                role={role}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                knownTitles={knownTitles}
                error={tm(fieldState.error?.message)}
              />
            )}
          />
          <Divider label={t('info.optional')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput label={<>{t('info.instagram')}{optional}</>} aria-label={t('info.instagram')} autoComplete="off" dir="ltr" {...register('instagram')} error={tm(errors.instagram?.message)} />
            <TextInput
              label={<>{t('info.email2')}{optional}</>}
              aria-label={t('info.email2')}
              type="email"
              inputMode="email"
              autoComplete="email"
              dir="ltr"
              {...register('email2')}
              error={tm(errors.email2?.message)}
            />
            <TextInput label={<>{t('info.address2')}{optional}</>} aria-label={t('info.address2')} autoComplete="off" {...register('address2')} error={tm(errors.address2?.message)} />
            <Input.Wrapper label={<>{t('info.phone2')}{optional}</>} labelElement="div">
              <Group gap="xs" align="flex-start" wrap="nowrap">
                <Controller
                  control={control}
                  name="phone2.countryCode"
                  render={({ field, fieldState }) => (
                    <Select
                      ref={field.ref}
                      name={field.name}
                      aria-label={t('info.phone2CountryCode')}
                      data={countryOptions}
                      allowDeselect={false}
                      value={field.value || null}
                      onChange={(value) => field.onChange(value ?? '')}
                      onBlur={field.onBlur}
                      error={tm(fieldState.error?.message)}
                      w={150}
                      style={{ flexShrink: 0 }}
                      comboboxProps={{ width: 220, position: 'bottom-start' }}
                    />
                  )}
                />
                <TextInput
                  aria-label={t('info.phone2')}
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  dir="ltr"
                  style={{ flex: 1, minWidth: 0 }}
                  {...register('phone2.phone')}
                  error={tm(errors.phone2?.phone?.message)}
                />
              </Group>
            </Input.Wrapper>
          </SimpleGrid>
          <Button type="submit" mt="xs" loading={addInfo.isPending} w={{ base: '100%', sm: 'fit-content' }} miw={160}>
            {t('info.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
