import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { loginRequest, registerRequest, signUpForm } from './auth.js';

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('sign-in and sign-up schemas', () => {
  it("gives the spec's messages for missing and malformed fields", () => {
    expect(messages(loginRequest.safeParse({}))).toEqual({
      email: MESSAGES.emailRequired,
      password: MESSAGES.passwordRequired,
    });
    expect(messages(loginRequest.safeParse({ email: 'nope', password: '1234567' }))).toEqual({
      email: MESSAGES.emailInvalid,
      password: MESSAGES.passwordTooShort,
    });
  });

  it('accepts only the self-registering roles', () => {
    const base = { email: 'a@b.co', password: 'password123', code: 'x' };
    expect(registerRequest.safeParse({ ...base, role: 'sme' }).success).toBe(true);
    expect(registerRequest.safeParse({ ...base, role: 'provider' }).success).toBe(true);
    expect(messages(registerRequest.safeParse({ ...base, role: 'admin' }))).toEqual({ role: MESSAGES.roleRequired });
  });

  it('trims the email and the code', () => {
    const parsed = registerRequest.parse({ email: '  a@b.co ', password: 'password123', role: 'sme', code: ' c ' });
    expect(parsed.email).toBe('a@b.co');
    expect(parsed.code).toBe('c');
  });

  it('requires matching passwords, the terms and the code on the sign-up form', () => {
    const form = { role: 'sme', email: 'a@b.co', password: 'password123', confirmPassword: 'password124', code: 'c', agree: true };
    expect(messages(signUpForm.safeParse(form))).toEqual({ confirmPassword: MESSAGES.passwordsMustMatch });
    expect(messages(signUpForm.safeParse({ ...form, confirmPassword: 'password123', agree: false, code: ' ' }))).toEqual({
      agree: MESSAGES.acceptTermsRequired,
      code: MESSAGES.codeRequired,
    });
  });
});
