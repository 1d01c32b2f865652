// POST /api/v1/auth/login (part 1 §7) and its code step, POST /api/v1/auth/mfa/verify (DESIGN §8).
import { BACK_OFFICE_ROLES, type AuthContent, type LoginRequest, type MfaChallenge, type MfaVerifyRequest } from '@qist/domain';
import { useCallback, useState } from 'react';
import { api } from '@/lib/api';
import { saveSession, setMfaSetupRequired } from '@/lib/session';

export async function login(body: LoginRequest): Promise<AuthContent | MfaChallenge> {
  // The answer's schema comes with zod, which the sign-in page loads only once it is on screen.
  const { loginContent } = await import('../login-schemas');
  return api.post('/api/v1/auth/login', body, loginContent, { isAuthAttempt: true });
}

/** The code step: a code of the authenticator app, or a recovery code. Failures are shown by the form. */
export async function verifyMfa(body: MfaVerifyRequest): Promise<AuthContent> {
  const { authContent } = await import('../login-schemas');
  return api.post('/api/v1/auth/mfa/verify', body, authContent, { isAuthAttempt: true, notifyOnError: false });
}

/**
 * Keeps a completed sign-in. A back-office account signed in without a code may still have its
 * two-step sign-in to set up (its role needs it): the session records it, so the guards send it there.
 */
export async function completeSignIn(content: AuthContent, withCode: boolean): Promise<{ mfaSetupRequired: boolean }> {
  saveSession(content);
  if (withCode || !(BACK_OFFICE_ROLES as readonly string[]).includes(content['user-role'])) return { mfaSetupRequired: false };
  const { meContent } = await import('../login-schemas');
  const me = await api.get('/api/v1/auth/me', meContent);
  setMfaSetupRequired(me.mfaSetupRequired);
  return { mfaSetupRequired: me.mfaSetupRequired };
}

/**
 * Sign-in's request and whether it is under way. The sign-in page, a first screen, does without
 * TanStack Query: a failure has already been told by the API client (its toast), so it only ends the
 * pending state; `onSuccess` runs with the answer (a session, or the code step's token).
 */
export function useLogin() {
  const [isPending, setPending] = useState(false);
  const mutate = useCallback((body: LoginRequest, { onSuccess }: { onSuccess: (content: AuthContent | MfaChallenge) => void }) => {
    setPending(true);
    login(body).then(
      (content) => {
        setPending(false);
        onSuccess(content);
      },
      () => setPending(false),
    );
  }, []);
  return { mutate, isPending };
}
