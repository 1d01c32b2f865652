// The second step of a sign-in (DESIGN §8): the 6-digit code of the authenticator app, or, through
// "Use a recovery code", one of the recovery codes. Loaded only when an account asks for it, so the
// sign-in page's first load does not carry it.
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import type { AuthContent } from '@qist/domain';
import { MESSAGES } from '@qist/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '@/i18n/translate-message';
import { ApiError } from '@/lib/api';
import { verifyMfa } from '../api/login';

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
  const tm = useTranslateMessage();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [pending, setPending] = useState(false);
  const ready = recovery ? code.trim().length >= 12 : /^\d{6}$/.test(code);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!ready || pending) return;
    setPending(true);
    setError(null);
    verifyMfa({ mfaToken, code: code.trim() }).then(onSignedIn, (cause: unknown) => {
      setPending(false);
      const msg = cause instanceof ApiError ? cause.message : MESSAGES.serverError;
      setExpired(msg === MESSAGES.mfaSignInExpired);
      setError(msg);
      setCode('');
    });
  }

  function toggle() {
    setRecovery((r) => !r);
    setCode('');
    setError(null);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">{recovery ? t('auth.mfa.recoveryHint') : t('auth.mfa.codeHint')}</Text>
        {recovery ? (
          <TextInput
            label={t('auth.mfa.recoveryLabel')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            dir="ltr"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={error ? tm(error) : undefined}
            data-autofocus
          />
        ) : (
          <TextInput
            label={t('auth.mfa.codeLabel')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            dir="ltr"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
            error={error ? tm(error) : undefined}
            data-autofocus
          />
        )}
        {expired && (
          <Alert color="yellow">
            <Anchor component="button" type="button" onClick={onRestart} fz="sm">
              {t('auth.mfa.restart')}
            </Anchor>
          </Alert>
        )}
        <Button type="submit" fullWidth disabled={!ready} loading={pending}>
          {t('auth.mfa.submit')}
        </Button>
        <Anchor component="button" type="button" onClick={toggle} fz="sm" style={{ alignSelf: 'center' }}>
          {recovery ? t('auth.mfa.useApp') : t('auth.mfa.useRecovery')}
        </Anchor>
      </Stack>
    </form>
  );
}
