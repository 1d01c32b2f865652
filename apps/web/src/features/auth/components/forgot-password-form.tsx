// Forgot password: the email of the account, then the same confirmation whatever the server knows.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { MESSAGES, forgotPasswordRequest, type ForgotPasswordRequest } from '@qist/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { paths } from '@/config/paths';
import { useTranslateMessage } from '@/i18n/translate-message';
import { notify } from '@/lib/notify';
import { useForgotPassword } from '../api/passwords';

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const tm = useTranslateMessage();
  const mutation = useForgotPassword();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<z.input<typeof forgotPasswordRequest>, unknown, ForgotPasswordRequest>({
    mode: 'onTouched',
    reValidateMode: 'onChange',
    resolver: zodResolver(forgotPasswordRequest),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: () => {
        setSent(true);
        notify.success(MESSAGES.resetLinkSent);
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {sent && (
          <Alert color="teal" role="status" title={tm(MESSAGES.resetLinkSent)}>
            {t('auth.forgot.sent')}
          </Alert>
        )}
        <TextInput
          label={t('auth.forgot.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          {...register('email')}
          error={tm(errors.email?.message)}
        />
        <Button type="submit" fullWidth mt="xs" disabled={!isValid} loading={mutation.isPending}>
          {t('auth.forgot.submit')}
        </Button>
        <Text ta="center" fz="sm">
          <Anchor component={Link} to={paths.auth.login.getHref()} fz="sm" fw={600}>
            {t('auth.forgot.back')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
