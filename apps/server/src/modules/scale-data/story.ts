// One order's whole life as the product would have written it through its API: created with its
// schedule (the domain's buildSchedule), paid instalment by instalment through the sandbox gateway,
// canceled by its SME, by the auto-cancel job or by its supplier's decline (with the refund), accepted,
// delivered, invoiced, verified, paid out after a second bank user's approval, and marked late by
// the late job. Every money figure comes from the domain's entry functions; nothing is re-derived.
// A story is a pure function of (seed, order index): the loader calls it once per table pass.
import {
  FIRST_PAYMENT_WINDOW_HOURS,
  ORDER_STATUS,
  REMINDER_DAYS_BEFORE,
  VERIFY_CODE_MIN_LENGTH,
  bankPayoutEntry,
  buildSchedule,
  installmentPaidEntry,
  orderBreakdown,
  orderCanceledEntry,
  orderCreatedEntry,
  payoutNeedsApproval,
  refundEntry,
  type LedgerEntry,
} from '@qist/domain';
import { Rng } from './random.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Streams of the generator: each kind of row draws from its own, so adding one never shifts another. */
export const STREAM = { order: 1, sme: 2, supplier: 3 } as const;

/** What every story reads: the parties, the platform's settings and the moment the data ends at. */
export interface World {
  seed: number;
  /** The data's "now": every row is at or before it. */
  now: number;
  /** The first moment an order may be created (now less --months). */
  since: number;
  /** Each SME with its plan and the insurance company that granted its credit (level 7). */
  smes: { id: string; plan: number[]; insurerId: string }[];
  suppliers: { id: string; taxRate: number; title: string }[];
  bankShareRate: number;
  payoutApprovalThreshold: number;
  /** 10^minor unit of the currency. */
  minorFactor: number;
}

export interface StoryInstallment {
  id: string;
  position: number;
  rate: number;
  amount: number;
  deadline: number;
  paidAt: number | null;
  reminderSentAt: number | null;
  lateNoticeSentAt: number | null;
}

export interface StoryPayment {
  id: string;
  transactionId: string;
  installmentId: string;
  amount: number;
  status: 'approved' | 'refunded';
  createdAt: number;
  settledAt: number;
  completedAt: number;
  /** The decline that gave it back. */
  refundedAt: number | null;
  refundId: string | null;
}

export interface StoryEntry {
  id: string;
  entry: LedgerEntry;
  paymentId: string | null;
  at: number;
}

export interface StoryApproval {
  id: string;
  status: 'pending' | 'approved';
  requestedAt: number;
  decidedAt: number | null;
}

export interface OrderStory {
  id: string;
  smeIndex: number;
  supplierIndex: number;
  amount: number;
  status: number;
  paid: boolean;
  description: string;
  taxRate: number;
  bankShareRate: number;
  verifyCode: string | null;
  invoiceFile: string | null;
  lateActive: boolean;
  lateOnce: boolean;
  reachedSupplier: boolean;
  createdAt: number;
  updatedAt: number;
  installments: StoryInstallment[];
  payments: StoryPayment[];
  entries: StoryEntry[];
  approval: StoryApproval | null;
}

/** Out of 1000 orders: how many end at each status (canceled ones split by who canceled). */
const STATUS_SPREAD: { upTo: number; status: number; cancel?: 'sme' | 'system' | 'decline' }[] = [
  { upTo: 25, status: ORDER_STATUS.canceled, cancel: 'sme' },
  { upTo: 45, status: ORDER_STATUS.canceled, cancel: 'system' },
  { upTo: 60, status: ORDER_STATUS.canceled, cancel: 'decline' },
  { upTo: 80, status: ORDER_STATUS.created },
  { upTo: 160, status: ORDER_STATUS.waiting },
  { upTo: 230, status: ORDER_STATUS.sending },
  { upTo: 300, status: ORDER_STATUS.delivered },
  { upTo: 370, status: ORDER_STATUS.uploadedInvoice },
  { upTo: 440, status: ORDER_STATUS.invoiceVerifiedByAdmin },
  { upTo: 1000, status: ORDER_STATUS.paidByBank },
];

/** Longest time each step may take after the one before (the order's age must hold them all). */
const STEP_MAX = { pay: DAY, accept: 2 * DAY, deliver: 5 * DAY, invoice: 2 * DAY, verify: 3 * DAY, request: 2 * DAY, approve: DAY, decline: 2 * DAY };
const WINDOW = FIRST_PAYMENT_WINDOW_HOURS * HOUR;
/** The verify code's alphabet, as the supplier's accept writes it (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const VERIFY_CODE_LENGTH = Math.max(8, VERIFY_CODE_MIN_LENGTH);
/** Orders under way whose SME stops paying at the first instalment due (they are late now). */
const LATE_SHARE = 0.1;
/** Instalments paid after their deadline (late once, then caught up). */
const PAID_LATE_SHARE = 0.08;

