// /api/v1/admin/audit/…: the admin reads the audit trail (DESIGN §8) and exports it as CSV.
import { auditFilterQuery, auditListQuery, auditListResponse, errorEnvelope } from '@qist/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSV_COMPRESSION, sendCsv } from '../../db/csv-export.js';
import { readLagging } from '../../db/read-replica.js';
import type { AuditService } from './service.js';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope };
const security = [{ bearerAuth: [] }];

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  const config = { access: ['admin'] as const };
  const tags = ['admin audit'];
  app.get(
    '/admin/audit/list',
    { config, schema: { tags, security, summary: 'The audit trail, newest first, with its filters', querystring: auditListQuery, response: { 200: auditListResponse, ...errors } } },
    async (request) => ({ status: true as const, content: await readLagging(request, (reader) => audit.list(request.query, reader)) }),
  );
  app.get(
    '/admin/audit/export',
    { config, compress: CSV_COMPRESSION, schema: { tags, security, summary: 'The audit trail as CSV (same filters), newest first', querystring: auditFilterQuery, produces: ['text/csv'] } },
    async (request, reply) => sendCsv(request, reply, 'audit', audit.export(request.query)),
  );
};
