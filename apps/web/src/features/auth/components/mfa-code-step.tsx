// The second step of a sign-in (DESIGN §8): the 6-digit code of the authenticator app, or, through
// "Use a recovery code", one of the recovery codes. Loaded only when an account asks for it, so the
// sign-in page's first load does not carry it.
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import type { AuthContent } from '@qist/domain';
import { MESSAGES } from '@qist/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api';
import { verifyMfa } from '../api/login';
import { MfaCodeInput, MfaCodeToggle, useMfaCode } from './mfa-code-input';

export function MfaCodeStep({
  mfaToken,
  onSignedIn,
  onRestart,
}: {
  mfaToken: string;
  onSignedIn: (content: AuthContent) => void;
  /** Back to email and password (the step's token expired, or another account). */
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const code = useMfaCode();
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [pending, setPending] = useState(false);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!code.ready || pending) return;
    setPending(true);
    setError(null);
    verifyMfa({ mfaToken, code: code.value }).then(onSignedIn, (cause: unknown) => {
      setPending(false);
      const msg = cause instanceof ApiError ? cause.message : MESSAGES.serverError;
      setExpired(msg === MESSAGES.mfaSignInExpired);
      setError(msg);
      code.setCode('');
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">{code.recovery ? t('auth.mfa.recoveryHint') : t('auth.mfa.codeHint')}</Text>
        <MfaCodeInput state={code} error={error} autoFocus />
        {expired && (
          <Alert color="yellow">
            <Anchor component="button" type="button" onClick={onRestart} fz="sm">
              {t('auth.mfa.restart')}
            </Anchor>
          </Alert>
        )}
        <Button type="submit" fullWidth disabled={!code.ready} loading={pending}>
          {t('auth.mfa.submit')}
        </Button>
        <MfaCodeToggle state={code} onToggle={() => setError(null)} />
      </Stack>
    </form>
  );
}
