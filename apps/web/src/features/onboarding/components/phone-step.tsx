// Step 2, the phone code (part 1 §4, §5): a Gulf country code and a number (needed before Get Code), the
// 20 s countdown and the demo 'Your code is' alert, then the code, sent as a number. The SME's code must
// have exactly 4 digits; the supplier's has no length check.
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  COUNTRY_CODES,
  PHONE_CODE_LENGTH,
  phoneAddRequest,
  phoneCodeForm,
  toPhoneValidateRequest,
  type PhoneAddRequest,
  type PhoneCodeForm,
} from '@qist/domain';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useTranslateMessage } from '@/i18n/translate-message';
import { useAddPhone } from '../api/add-phone';
import type { PartyRole } from '../api/keys';
import { useValidatePhone } from '../api/validate-phone';
import { apiErrorMessage } from './api-error-message';
import { CodeAlert } from './code-alert';
import { useCountryOptions } from './country-options';
import { GetCodeButton } from './get-code-button';
import { useCountdown } from './use-countdown';

/** Whether Submit may be pressed: 4 digits for an SME, any code for a supplier. */
function codeIsComplete(role: PartyRole, otp: string): boolean {
  const digits = otp.trim();
  return role === 'sme' ? digits.length === PHONE_CODE_LENGTH : digits.length > 0;
}

export function PhoneStep({ role }: { role: PartyRole }) {
  const { t } = useTranslation('onboarding');
  const tm = useTranslateMessage();
  const countryOptions = useCountryOptions();
  const addPhone = useAddPhone(role);
  const validate = useValidatePhone(role);
  const countdown = useCountdown();
  const [shownCode, setShownCode] = useState<string | null>(null);

  const phoneForm = useForm<z.input<typeof phoneAddRequest>, unknown, PhoneAddRequest>({
    mode: 'onTouched',
    resolver: zodResolver(phoneAddRequest),
    defaultValues: { countryCode: COUNTRY_CODES[0].code, phone: '' },
  });
  const phone = useWatch({ control: phoneForm.control, name: 'phone' });

  const codeSchema = useMemo(() => phoneCodeForm(role), [role]);
  const codeForm = useForm<z.input<typeof codeSchema>, unknown, PhoneCodeForm>({
    mode: 'onTouched',
    resolver: zodResolver(codeSchema),
    defaultValues: { otp: '' },
  });
  const otp = useWatch({ control: codeForm.control, name: 'otp' });

  const getCode = phoneForm.handleSubmit((values) => {
    addPhone.mutate(values, {
      onSuccess: ({ retryAfter, otp: demoCode }) => {
        countdown.start(retryAfter);
        if (demoCode) setShownCode(demoCode);
      },
    });
  });

  const submitCode = codeForm.handleSubmit((values) => {
    validate.mutate(toPhoneValidateRequest(values), {
      onError: (error) =>
        codeForm.setError('otp', { type: 'server', message: apiErrorMessage(error) }, { shouldFocus: true }),
    });
  });

  const phoneErrors = phoneForm.formState.errors;

  return (
    <Stack gap="md" maw={520}>
      <Stack gap={4}>
        <Title order={2} fz="lg">
          {t('phone.heading')}
        </Title>
        <Text c="dimmed" fz="sm">
          {t('phone.intro')}
        </Text>
      </Stack>
      <form onSubmit={getCode} noValidate>
        <Stack gap="sm">
          <Group gap="sm" align="flex-start" wrap="wrap">
            <Controller
              control={phoneForm.control}
              name="countryCode"
              render={({ field, fieldState }) => (
                <Select
                  ref={field.ref}
                  name={field.name}
                  label={t('phone.countryCode')}
                  data={countryOptions}
                  allowDeselect={false}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  error={tm(fieldState.error?.message)}
                  style={{ flex: '1 1 180px' }}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
            <TextInput
              label={t('phone.number')}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="55551234"
              dir="ltr"
              style={{ flex: '2 1 200px' }}
              {...phoneForm.register('phone')}
              error={tm(phoneErrors.phone?.message)}
            />
          </Group>
          <GetCodeButton
            type="submit"
            remaining={countdown.remaining}
            loading={addPhone.isPending}
            disabled={!phone?.trim()}
            w="fit-content"
          />
        </Stack>
      </form>
      <form onSubmit={submitCode} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('phone.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={role === 'sme' ? PHONE_CODE_LENGTH : undefined}
            placeholder={role === 'sme' ? '1234' : undefined}
            dir="ltr"
            {...codeForm.register('otp')}
            error={tm(codeForm.formState.errors.otp?.message)}
          />
          <Button
            type="submit"
            w="fit-content"
            disabled={!codeIsComplete(role, otp ?? '')}
            loading={validate.isPending}
          >
            {t('code.submit')}
          </Button>
        </Stack>
      </form>
      <CodeAlert code={shownCode} onClose={() => setShownCode(null)} />
    </Stack>
  );
}
