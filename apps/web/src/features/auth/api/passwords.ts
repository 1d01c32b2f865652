// Passwords (DESIGN.md §8): ask for a reset link, choose a new password with it, change it while signed in.
import type { ChangePasswordRequest, ForgotPasswordRequest, ResetPasswordRequest, SetPasswordRequest } from '@qist/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The same answer whether or not an account has the email; a refusal (too many requests) is toasted. */
export function forgotPassword(body: ForgotPasswordRequest): Promise<unknown> {
  return api.post('/api/v1/auth/password/forgot', body);
}

/** Failures are not toasted here: the form shows them, on a field when it can. */
export function resetPassword(body: ResetPasswordRequest): Promise<unknown> {
  return api.post('/api/v1/auth/password/reset', body, undefined, { isAuthAttempt: true, notifyOnError: false });
}

/** An invitation's first password. Failures are not toasted here: the form shows them. */
export function setPassword(body: SetPasswordRequest): Promise<unknown> {
  return api.post('/api/v1/auth/password/set', body, undefined, { isAuthAttempt: true, notifyOnError: false });
}

/** Failures are not toasted here: the form shows them on its fields. */
export function changePassword(body: ChangePasswordRequest): Promise<unknown> {
  return api.post('/api/v1/auth/password/change', body, undefined, { notifyOnError: false });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