const ITEMS = ['Shelving units', 'Office chairs', 'Printer paper', 'Packaging film', 'Cleaning supplies', 'Labels and tape', 'Safety gloves', 'Cold-room shelving', 'Coffee beans', 'Display stands', 'LED panels', 'Cable trays'];

/** The SME an order belongs to: one busy SME takes 2% of all orders, the rest are spread evenly. */
function smeIndexOf(i: number, rng: Rng, smeCount: number): number {
  if (smeCount === 1 || i % 50 === 0) return 0;
  return 1 + (rng.word() % (smeCount - 1));
}

export function orderStory(world: World, i: number): OrderStory {
  const rng = new Rng(world.seed, STREAM.order, i);
  const id = rng.uuid();
  const smeIndex = smeIndexOf(i, rng, world.smes.length);
  const supplierIndex = rng.word() % world.suppliers.length;
  const sme = world.smes[smeIndex]!;
  const supplier = world.suppliers[supplierIndex]!;
  const amount = rng.int(50 * world.minorFactor, 5_000 * world.minorFactor);
  const bucket = rng.int(0, 999);
  const spread = STATUS_SPREAD.find((s) => bucket < s.upTo)!;
  const { status, cancel } = spread;

  // The steps' times, each after the one before; the order is old enough to hold the longest of them.
  const wait = (max: number, min = MINUTE) => rng.int(min, max);
  let span = 0;
  if (cancel === 'system') span = WINDOW + MINUTE;
  else if (cancel === 'sme') span = WINDOW;
  else if (cancel === 'decline') span = STEP_MAX.pay + STEP_MAX.decline;
  else {
    const steps = [STEP_MAX.pay, STEP_MAX.accept, STEP_MAX.deliver, STEP_MAX.invoice, STEP_MAX.verify, STEP_MAX.request + STEP_MAX.approve];
    span = steps.slice(0, Math.max(0, status)).reduce((a, b) => a + b, 0);
  }
  const createdAt =
    status === ORDER_STATUS.created
      ? world.now - rng.int(0, WINDOW - MINUTE)
      : rng.int(world.since, Math.max(world.since, world.now - span - MINUTE));

  const schedule = buildSchedule(amount, sme.plan, new Date(createdAt));
  const installments: StoryInstallment[] = schedule.map((s) => ({
    id: rng.uuid(),
    position: s.index,
    rate: s.rateBasisPoints,
    amount: s.amountMinor,
    deadline: s.deadline.getTime(),
    paidAt: null,
    reminderSentAt: null,
    lateNoticeSentAt: null,
  }));
  const entries: StoryEntry[] = [];
  const payments: StoryPayment[] = [];
  const post = (entry: LedgerEntry, at: number, paymentId: string | null = null) => entries.push({ id: rng.uuid(), entry, paymentId, at });
  post(orderCreatedEntry(amount), createdAt);

  const pay = (installment: StoryInstallment, at: number) => {
    const startedAt = at - rng.int(30_000, 10 * MINUTE);
    const id = rng.uuid();
    const payment: StoryPayment = {
      id,
      // The sandbox's form (sbx_ and 32 characters), unique through the payment's id.
      transactionId: `sbx_${id.replace(/-/g, '')}`,
      installmentId: installment.id,
      amount: installment.amount,
      status: 'approved',
      createdAt: startedAt,
      settledAt: at,
      completedAt: at - rng.int(1_000, 20_000),
      refundedAt: null,
      refundId: null,
    };
    installment.paidAt = at;
    payments.push(payment);
    post(installmentPaidEntry(installment.amount), at, payment.id);
    return payment;
  };

  let updatedAt = createdAt;
  let reachedSupplier = false;
  let verifyCode: string | null = null;
  let invoiceFile: string | null = null;
  let approval: StoryApproval | null = null;

  if (cancel === 'sme' || cancel === 'system') {
    // Canceled before the first instalment was paid: the whole amount leaves the receivable.
    const at = cancel === 'system' ? createdAt + WINDOW + rng.int(1_000, MINUTE) : createdAt + wait(WINDOW);
    post(orderCanceledEntry(amount), at);
    updatedAt = at;
  } else if (status !== ORDER_STATUS.created) {
    let t = createdAt + wait(STEP_MAX.pay);
    const first = pay(installments[0]!, t);
    reachedSupplier = true;
    updatedAt = t;
    if (cancel === 'decline') {
      // The supplier declines: the paid instalment is refunded and unpaid again, then the order released.
      t += wait(STEP_MAX.decline);
      first.status = 'refunded';
      first.settledAt = t;
      first.refundedAt = t;
      first.refundId = rng.uuid();
      installments[0]!.paidAt = null;
      post(refundEntry(first.amount), t, first.id);
      post(orderCanceledEntry(amount), t);
      updatedAt = t;
    } else {
      const stepAt = [t];
      for (const max of [STEP_MAX.accept, STEP_MAX.deliver, STEP_MAX.invoice, STEP_MAX.verify]) {
        t += wait(max);
        stepAt.push(t);
      }
      if (status >= ORDER_STATUS.sending) verifyCode = rng.pick(CODE_ALPHABET, VERIFY_CODE_LENGTH);
      if (status >= ORDER_STATUS.uploadedInvoice) invoiceFile = `${rng.uuid()}.pdf`;
      updatedAt = stepAt[status - 1]!;
      const needsApproval = payoutNeedsApproval(amount, world.payoutApprovalThreshold);
      if (status === ORDER_STATUS.invoiceVerifiedByAdmin && needsApproval && rng.chance(0.3)) {
        // A payout requested by one bank user, waiting for the second.
        approval = { id: rng.uuid(), status: 'pending', requestedAt: Math.min(world.now, t + wait(STEP_MAX.request)), decidedAt: null };
      }
      if (status === ORDER_STATUS.paidByBank) {
        const requestedAt = t + wait(STEP_MAX.request);
        const paidAt = needsApproval ? requestedAt + wait(STEP_MAX.approve) : requestedAt;
        if (needsApproval) approval = { id: rng.uuid(), status: 'approved', requestedAt, decidedAt: paidAt };
        post(bankPayoutEntry(amount, orderBreakdown(amount, supplier.taxRate, world.bankShareRate)), paidAt);
        updatedAt = paidAt;
      }
    }
  }

  // The later instalments, paid in order around their deadlines; a late order stops paying at the first
  // one due. An instalment whose payment would come after now is unpaid, and so is every one after it.
  let lateActive = false;
  let lateOnce = false;
  const underWay = status >= ORDER_STATUS.waiting;
  if (underWay) {
    const stopsPaying = rng.chance(LATE_SHARE);
    let previous = installments[0]!.paidAt ?? createdAt;
    let stillPaying = true;
    for (const installment of installments.slice(1)) {
      const paidLate = rng.chance(PAID_LATE_SHARE);
      const at = Math.max(previous + MINUTE, paidLate ? installment.deadline + rng.int(HOUR, 6 * DAY) : installment.deadline - rng.int(0, 5 * DAY));
      if (stillPaying && stopsPaying && installment.deadline < world.now) stillPaying = false;
      if (stillPaying && at <= world.now) {
        pay(installment, at);
        previous = at;
        updatedAt = Math.max(updatedAt, at);
        if (at > installment.deadline) lateOnce = true;
      } else {
        stillPaying = false;
      }
      // The reminder job writes to an instalment unpaid three days before its deadline, once.
      const remindAt = installment.deadline - REMINDER_DAYS_BEFORE * DAY;
      if (remindAt <= world.now && (installment.paidAt === null || installment.paidAt > remindAt)) installment.reminderSentAt = remindAt;
      // The late job marks the order and sends one late notice per overdue instalment, a minute after the deadline.
      if (installment.paidAt === null && installment.deadline < world.now) {
        const markedAt = Math.min(world.now, installment.deadline + MINUTE);
        installment.lateNoticeSentAt = markedAt;
        if (!lateActive) updatedAt = Math.max(updatedAt, markedAt);
        lateActive = true;
        lateOnce = true;
      }
    }
  }

  return {
    id,
    smeIndex,
    supplierIndex,
    amount,
    status,
    paid: installments.every((x) => x.paidAt !== null),
    description: `${ITEMS[i % ITEMS.length]}, order ${i + 1}`,
    taxRate: supplier.taxRate,
    bankShareRate: world.bankShareRate,
    verifyCode,
    invoiceFile,
    lateActive,
    lateOnce,
    reachedSupplier,
    createdAt,
    updatedAt,
    installments,
    payments,
    entries,
    approval,
  };
}
