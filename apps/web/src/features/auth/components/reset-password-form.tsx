// Choosing a new password with the emailed link's token: the new password twice, under the sign-up
// policy. Saved, it leads to sign-in; a used or expired link offers to ask for a new one. The same
// form sets an invited back-office user's first password (`invite`): its link comes from an admin.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { MESSAGES, resetPasswordForm, type ResetPasswordForm as ResetValues } from '@qist/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { paths } from '@/config/paths';
import { useTranslateMessage } from '@/i18n/translate-message';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { useResetPassword, useSetPassword } from '../api/passwords';
import { NewPasswordFields, useNewPasswordForm } from './new-password-fields';

function AskAgain() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={paths.auth.forgotPassword.getHref()} fz="sm" fw={600}>
      {t('auth.reset.askAgain')}
    </Anchor>
  );
}

type Purpose = 'reset' | 'invite';

const TEXTS = {
  reset: { keys: 'auth.reset', done: MESSAGES.passwordReset, refused: MESSAGES.resetLinkInvalid },
  invite: { keys: 'auth.setPassword', done: MESSAGES.passwordSet, refused: MESSAGES.inviteLinkInvalid },
} as const;

function AskAdmin() {
  const { t } = useTranslation();
  return <Text fz="sm">{t('auth.setPassword.askAdmin')}</Text>;
}

export function ResetPasswordForm({ token, purpose = 'reset' }: { token: string; purpose?: Purpose }) {
  const { t } = useTranslation();
  const tm = useTranslateMessage();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const invite = useSetPassword();
  const mutation = purpose === 'invite' ? invite : reset;
  const texts = TEXTS[purpose];
  const [linkRefused, setLinkRefused] = useState(false);
  const {
    handleSubmit,
    setError,
    newPasswordFields,
    formState: { isValid },
  } = useNewPasswordForm<z.input<typeof resetPasswordForm>, ResetValues>('password', {
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(
      { token, password: values.password },
      {
        onSuccess: () => {
          notify.success(texts.done);
          void navigate(paths.auth.login.getHref(), { replace: true });
        },
        onError: (error) => {
          const message = error instanceof ApiError ? error.message : MESSAGES.serverError;
          if (message === MESSAGES.passwordTooCommon || message === MESSAGES.passwordTooSimple || message === MESSAGES.passwordTooShort) {
            setError('password', { type: 'server', message }, { shouldFocus: true });
          } else if (message === texts.refused) {
            setLinkRefused(true);
            notify.error(message);
          } else {
            notify.error(message);
          }
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {linkRefused && (
          <Alert color="red" role="alert" title={tm(texts.refused)}>
            {purpose === 'invite' ? <AskAdmin /> : <AskAgain />}
          </Alert>
        )}
        <NewPasswordFields
          fields={newPasswordFields}
          labels={{ password: t(`${texts.keys}.password`), confirm: t(`${texts.keys}.confirmPassword`) }}
        />
        <Button type="submit" fullWidth mt="xs" disabled={!isValid} loading={mutation.isPending}>
          {t(`${texts.keys}.submit`)}
        </Button>
        <Text ta="center" fz="sm">
          <Anchor component={Link} to={paths.auth.login.getHref()} fz="sm" fw={600}>
            {t(`${texts.keys}.back`)}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

/** The page's body when its address carries no token: the way to ask for a link. */
export function MissingResetToken() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="yellow" role="alert">
        {t('auth.reset.noToken')}
      </Alert>
      <Text ta="center">
        <AskAgain />
      </Text>
    </Stack>
  );
}

/** The invitation page's body when its address carries no token. */
export function MissingInviteToken() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="yellow" role="alert">
        {t('auth.setPassword.noToken')}
      </Alert>
      <AskAdmin />
    </Stack>
  );
}
