// Sign-in (part 1 §2, §5): errors appear once a field is left and then follow every keystroke.
import { Anchor, Button, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { MESSAGES, type AuthContent } from '@qist/domain';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths, roleHomeHref } from '@/config/paths';
import { useTranslateMessage } from '@/i18n/translate-message';
import { notify } from '@/lib/notify';
import { completeSignIn, useLogin } from '../api/login';
import { useLoginFields } from '../use-login-fields';

// The code step of an account with two-step sign-in: its own chunk, fetched when login asks for it.
const MfaCodeStep = lazy(() => import('./mfa-code-step').then((m) => ({ default: m.MfaCodeStep })));

export function LoginForm() {
  const { t } = useTranslation();
  const tm = useTranslateMessage();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [mfaToken, setMfaToken] = useState<string | null>(null);

  function signedIn(content: AuthContent, withCode: boolean) {
    void completeSignIn(content, withCode).then(({ mfaSetupRequired }) => {
      notify.success(MESSAGES.loginSuccess);
      void navigate(mfaSetupRequired ? paths.mfaSetup.getHref() : roleHomeHref(content['user-role']));
    });
  }

  const { field, errors, isValid, formProps } = useLoginFields((values) => {
    loginMutation.mutate(values, {
      onSuccess: (content) => {
        if ('mfaRequired' in content) setMfaToken(content.mfaToken);
        else signedIn(content, false);
      },
    });
  });

  if (mfaToken) {
    return (
      <Suspense fallback={<Loader mx="auto" display="block" aria-label={t('auth.mfa.loading')} />}>
        <MfaCodeStep mfaToken={mfaToken} onSignedIn={(content) => signedIn(content, true)} onRestart={() => setMfaToken(null)} />
      </Suspense>
    );
  }

  return (
    <form {...formProps}>
      <Stack gap="md">
        <TextInput
          label={t('auth.login.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          {...field('email')}
          error={tm(errors.email)}
        />
        <PasswordInput
          label={t('auth.login.password')}
          autoComplete="current-password"
          {...field('password')}
          error={tm(errors.password)}
        />
        <Anchor component={Link} to={paths.auth.forgotPassword.getHref()} fz="sm" style={{ alignSelf: 'flex-end' }}>
          {t('auth.login.forgot')}
        </Anchor>
        <Button type="submit" fullWidth mt="xs" disabled={!isValid} loading={loginMutation.isPending}>
          {t('auth.login.submit')}
        </Button>
        <Text ta="center" fz="sm" c="dimmed">
          {t('auth.login.noAccount')}{' '}
          <Anchor component={Link} to={paths.auth.register.getHref('sme')} fz="sm" fw={600}>
            {t('auth.login.createAccount')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
