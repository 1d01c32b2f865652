// POST /api/v1/ads/form/register (public) and GET /api/v1/admin/form/list (admin).
import { CSV_COMPRESSION, sendCsv } from '../../db/csv-export.js';
import { readLagging } from '../../db/read-replica.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorEnvelope,
  paginationQuery,
  preRegisterRequest,
  preRegisterResponse,
  preRegistrationListResponse,
} from '@qist/domain';
import type { PreregistrationService } from './service.js';

export const preregistrationRoutes: FastifyPluginAsyncZod<{ preregistration: PreregistrationService }> = async (
  app,
  { preregistration },
) => {
  app.post(
    '/ads/form/register',
    {
      config: { access: 'public' },
      schema: {
        tags: ['pre-registration'],
        summary: 'Send an expression of interest from the public pre-registration page',
        body: preRegisterRequest,
        response: { 200: preRegisterResponse, 400: errorEnvelope, 429: errorEnvelope },
      },
    },
    async (request) => ({
      status: true as const,
      content: { form: await preregistration.register(request.body, request.ip) },
    }),
  );

  app.get(
    '/admin/form/export',
    {
      config: { access: ['admin'] },
      compress: CSV_COMPRESSION, schema: { tags: ['pre-registration'], summary: 'Pre-registered SMEs as CSV, newest first', security: [{ bearerAuth: [] }], produces: ['text/csv'] },
    },
    async (request, reply) => sendCsv(request, reply, 'pre-registrations', preregistration.export()),
  );

  app.get(
    '/admin/form/list',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['pre-registration'],
        summary: 'Pre-registered SMEs, newest first',
        security: [{ bearerAuth: [] }],
        querystring: paginationQuery,
        response: { 200: preRegistrationListResponse, 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope },
      },
    },
    async (request) => ({ status: true as const, content: await readLagging(request, (reader) => preregistration.list(request.query, reader)) }),
  );
};
