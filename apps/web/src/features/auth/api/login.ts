// POST /api/v1/auth/login (part 1 §7).
import type { AuthContent, LoginRequest } from '@qist/domain';
import { useCallback, useState } from 'react';
import { api } from '@/lib/api';

export async function login(body: LoginRequest): Promise<AuthContent> {
  // The answer's schema comes with zod, which the sign-in page loads only once it is on screen.
  const { authContent } = await import('../login-schemas');
  return api.post('/api/v1/auth/login', body, authContent, { isAuthAttempt: true });
}

/**
 * Sign-in's request and whether it is under way. The sign-in page, a first screen, does without
 * TanStack Query: a failure has already been told by the API client (its toast), so it only ends the
 * pending state; `onSuccess` runs with the session's content.
 */
export function useLogin() {
  const [isPending, setPending] = useState(false);
  const mutate = useCallback((body: LoginRequest, { onSuccess }: { onSuccess: (content: AuthContent) => void }) => {
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
