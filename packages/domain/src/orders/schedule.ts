// An order's instalment schedule and its deadlines (DESIGN.md §4, Instalments).
import { splitByPlan } from '../money.js';

export const INSTALLMENT_INTERVAL_DAYS = 30;
/** The first instalment is payable through the payment link for this long, then the order is canceled. */
export const FIRST_PAYMENT_WINDOW_HOURS = 72;
/** A reminder is queued this many days before a deadline. */
export const REMINDER_DAYS_BEFORE = 3;

const DAY_MS = 86_400_000;

export interface ScheduledInstallment {
  /** 0-based position: the SME pays them in this order. */
  index: number;
  rateBasisPoints: number;
  amountMinor: number;
  deadline: Date;
}

/** Splits the amount by the plan (remainder on the last) and sets deadline k at k × 30 days after creation. */
export function buildSchedule(amountMinor: number, planBasisPoints: readonly number[], createdAt: Date): ScheduledInstallment[] {
  const amounts = splitByPlan(amountMinor, planBasisPoints);
  return amounts.map((part, index) => ({
    index,
    rateBasisPoints: planBasisPoints[index] ?? 0,
    amountMinor: part,
    deadline: new Date(createdAt.getTime() + index * INSTALLMENT_INTERVAL_DAYS * DAY_MS),
  }));
}

/** The first instalment's own deadline is creation time; the order is canceled when unpaid after this. */
export function autoCancelAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + FIRST_PAYMENT_WINDOW_HOURS * 3_600_000);
}

/**
 * Whether an order's first instalment can no longer be paid: after the window, not at its last moment. The
 * auto-cancel job, the start of a payment and its settlement all decide by this one rule.
 */
export function isFirstPaymentWindowClosed(createdAt: Date, now: Date): boolean {
  return now.getTime() > autoCancelAt(createdAt).getTime();
}

/** When an instalment is late: unpaid and past its deadline. The first one gets the payment window. */
export function isInstallmentLate(installment: { index: number; deadline: Date; paidAt: Date | null }, now: Date): boolean {
  if (installment.paidAt) return false;
  const due = installment.index === 0 ? autoCancelAt(installment.deadline) : installment.deadline;
  return now.getTime() > due.getTime();
}

/** When a paid instalment was late: paid after its deadline. The first one is paid within its window or its order is canceled. */
export function wasPaidLate(installment: { index: number; deadline: Date; paidAt: Date | null }): boolean {
  return installment.index > 0 && installment.paidAt !== null && installment.paidAt.getTime() > installment.deadline.getTime();
}

export function reminderAt(deadline: Date): Date {
  return new Date(deadline.getTime() - REMINDER_DAYS_BEFORE * DAY_MS);
}
