// The built-in sandbox gateway: a hosted payment page served by the platform itself, where the payer
// approves or declines. It keeps its own record (sandbox_transactions), as a real gateway would on
// its side, and posts a signed callback to the platform when a payment completes.
import { randomBytes } from 'node:crypto';
import { MESSAGES, fromMinorUnits } from '@qist/domain';
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/transaction.js';
import { sandboxTransactions } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';
import type { GatewayRefundState, GatewayVerdict, PaymentGateway, RefundAck } from './gateway.js';

export const SANDBOX_PAGE_PATH = '/gateway/sandbox/';

type SandboxStatus = (typeof sandboxTransactions.$inferSelect)['status'];

export interface SandboxGateway extends PaymentGateway {
  show(transactionId: string): Promise<{ transactionId: string; amount: number; description: string; status: SandboxStatus }>;
  /** The payer's choice on the page; the signed callback is delivered before this returns. */
  complete(transactionId: string, approve: boolean): Promise<{ redirectUrl: string }>;
}

export interface SandboxDeps {
  db: Db;
  /** The platform's currency (ISO 4217): the sandbox's payments are in it. */
  currency: string;
  /** Posts the signed callback to the platform (the app delivers it through its own HTTP pipeline). */
  sendCallback(body: { transactionId: string; status: 'approved' | 'declined' }): Promise<void>;
  onCallbackError?(error: unknown): void;
}

export function newTransactionId(): string {
  return `sbx_${randomBytes(24).toString('base64url')}`;
}

export function createSandboxGateway({ db, currency, sendCallback, onCallbackError = () => {} }: SandboxDeps): SandboxGateway {
  async function find(transactionId: string) {
    const [row] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.id, transactionId));
    return row;
  }

  return {
    name: 'sandbox',

    async start({ amountMinor, description }) {
      const transactionId = newTransactionId();
      await db.insert(sandboxTransactions).values({ id: transactionId, amount: amountMinor, description });
      return { transactionId, paymentUrl: `${SANDBOX_PAGE_PATH}${transactionId}` };
    },

    // The sandbox takes the platform's currency, and exactly the amount it was started with.
    async status({ transactionId }): Promise<GatewayVerdict> {
      const row = await find(transactionId);
      if (!row) return { status: 'unknown', detail: 'the sandbox has no such transaction' };
      return { status: row.status, amountMinor: row.amount, currency };
    },

    // The sandbox gives money back at once; asked again for the same payment it answers the same.
    async refund({ transactionId }): Promise<RefundAck> {
      await db
        .update(sandboxTransactions)
        .set({ status: 'refunded' })
        .where(and(eq(sandboxTransactions.id, transactionId), eq(sandboxTransactions.status, 'approved')));
      const status = (await find(transactionId))?.status;
      if (status === 'refunded') return { state: 'succeeded', gatewayRefundId: transactionId };
      return { state: 'failed', detail: status ? `the sandbox transaction is ${status}, not approved` : 'the sandbox has no such transaction' };
    },

    async refundStatus({ transactionId }): Promise<GatewayRefundState> {
      return (await find(transactionId))?.status === 'refunded' ? 'succeeded' : 'failed';
    },

    // The sandbox's own record: every payment approved on its page in the window (refunded later or not).
    async captures({ from, to }) {
      const rows = await db
        .select({ transactionId: sandboxTransactions.id, amountMinor: sandboxTransactions.amount })
        .from(sandboxTransactions)
        .where(
          and(
            inArray(sandboxTransactions.status, ['approved', 'refunded']),
            gte(sandboxTransactions.completedAt, from),
            lt(sandboxTransactions.completedAt, to),
          ),
        );
      return rows.map((row) => ({ ...row, currency }));
    },

    // The platform gave the payment up: its page no longer takes an answer.
    async expire(transactionId) {
      await db
        .update(sandboxTransactions)
        .set({ status: 'expired', completedAt: new Date() })
        .where(and(eq(sandboxTransactions.id, transactionId), eq(sandboxTransactions.status, 'pending')));
    },

    async show(transactionId) {
      const row = await find(transactionId);
      if (!row) throw notFound(MESSAGES.paymentNotFound);
      return { transactionId: row.id, amount: fromMinorUnits(row.amount), description: row.description, status: row.status };
    },

    async complete(transactionId, approve) {
      const status = approve ? 'approved' : 'declined';
      const [row] = await db
        .update(sandboxTransactions)
        .set({ status, completedAt: new Date() })
        .where(and(eq(sandboxTransactions.id, transactionId), eq(sandboxTransactions.status, 'pending')))
        .returning({ id: sandboxTransactions.id });
      if (!row) {
        const current = await find(transactionId);
        if (!current) throw notFound(MESSAGES.paymentNotFound);
        throw conflict(current.status === 'expired' ? MESSAGES.paymentExpired : MESSAGES.paymentAlreadyCompleted);
      }
      // The platform's verify settles it too, so a lost callback delays nothing.
      await sendCallback({ transactionId, status }).catch(onCallbackError);
      return { redirectUrl: `/sme/payment-result/${encodeURIComponent(transactionId)}` };
    },
  };
}
