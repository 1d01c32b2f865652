// /api/v1/admin/user/…: the admin's back-office users; /api/v1/auth/password/set: an invitation's first password.
import { auditByOf } from '../audit/record.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, inviteUserRequest, setPasswordRequest, setPasswordResponse, userIdRequest, userListQuery, userListResponse, userResponse } from '@qist/domain';
import { principalOf } from '../../plugins/access.js';
import type { UsersService } from './users-service.js';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
const security = [{ bearerAuth: [] }];

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  const adminOnly = { access: ['admin'] as const };
  const docs = { tags: ['admin users'], security };

  app.get(
    '/admin/user/list',
    { config: adminOnly, schema: { ...docs, summary: 'List the back-office users', querystring: userListQuery, response: { 200: userListResponse, ...errors } } },
    async (request) => ({ status: true as const, content: await users.list(request.query) }),
  );
  app.post(
    '/admin/user/invite',
    { config: adminOnly, schema: { ...docs, summary: 'Invite a back-office user by an emailed link', body: inviteUserRequest, response: { 200: userResponse, ...errors } } },
    async (request) => ({ status: true as const, content: { user: await users.invite(request.body, auditByOf(request)) } }),
  );
  app.post(
    '/admin/user/disable',
    { config: adminOnly, schema: { ...docs, summary: 'Disable a back-office user; every session of it ends', body: userIdRequest, response: { 200: userResponse, ...errors } } },
    async (request) => ({ status: true as const, content: { user: await users.disable(principalOf(request), request.body.userId, auditByOf(request)) } }),
  );
  app.post(
    '/admin/user/enable',
    { config: adminOnly, schema: { ...docs, summary: 'Enable a disabled back-office user', body: userIdRequest, response: { 200: userResponse, ...errors } } },
    async (request) => ({ status: true as const, content: { user: await users.enable(principalOf(request), request.body.userId, auditByOf(request)) } }),
  );
  app.post(
    '/auth/password/set',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Choose the first password of an invited account with the invitation’s token (once); the account becomes active',
        body: setPasswordRequest,
        response: { 200: setPasswordResponse, ...errors },
      },
    },
    async (request) => {
      await users.setPassword(request.body);
      return { status: true as const, content: {} };
    },
  );
};
