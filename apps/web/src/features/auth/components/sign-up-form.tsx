// Sign-up (part 1 §2, §4, §5): validate, confirm the role in a dialog, then register. The server
// checks the role's code; its answer 'admin verification code is wrong.' lands on the code field.
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Checkbox, PasswordInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import {
  MESSAGES,
  PRODUCT_NAME,
  signUpForm,
  type SelfRegisterRole,
  type SignUpForm as SignUpValues,
} from '@qist/domain';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { getSignupCodeEmail } from '@/config/contact';
import { paths, roleHomeHref } from '@/config/paths';
import { currentLanguage } from '@/i18n';
import { useTranslateMessage } from '@/i18n/translate-message';
import { ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { saveSession } from '@/lib/session';
import { useRegister } from '../api/register';

export type SignUpFormProps = { role: SelfRegisterRole };

/** The role toggle: switching role goes to /auth/register/{role}, where a fresh form is mounted. */
export function RoleToggle({ role }: SignUpFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <SegmentedControl
      fullWidth
      aria-label={t('auth.register.roleLabel')}
      value={role}
      onChange={(value) => void navigate(paths.auth.register.getHref(value as SelfRegisterRole))}
      data={[
        { value: 'sme', label: t('auth.roles.sme') },
        { value: 'provider', label: t('auth.roles.provider') },
      ]}
    />
  );
}

export function SignUpForm({ role }: SignUpFormProps) {
  const { t } = useTranslation();
  const tm = useTranslateMessage();
  const navigate = useNavigate();
  const registerMutation = useRegister();
  const [pending, setPending] = useState<SignUpValues | null>(null);
  const codeEmail = getSignupCodeEmail();

  const {
    register,
    control,
    handleSubmit,
    setError,
    trigger,
    getFieldState,
    formState: { errors, isValid },
  } = useForm<z.input<typeof signUpForm>, unknown, SignUpValues>({
    mode: 'onTouched',
    reValidateMode: 'onChange',
    resolver: zodResolver(signUpForm),
    defaultValues: { role, email: '', password: '', confirmPassword: '', code: '', agree: false },
  });

  // 'Passwords must match' follows the password too, once the confirmation has been touched.
  const password = useWatch({ control, name: 'password' });
  useEffect(() => {
    if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
  }, [password, getFieldState, trigger]);

  const onValid = handleSubmit((values) => setPending(values));

  const confirm = () => {
    if (!pending) return;
    const { email, password: pass, role: chosenRole, code } = pending;
    registerMutation.mutate(
      // The interface language in use becomes the language of the account's emails and SMS.
      { email, password: pass, role: chosenRole, code, language: currentLanguage() },
      {
        onSuccess: (content) => {
          setPending(null);
          saveSession(content);
          notify.success(MESSAGES.loginSuccess);
          void navigate(roleHomeHref(content['user-role']));
        },
        onError: (error) => {
          setPending(null);
          const message = error instanceof ApiError ? error.message : MESSAGES.serverError;
          if (message === MESSAGES.codeWrong) {
            setError('code', { type: 'server', message }, { shouldFocus: true });
            notify.warning(MESSAGES.contactUsWithEmail);
          } else if (message === MESSAGES.emailTaken) {
            setError('email', { type: 'server', message }, { shouldFocus: true });
          } else if (message === MESSAGES.passwordTooCommon || message === MESSAGES.passwordTooSimple) {
            setError('password', { type: 'server', message }, { shouldFocus: true });
          } else {
            notify.error(message);
          }
        },
      },
    );
  };

  return (
    <>
      <form onSubmit={onValid} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('auth.register.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            {...register('email')}
            error={tm(errors.email?.message)}
          />
          <PasswordInput
            label={t('auth.register.password')}
            autoComplete="new-password"
            {...register('password')}
            error={tm(errors.password?.message)}
          />
          <PasswordInput
            label={t('auth.register.confirmPassword')}
            autoComplete="new-password"
            {...register('confirmPassword')}
            error={tm(errors.confirmPassword?.message)}
          />
          <TextInput
            label={t('auth.register.code', { name: PRODUCT_NAME })}
            autoComplete="off"
            description={
              codeEmail ? (
                <Trans
                  i18nKey="auth.register.codeHint"
                  values={{ email: codeEmail }}
                  components={{ mail: <Anchor href={`mailto:${codeEmail}`} fz="inherit" underline="always" /> }}
                />
              ) : (
                <Trans
                  i18nKey="auth.register.codeHintContact"
                  components={{ contact: <Anchor component={Link} to={paths.public.contactUs.getHref()} fz="inherit" underline="always" /> }}
                />
              )
            }
            {...register('code')}
            error={tm(errors.code?.message)}
          />
          <Checkbox
            label={
              <Trans
                i18nKey="auth.register.agree"
                components={{
                  terms: <Anchor component={Link} to={paths.public.terms.getHref()} target="_blank" fz="inherit" underline="always" />,
                }}
              />
            }
            {...register('agree')}
            error={tm(errors.agree?.message)}
          />
          <Button type="submit" fullWidth mt="xs" disabled={!isValid} loading={registerMutation.isPending}>
            {t('auth.register.submit')}
          </Button>
          <Text ta="center" fz="sm">
            <Anchor component={Link} to={paths.auth.login.getHref()} fz="sm" fw={600}>
              {t('auth.register.haveAccount')}
            </Anchor>
          </Text>
        </Stack>
      </form>

      <ConfirmDialog
        opened={pending !== null}
        question={t('auth.register.confirmQuestion', { role: t(`auth.roles.${pending?.role ?? role}`) })}
        noLabel={t('auth.register.no')}
        yesLabel={t('auth.register.yes')}
        onNo={() => setPending(null)}
        onYes={confirm}
        loading={registerMutation.isPending}
      />
    </>
  );
}
