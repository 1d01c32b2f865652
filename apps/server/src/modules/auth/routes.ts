// /api/v1/auth: register, login (and its code step), logout, me, the user's language for emails and
// SMS, passwords (forgotten, reset through an emailed link, changed) and two-step sign-in.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ROLES,
  changePasswordRequest,
  changePasswordResponse,
  errorEnvelope,
  forgotPasswordRequest,
  forgotPasswordResponse,
  languageRequest,
  languageResponse,
  loginRequest,
  loginResponse,
  logoutResponse,
  meResponse,
  mfaDisableRequest,
  mfaDisableResponse,
  mfaEnableRequest,
  mfaEnableResponse,
  mfaSetupResponse,
  mfaVerifyRequest,
  mfaVerifyResponse,
  registerRequest,
  registerResponse,
  resetPasswordRequest,
  resetPasswordResponse,
} from '@qist/domain';
import { principalOf } from '../../plugins/access.js';
import type { MfaService } from './mfa-service.js';
import type { PasswordService } from './password-service.js';
import type { AuthService } from './service.js';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 409: errorEnvelope, 429: errorEnvelope };

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; passwords: PasswordService; mfa: MfaService }> = async (
  app,
  { auth, passwords, mfa },
) => {
  app.post(
    '/register',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign up as an SME or a supplier with the role\'s sign-up code',
        body: registerRequest,
        response: { 200: registerResponse, ...errors },
      },
    },
    async (request) => ({ status: true as const, content: await auth.register(request.body, request.ip) }),
  );

  app.post(
    '/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password; an account with two-step sign-in gets a token for the code step instead of a session',
        body: loginRequest,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (request) => ({ status: true as const, content: await auth.login(request.body, request.ip) }),
  );

  app.post(
    '/logout',
    {
      config: { access: ROLES, openBeforeMfa: true },
      schema: {
        tags: ['auth'],
        summary: 'End the current session on the server',
        security: [{ bearerAuth: [] }],
        response: { 200: logoutResponse, ...errors },
      },
    },
    async (request) => {
      await auth.logout(principalOf(request).sessionId);
      return { status: true as const, content: {} };
    },
  );

  app.get(
    '/me',
    {
      config: { access: ROLES, openBeforeMfa: true },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in account and its current level',
        security: [{ bearerAuth: [] }],
        response: { 200: meResponse, ...errors },
      },
    },
    async (request) => ({ status: true as const, content: await auth.me(principalOf(request)) }),
  );

  app.put(
    '/language',
    {
      config: { access: ROLES },
      schema: {
        tags: ['auth'],
        summary: 'Set the language of the emails and SMS written to the signed-in user',
        security: [{ bearerAuth: [] }],
        body: languageRequest,
        response: { 200: languageResponse, ...errors },
      },
    },
    async (request) => ({ status: true as const, content: await auth.setLanguage(principalOf(request), request.body.language) }),
  );

  app.post(
    '/password/forgot',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Ask for a link to choose a new password; the same answer whether or not an account has the email',
        body: forgotPasswordRequest,
        response: { 200: forgotPasswordResponse, ...errors },
      },
    },
    async (request) => {
      await passwords.forgot(request.body.email, request.ip);
      return { status: true as const, content: {} };
    },
  );

  app.post(
    '/password/reset',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with the token of a reset link (once); every session of the account ends',
        body: resetPasswordRequest,
        response: { 200: resetPasswordResponse, ...errors },
      },
    },
    async (request) => {
      await passwords.reset(request.body, request.ip);
      return { status: true as const, content: {} };
    },
  );

  app.post(
    '/password/change',
    {
      config: { access: ROLES },
      schema: {
        tags: ['auth'],
        summary: 'Change the signed-in user\'s password; every other session of the user ends',
        security: [{ bearerAuth: [] }],
        body: changePasswordRequest,
        response: { 200: changePasswordResponse, ...errors },
      },
    },
    async (request) => {
      await passwords.change(principalOf(request), request.body, request.ip);
      return { status: true as const, content: {} };
    },
  );

  app.post(
    '/mfa/verify',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'The second step of a sign-in: the token from login and a code from the authenticator app (or a recovery code)',
        body: mfaVerifyRequest,
        response: { 200: mfaVerifyResponse, ...errors },
      },
    },
    async (request) => ({ status: true as const, content: await mfa.verify(request.body, request.ip) }),
  );

  app.post(
    '/mfa/setup',
    {
      config: { access: ROLES, openBeforeMfa: true },
      schema: {
        tags: ['auth'],
        summary: 'Start setting up two-step sign-in: a new secret and its otpauth URL, waiting for a code',
        security: [{ bearerAuth: [] }],
        response: { 200: mfaSetupResponse, ...errors },
      },
    },
    async (request) => ({ status: true as const, content: await mfa.setup(principalOf(request)) }),
  );

  app.post(
    '/mfa/enable',
    {
      config: { access: ROLES, openBeforeMfa: true },
      schema: {
        tags: ['auth'],
        summary: 'Turn two-step sign-in on with a code of the new secret; answers 10 recovery codes, shown only this once',
        security: [{ bearerAuth: [] }],
        body: mfaEnableRequest,
        response: { 200: mfaEnableResponse, ...errors },
      },
    },
    async (request) => ({ status: true as const, content: await mfa.enable(principalOf(request), request.body.code, request.ip) }),
  );

  app.post(
    '/mfa/disable',
    {
      config: { access: ROLES },
      schema: {
        tags: ['auth'],
        summary: 'Turn two-step sign-in off with a code; refused for roles that need it',
        security: [{ bearerAuth: [] }],
        body: mfaDisableRequest,
        response: { 200: mfaDisableResponse, ...errors },
      },
    },
    async (request) => {
      await mfa.disable(principalOf(request), request.body.code, request.ip);
      return { status: true as const, content: {} };
    },
  );
};
