// The second half of an order's life (DESIGN.md §4, §7): the supplier accepts, confirms the delivery
// with the SME's verify code and uploads the invoice; the admin verifies it; the bank pays the
// supplier, posting the payout and the discount split. The back office's order and instalment
// views live here too. Each step is one transaction under the order's row lock.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  AUDIT_ACTIONS,
  MESSAGES,
  ORDER_STATUS,
  PROVIDER_LEVEL,
  VERIFY_CODE_MIN_LENGTH,
  basisPointsToFraction,
  basisPointsToPercentText,
  bankPayoutEntry,
  activeCurrency,
  fromMinorUnits,
  minorUnitsText,
  orderBreakdown,
  orderStatusName,
  payoutNeedsApproval,
  refundEntry,
  LEDGER_ACCOUNTS,
  type InstallmentListQuery,
  type ListPosition,
  type OrderListFilter,
  type OrderListQuery,
  type OrderBreakdown,
  type PayoutApproval,
  type PayoutApprovalListQuery,
  type PendingPayout,
} from '@qist/domain';
import type { CsvExport } from '../../db/csv-export.js';
import { withTransaction, type Db, type Executor, type Tx } from '../../db/transaction.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../errors.js';
import { inspectUpload } from '../../lib/file-content.js';
import type { FileStorage } from '../../lib/file-storage.js';
import type { Principal } from '../../lib/principal.js';
import { actorOf, recordAudit } from '../audit/record.js';
import { orderAccountTotals, postEntry } from '../ledger/repository.js';
import { findPayoutApprovalThreshold } from '../settings/repository.js';
import type { Throttle } from '../throttle/service.js';
import { recordRefund } from './refund-repository.js';
import type { RefundQueue } from './refund-worker.js';
import { orderCopyLines, orderLineWriter, PartyCells } from './export-lines.js';
import { isoOf, toBreakdown, toOrder, toOrderListItem } from './projection.js';
import * as payouts from './payout-repository.js';
import * as repo from './repository.js';
import { assertTransition, cancelLockedOrder } from './steps.js';

/** Unambiguous letters and digits (no 0/O, 1/I/L): a code a person can also read off a screen. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const VERIFY_CODE_LENGTH = Math.max(8, VERIFY_CODE_MIN_LENGTH);

export function newVerifyCode(): string {
  const bytes = randomBytes(VERIFY_CODE_LENGTH);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

function sameCode(given: string, expected: string): boolean {
  const a = Buffer.from(given.trim().toUpperCase());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * 5 → 6 on an order already locked for the step: the bank pays the supplier the amount less its discount,
 * split by the order's snapshot rates. The one place a payout is posted, whether paid at once or approved.
 */
async function payOutLockedOrder(tx: Tx, order: repo.LockedForStep, now: Date) {
  const step = assertTransition('payByBank', order.status);
  const amount = Number(order.amount);
  await postEntry(tx, bankPayoutEntry(amount, orderBreakdown(amount, order.tax_rate, order.bank_share_rate)), {
    smeId: order.sme_id,
    orderId: order.id,
  });
  await repo.updateOrder(tx, order.id, { status: step.to, now });
  return { _id: order.id, status: step.to };
}

function toApproval(row: payouts.ApprovalRow): PayoutApproval {
  return {
    _id: row.id,
    orderId: row.order_id,
    amount: fromMinorUnits(Number(row.amount)),
    requestedBy: row.requested_by,
    requester: { _id: row.requested_by, email: row.requester_email },
    requestedAt: isoOf(row.requested_at),
    status: row.status,
    decidedBy: row.decided_by ? { _id: row.decided_by, email: row.decider_email ?? '' } : null,
    decidedAt: row.decided_at ? isoOf(row.decided_at) : null,
    reason: row.reason,
  };
}

function toPendingPayout(row: payouts.ApprovalRow): PendingPayout {
  return {
    _id: row.id,
    amount: fromMinorUnits(Number(row.amount)),
    requestedBy: row.requested_by,
    requester: { _id: row.requested_by, email: row.requester_email },
    requestedAt: isoOf(row.requested_at),
  };
}

