import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS, type OrderStatus } from '../order-status.js';
import { BASIS_POINTS_PER_WHOLE } from '../money.js';
import { payoutNeedsApproval } from './payout.js';
import {
  LEDGER_ACCOUNTS,
  availableCredit,
  bankPayoutEntry,
  entryTotal,
  installmentPaidEntry,
  orderBreakdown,
  orderCanceledEntry,
  orderCreatedEntry,
  refundEntry,
  type LedgerEntry,
} from './ledger.js';
import { INSTALLMENT_INTERVAL_DAYS, buildSchedule, isFirstPaymentWindowClosed, isInstallmentLate, wasPaidLate } from './schedule.js';
import { ORDER_ACTIONS, ORDER_TRANSITIONS, canTakeAction, hasInstallmentToPay, transitionFor } from './transitions.js';
import { planArb } from '../testing/arbitraries.js';


describe('the instalment schedule', () => {
  it('sums exactly to the order amount, every part but the last rounded down, the remainder last', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 10_000_000_000 }), planArb, (amount, plan) => {
        const schedule = buildSchedule(amount, plan, new Date('2026-01-01T00:00:00Z'));
        expect(schedule.reduce((s, i) => s + i.amountMinor, 0)).toBe(amount);
        schedule.slice(0, -1).forEach((i, k) => expect(i.amountMinor).toBe(Math.floor((amount * plan[k]!) / BASIS_POINTS_PER_WHOLE)));
        const last = schedule.at(-1)!;
        const exact = (amount * plan.at(-1)!) / BASIS_POINTS_PER_WHOLE;
        expect(last.amountMinor).toBeGreaterThanOrEqual(Math.floor(exact));
        expect(last.amountMinor - Math.floor(exact)).toBeLessThan(plan.length);
      }),
    );
  });

  it('sets instalment k due k × 30 days after creation', () => {
    const created = new Date('2026-02-10T08:30:00Z');
    const schedule = buildSchedule(1000, [2500, 2500, 2500, 2500], created);
    expect(schedule.map((i) => (i.deadline.getTime() - created.getTime()) / 86_400_000)).toEqual([0, 30, 60, 90].map((d) => d * INSTALLMENT_INTERVAL_DAYS / 30));
    expect(schedule.map((i) => i.amountMinor)).toEqual([250, 250, 250, 250]);
    expect(buildSchedule(10_003, [2500, 2500, 2500, 2500], created).map((i) => i.amountMinor)).toEqual([2500, 2500, 2500, 2503]);
  });

  it('calls an unpaid instalment late only after its deadline', () => {
    const deadline = new Date('2026-03-01T00:00:00Z');
    expect(isInstallmentLate({ index: 1, deadline, paidAt: null }, new Date('2026-03-01T00:00:01Z'))).toBe(true);
    expect(isInstallmentLate({ index: 1, deadline, paidAt: null }, deadline)).toBe(false);
    expect(isInstallmentLate({ index: 1, deadline, paidAt: deadline }, new Date('2026-04-01T00:00:00Z'))).toBe(false);
  });

  it('calls a payment late when it is made after the deadline, not at it', () => {
    const deadline = new Date('2026-03-01T00:00:00Z');
    expect(wasPaidLate({ index: 1, deadline, paidAt: deadline })).toBe(false);
    expect(wasPaidLate({ index: 1, deadline, paidAt: new Date(deadline.getTime() + 1) })).toBe(true);
    expect(wasPaidLate({ index: 1, deadline, paidAt: null })).toBe(false);
    // The first instalment has its payment window instead.
    expect(wasPaidLate({ index: 0, deadline, paidAt: new Date(deadline.getTime() + 3_600_000) })).toBe(false);
  });
});

describe('the first payment’s window', () => {
  it('is open until its last millisecond (72 hours after creation) and closed just after', () => {
    const createdAt = new Date('2026-01-01T00:00:00.000Z');
    const end = createdAt.getTime() + 72 * 3_600_000;
    expect(isFirstPaymentWindowClosed(createdAt, new Date(end - 1))).toBe(false);
    expect(isFirstPaymentWindowClosed(createdAt, new Date(end))).toBe(false);
    expect(isFirstPaymentWindowClosed(createdAt, new Date(end + 1))).toBe(true);
  });
});

describe('the order state machine', () => {
  it('has exactly the steps of DESIGN.md §4, each from one status', () => {
    expect(ORDER_TRANSITIONS.map((t) => `${t.action}:${t.from}->${t.to}`)).toEqual([
      'pay:0->1', 'cancel:0->-1', 'accept:1->2', 'decline:1->-1', 'deliver:2->3', 'uploadInvoice:3->4', 'verifyInvoice:4->5', 'payByBank:5->6',
    ]);
    const statuses = Object.values(ORDER_STATUS) as OrderStatus[];
    for (const action of ORDER_ACTIONS) {
      expect(statuses.filter((s) => transitionFor(action, s)).length).toBe(1);
    }
    expect(canTakeAction('cancel', 0, 'sme')).toBe(true);
    expect(canTakeAction('cancel', 1, 'sme')).toBe(false);
    expect(canTakeAction('accept', 1, 'sme')).toBe(false);
    expect(canTakeAction('payByBank', 5, 'bank')).toBe(true);
    expect(canTakeAction('payByBank', 6, 'bank')).toBe(false);
  });
});

