// POST /api/v1/auth/login (part 1 §7).
import { authContent, type AuthContent, type LoginRequest } from '@qist/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export function login(body: LoginRequest): Promise<AuthContent> {
  return api.post('/api/v1/auth/login', body, authContent, { isAuthAttempt: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