export interface FulfilmentDeps {
  db: Db;
  /** Told when refunds were recorded, to carry them out soon. */
  refunds: RefundQueue;
  throttle: Throttle;
  storage: FileStorage;
  /** Wrong verify codes allowed per supplier and address in the window (like failed sign-ins). */
  codeLimit: { max: number; windowMs: number };
  clock?: () => Date;
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;

export function createFulfilmentService({ db, refunds, throttle, storage, codeLimit, clock = () => new Date() }: FulfilmentDeps) {
  /**
   * A supplier sees and takes orders once the admin verified it (part 1 §6). Inside a step the check runs
   * on the step's own transaction: a second connection taken while holding one could wait for ever once
   * concurrent steps hold every connection of the pool.
   */
  async function scopeOf(principal: Principal, executor: Executor = db): Promise<repo.OrderScope> {
    switch (principal.role) {
      case 'provider':
        if ((await repo.findProviderLevel(executor, principal.userId)) !== PROVIDER_LEVEL.adminVerified) throw forbidden(MESSAGES.providerNotActive);
        return repo.supplierScope(principal.userId);
      case 'admin':
      case 'bank':
        return {};
      case 'insurance':
        if (!principal.insuranceCompanyId) throw forbidden(MESSAGES.forbidden);
        return { insuranceCompanyId: principal.insuranceCompanyId };
      default:
        throw forbidden(MESSAGES.forbidden);
    }
  }

  /** After the payout the breakdown is the ledger's postings on the order; before, the split it will post. */
  async function breakdownOf(row: repo.OrderRow): Promise<OrderBreakdown> {
    const planned = toBreakdown(row);
    if (row.status !== ORDER_STATUS.paidByBank) return planned;
    const totals = await orderAccountTotals(db, row.id);
    const bankShare = -(totals.get(LEDGER_ACCOUNTS.bankFeeIncome) ?? 0);
    const platformShare = -(totals.get(LEDGER_ACCOUNTS.platformFeeIncome) ?? 0);
    return {
      ...planned,
      discount: fromMinorUnits(bankShare + platformShare),
      bankShare: fromMinorUnits(bankShare),
      platformShare: fromMinorUnits(platformShare),
      supplierPayout: fromMinorUnits(-(totals.get(LEDGER_ACCOUNTS.bankPayouts) ?? 0)),
      bankShareRate: basisPointsToFraction(row.bank_share_rate),
    };
  }

  /** The order a payout request is for (404 for an unknown request). */
  async function orderOfApproval(approvalId: string): Promise<string> {
    const known = await payouts.findApproval(db, approvalId);
    if (!known) throw notFound(MESSAGES.payoutApprovalNotFound);
    return known.order_id;
  }

  /**
   * Locks a payout request's order, then the request itself — the order every payout step takes its
   * locks in, so approvals and rejections never wait on each other in a circle — and answers both
   * while the request is still pending (409 once it is decided).
   */
  async function lockPendingApproval(tx: Tx, approvalId: string, orderId: string) {
    const order = await repo.lockOrderForStep(tx, orderId);
    if (!order) throw notFound(MESSAGES.orderNotFound);
    const approval = await payouts.lockApproval(tx, approvalId);
    if (!approval) throw notFound(MESSAGES.payoutApprovalNotFound);
    if (approval.status !== 'pending') throw conflict(MESSAGES.payoutApprovalDecided);
    return { order, approval };
  }

  async function lockForStep(tx: Tx, principal: Principal, orderId: string) {
    if (principal.role === 'provider') await scopeOf(principal, tx);
    const order = await repo.lockOrderForStep(tx, orderId, principal.role === 'provider' ? principal.userId : undefined);
    if (!order) throw notFound(MESSAGES.orderNotFound);
    return order;
  }

  return {
    /** `reader` may be a replica (ADR 37): the scope (a supplier's level, which decides) is read on the primary. */
    async listOrders(principal: Principal, query: OrderListQuery, reader: Db = db) {
      const { rows, count, cursors } = await repo.listOrders(reader, await scopeOf(principal), query);
      return { orders: rows.map(toOrderListItem), count, cursors };
    },

    async showOrder(principal: Principal, orderId: string) {
      const row = await repo.findOrder(db, orderId, await scopeOf(principal));
      if (!row) throw notFound(MESSAGES.orderNotFound);
      const installments = await repo.listInstallments(db, orderId);
      const withBreakdown = principal.role === 'admin' || principal.role === 'bank';
      const order = toOrder(row, installments, { verifyCode: false, ...(withBreakdown ? { breakdown: await breakdownOf(row) } : {}) });
      // Every back-office role sees a payout request waiting for its second bank user.
      const backOffice = withBreakdown || principal.role === 'insurance';
      const pending = backOffice ? await payouts.findPendingForOrder(db, orderId) : undefined;
      const withPending = backOffice ? { ...order, pendingPayout: pending ? toPendingPayout(pending) : null } : order;
      // The invoice is for the owning supplier, the admin and the bank (part 2: not the insurer).
      return principal.role === 'insurance' ? { ...withPending, invoice: null } : withPending;
    },

    /**
     * A page of every instalment, by number or next to an instalment (ADR 31). A cursor is an
     * instalment's: one that names none is refused before any page is read.
     */
    async listInstallments(query: InstallmentListQuery, reader: Db = db) {
      const key = async (position: ListPosition | undefined) => {
        if (!position) return undefined;
        const found = await repo.installmentKey(reader, position.id);
        if (!found) throw badRequest(MESSAGES.listCursorInvalid);
        return found;
      };
      const { page, perPage, last } = query;
      const { rows, count, cursors } = await repo.listAllInstallments(reader, { page, perPage, last, after: await key(query.after), before: await key(query.before) });
      return {
        installments: rows.map((i) => ({
          _id: i.id,
          order_id: i.order_id,
          rate: basisPointsToFraction(i.rate),
          amount: fromMinorUnits(Number(i.amount)),
          paid: { at: i.paid_at ? isoOf(i.paid_at) : null, deadline: isoOf(i.deadline) },
          order_status: i.order_status,
          sme_id: { _id: i.sme_id, desc: { title: i.sme_title }, auth_id: { email: i.sme_email } },
        })),
        count,
        cursors,
      };
    },

    /**
     * The role's order list as CSV, with its filter (status, late): one statement in one snapshot, read
     * as COPY's text rows and written from their bytes (ADR 32), or through a cursor from the rows'
     * texts when the scope names more parties than an export keeps (ADR 25); each party's two cells
     * are written once.
     */
    async exportOrders(principal: Principal, filter: OrderListFilter): Promise<CsvExport<never>> {
      const scope = await scopeOf(principal);
      const smes = new PartyCells('smes');
      const suppliers = new PartyCells('providers');
      return {
        header: ['id', 'created at', 'SME', 'SME email', 'supplier', 'supplier email', 'amount', 'currency', 'status', 'status name', 'paid', 'late now', 'late before', 'discount rate', 'description'],
        query: repo.orderExportQuery(scope, filter),
        copy: orderCopyLines(scope, filter, smes, suppliers),
        beforeBatch: async (rows, read) => {
          await smes.load(rows.map((row) => row[2]!), read);
          await suppliers.load(rows.map((row) => row[3]!), read);
        },
        toLine: orderLineWriter(smes, suppliers),
      };
    },

    exportInstallments(): CsvExport<repo.InstallmentListRow> {
      const currency = activeCurrency().code;
      return {
        header: ['id', 'order id', 'order status', 'SME', 'SME email', 'number', 'percent', 'amount', 'currency', 'deadline', 'paid at'],
        toCells: (i) => [
          i.id,
          i.order_id,
          orderStatusName(i.order_status),
          i.sme_title,
          i.sme_email,
          i.position + 1,
          basisPointsToPercentText(i.rate),
          minorUnitsText(Number(i.amount)),
          currency,
          isoOf(i.deadline),
          i.paid_at ? isoOf(i.paid_at) : '',
        ],
        query: repo.installmentExportQuery(),
      };
    },

    /** 1 → 2: the supplier takes the order; the verify code is made now and only the SME ever sees it. */
    async accept(principal: Principal, orderId: string) {
      return withTransaction(db, async (tx) => {
        const order = await lockForStep(tx, principal, orderId);
        const step = assertTransition('accept', order.status);
        await repo.updateOrder(tx, order.id, { status: step.to, now: clock(), verifyCode: newVerifyCode() });
        return { _id: order.id, status: step.to };
      });
    },

    /**
     * 1 → -1: the supplier declines; the paid instalments are recorded as refunds and the credit is released,
     * in one transaction. The refund worker gives the money back through the gateway after the commit, so the
     * decline answers once it is decided, whatever the gateway does then.
     */
    async decline(principal: Principal, orderId: string, ip: string | null) {
      const now = clock();
      const recorded = await withTransaction(db, async (tx) => {
        const order = await lockForStep(tx, principal, orderId);
        assertTransition('decline', order.status);
        // An instalment overdue at this moment counts as late once, whether or not the sweep saw it yet.
        await repo.refreshOrder(tx, order.id, order.status, now);
        const paid = await repo.approvedPayments(tx, order.id);
        let refunded = 0;
        for (const payment of paid) {
          const amount = Number(payment.amount);
          await postEntry(tx, refundEntry(amount), { smeId: order.sme_id, orderId: order.id, paymentId: payment.id });
          await repo.unpayInstallment(tx, payment.installment_id);
          await repo.setPaymentStatus(tx, payment.id, 'refunded', now);
          await recordRefund(tx, { paymentId: payment.id, reason: 'declined', now });
          refunded += amount;
        }
        // The refunds and the release move the SME's credit in one statement, by their net.
        await cancelLockedOrder(tx, order, 'decline', now, refunded);
        if (paid.length > 0) {
          await recordAudit(tx, {
            action: AUDIT_ACTIONS.orderRefunded,
            actor: actorOf(principal),
            target: { type: 'order', id: order.id },
            ip,
            detail: { reason: 'declined', amount: fromMinorUnits(refunded), payments: paid.map((p) => p.id) },
          });
        }
        return paid.length;
      });
      if (recorded > 0) refunds.kick();
      return { _id: orderId, status: ORDER_STATUS.canceled };
    },

    /** 2 → 3: the supplier confirms the delivery with the code the SME showed; wrong codes are throttled. */
    async delivered(principal: Principal, input: { orderId: string; verifyCode: string }, ip: string) {
      const attempt = await throttle.take({
        kind: 'verify_code_failed',
        ip,
        subject: principal.userId,
        max: codeLimit.max,
        windowMs: codeLimit.windowMs,
        msg: MESSAGES.tooManyAttempts,
      });
      let result: { _id: string; status: number } | undefined;
      try {
        result = await withTransaction(db, async (tx) => {
          const order = await lockForStep(tx, principal, input.orderId);
          const step = assertTransition('deliver', order.status);
          if (!order.verify_code || !sameCode(input.verifyCode, order.verify_code)) return undefined;
          await repo.updateOrder(tx, order.id, { status: step.to, now: clock() });
          return { _id: order.id, status: step.to };
        });
      } catch (error) {
        // Only a wrong code counts against the limit; an unknown order or a wrong status does not.
        await attempt.release();
        throw error;
      }
      if (!result) throw badRequest(MESSAGES.verifyCodeWrong);
      await attempt.release();
      return result;
    },

    /** 3 → 4: the invoice, checked by its content and stored under a generated name. */
    async uploadInvoice(principal: Principal, orderId: string, bytes: Buffer) {
      // A foreign or unknown order is refused before the file is even looked at.
      const owned = await repo.findOrder(db, orderId, await scopeOf(principal));
      if (!owned) throw notFound(MESSAGES.orderNotFound);
      assertTransition('uploadInvoice', owned.status);
      const content = await inspectUpload(bytes);
      if (!content) throw badRequest(MESSAGES.fileTypeRefused);
      const fileName = await storage.save(content.bytes, content.ext);
      try {
        return await withTransaction(db, async (tx) => {
          const order = await lockForStep(tx, principal, orderId);
          const step = assertTransition('uploadInvoice', order.status);
          await repo.updateOrder(tx, order.id, { status: step.to, now: clock(), invoiceFile: fileName });
          return { _id: order.id, status: step.to };
        });
      } catch (error) {
        await storage.remove(fileName);
        throw error;
      }
    },

    /** 4 → 5: the admin has checked the invoice. */
    async verifyInvoice(principal: Principal, orderId: string, ip: string | null) {
      return withTransaction(db, async (tx) => {
        const order = await repo.lockOrderForStep(tx, orderId);
        if (!order) throw notFound(MESSAGES.orderNotFound);
        const step = assertTransition('verifyInvoice', order.status);
        await repo.updateOrder(tx, order.id, { status: step.to, now: clock() });
        await recordAudit(tx, {
          action: AUDIT_ACTIONS.invoiceVerified,
          actor: actorOf(principal),
          target: { type: 'order', id: order.id },
          ip,
          detail: { from: order.status, to: step.to, invoice: order.invoice_file },
        });
        return { _id: order.id, status: step.to };
      });
    },

    /**
     * The bank's Pay on an order at 5. Below the payout approval threshold it pays at once (5 → 6); at or
     * above it, it records a payout request for a second bank user and the order stays at 5. While a
     * request is pending neither pays nor requests again.
     */
    async payByBank(principal: Principal, orderId: string, ip: string | null): Promise<{ order: { _id: string; status: number } } | { approval: PayoutApproval }> {
      try {
        return await withTransaction(db, async (tx) => {
          const order = await repo.lockOrderForStep(tx, orderId);
          if (!order) throw notFound(MESSAGES.orderNotFound);
          assertTransition('payByBank', order.status);
          if (await payouts.findPendingForOrder(tx, order.id)) throw conflict(MESSAGES.payoutAlreadyRequested);
          const amount = Number(order.amount);
          const threshold = await findPayoutApprovalThreshold(tx);
          const audit = { actor: actorOf(principal), target: { type: 'order' as const, id: order.id }, ip };
          if (!payoutNeedsApproval(amount, threshold)) {
            const paid = await payOutLockedOrder(tx, order, clock());
            await recordAudit(tx, { ...audit, action: AUDIT_ACTIONS.payoutPaid, detail: { amount: fromMinorUnits(amount), threshold: fromMinorUnits(threshold) } });
            return { order: paid };
          }
          const id = await payouts.insertPending(tx, { orderId: order.id, amount, requestedBy: principal.userId, now: clock() });
          const row = await payouts.findApproval(tx, id);
          if (!row) throw new Error('the payout request just made is missing');
          await recordAudit(tx, { ...audit, action: AUDIT_ACTIONS.payoutRequested, detail: { approval: id, amount: fromMinorUnits(amount), threshold: fromMinorUnits(threshold) } });
          return { approval: toApproval(row) };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(MESSAGES.payoutAlreadyRequested);
        throw error;
      }
    },

    /**
     * A second bank user approves a payout request: in one transaction, under the order's lock and then the
     * request's, the request is checked pending and not the approver's own, the payout is posted and the
     * request marked approved. Concurrent approvals queue on the locks; only the first finds it pending.
     */
    async approvePayout(principal: Principal, approvalId: string, ip: string | null) {
      const orderId = await orderOfApproval(approvalId);
      return withTransaction(db, async (tx) => {
        const { order, approval } = await lockPendingApproval(tx, approvalId, orderId);
        if (approval.requested_by === principal.userId) throw forbidden(MESSAGES.payoutOwnRequest);
        const now = clock();
        const paid = await payOutLockedOrder(tx, order, now);
        await payouts.decide(tx, approvalId, { status: 'approved', decidedBy: principal.userId, now });
        const decided = await payouts.findApproval(tx, approvalId);
        if (!decided) throw new Error('the payout request just approved is missing');
        await recordAudit(tx, {
          action: AUDIT_ACTIONS.payoutApproved,
          actor: actorOf(principal),
          target: { type: 'order', id: order.id },
          ip,
          detail: { approval: approvalId, amount: fromMinorUnits(Number(decided.amount)), requestedBy: decided.requested_by },
        });
        return { approval: toApproval(decided), order: paid };
      });
    },

    /** Any bank user closes a pending request with a reason; the order stays at 5 and can be requested again. */
    async rejectPayout(principal: Principal, approvalId: string, reason: string, ip: string | null) {
      const orderId = await orderOfApproval(approvalId);
      return withTransaction(db, async (tx) => {
        const { order } = await lockPendingApproval(tx, approvalId, orderId);
        await payouts.decide(tx, approvalId, { status: 'rejected', decidedBy: principal.userId, now: clock(), reason });
        const decided = await payouts.findApproval(tx, approvalId);
        if (!decided) throw new Error('the payout request just rejected is missing');
        await recordAudit(tx, {
          action: AUDIT_ACTIONS.payoutRejected,
          actor: actorOf(principal),
          target: { type: 'order', id: order.id },
          ip,
          detail: { approval: approvalId, amount: fromMinorUnits(Number(decided.amount)), requestedBy: decided.requested_by, reason },
        });
        return { approval: toApproval(decided), order: { _id: order.id, status: order.status } };
      });
    },

    /** The bank's approval queue by status, each request with its order and the payout split it posts. */
    async listPayoutApprovals(query: PayoutApprovalListQuery) {
      const { rows, count } = await payouts.listApprovals(db, query);
      return {
        approvals: rows.map((row) => {
          const split = orderBreakdown(Number(row.amount), row.tax_rate, row.bank_share_rate);
          return {
            ...toApproval(row),
            order: { _id: row.order_id, status: row.order_status, description: row.description, sme: row.sme_title, supplier: row.provider_title },
            breakdown: {
              discountRate: basisPointsToFraction(row.tax_rate),
              discount: fromMinorUnits(split.discountMinor),
              bankShareRate: basisPointsToFraction(row.bank_share_rate),
              bankShare: fromMinorUnits(split.bankShareMinor),
              platformShareRate: basisPointsToFraction(10_000 - row.bank_share_rate),
              platformShare: fromMinorUnits(split.platformShareMinor),
              supplierPayout: fromMinorUnits(split.supplierPayoutMinor),
            },
          };
        }),
        count,
      };
    },
  };
}
