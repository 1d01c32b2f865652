// The admin's side of payments' aftermath: refunds and anomalies as the API shows them, and the one
// action on them, trying a failed refund again (recorded in the audit trail with the change it makes).
import {
  AUDIT_ACTIONS,
  MESSAGES,
  fillMessage,
  fromMinorUnits,
  type PaymentAnomaly,
  type PaymentAnomalyListQuery,
  type Refund,
  type RefundListQuery,
} from '@qist/domain';
import { withTransaction, type Db } from '../../db/transaction.js';
import { conflict, notFound } from '../../errors.js';
import type { Principal } from '../../lib/principal.js';
import { actorOf, recordAudit } from '../audit/record.js';
import { isoOf } from './projection.js';
import { findRefundListRow, findRefundStatus, listRefunds, retryFailedRefund, type RefundListRow } from './refund-repository.js';
import type { RefundQueue } from './refund-worker.js';
import { listPaymentAnomalies, type AnomalyListRow } from './repository.js';

/** What a refund and an anomaly both name: the payment, its order, SME, gateway and transaction. */
function paymentOf(row: RefundListRow | AnomalyListRow) {
  return {
    _id: row.id,
    orderId: row.order_id,
    paymentId: row.payment_id,
    sme: { _id: row.sme_id, title: row.sme_title, email: row.sme_email },
    gateway: row.gateway,
    transactionId: row.transaction_id,
  };
}

export function toRefund(row: RefundListRow): Refund {
  const open = row.status === 'pending' || row.status === 'requested';
  return {
    ...paymentOf(row),
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

export function toAnomaly(row: AnomalyListRow): PaymentAnomaly {
  return {
    ...paymentOf(row),
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

export function createPaymentAdminService({ db, refunds, clock = () => new Date() }: { db: Db; refunds: RefundQueue; clock?: () => Date }) {
  return {
    async listRefunds(query: RefundListQuery) {
      const { rows, count } = await listRefunds(db, query);
      return { refunds: rows.map(toRefund), count };
    },

    async listAnomalies(query: PaymentAnomalyListQuery) {
      const { rows, count } = await listPaymentAnomalies(db, query.page, query.perPage);
      return { anomalies: rows.map(toAnomaly), count };
    },

    /**
     * A refund the gateway refused or canceled, tried again at an admin's word: it becomes pending and due
     * now (its attempts kept), with its audit event in the same transaction, and the worker is asked to
     * run. Only a failed refund: of concurrent retries the first changes it, the others answer 409.
     */
    async retryRefund(principal: Principal, refundId: string, ip: string | null): Promise<{ refund: Refund }> {
      const now = clock();
      await withTransaction(db, async (tx) => {
        const retried = await retryFailedRefund(tx, refundId, now);
        if (!retried) {
          const status = await findRefundStatus(tx, refundId);
          if (!status) throw notFound(MESSAGES.refundNotFound);
          throw conflict(fillMessage('refundNotFailed', { status }));
        }
        await recordAudit(tx, {
          action: AUDIT_ACTIONS.refundRetried,
          actor: actorOf(principal),
          target: { type: 'order', id: retried.order_id },
          ip,
          detail: {
            refund: retried.id,
            amount: fromMinorUnits(Number(retried.amount)),
            attempts: retried.attempts,
            lastError: retried.last_error,
            gateway: retried.gateway,
          },
        });
      });
      refunds.kick();
      const row = await findRefundListRow(db, refundId);
      if (!row) throw new Error('the refund just retried is missing');
      return { refund: toRefund(row) };
    },
  };
}

export type PaymentAdminService = ReturnType<typeof createPaymentAdminService>;
