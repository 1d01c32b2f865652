// Orders and their payments: an active SME buys on credit from a verified supplier and pays its
// instalments through the gateway. Every step is one transaction holding the order's (or the
// SME's) row lock, with its ledger entry and its outbox messages.
import {
  ALL_FILTER,
  AUDIT_ACTIONS,
  DEFAULT_SHARE_RATE,
  LEDGER_ACCOUNTS,
  MESSAGES,
  ORDER_STATUS,
  PROVIDER_LEVEL,
  SME_LEVEL,
  FIRST_PAYMENT_WINDOW_HOURS,
  REMINDER_DAYS_BEFORE,
  amountTooLargeMessage,
  buildSchedule,
  canPayNextInstallment,
  fractionToBasisPoints,
  fromMinorUnits,
  installmentPaidEntry,
  isFirstPaymentWindowClosed,
  orderCreatedEntry,
  toMinorUnits,
  type Bilingual,
  type CreateOrderRequest,
  type Language,
  type InvoiceListQuery,
  type OrderListQuery,
} from '@qist/domain';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { withTransaction, type Db, type Executor, type Tx } from '../../db/transaction.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../errors.js';
import type { Principal } from '../../lib/principal.js';
import { recordAudit } from '../audit/record.js';
import { postEntry } from '../ledger/repository.js';
import { makeRefundDue, recordRefund } from './refund-repository.js';
import type { RefundQueue } from './refund-worker.js';
import type { Outbox } from '../notifications/outbox.js';
import { isCallbackSignatureValid, type GatewayVerdict, type PaymentGateway } from './gateway.js';
import { createKeyedQueue } from '../../lib/keyed-queue.js';
import { createOrderContextReader, createOrderWriter } from './order-writer.js';
import { canceledNotice, lateNotice, noticeMessages, paymentLinkNotice, reminderNotice, type Notice, type NoticeRecipient } from './notices.js';
import { toOrder, toOrderListItem } from './projection.js';
import { cancelLockedOrder, wrongStatus } from './steps.js';
import * as repo from './repository.js';

export interface OrdersDeps {
  db: Db;
  outbox: Outbox;
  gateway: PaymentGateway;
  publicUrl: string;
  /** The secret the gateway signs its callbacks with. */
  callbackSecret: string;
  /** Told when refunds were recorded, to carry them out soon. */
  refunds: RefundQueue;
  /** How long a started payment is reused before it is given up (PAYMENT_PENDING_TTL_MINUTES). */
  pendingTtlMs: number;
  /** The platform's currency (ISO 4217): a payment settles only in it. */
  currency: string;
  /** Where what the gateway answered and was not settled is written (the app's log). */
  log?: (detail: Record<string, unknown>, message: string) => void;
  clock?: () => Date;
}

export type OrdersService = ReturnType<typeof createOrdersService>;

const JOB_BATCH = 200;
/** Expired orders read at a time by the auto-cancel job, each then canceled in its own transaction. */
const CANCEL_READ_BATCH = 20;
/** Reminders or late notices claimed and queued in one transaction. */
const NOTICE_BATCH = 20;
const HOUR_MS = 3_600_000;

