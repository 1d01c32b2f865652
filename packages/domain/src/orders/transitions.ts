// The order state machine of DESIGN.md §4 as a table: every step the server takes is one row
// here, and the web app shows an action only where this table allows it.
import { ORDER_STATUS, ORDER_STATUS_NAMES, type OrderStatus } from '../order-status.js';
import type { Role } from '../roles.js';

export type OrderActor = Role | 'system';

export const ORDER_ACTIONS = ['pay', 'cancel', 'accept', 'decline', 'deliver', 'uploadInvoice', 'verifyInvoice', 'payByBank'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export interface OrderTransition {
  action: OrderAction;
  from: OrderStatus;
  to: OrderStatus;
  /** Who may take the step; sme and provider only on their own orders. */
  by: readonly OrderActor[];
}

export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  { action: 'pay', from: ORDER_STATUS.created, to: ORDER_STATUS.waiting, by: ['system'] },
  { action: 'cancel', from: ORDER_STATUS.created, to: ORDER_STATUS.canceled, by: ['sme', 'admin', 'system'] },
  { action: 'accept', from: ORDER_STATUS.waiting, to: ORDER_STATUS.sending, by: ['provider'] },
  { action: 'decline', from: ORDER_STATUS.waiting, to: ORDER_STATUS.canceled, by: ['provider', 'admin'] },
  { action: 'deliver', from: ORDER_STATUS.sending, to: ORDER_STATUS.delivered, by: ['provider'] },
  { action: 'uploadInvoice', from: ORDER_STATUS.delivered, to: ORDER_STATUS.uploadedInvoice, by: ['provider'] },
  { action: 'verifyInvoice', from: ORDER_STATUS.uploadedInvoice, to: ORDER_STATUS.invoiceVerifiedByAdmin, by: ['admin'] },
  { action: 'payByBank', from: ORDER_STATUS.invoiceVerifiedByAdmin, to: ORDER_STATUS.paidByBank, by: ['bank'] },
];

/** The step an action takes from a status, or undefined when the machine has none. */
export function transitionFor(action: OrderAction, from: number): OrderTransition | undefined {
  return ORDER_TRANSITIONS.find((t) => t.action === action && t.from === from);
}

/** Whether an actor may take an action on an order at this status. */
export function canTakeAction(action: OrderAction, from: number, actor: OrderActor): boolean {
  return transitionFor(action, from)?.by.includes(actor) ?? false;
}

/** The statuses from which an action is allowed (for a single conditional UPDATE … WHERE status = …). */
export function statusesFor(action: OrderAction): OrderStatus[] {
  return ORDER_TRANSITIONS.filter((t) => t.action === action).map((t) => t.from);
}

export function orderStatusName(status: number): string {
  return ORDER_STATUS_NAMES[status as OrderStatus] ?? String(status);
}

/** Instalments can be paid once the first one settled the order and until it is canceled. */
export function canPayNextInstallment(status: number): boolean {
  return status >= ORDER_STATUS.waiting;
}

/** Whether the SME may pay an instalment of this order now: it is under way and one is still unpaid. */
export function hasInstallmentToPay(order: { status: number; installments: readonly { paid: { at: string | null } }[] }): boolean {
  return canPayNextInstallment(order.status) && order.installments.some((installment) => !installment.paid.at);
}
