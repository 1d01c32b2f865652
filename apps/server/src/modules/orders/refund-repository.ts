// Refunds in SQL: recorded in the deciding step's transaction, claimed by one worker at a time
// (FOR UPDATE SKIP LOCKED, then a lease), their outcome written only by the worker holding the lease.
import { REFUND_ATTENTION_STATUSES, type RefundListQuery, type RefundReason, type RefundStatus } from '@qist/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.js';

export type RefundRow = {
  id: string;
  payment_id: string;
  order_id: string;
  sme_id: string;
  gateway: string;
  transaction_id: string;
  amount: string;
  reason: RefundReason;
  status: RefundStatus;
  gateway_refund_id: string | null;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | string;
  lease_token: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  completed_at: Date | string | null;
  /** The gateway's own id of the refunded payment (from the payment). */
  gateway_reference: string | null;
};

/**
 * Records that a payment is to be given back, in the caller's transaction (the decision's). The worker
 * carries it out after the commit. A payment is refunded once: a second record for it is ignored.
 */
export async function recordRefund(tx: Executor, values: { paymentId: string; reason: RefundReason; now: Date }): Promise<string | undefined> {
  const result = await tx.execute<{ id: string }>(
    sql`insert into refunds (payment_id, order_id, sme_id, gateway, transaction_id, amount, reason, next_attempt_at, created_at, updated_at)
        select id, order_id, sme_id, gateway, transaction_id, amount, ${values.reason}, ${values.now}, ${values.now}, ${values.now}
        from payments where id = ${values.paymentId}
        on conflict (payment_id) do nothing returning id`,
  );
  return result.rows[0]?.id;
}

/**
 * Claims the refunds of one gateway that are due, for this worker only: the rows are locked (skipping
 * those another worker is claiming), their attempt counted and leased until `leaseUntil`, and the claim
 * commits before the gateway is called, so no transaction stays open across a network call and a
 * worker that dies mid-call leaves a lease that runs out rather than a lock.
 */
export async function claimDueRefunds(tx: Executor, values: { gateway: string; now: Date; leaseUntil: Date; limit: number }): Promise<RefundRow[]> {
  const result = await tx.execute<RefundRow>(
    sql`update refunds r set attempts = r.attempts + 1, lease_until = ${values.leaseUntil}, lease_token = gen_random_uuid(), updated_at = ${values.now}
        from (select id from refunds
              where status in ('pending', 'requested') and gateway = ${values.gateway} and next_attempt_at <= ${values.now}
                and (lease_until is null or lease_until <= ${values.now})
              order by next_attempt_at limit ${values.limit} for no key update skip locked) due
        where r.id = due.id
        returning r.*, (select gateway_reference from payments p where p.id = r.payment_id) as gateway_reference`,
  );
  return result.rows;
}

/** A refund the gateway says changed: due now, so the worker asks the gateway where it stands. */
export async function makeRefundDue(db: Executor, gateway: string, gatewayRefundId: string, now: Date): Promise<boolean> {
  const result = await db.execute(
    sql`update refunds set next_attempt_at = ${now} where gateway = ${gateway} and gateway_refund_id = ${gatewayRefundId} and status = 'requested'`,
  );
  return (result.rowCount ?? 0) > 0;
}

/** Writes what the gateway answered, if this worker still holds the claim; true when it did. */
export async function recordRefundOutcome(
  tx: Executor,
  id: string,
  leaseToken: string,
  outcome: { status: RefundStatus; gatewayRefundId?: string; lastError: string | null; nextAttemptAt: Date; now: Date },
): Promise<boolean> {
  const refundId = outcome.gatewayRefundId === undefined ? sql`` : sql`, gateway_refund_id = ${outcome.gatewayRefundId}`;
  const done = outcome.status === 'succeeded' || outcome.status === 'failed';
  const result = await tx.execute(
    sql`update refunds set status = ${outcome.status}, last_error = ${outcome.lastError}, next_attempt_at = ${outcome.nextAttemptAt},
          lease_until = null, lease_token = null, updated_at = ${outcome.now}, completed_at = ${done ? outcome.now : null} ${refundId}
        where id = ${id} and lease_token = ${leaseToken}`,
  );
  return (result.rowCount ?? 0) === 1;
}

export type RefundListRow = RefundRow & { sme_title: string | null; sme_email: string };

/** A refund with its payment's reference and its SME's name and email, as the admin's list shows it. */
const LIST_SELECT = sql`select r.*, p.gateway_reference, s.company_title as sme_title, u.email as sme_email
  from refunds r join payments p on p.id = r.payment_id join smes s on s.id = r.sme_id join users u on u.id = s.user_id`;

function listWhere(status: RefundListQuery['status']): SQL {
  if (status === 'all') return sql`true`;
  // Not succeeded: what is still owed, or refused (the index on (status, created_at) serves both forms).
  if (status === 'attention') return sql`r.status in (${sql.join(
      REFUND_ATTENTION_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )})`;
  return sql`r.status = ${status}`;
}

export async function listRefunds(db: Executor, query: RefundListQuery): Promise<{ rows: RefundListRow[]; count: number }> {
  const where = listWhere(query.status);
  const [rows, count] = await Promise.all([
    db.execute<RefundListRow>(sql`${LIST_SELECT} where ${where} order by r.created_at desc, r.id desc limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`),
    db.execute<{ count: string }>(sql`select count(*) as count from refunds r where ${where}`),
  ]);
  return { rows: rows.rows, count: Number(count.rows[0]?.count ?? 0) };
}

export async function findRefundListRow(db: Executor, id: string): Promise<RefundListRow | undefined> {
  const result = await db.execute<RefundListRow>(sql`${LIST_SELECT} where r.id = ${id}`);
  return result.rows[0];
}

/**
 * A failed refund made due again, in one statement: pending, to be tried now, its attempts, last error
 * and the gateway's id of the refused refund kept (the worker's next call says it is a retry, and an
 * adapter does not adopt a refund the gateway already canceled). The row lock of the update orders
 * concurrent retries: the first turns it pending, the others find it no longer failed and change nothing.
 */
export async function retryFailedRefund(tx: Executor, id: string, now: Date): Promise<RefundRow | undefined> {
  const result = await tx.execute<RefundRow>(
    sql`update refunds set status = 'pending', next_attempt_at = ${now}, completed_at = null, lease_until = null, lease_token = null, updated_at = ${now}
        where id = ${id} and status = 'failed'
        returning *`,
  );
  return result.rows[0];
}

export async function findRefundStatus(db: Executor, id: string): Promise<RefundStatus | undefined> {
  const result = await db.execute<{ status: RefundStatus }>(sql`select status from refunds where id = ${id}`);
  return result.rows[0]?.status;
}
