// GET /api/v1/admin/reconciliation?date= (DESIGN.md §8) and the admin's mark that a day's differences
// were looked at.
import { errorEnvelope, reconciliationQuery, reconciliationResponse, reconciliationReviewBody } from '@qist/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.js';
import { auditByOf } from '../audit/record.js';
import type { ReconciliationService } from './reconciliation-service.js';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 409: errorEnvelope, 503: errorEnvelope };
const docs = { tags: ['admin payments'], security: [{ bearerAuth: [] }] };

export const reconciliationRoutes: FastifyPluginAsyncZod<{ reconciliation: ReconciliationService }> = async (app, { reconciliation }) => {
  app.get(
    '/admin/reconciliation',
    {
      // It stores the day's result as it computes it: the dashboard's flag follows what the admin saw.
      config: { access: ['admin'], acts: true },
      schema: {
        ...docs,
        summary: 'A UTC day’s payments at the gateway against the ledger’s payments received: matched, missing on either side, amount mismatches',
        querystring: reconciliationQuery,
        response: { 200: reconciliationResponse, ...errors },
      },
    },
    async (request) => ({ status: true as const, content: await reconciliation.day(request.query.date) }),
  );
  app.post(
    '/admin/reconciliation/review',
    {
      config: { access: ['admin'] },
      schema: { ...docs, summary: 'Marks the day’s current differences as looked at', body: reconciliationReviewBody, response: { 200: reconciliationResponse, ...errors } },
    },
    async (request) => ({
      status: true as const,
      content: await reconciliation.review(request.body.date, { ...auditByOf(request), userId: principalOf(request).userId }),
    }),
  );
};
