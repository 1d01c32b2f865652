// Sign-in and sign-up: one schema per request and response, used by the forms and the routes.
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { LANGUAGES } from '../language.js';
import { ROLES, SELF_REGISTER_ROLES } from '../roles.js';
import { okEnvelope } from './envelope.js';
import { text } from './fields.js';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

export const emailField = text({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.emailInvalid)
  .pipe(z.email({ error: MESSAGES.emailInvalid }));

export const passwordField = text({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, MESSAGES.passwordTooShort);

export const selfRegisterRoleField = z.enum(SELF_REGISTER_ROLES, { error: MESSAGES.roleRequired });

export const signUpCodeField = text({ error: MESSAGES.codeRequired })
  .trim()
  .min(1, MESSAGES.codeRequired)
  .max(100, MESSAGES.codeWrong);

export const loginRequest = z.object({ email: emailField, password: passwordField });
export type LoginRequest = z.infer<typeof loginRequest>;

export const registerRequest = z.object({
  email: emailField,
  password: passwordField,
  role: selfRegisterRoleField,
  code: signUpCodeField,
  /** The interface language in use at sign-up: the language of the emails and SMS sent to the account. */
  language: z.enum(LANGUAGES, { error: MESSAGES.languageInvalid }).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

/** The sign-up form: the request plus the fields that stay in the browser. */
export const signUpForm = z
  .object({
    role: selfRegisterRoleField,
    email: emailField,
    password: passwordField,
    confirmPassword: text({ error: MESSAGES.confirmPasswordRequired })
      .min(1, MESSAGES.confirmPasswordRequired)
      .min(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort),
    code: signUpCodeField,
    agree: z.boolean().refine((v) => v, MESSAGES.acceptTermsRequired),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: MESSAGES.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type SignUpForm = z.infer<typeof signUpForm>;

/** What the browser keeps after sign-in or sign-up (part 1 §3 "Session"). */
export const authUser = z.object({
  _id: z.string(),
  name: z.string(),
  level: z.number().int().nullable(),
  auth_id: z.object({ email: z.string() }),
  /** The language of the emails and SMS the platform writes to this user. */
  language: z.enum(LANGUAGES),
});

export const authContent = z.object({
  token: z.string(),
  'user-role': z.enum(ROLES),
  user: authUser,
});
export type AuthContent = z.infer<typeof authContent>;

/**
 * An account with two-step sign-in: no session yet, a short-lived token to send back with a code
 * to POST /api/v1/auth/mfa/verify.
 */
export const mfaChallenge = z.object({ mfaRequired: z.literal(true), mfaToken: z.string() });
export type MfaChallenge = z.infer<typeof mfaChallenge>;

export const loginResponse = okEnvelope(z.union([authContent, mfaChallenge]));
export const registerResponse = okEnvelope(authContent);
export const logoutResponse = okEnvelope(z.object({}));

export const meResponse = okEnvelope(
  z.object({
    role: z.enum(ROLES),
    user: authUser,
    /** Whether the account has two-step sign-in on. */
    mfa: z.boolean(),
    /** The account's role needs two-step sign-in on this platform (MFA_REQUIRED_ROLES): it cannot be turned off. */
    mfaRequired: z.boolean(),
    /** The role needs two-step sign-in and the account has none yet: only setting it up is open. */
    mfaSetupRequired: z.boolean(),
  }),
);

/** PUT /api/v1/auth/language: the signed-in user's language for emails and SMS. */
export const languageRequest = z.object({ language: z.enum(LANGUAGES, { error: MESSAGES.languageInvalid }) });
export type LanguageRequest = z.infer<typeof languageRequest>;
export const languageResponse = okEnvelope(z.object({ language: z.enum(LANGUAGES) }));

// ---- passwords (DESIGN §8): forgotten, reset with an emailed link, changed while signed in

/** POST /api/v1/auth/password/forgot: the same answer whether or not an account has the email. */
export const forgotPasswordRequest = z.object({ email: emailField });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;
export const forgotPasswordResponse = okEnvelope(z.object({}));

/** The token of a reset link: what the emailed link carries after `?token=`. */
export const resetTokenField = text({ error: MESSAGES.resetLinkInvalid })
  .trim()
  .min(1, MESSAGES.resetLinkInvalid)
  .max(200, MESSAGES.resetLinkInvalid);

/** POST /api/v1/auth/password/reset: a new password through a reset link, usable once. */
export const resetPasswordRequest = z.object({ token: resetTokenField, password: passwordField });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;
export const resetPasswordResponse = okEnvelope(z.object({}));

/** POST /api/v1/auth/password/change: the signed-in user's new password; other sessions end. */
export const changePasswordRequest = z.object({
  currentPassword: text({ error: MESSAGES.currentPasswordRequired })
    .min(1, MESSAGES.currentPasswordRequired)
    .max(MAX_PASSWORD_LENGTH, MESSAGES.currentPasswordWrong),
  newPassword: text({ error: MESSAGES.newPasswordRequired })
    .min(1, MESSAGES.newPasswordRequired)
    .min(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort)
    .max(MAX_PASSWORD_LENGTH, MESSAGES.passwordTooShort),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
export const changePasswordResponse = okEnvelope(z.object({}));

const confirmField = text({ error: MESSAGES.confirmPasswordRequired }).min(1, MESSAGES.confirmPasswordRequired);

/** The reset page: the new password twice. */
export const resetPasswordForm = z
  .object({ password: passwordField, confirmPassword: confirmField })
  .refine((form) => form.password === form.confirmPassword, { message: MESSAGES.passwordsMustMatch, path: ['confirmPassword'] });
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;

/** The change-password section: the current password, then the new one twice. */
export const changePasswordForm = changePasswordRequest
  .extend({ confirmPassword: confirmField })
  .refine((form) => form.newPassword === form.confirmPassword, { message: MESSAGES.passwordsMustMatch, path: ['confirmPassword'] })
  .refine((form) => form.newPassword !== form.currentPassword, { message: MESSAGES.newPasswordSameAsCurrent, path: ['newPassword'] });
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

/** POST /api/v1/auth/password/set: the first password of an invited back-office user (once); activates the account. */
export const setPasswordRequest = z.object({
  token: text({ error: MESSAGES.inviteLinkInvalid }).trim().min(1, MESSAGES.inviteLinkInvalid).max(200, MESSAGES.inviteLinkInvalid),
  password: passwordField,
});
export type SetPasswordRequest = z.infer<typeof setPasswordRequest>;
export const setPasswordResponse = okEnvelope(z.object({}));
// ---- two-step sign-in (DESIGN §8): TOTP codes (RFC 6238) and recovery codes

/** Recovery codes: 10 groups of letters and digits, e.g. `k7qm-2xdp-9fhr`. */
export const RECOVERY_CODE_COUNT = 10;

/** A 6-digit code from an authenticator app, or a recovery code (spaces and dashes optional). */
export const mfaCodeField = text({ error: MESSAGES.mfaCodeRequired })
  .trim()
  .min(1, MESSAGES.mfaCodeRequired)
  .max(40, MESSAGES.mfaCodeWrong);

/** A 6-digit code from an authenticator app only. */
export const totpCodeField = text({ error: MESSAGES.mfaCodeRequired })
  .trim()
  .min(1, MESSAGES.mfaCodeRequired)
  .regex(/^\d{6}$/, MESSAGES.mfaCodeWrong);

/** POST /api/v1/auth/mfa/verify: the second step of a sign-in. */
export const mfaVerifyRequest = z.object({
  mfaToken: text({ error: MESSAGES.mfaSignInExpired }).min(1, MESSAGES.mfaSignInExpired).max(1000, MESSAGES.mfaSignInExpired),
  code: mfaCodeField,
});
export type MfaVerifyRequest = z.infer<typeof mfaVerifyRequest>;
export const mfaVerifyResponse = okEnvelope(authContent);

/** POST /api/v1/auth/mfa/setup: a new secret, waiting for a code to confirm it. */
export const mfaSetupResponse = okEnvelope(z.object({ secret: z.string(), otpauthUrl: z.string() }));
export type MfaSetupContent = z.infer<typeof mfaSetupResponse>['content'];

/** POST /api/v1/auth/mfa/enable: a code of the new secret turns two-step sign-in on. */
export const mfaEnableRequest = z.object({ code: totpCodeField });
export type MfaEnableRequest = z.infer<typeof mfaEnableRequest>;
export const mfaEnableResponse = okEnvelope(z.object({ recoveryCodes: z.array(z.string()) }));

/** POST /api/v1/auth/mfa/disable: a code (or a recovery code) turns it off, for roles that allow it. */
export const mfaDisableRequest = z.object({ code: mfaCodeField });
export type MfaDisableRequest = z.infer<typeof mfaDisableRequest>;
export const mfaDisableResponse = okEnvelope(z.object({}));
