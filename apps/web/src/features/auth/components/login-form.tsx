// Sign-in (part 1 §2, §5): errors appear once a field is left and then follow every keystroke.
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { MESSAGES, type loginRequest, type LoginRequest } from '@qist/domain';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { paths, roleHomeHref } from '@/config/paths';
import { useTranslateMessage } from '@/i18n/translate-message';
import { lazyResolver } from '@/lib/lazy-resolver';
import { notify } from '@/lib/notify';
import { saveSession } from '@/lib/session';
import { useLogin } from '../api/login';

type LoginFields = z.input<typeof loginRequest>;

// The schema (and zod) load once the visitor first touches the form: see lib/lazy-resolver.ts.
const resolver = lazyResolver<LoginFields, unknown, LoginRequest>(() =>
  import('../login-schemas').then((m) => m.loginResolver),
);

export function LoginForm() {
  const { t } = useTranslation();
  const tm = useTranslateMessage();
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<LoginFields, unknown, LoginRequest>({
    mode: 'onTouched',
    reValidateMode: 'onChange',
    resolver,
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    loginMutation.mutate(values, {
      onSuccess: (content) => {
        saveSession(content);
        notify.success(MESSAGES.loginSuccess);
        void navigate(roleHomeHref(content['user-role']));
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate {...resolver.formProps}>
      <Stack gap="md">
        <TextInput
          label={t('auth.login.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          {...register('email')}
          error={tm(errors.email?.message)}
        />
        <PasswordInput
          label={t('auth.login.password')}
          autoComplete="current-password"
          {...register('password')}
          error={tm(errors.password?.message)}
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
