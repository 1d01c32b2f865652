// The admin's view of refunds: every refund with its own state at the gateway, its attempts and last error.
import { errorEnvelope, fromMinorUnits, refundListQuery, refundListResponse, type Refund } from '@qist/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/transaction.js';
import { isoOf } from './projection.js';
import { listRefunds, type RefundListRow } from './refund-repository.js';

function toRefund(row: RefundListRow): Refund {
  const open = row.status === 'pending' || row.status === 'requested';
  return {
    _id: row.id,
    orderId: row.order_id,
    paymentId: row.payment_id,
    sme: { _id: row.sme_id, title: row.sme_title, email: row.sme_email },
    gateway: row.gateway,
    transactionId: row.transaction_id,
    amount: fromMinorUnits(Number(row.amount)),
    reason: row.reason,
    status: row.status,
    gatewayRefundId: row.gateway_refund_id,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: open ? isoOf(row.next_attempt_at) : null,
    createdAt: isoOf(row.created_at),
    updatedAt: isoOf(row.updated_at),
    completedAt: row.completed_at ? isoOf(row.completed_at) : null,
  };
}

export const refundRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/refund/list',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin payments'],
        security: [{ bearerAuth: [] }],
        summary: 'Refunds with their state at the gateway, newest first',
        querystring: refundListQuery,
        response: { 200: refundListResponse, 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope },
      },
    },
    async (request) => {
      const { rows, count } = await listRefunds(db, request.query);
      return { status: true as const, content: { refunds: rows.map(toRefund), count } };
    },
  );
};
