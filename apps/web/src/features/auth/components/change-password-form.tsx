// Change password (DESIGN.md §8), in every panel's account page: the current password, then the new
// one twice. The server ends the user's other sessions; this one stays.
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { MESSAGES, changePasswordForm, type ChangePasswordForm as ChangeValues } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import '@/i18n/common-areas';
import { useChangePassword } from '../api/passwords';
import { useTranslateMessage } from '@/i18n/translate-message';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { NewPasswordFields, useNewPasswordForm } from './new-password-fields';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
const WEAK = new Set<string>([MESSAGES.passwordTooCommon, MESSAGES.passwordTooSimple, MESSAGES.passwordTooShort, MESSAGES.newPasswordSameAsCurrent]);

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const tm = useTranslateMessage();
  const mutation = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    newPasswordFields,
    formState: { errors, isValid },
  } = useNewPasswordForm<z.input<typeof changePasswordForm>, ChangeValues>('newPassword', {
    resolver: zodResolver(changePasswordForm),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          reset(EMPTY);
          notify.success(MESSAGES.passwordChanged);
        },
        onError: (error) => {
          const message = error instanceof ApiError ? error.message : MESSAGES.serverError;
          if (message === MESSAGES.currentPasswordWrong) setError('currentPassword', { type: 'server', message }, { shouldFocus: true });
          else if (WEAK.has(message)) setError('newPassword', { type: 'server', message }, { shouldFocus: true });
          else notify.error(message);
        },
      },
    );
  });

  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={520}>
      <form onSubmit={onSubmit} noValidate aria-labelledby="change-password-title">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} fz="lg" id="change-password-title">
              {t('account.changePassword.title')}
            </Title>
            <Text c="dimmed" fz="sm">
              {t('account.changePassword.subtitle')}
            </Text>
          </Stack>
          <PasswordInput
            label={t('account.changePassword.current')}
            autoComplete="current-password"
            {...register('currentPassword')}
            error={tm(errors.currentPassword?.message)}
          />
          <NewPasswordFields
            fields={newPasswordFields}
            labels={{ password: t('account.changePassword.next'), confirm: t('account.changePassword.confirm') }}
          />
          <Button type="submit" disabled={!isValid} loading={mutation.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('account.changePassword.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
