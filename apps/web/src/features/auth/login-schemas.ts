// The sign-in form's zod schemas, loaded apart from the form (see ./use-login-fields.ts): its
// validation and the check of the server's answers (login, its code step, and auth/me after it).
import { authContent, loginRequest, meResponse, mfaChallenge, type LoginRequest } from '@qist/domain';
import { z } from 'zod';

export { authContent };

/** What login answers: a session, or the token of the code step (two-step sign-in). */
export const loginContent = z.union([authContent, mfaChallenge]);

/** GET /auth/me's content: whether the new session must set up two-step sign-in first. */
export const meContent = meResponse.shape.content;

export type LoginFields = z.input<typeof loginRequest>;
export type LoginErrors = Partial<Record<keyof LoginFields, string>>;

/** The sign-in fields checked: the request to send, or each field's first message. */
export function checkLogin(values: LoginFields): { request: LoginRequest | null; errors: LoginErrors } {
  const result = loginRequest.safeParse(values);
  if (result.success) return { request: result.data, errors: {} };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof LoginFields;
    errors[field] ??= issue.message;
  }
  return { request: null, errors };
}
