// The sign-in form of the link pages (part 1 §2, §4): the sign-in page's fields, schema and call, but
// the session is stored only for the role the link needs; any other role gets 'you must login as …'
// and nothing is stored (its new server session is ended at once). The link page then carries on.
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { MESSAGES, type AuthContent, type SelfRegisterRole } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useLogin } from '@/features/auth/api/login';
import { useLoginFields } from '@/features/auth/use-login-fields';
import { useTranslateMessage } from '@/i18n/translate-message';
import { notify } from '@/lib/notify';
import { saveSession } from '@/lib/session';

const WRONG_ROLE: Record<SelfRegisterRole, string> = { sme: MESSAGES.mustLoginAsSme, provider: MESSAGES.mustLoginAsSupplier };

/** Ends the session the server just opened for a role this link cannot use; nothing of it was stored. */
function endUnusedSession(content: AuthContent): void {
  void fetch('/api/v1/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${content.token}` } }).catch(() => {});
}

export function LinkSignInForm({ role }: { role: SelfRegisterRole }) {
  const { t } = useTranslation();
  const tm = useTranslateMessage();
  const loginMutation = useLogin();
  const { field, errors, isValid, formProps } = useLoginFields((values) => {
    loginMutation.mutate(values, {
      onSuccess: (content) => {
        // Two-step sign-in: the code step is on the sign-in page.
        if ('mfaRequired' in content) {
          window.location.assign(paths.auth.login.getHref());
          return;
        }
        if (content['user-role'] !== role) {
          endUnusedSession(content);
          notify.error(WRONG_ROLE[role]);
          return;
        }
        saveSession(content);
        notify.success(MESSAGES.loginSuccess);
      },
    });
  });

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
        <Button type="submit" fullWidth mt="xs" disabled={!isValid} loading={loginMutation.isPending}>
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
