// POST /api/v1/auth/register with { email, password, role, code } (DESIGN.md §6).
import { authContent, type AuthContent, type RegisterRequest } from '@qist/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Failures are not toasted here: the form shows them, on a field when it can. */
export function register(body: RegisterRequest): Promise<AuthContent> {
  return api.post('/api/v1/auth/register', body, authContent, { isAuthAttempt: true, notifyOnError: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
