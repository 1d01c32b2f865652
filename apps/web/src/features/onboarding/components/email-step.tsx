// Step 1, the email code (part 1 §4, §5): Get Code (20 s countdown; the demo answer's code in an alert),
// then the 6-character code, spaces trimmed; Submit stays disabled until it has exactly 6 characters.
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { EMAIL_CODE_LENGTH, emailValidateRequest, type EmailValidateRequest } from '@qist/domain';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useTranslateMessage } from '@/i18n/translate-message';
import { useSession } from '@/lib/session';
import type { PartyRole } from '../api/keys';
import { useResendEmailCode } from '../api/resend-email-code';
import { useValidateEmailCode } from '../api/validate-email-code';
import { apiErrorMessage } from './api-error-message';
import { CodeAlert } from './code-alert';
import { GetCodeButton } from './get-code-button';
import { useCountdown } from './use-countdown';

const stripSpaces = (value: string) => value.replace(/\s+/g, '');

export function EmailStep({ role }: { role: PartyRole }) {
  const { t } = useTranslation('onboarding');
  const tm = useTranslateMessage();
  const { email } = useSession();
  const resend = useResendEmailCode(role);
  const validate = useValidateEmailCode(role);
  const countdown = useCountdown();
  const [shownCode, setShownCode] = useState<string | null>(null);

  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof emailValidateRequest>, unknown, EmailValidateRequest>({
    mode: 'onTouched',
    resolver: zodResolver(emailValidateRequest),
    defaultValues: { code: '' },
  });
  const code = useWatch({ control, name: 'code' });
  const complete = stripSpaces(code ?? '').length === EMAIL_CODE_LENGTH;

  const getCode = () => {
    resend.mutate(undefined, {
      onSuccess: ({ retryAfter, code: demoCode }) => {
        countdown.start(retryAfter);
        if (demoCode) setShownCode(demoCode);
      },
    });
  };

  const onSubmit = handleSubmit((values) => {
    validate.mutate(values, {
      onError: (error) => setError('code', { type: 'server', message: apiErrorMessage(error) }, { shouldFocus: true }),
    });
  });

  return (
    <Stack gap="md" maw={520}>
      <Stack gap={4}>
        <Title order={2} fz="lg">
          {t('email.heading')}
        </Title>
        <Text c="dimmed" fz="sm">
          {email ? t('email.intro', { email }) : t('email.introNoEmail')}
        </Text>
      </Stack>
      <GetCodeButton remaining={countdown.remaining} loading={resend.isPending} onClick={getCode} w="fit-content" />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('email.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={EMAIL_CODE_LENGTH + 4}
            placeholder="123456"
            dir="ltr"
            {...register('code')}
            error={tm(errors.code?.message)}
          />
          <Button type="submit" w="fit-content" disabled={!complete} loading={validate.isPending}>
            {t('code.submit')}
          </Button>
        </Stack>
      </form>
      <CodeAlert code={shownCode} onClose={() => setShownCode(null)} />
    </Stack>
  );
}