export function createOrdersService({
  db,
  outbox,
  gateway,
  publicUrl,
  callbackSecret,
  refunds,
  pendingTtlMs,
  currency,
  log = () => {},
  clock = () => new Date(),
}: OrdersDeps) {
  const perSme = createKeyedQueue();
  const orderContexts = createOrderContextReader(db);
  const orderWriter = createOrderWriter(db);
  const payLink = (path: 'pay-order' | 'pay-instalment', orderId: string) => `${publicUrl}/${path}?orderId=${encodeURIComponent(orderId)}`;

  async function notify(tx: Executor, to: NoticeRecipient, notice: Bilingual<Notice>) {
    for (const message of noticeMessages(to, notice)) await outbox.enqueue(tx, message);
  }

  const phoneOf = (row: { phone_country_code: string | null; phone_number: string | null }) =>
    row.phone_country_code && row.phone_number ? `+${row.phone_country_code}${row.phone_number}` : null;

  /** A pending payment's time is up: from then on the platform gives it up rather than reuse it. */
  const isOverdue = (payment: repo.PaymentRow, now: Date) => now.getTime() >= new Date(payment.created_at).getTime() + pendingTtlMs;

  /** An answer of the gateway that settles nothing: logged, and kept for the admin. */
  async function noteAnomaly(payment: repo.PaymentRow, kind: repo.AnomalyKind, verdict: GatewayVerdict, now: Date) {
    log({ transactionId: payment.transaction_id, kind, verdict, expected: { amountMinor: Number(payment.amount), currency } }, 'a payment the gateway answered for was not settled');
    await repo.recordPaymentAnomaly(db, payment, {
      kind,
      expectedCurrency: currency,
      status: verdict.status,
      amountMinor: verdict.amountMinor ?? null,
      currency: verdict.currency ?? null,
      detail: verdict.detail ?? null,
      now,
    });
  }

  /** Gives a pending payment up, once; the gateway is told afterwards so its page takes no answer any more. */
  async function expirePayment(paymentId: string, transactionId: string, now: Date) {
    const expired = await withTransaction(db, async (tx) => {
      const payment = await repo.lockPayment(tx, transactionId);
      if (payment?.id !== paymentId || payment.status !== 'pending') return false;
      await repo.setPaymentStatus(tx, payment.id, 'expired', now);
      return true;
    });
    if (expired) await gateway.expire?.(transactionId).catch(() => {});
  }

  /** Cancels a locked order whose first instalment was not paid in time, releasing its credit, and tells its SME. */
  async function cancelUnpaidOrder(tx: Tx, order: repo.LockedOrder, now: Date) {
    await cancelLockedOrder(tx, order, 'cancel', now);
    const owner = await tx.execute<{ email: string; phone_country_code: string | null; phone_number: string | null; language: Language }>(
      sql`select u.email, s.phone_country_code, s.phone_number, u.language from smes s join users u on u.id = s.user_id where s.id = ${order.sme_id}`,
    );
    const to = owner.rows[0];
    if (to) await notify(tx, { email: to.email, phone: phoneOf(to), language: to.language }, canceledNotice(fromMinorUnits(Number(order.amount))));
  }

  /**
   * Claims the instalments due a notice of `kind` and queues their notices, NOTICE_BATCH at a time,
   * each batch in a transaction of its own: a batch that fails rolls back alone (its instalments stay
   * unclaimed for the next run) and the run fails after the batches before it committed. At most
   * JOB_BATCH notices a run; the next run goes on.
   */
  async function queueNotices(kind: 'reminder' | 'late', now: Date, until: Date, notice: (row: repo.NoticeRow) => Bilingual<Notice>): Promise<number> {
    let queued = 0;
    while (queued < JOB_BATCH) {
      const claimed = await withTransaction(db, async (tx) => {
        const due = await repo.claimNotices(tx, kind, now, until, Math.min(NOTICE_BATCH, JOB_BATCH - queued));
        for (const row of due) await notify(tx, { email: row.email, phone: phoneOf(row), language: row.language }, notice(row));
        return due.length;
      });
      queued += claimed;
      if (claimed < NOTICE_BATCH) break;
    }
    return queued;
  }

  function smeOnly(principal: Principal) {
    if (principal.role !== 'sme') throw forbidden(MESSAGES.forbidden);
    return principal.userId;
  }

  /** Suppliers are shown to activated SMEs only (DESIGN.md §7). */
  async function assertActiveSme(principal: Principal) {
    const state = await repo.findSmeCredit(db, smeOnly(principal));
    if (state?.level !== SME_LEVEL.adminActivated) throw forbidden(MESSAGES.smeNotActive);
  }

  return {
    // ---- suppliers an active SME can buy from

    /** `reader` may be a replica (ADR 37): the SME's level, which decides, is read on the primary. */
    async listProviders(principal: Principal, query: { page: number; perPage: number }, reader: Db = db) {
      await assertActiveSme(principal);
      const { rows, count } = await repo.listProviderCards(reader, PROVIDER_LEVEL.adminVerified, query.page, query.perPage);
      return {
        providers: rows.map((r) => ({
          _id: r.id,
          desc: { title: r.company_title, text: r.company_desc },
          auth_id: { email: r.email },
          categories: r.categories,
        })),
        count,
      };
    },

    async showProvider(principal: Principal, providerId: string) {
      await assertActiveSme(principal);
      const r = await repo.findProviderDetail(db, providerId, PROVIDER_LEVEL.adminVerified);
      if (!r) throw notFound(MESSAGES.providerNotFound);
      const phone = (cc: string | null, n: string | null) => (cc && n ? { country_code: cc, number: n } : null);
      return {
        _id: r.id,
        desc: { title: r.company_title, text: r.company_desc },
        auth_id: { email: r.email },
        categories: r.categories,
        info: {
          firstname: r.first_name,
          lastname: r.last_name,
          phone: phone(r.phone_country_code, r.phone_number),
          phone2: phone(r.phone2_country_code, r.phone2_number),
          email2: r.email2,
          address: r.address,
          address2: r.address2,
          instagram: r.instagram,
          website: r.website,
        },
      };
    },

    // ---- the SME's orders

    async createOrder(principal: Principal, input: CreateOrderRequest): Promise<{ _id: string }> {
      const userId = smeOnly(principal);
      const amountMinor = toMinorUnits(input.amount);
      const now = clock();
      const context = await orderContexts.read(userId, input.providerId, PROVIDER_LEVEL.adminVerified);
      if (!context?.provider_id || context.tax_rate === null) throw notFound(MESSAGES.providerNotFound);
      if (context.level !== SME_LEVEL.adminActivated) throw forbidden(MESSAGES.smeNotActive);
      if (context.installment_plan.length === 0) throw conflict(MESSAGES.noCreditPlan);
      const refuse = (available: number) => badRequest(amountTooLargeMessage(fromMinorUnits(available)));
      if (Number(context.credit_amount) < amountMinor) throw refuse(Number(context.credit_amount));

      const orderId = randomUUID();
      const notice = paymentLinkNotice(payLink('pay-order', orderId), input.amount);
      const messages = noticeMessages({ email: principal.email, phone: phoneOf(context), language: context.language }, notice).map((m) => ({ ...m, status: outbox.statusOf(m.channel) }));
      const order = {
        orderId,
        smeId: context.sme_id,
        amountMinor,
        providerId: context.provider_id,
        description: input.description,
        taxRate: context.tax_rate,
        bankShareRate: context.bank_share_rate ?? fractionToBasisPoints(DEFAULT_SHARE_RATE),
        createdAt: now,
        schedule: buildSchedule(amountMinor, context.installment_plan, now),
        entry: orderCreatedEntry(amountMinor),
        messages,
      };
      const terms = { activeLevel: SME_LEVEL.adminActivated, entryKind: order.entry.kind, receivableAccount: LEDGER_ACCOUNTS.smeReceivable };
      // One write per SME at a time from this process (orders of different SMEs share statements under
      // load: order-writer.ts); the conditional UPDATE decides across processes.
      const written = await perSme.run(context.sme_id, () => orderWriter.write(order, terms));
      if (!written) {
        // Another order took the credit between the read and the write; nothing was written.
        const state = await repo.findSmeCredit(db, userId);
        throw refuse(Number(state?.credit_amount ?? 0));
      }
      outbox.messagesWritten(messages.map((m) => m.status));
      return { _id: orderId };
    },

    async cancelOrder(principal: Principal, orderId: string) {
      const userId = smeOnly(principal);
      const now = clock();
      return withTransaction(db, async (tx) => {
        const order = await repo.lockOrder(tx, orderId, userId);
        if (!order) throw notFound(MESSAGES.orderNotFound);
        await cancelLockedOrder(tx, order, 'cancel', now);
        return { _id: order.id, status: ORDER_STATUS.canceled };
      });
    },

    async listSmeOrders(principal: Principal, query: OrderListQuery, reader: Db = db) {
      const { rows, count, cursors } = await repo.listOrders(reader, { smeUserId: smeOnly(principal) }, query);
      return { orders: rows.map(toOrderListItem), count, cursors };
    },

    /** The SME's invoices: its orders whose supplier uploaded one, newest first. */
    async listSmeInvoices(principal: Principal, query: InvoiceListQuery, reader: Db = db) {
      const { rows, count, cursors } = await repo.listOrders(reader, { smeUserId: smeOnly(principal), withInvoice: true }, { ...query, status: ALL_FILTER, late: false });
      return { invoices: rows.map(toOrderListItem), count, cursors };
    },

    async showSmeOrder(principal: Principal, orderId: string) {
      const row = await repo.findOrder(db, orderId, { smeUserId: smeOnly(principal) });
      if (!row) throw notFound(MESSAGES.orderNotFound);
      return toOrder(row, await repo.listInstallments(db, orderId), { verifyCode: true });
    },

    // ---- payments

    /**
     * Starts the payment of the first instalment ('first', order created) or the earliest unpaid one ('next').
     * A payment already in flight for the instalment is reused until its time is up; then the gateway's
     * word settles it or gives it up, and a new one starts.
     */
    async startPayment(principal: Principal, orderId: string, which: 'first' | 'next') {
      const userId = smeOnly(principal);
      const order = await repo.findOrder(db, orderId, { smeUserId: userId });
      if (!order) throw notFound(MESSAGES.orderNotFound);
      if (which === 'first' && order.status !== ORDER_STATUS.created) throw wrongStatus(order.status);
      if (which === 'next' && !canPayNextInstallment(order.status)) throw wrongStatus(order.status);
      if (order.status === ORDER_STATUS.created && isFirstPaymentWindowClosed(new Date(order.created_at), clock())) {
        // Too late to pay: the order is canceled now, as the auto-cancel job would, and nothing is started.
        const now = clock();
        const status = await withTransaction(db, async (tx) => {
          const locked = await repo.lockOrder(tx, orderId);
          if (locked?.status !== ORDER_STATUS.created) return locked?.status;
          await cancelUnpaidOrder(tx, locked, now);
          return ORDER_STATUS.canceled;
        });
        throw status === ORDER_STATUS.canceled ? conflict(MESSAGES.firstPaymentWindowClosed) : wrongStatus(status ?? order.status);
      }
      const installment = await repo.firstUnpaidInstallment(db, orderId);
      if (!installment) throw conflict(MESSAGES.everyInstallmentPaid);
      const link = (payment: repo.PaymentRow) => ({ transactionId: payment.transaction_id, paymentUrl: payment.payment_url });

      const inFlight = await repo.findPendingPayment(db, installment.id);
      if (inFlight) {
        if (!isOverdue(inFlight, clock())) return link(inFlight);
        try {
          await this.settle(inFlight.transaction_id);
        } catch {
          // The gateway cannot say now: the payment in flight stays the one to pay, rather than risk two.
          return link(inFlight);
        }
        const after = await repo.findPayment(db, inFlight.transaction_id);
        if (after && after.status !== 'expired' && after.status !== 'declined') return link(after);
      }

      const description = `${order.provider_title ?? order.provider_email}: ${order.description}`.slice(0, 200);
      const now = clock();
      const started = await gateway.start({
        amountMinor: Number(installment.amount),
        description,
        expiresAt: new Date(now.getTime() + pendingTtlMs),
        payer: { name: order.sme_title ?? order.sme_email, email: order.sme_email },
      });
      const payment = await repo.insertPayment(db, {
        transactionId: started.transactionId,
        gateway: gateway.name,
        paymentUrl: started.paymentUrl,
        orderId,
        smeId: order.sme_id,
        installmentId: installment.id,
        amountMinor: Number(installment.amount),
        createdAt: now,
        gatewayReference: started.gatewayReference ?? null,
      });
      // Another start for the same instalment won the race: send the payer to that one.
      const current = payment ?? (await repo.findPendingPayment(db, installment.id));
      if (!current) throw conflict(MESSAGES.paymentAlreadyDone);
      return link(current);
    },

    /**
     * Settles a payment by the gateway's word, exactly once: the payment's row lock orders every
     * verify and callback, and only the first that finds it open moves money. A payment given up
     * (expired) is still open to money that arrives late: it pays its instalment if that is unpaid,
     * else it is refunded. A pending payment past its time, or one the gateway gave up, is expired.
     */
    async settle(transactionId: string, hint: { gatewayPaymentId?: string } = {}): Promise<{ payStatus: boolean; orderId: string }> {
      const existing = await repo.findPayment(db, transactionId);
      if (!existing) throw notFound(MESSAGES.paymentNotFound);
      const isOpen = (status: repo.PaymentRow['status']) => status === 'pending' || status === 'expired';
      if (!isOpen(existing.status)) return { payStatus: existing.status === 'approved', orderId: existing.order_id };
      // Only the gateway that took a payment can say what became of it.
      if (existing.gateway !== gateway.name) return { payStatus: false, orderId: existing.order_id };
      const verdict = await gateway.status({ transactionId, gatewayReference: existing.gateway_reference, ...hint });
      const now = clock();
      if (verdict.status === 'unknown') {
        await noteAnomaly(existing, 'unknown_state', verdict, now);
        return { payStatus: false, orderId: existing.order_id };
      }
      if (verdict.status === 'approved') {
        // Money settles only for exactly the instalment's amount, in the platform's currency.
        const kind = verdict.currency !== currency ? 'currency_mismatch' : verdict.amountMinor !== Number(existing.amount) ? 'amount_mismatch' : undefined;
        if (kind) {
          await noteAnomaly(existing, kind, verdict, now);
          return { payStatus: false, orderId: existing.order_id };
        }
      }
      if (verdict.status !== 'approved' && verdict.status !== 'declined') {
        if (existing.status === 'pending' && (verdict.status === 'expired' || isOverdue(existing, now))) await expirePayment(existing.id, transactionId, now);
        return { payStatus: false, orderId: existing.order_id };
      }

      const outcome = await withTransaction(db, async (tx) => {
        const payment = await repo.lockPayment(tx, transactionId);
        if (!payment) throw notFound(MESSAGES.paymentNotFound);
        if (!isOpen(payment.status)) return { status: payment.status, refund: false };
        if (verdict.status === 'declined') {
          if (payment.status === 'pending') await repo.setPaymentStatus(tx, payment.id, 'declined', now);
          return { status: 'declined' as const, refund: false };
        }
        const order = await repo.lockOrder(tx, payment.order_id);
        if (!order) throw notFound(MESSAGES.orderNotFound);
        // A first instalment settled after its window finds the order canceled, as the job would have.
        let orderStatus = order.status;
        if (orderStatus === ORDER_STATUS.created && isFirstPaymentWindowClosed(new Date(order.created_at), now)) {
          await cancelUnpaidOrder(tx, order, now);
          orderStatus = ORDER_STATUS.canceled;
        }
        const payable = orderStatus === ORDER_STATUS.created || canPayNextInstallment(orderStatus);
        // Money for an order canceled meanwhile, or for an instalment another payment paid, goes back:
        // recorded here, carried out by the refund worker after the commit.
        if (!payable || !(await repo.markInstallmentPaid(tx, payment.installment_id, now))) {
          await repo.setPaymentStatus(tx, payment.id, 'refunded', now);
          const reason = payable ? 'already_paid' : 'order_canceled';
          const refundId = await recordRefund(tx, { paymentId: payment.id, reason, now });
          await recordAudit(tx, {
            action: AUDIT_ACTIONS.orderRefunded,
            actor: null,
            target: { type: 'order', id: order.id },
            ip: null,
            detail: { reason, amount: fromMinorUnits(Number(payment.amount)), payments: [payment.id], refund: refundId ?? null },
          });
          return { status: 'refunded' as const, refund: true };
        }
        const amount = Number(payment.amount);
        await repo.setPaymentStatus(tx, payment.id, 'approved', now);
        await postEntry(tx, installmentPaidEntry(amount), { smeId: order.sme_id, orderId: order.id, paymentId: payment.id });
        await repo.moveCredit(tx, order.sme_id, -amount);
        const status = orderStatus === ORDER_STATUS.created ? ORDER_STATUS.waiting : orderStatus;
        await repo.refreshOrder(tx, order.id, status, now);
        return { status: 'approved' as const, refund: false };
      });
      if (outcome.refund) refunds.kick();
      return { payStatus: outcome.status === 'approved', orderId: existing.order_id };
    },

    async verifyPayment(principal: Principal, transactionId: string) {
      const payment = await repo.findPayment(db, transactionId, smeOnly(principal));
      if (!payment) throw notFound(MESSAGES.paymentNotFound);
      return this.settle(transactionId);
    },

    /** The gateway's signed callback: a bad signature changes nothing; a good one settles by the gateway's word. */
    async handleCallback(rawBody: string, signature: string | undefined) {
      if (!isCallbackSignatureValid(callbackSecret, rawBody, signature)) throw unauthorized(MESSAGES.callbackSignatureInvalid);
      let transactionId: unknown;
      try {
        transactionId = (JSON.parse(rawBody) as { transactionId?: unknown }).transactionId;
      } catch {
        throw badRequest(MESSAGES.invalidRequest);
      }
      if (typeof transactionId !== 'string') throw badRequest(MESSAGES.invalidRequest);
      return this.settle(transactionId);
    },

    /**
     * A gateway's webhook named its own id of a payment (and of the attempt that changed): the payment is
     * settled by the gateway's word, asked anew, so a forged or replayed notice changes nothing by itself.
     */
    async settleByGatewayReference(gatewayReference: string, gatewayPaymentId?: string): Promise<{ payStatus: boolean; orderId: string } | undefined> {
      const payment = await repo.findPaymentByGatewayReference(db, gateway.name, gatewayReference);
      if (!payment) return undefined;
      return this.settle(payment.transaction_id, gatewayPaymentId ? { gatewayPaymentId } : {});
    },

    /** A gateway's webhook says a refund changed: the refund worker asks the gateway where it stands, now. */
    async refundChanged(gatewayRefundId: string): Promise<boolean> {
      const due = await makeRefundDue(db, gateway.name, gatewayRefundId, clock());
      if (due) refunds.kick();
      return due;
    },

    // ---- the jobs

    /**
     * Cancels orders whose first instalment was not paid within the payment window; their credit goes back.
     * Each order is canceled in a transaction of its own, holding only its row's and its SME's locks, so
     * one that cannot be canceled rolls back alone: the others are canceled, and the run then fails naming
     * it (the next run tries it again). At most JOB_BATCH orders a run; the next run goes on.
     */
    async cancelExpiredOrders(now: Date): Promise<number> {
      const createdBefore = new Date(now.getTime() - FIRST_PAYMENT_WINDOW_HOURS * HOUR_MS);
      const failed: { id: string; error: unknown }[] = [];
      let canceled = 0;
      while (canceled + failed.length < JOB_BATCH) {
        const ids = await repo.expiredOrders(db, createdBefore, failed.map((f) => f.id), CANCEL_READ_BATCH);
        for (const id of ids) {
          const done = await withTransaction(db, async (tx) => {
            const order = await repo.lockOrder(tx, id);
            // Paid or canceled since it was read: nothing to do.
            if (!order || order.status !== ORDER_STATUS.created) return false;
            await cancelUnpaidOrder(tx, order, now);
            return true;
          }).catch((error: unknown) => {
            failed.push({ id, error });
            return false;
          });
          if (done) canceled += 1;
        }
        if (ids.length < CANCEL_READ_BATCH) break;
      }
      if (failed.length > 0) {
        const first = failed[0]!.error;
        // The database's own sentence, not the query layer's wrapping of it.
        const reason = first instanceof Error && first.cause instanceof Error ? first.cause : first;
        throw new Error(
          `${failed.length} expired order(s) could not be canceled (${failed.map((f) => f.id).join(', ')}); ${canceled} were. First error: ${reason instanceof Error ? reason.message : String(reason)}`,
          { cause: first },
        );
      }
      return canceled;
    },

    /**
     * Marks the orders with an instalment past its deadline late (one statement), then queues their
     * late notices in small batches of their own (queueNotices).
     */
    async markLatePayments(now: Date): Promise<number> {
      const marked = await withTransaction(db, (tx) => repo.markLateOrders(tx, now));
      await queueNotices('late', now, now, (row) => lateNotice(payLink('pay-instalment', row.order_id), fromMinorUnits(Number(row.amount)), new Date(row.deadline)));
      return marked;
    },

    /** Queues a reminder for each instalment due within REMINDER_DAYS_BEFORE days, in small batches of their own. */
    async queueReminders(now: Date): Promise<number> {
      const until = new Date(now.getTime() + REMINDER_DAYS_BEFORE * 24 * HOUR_MS);
      return queueNotices('reminder', now, until, (row) =>
        reminderNotice(payLink('pay-instalment', row.order_id), fromMinorUnits(Number(row.amount)), new Date(row.deadline)),
      );
    },
  };
}