/** One credit line played through the domain's entries, as the server writes them. */
class CreditLine {
  postings: { account: string; amount: number }[] = [];
  orders: { amount: number; status: number; schedule: number[]; paid: number }[] = [];
  constructor(readonly limit: number, readonly plan: number[]) {}

  post(entry: LedgerEntry) {
    expect(entryTotal(entry)).toBe(0);
    for (const p of entry.postings) this.postings.push({ account: p.account, amount: p.amountMinor });
  }
  get spend() {
    return this.postings.filter((p) => p.account === LEDGER_ACCOUNTS.smeReceivable).reduce((s, p) => s + p.amount, 0);
  }
  get available() {
    return availableCredit(this.limit, this.spend);
  }
  create(amount: number) {
    if (amount < 1 || amount > this.available) return;
    this.post(orderCreatedEntry(amount));
    this.orders.push({ amount, status: 0, schedule: buildSchedule(amount, this.plan, new Date(0)).map((i) => i.amountMinor), paid: 0 });
  }
  pay(k: number) {
    const order = this.orders[k];
    if (!order || order.status < 0 || order.paid >= order.schedule.length) return;
    this.post(installmentPaidEntry(order.schedule[order.paid]!));
    order.paid += 1;
    if (order.status === 0) order.status = 1;
  }
  cancel(k: number) {
    const order = this.orders[k];
    if (!order || order.status !== 0) return;
    this.post(orderCanceledEntry(order.amount));
    order.status = -1;
  }
  /** The supplier declines a waiting order: the first instalment goes back, then the rest is released. */
  decline(k: number) {
    const order = this.orders[k];
    if (!order || order.status !== 1) return;
    const refunded = order.schedule.slice(0, order.paid).reduce((a, b) => a + b, 0);
    this.post(refundEntry(refunded));
    this.post(orderCanceledEntry(order.amount));
    order.status = -1;
  }
  payout(k: number) {
    const order = this.orders[k];
    if (!order || order.status !== 1) return;
    this.post(bankPayoutEntry(order.amount, orderBreakdown(order.amount, 1000, 2500)));
    order.status = 6;
  }
}

describe('a credit line under any sequence of steps', () => {
  const step = fc.oneof(
    fc.record({ kind: fc.constant('create' as const), amount: fc.integer({ min: 1, max: 400_000 }) }),
    fc.record({ kind: fc.constantFrom('pay' as const, 'cancel' as const, 'decline' as const, 'payout' as const), order: fc.nat(20) }),
  );

  it('keeps the ledger at zero, available + spend = limit, and available never negative', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 1_000_000 }), planArb, fc.array(step, { maxLength: 60 }), (limit, plan, steps) => {
        const line = new CreditLine(limit, plan);
        for (const s of steps) {
          if (s.kind === 'create') line.create(s.amount);
          else line[s.kind](s.order);
          expect(line.postings.reduce((sum, p) => sum + p.amount, 0)).toBe(0);
          expect(line.available + line.spend).toBe(limit);
          expect(line.available).toBeGreaterThanOrEqual(0);
          // What the SME owes is exactly what its live orders have left to pay.
          const owed = line.orders.filter((o) => o.status >= 0).reduce((sum, o) => sum + o.schedule.slice(o.paid).reduce((a, b) => a + b, 0), 0);
          expect(line.spend).toBe(owed);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('splits any discount exactly between the bank and the platform', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_000 }), fc.integer({ min: 100, max: 9900 }), fc.integer({ min: 0, max: 9900 }), (amount, rate, share) => {
        const b = orderBreakdown(amount, rate, share);
        expect(b.bankShareMinor + b.platformShareMinor).toBe(b.discountMinor);
        expect(b.supplierPayoutMinor + b.discountMinor).toBe(amount);
        expect(entryTotal(bankPayoutEntry(amount, b))).toBe(0);
      }),
    );
  });
});

describe('hasInstallmentToPay', () => {
  const installments = (paid: boolean[]) => paid.map((isPaid) => ({ paid: { at: isPaid ? '2026-01-01T00:00:00Z' : null } }));

  it('is true once the order is under way and an instalment is unpaid', () => {
    for (const status of [ORDER_STATUS.waiting, ORDER_STATUS.sending, ORDER_STATUS.paidByBank]) {
      expect(hasInstallmentToPay({ status, installments: installments([true, false, false, false]) })).toBe(true);
    }
  });

  it('is false before the first payment, after a cancellation, and once everything is paid', () => {
    expect(hasInstallmentToPay({ status: ORDER_STATUS.created, installments: installments([false, false]) })).toBe(false);
    expect(hasInstallmentToPay({ status: ORDER_STATUS.canceled, installments: installments([true, false]) })).toBe(false);
    expect(hasInstallmentToPay({ status: ORDER_STATUS.waiting, installments: installments([true, true, true, true]) })).toBe(false);
  });
});

describe('payoutNeedsApproval', () => {
  it('asks a second bank user at and above the threshold, pays at once below it', () => {
    expect(payoutNeedsApproval(2000.01, 2000.01)).toBe(true);
    expect(payoutNeedsApproval(2000.02, 2000.01)).toBe(true);
    expect(payoutNeedsApproval(2000, 2000.01)).toBe(false);
    // The default threshold 0: every payout.
    expect(payoutNeedsApproval(0.01, 0)).toBe(true);
    expect(payoutNeedsApproval(200001, 200001)).toBe(true);
  });
});
