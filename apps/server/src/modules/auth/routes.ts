// /api/v1/auth: register, login, logout, me, the user's language for emails and SMS, and passwords
// (forgotten, reset through an emailed link, changed).
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
  registerRequest,
  registerResponse,
  resetPasswordRequest,
  resetPasswordResponse,
} from '@qist/domain';
import { principalOf } from '../../plugins/access.js';
import type { PasswordService } from './password-service.js';
import type { AuthService } from './service.js';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 409: errorEnvelope, 429: errorEnvelope };

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; passwords: PasswordService }> = async (app, { auth, passwords }) => {
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
        summary: 'Sign in with email and password',
        body: loginRequest,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (request) => ({ status: true as const, content: await auth.login(request.body, request.ip) }),
  );

  app.post(
    '/logout',
    {
      config: { access: ROLES },
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
      config: { access: ROLES },
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
};
