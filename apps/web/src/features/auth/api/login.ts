// POST /api/v1/auth/login (part 1 §7).
import type { AuthContent, LoginRequest } from '@qist/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export async function login(body: LoginRequest): Promise<AuthContent> {
  // The answer's schema comes with zod, which the sign-in page loads only once it is on screen.
  const { authContent } = await import('../login-schemas');
  return api.post('/api/v1/auth/login', body, authContent, { isAuthAttempt: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
