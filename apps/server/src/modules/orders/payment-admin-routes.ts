// /api/v1/admin/refund/… and /api/v1/admin/payment/anomaly/…: the admin's view of payments' aftermath
// (every refund with its own state at the gateway, its attempts and last error; every gateway answer the
// platform would not settle on) and the retry of a refund the gateway refused.
import {
  errorEnvelope,
  paymentAnomalyListQuery,
  paymentAnomalyListResponse,
  refundListQuery,
  refundListResponse,
  refundRetryRequest,
  refundRetryResponse,
} from '@qist/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.js';
import type { PaymentAdminService } from './payment-admin.js';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope };
const security = [{ bearerAuth: [] }];
const tags = ['admin payments'];
const config = { access: ['admin'] as const };

export const paymentAdminRoutes: FastifyPluginAsyncZod<{ payments: PaymentAdminService }> = async (app, { payments }) => {
  app.get(
    '/admin/refund/list',
    {
      config,
      schema: { tags, security, summary: 'Refunds with their state at the gateway, newest first', querystring: refundListQuery, response: { 200: refundListResponse, ...errors } },
    },
    async (request) => ({ status: true as const, content: await payments.listRefunds(request.query) }),
  );

  app.post(
    '/admin/refund/retry',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Try a failed refund again: pending and due now, its attempts kept',
        body: refundRetryRequest,
        response: { 200: refundRetryResponse, ...errors, 404: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => ({ status: true as const, content: await payments.retryRefund(principalOf(request), request.body.refundId, request.ip) }),
  );

  app.get(
    '/admin/payment/anomaly/list',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Gateway answers that settled nothing (amount or currency mismatch, unknown state), latest first',
        querystring: paymentAnomalyListQuery,
        response: { 200: paymentAnomalyListResponse, ...errors },
      },
    },
    async (request) => ({ status: true as const, content: await payments.listAnomalies(request.query) }),
  );
};
