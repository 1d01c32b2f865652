// The sign-in form of the link pages (part 1 §2, §4): the sign-in page's fields, schema and call, but
// the session is stored only for the role the link needs; any other role gets 'you must login as …'
// and nothing is stored (its new server session is ended at once). The link page then carries on.
// An account with two-step sign-in gives its code here too, so the link is not lost; the session the
// code step opens goes through the same role check.
import { Button, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import { MESSAGES, type AuthContent, type SelfRegisterRole } from '@qist/domain';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

// The code step: its own chunk (the sign-in page's), fetched when an account asks for it.
const MfaCodeStep = lazy(() => import('@/features/auth/components/mfa-code-step').then((m) => ({ default: m.MfaCodeStep })));

export function LinkSignInForm({ role }: { role: SelfRegisterRole }) {
  const { t } = useTranslation();
  const tm = useTranslateMessage();
  const loginMutation = useLogin();
  const [mfaToken, setMfaToken] = useState<string | null>(null);

  /** Keeps a session of the link's role; any other is ended and told, with nothing stored. */
  function signedIn(content: AuthContent) {
    if (content['user-role'] !== role) {
      endUnusedSession(content);
      notify.error(WRONG_ROLE[role]);
      return;
    }
    saveSession(content);
    notify.success(MESSAGES.loginSuccess);
  }

  const { field, errors, isValid, formProps } = useLoginFields((values) => {
    loginMutation.mutate(values, {
      onSuccess: (content) => {
        if ('mfaRequired' in content) setMfaToken(content.mfaToken);
        else signedIn(content);
      },
    });
  });

  if (mfaToken) {
    return (
      <Suspense fallback={<Loader mx="auto" display="block" aria-label={t('auth.mfa.loading')} />}>
        <MfaCodeStep
          mfaToken={mfaToken}
          onSignedIn={(content) => {
            // back to email and password: a refused role may sign in again with another account
            setMfaToken(null);
            signedIn(content);
          }}
          onRestart={() => setMfaToken(null)}
        />
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
        <Button type="submit" fullWidth mt="xs" disabled={!isValid} loading={loginMutation.isPending}>
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
