// A code of two-step sign-in as the user types it: the 6-digit code of the authenticator app or, after
// "Use a recovery code", one of the recovery codes. Shared by the sign-in's code step and the account
// page's Turn off.
import { Anchor, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '@/i18n/translate-message';

/** The code typed so far, which kind it is, and whether it can be sent. */
export function useMfaCode() {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const ready = recovery ? code.trim().length >= 12 : /^\d{6}$/.test(code);
  return {
    recovery,
    code,
    setCode,
    ready,
    /** What is sent: the code without the spaces a paste may bring. */
    value: code.trim(),
    toggle: () => {
      setRecovery((r) => !r);
      setCode('');
    },
  };
}

export type MfaCodeState = ReturnType<typeof useMfaCode>;

/** The field of the kind chosen; `error` is a sentence of the API, shown under it. */
export function MfaCodeInput({ state, error, autoFocus = false }: { state: MfaCodeState; error: string | null; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const tm = useTranslateMessage();
  const shown = error ? tm(error) : undefined;
  return state.recovery ? (
    <TextInput
      label={t('auth.mfa.recoveryLabel')}
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      dir="ltr"
      value={state.code}
      onChange={(e) => state.setCode(e.currentTarget.value)}
      error={shown}
      data-autofocus={autoFocus || undefined}
    />
  ) : (
    <TextInput
      label={t('auth.mfa.codeLabel')}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={6}
      dir="ltr"
      value={state.code}
      onChange={(e) => state.setCode(e.currentTarget.value.replace(/\D/g, ''))}
      error={shown}
      data-autofocus={autoFocus || undefined}
    />
  );
}

/** Switches between the app's code and a recovery code. */
export function MfaCodeToggle({ state, onToggle }: { state: MfaCodeState; onToggle?: () => void }) {
  const { t } = useTranslation();
  return (
    <Anchor
      component="button"
      type="button"
      onClick={() => {
        state.toggle();
        onToggle?.();
      }}
      fz="sm"
      style={{ alignSelf: 'center' }}
    >
      {state.recovery ? t('auth.mfa.useApp') : t('auth.mfa.useRecovery')}
    </Anchor>
  );
}
