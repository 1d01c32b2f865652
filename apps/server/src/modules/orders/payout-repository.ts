// SQL of four eyes on bank payouts (DESIGN.md §8): payout requests, their decisions and the bank's queue.
import { sql } from 'drizzle-orm';
import type { PayoutApprovalStatus } from '@qist/domain';
import type { Executor, Tx } from '../../db/transaction.js';

export type ApprovalRow = {
  id: string;
  order_id: string;
  amount: string;
  requested_by: string;
  requester_email: string;
  requested_at: Date | string;
  status: PayoutApprovalStatus;
  decided_by: string | null;
  decider_email: string | null;
  decided_at: Date | string | null;
  reason: string | null;
};

export type ApprovalListRow = ApprovalRow & {
  order_status: number;
  order_amount: string;
  description: string;
  tax_rate: number;
  bank_share_rate: number;
  sme_title: string | null;
  provider_title: string | null;
};

const APPROVAL_COLUMNS = sql`a.id, a.order_id, a.amount, a.requested_by, r.email as requester_email, a.requested_at, a.status,
  a.decided_by, d.email as decider_email, a.decided_at, a.reason`;
const APPROVAL_FROM = sql`payout_approvals a join users r on r.id = a.requested_by left join users d on d.id = a.decided_by`;

export async function findApproval(executor: Executor, approvalId: string): Promise<ApprovalRow | undefined> {
  const result = await executor.execute<ApprovalRow>(sql`select ${APPROVAL_COLUMNS} from ${APPROVAL_FROM} where a.id = ${approvalId}`);
  return result.rows[0];
}

/** The request's row lock, taken after its order's (the order of locks every payout step keeps). */
export async function lockApproval(tx: Tx, approvalId: string): Promise<{ id: string; order_id: string; status: PayoutApprovalStatus; requested_by: string } | undefined> {
  const result = await tx.execute<{ id: string; order_id: string; status: PayoutApprovalStatus; requested_by: string }>(
    sql`select id, order_id, status, requested_by from payout_approvals where id = ${approvalId} for no key update`,
  );
  return result.rows[0];
}

export async function findPendingForOrder(executor: Executor, orderId: string): Promise<ApprovalRow | undefined> {
  const result = await executor.execute<ApprovalRow>(
    sql`select ${APPROVAL_COLUMNS} from ${APPROVAL_FROM} where a.order_id = ${orderId} and a.status = 'pending'`,
  );
  return result.rows[0];
}

export async function insertPending(tx: Tx, values: { orderId: string; amount: number; requestedBy: string; now: Date }): Promise<string> {
  const result = await tx.execute<{ id: string }>(
    sql`insert into payout_approvals (order_id, amount, requested_by, requested_at)
        values (${values.orderId}, ${values.amount}, ${values.requestedBy}, ${values.now}) returning id`,
  );
  const id = result.rows[0]?.id;
  if (!id) throw new Error('insert into payout_approvals returned nothing');
  return id;
}

export async function decide(
  tx: Tx,
  approvalId: string,
  values: { status: 'approved' | 'rejected'; decidedBy: string; now: Date; reason?: string },
): Promise<void> {
  await tx.execute(
    sql`update payout_approvals set status = ${values.status}, decided_by = ${values.decidedBy}, decided_at = ${values.now},
        reason = ${values.reason ?? null} where id = ${approvalId} and status = 'pending'`,
  );
}

/** The bank's queue by status: pending oldest first (the next to decide on top), decided ones newest first. */
export async function listApprovals(
  executor: Executor,
  query: { status: PayoutApprovalStatus; page: number; perPage: number },
): Promise<{ rows: ApprovalListRow[]; count: number }> {
  const order = query.status === 'pending' ? sql`a.requested_at asc, a.id asc` : sql`a.decided_at desc, a.id desc`;
  const result = await executor.execute<ApprovalListRow>(
    sql`select ${APPROVAL_COLUMNS}, o.status as order_status, o.amount as order_amount, o.description, o.tax_rate, o.bank_share_rate,
          s.company_title as sme_title, p.company_title as provider_title
        from ${APPROVAL_FROM} join orders o on o.id = a.order_id join smes s on s.id = o.sme_id join providers p on p.id = o.provider_id
        where a.status = ${query.status}
        order by ${order} limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`,
  );
  const count = await executor.execute<{ n: string }>(sql`select count(*) as n from payout_approvals where status = ${query.status}`);
  return { rows: result.rows, count: Number(count.rows[0]?.n ?? 0) };
}
