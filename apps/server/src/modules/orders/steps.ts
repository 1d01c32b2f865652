// What several order steps share: the state machine's refusal, and giving back a locked order's
// outstanding credit when it is canceled (by its SME, the auto-cancel job or a supplier's decline).
import { ORDER_STATUS, fillMessage, orderCanceledEntry, orderStatusName, transitionFor, type OrderAction } from '@qist/domain';
import type { Tx } from '../../db/transaction.js';
import { conflict } from '../../errors.js';
import { postEntry } from '../ledger/repository.js';
import * as repo from './repository.js';

export function wrongStatus(status: number) {
  return conflict(fillMessage('orderWrongStatus', { status: orderStatusName(status) }));
}

/** Refuses a step the state machine does not have from this status. */
export function assertTransition(action: OrderAction, status: number) {
  const step = transitionFor(action, status);
  if (!step) throw wrongStatus(status);
  return step;
}

/**
 * Cancels a locked order: what the SME still owes on it leaves its receivable and goes back to its
 * available credit. `refundedMinor` is money the same step gave back to the SME (a decline refunds the
 * paid instalments): it was freed when paid and is owed again until the order is released, so the
 * credit moves once, by the net amount released, and available credit never dips below zero part-way.
 */
export async function cancelLockedOrder(tx: Tx, order: repo.LockedOrder, action: 'cancel' | 'decline', now: Date, refundedMinor = 0): Promise<void> {
  assertTransition(action, order.status);
  const outstanding = Number(order.amount) - (await repo.paidTotal(tx, order.id));
  await repo.refreshOrder(tx, order.id, ORDER_STATUS.canceled, now);
  if (outstanding > 0) await postEntry(tx, orderCanceledEntry(outstanding), { smeId: order.sme_id, orderId: order.id });
  const released = outstanding - refundedMinor;
  if (released !== 0) await repo.moveCredit(tx, order.sme_id, -released);
}
