// The admin's view of payments' aftermath: every refund with its own state at the gateway, its attempts
// and last error, and every answer of the gateway the platform would not settle on.
import {
  errorEnvelope,
  fromMinorUnits,
  paymentAnomalyListQuery,
  paymentAnomalyListResponse,
  refundListQuery,
  refundListResponse,
  type PaymentAnomaly,
  type Refund,
} from '@qist/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/transaction.js';
import { isoOf } from './projection.js';
import { listRefunds, type RefundListRow } from './refund-repository.js';
import { listPaymentAnomalies, type AnomalyListRow } from './repository.js';

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

function toAnomaly(row: AnomalyListRow): PaymentAnomaly {
  return {
    _id: row.id,
    orderId: row.order_id,
    paymentId: row.payment_id,
    sme: { _id: row.sme_id, title: row.sme_title, email: row.sme_email },
    gateway: row.gateway,
    transactionId: row.transaction_id,
    kind: row.kind,
    expected: { amount: fromMinorUnits(Number(row.expected_amount)), currency: row.expected_currency },
    gatewayAnswer: {
      status: row.gateway_status,
      amount: row.gateway_amount === null ? null : fromMinorUnits(Number(row.gateway_amount)),
      currency: row.gateway_currency,
      detail: row.detail,
    },
    paymentStatus: row.payment_status,
    occurrences: row.occurrences,
    firstSeenAt: isoOf(row.first_seen_at),
    lastSeenAt: isoOf(row.last_seen_at),
  };
}

export const paymentAdminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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

  app.get(
    '/admin/payment/anomaly/list',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin payments'],
        security: [{ bearerAuth: [] }],
        summary: 'Gateway answers that settled nothing (amount or currency mismatch, unknown state), latest first',
        querystring: paymentAnomalyListQuery,
        response: { 200: paymentAnomalyListResponse, 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope },
      },
    },
    async (request) => {
      const { rows, count } = await listPaymentAnomalies(db, request.query.page, request.query.perPage);
      return { status: true as const, content: { anomalies: rows.map(toAnomaly), count } };
    },
  );
};
