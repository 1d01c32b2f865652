// The daily reconciliation (DESIGN.md §8): the gateway's record of the money it took on a UTC day
// against the ledger's gateway-clearing postings of that day, matched by transaction (domain:
// reconcileDay). Each computation is stored; a day with differences shows on the admin's dashboard
// until an admin marks exactly those differences as looked at. A daily job computes yesterday (and any
// of the last week's days not computed after they ended) and looks again at open days every hour.
import { createHash } from 'node:crypto';
import {
  AUDIT_ACTIONS,
  MESSAGES,
  differenceCount,
  fromMinorUnits,
  reconcileDay,
  utcDayBounds,
  utcDayOf,
  type DayReconciliation,
  type GatewayCapture,
  type Reconciliation,
  type ReconciliationDifference,
} from '@qist/domain';
import { withTransaction, type Db, type Executor, type Tx } from '../../db/transaction.js';
import { AppError, badRequest, conflict } from '../../errors.js';
import { recordAudit, type AuditBy } from '../audit/record.js';
import type { PaymentGateway } from './gateway.js';
import {
  daysCheckedAfterTheirEnd,
  ledgerCapturesBetween,
  ledgerCapturesOf,
  markReviewed,
  openDays,
  openDaysCheckedBefore,
  paymentsOf,
  paymentsStartedBetween,
  storeReconciliation,
  type StoredReconciliation,
} from './reconciliation-repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How many past days the job makes sure are computed after their end (a server stopped for a few days catches up). */
const CATCH_UP_DAYS = 7;
/** How often the job looks again at a day whose differences are open, and how many such days per run. */
const RECHECK_MS = 60 * 60 * 1000;
const RECHECK_DAYS = 3;
/** How many open days the dashboard names. */
export const OPEN_DAYS_SHOWN = 7;

export interface ReconciliationService {
  /** Computes the day now, stores the result and answers it. */
  day(date: string): Promise<Reconciliation>;
  /** Marks the day's current differences as looked at (recorded in the audit trail). */
  review(date: string, by: AuditBy & { userId: string }): Promise<Reconciliation>;
  /** Days with differences nobody has looked at, newest first. */
  /** `reader`: the primary's handle by default, a replica's for the admin's dashboard (ADR 37). */
  openDays(reader?: Db): Promise<{ date: string; differences: number }[]>;
  /** The daily job: returns how many days it computed. */
  runDaily(tx: Tx, now: Date): Promise<number>;
}

type StoredResult = Pick<DayReconciliation, 'missingInLedger' | 'missingAtGateway' | 'amountMismatch' | 'refunded'>;

/** What a look covers: the differences, in a fixed order. */
function signatureOf(day: DayReconciliation): string {
  const line = (kind: string, d: ReconciliationDifference) => `${kind}:${d.transactionId}:${d.gatewayAmountMinor ?? ''}:${d.ledgerAmountMinor ?? ''}`;
  const lines = [
    ...day.missingInLedger.map((d) => line('missingInLedger', d)),
    ...day.missingAtGateway.map((d) => line('missingAtGateway', d)),
    ...day.amountMismatch.map((d) => line('amountMismatch', d)),
  ];
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toResponse(row: StoredReconciliation): Reconciliation {
  const result = row.result as StoredResult;
  const amounts = (d: ReconciliationDifference) => ({
    transactionId: d.transactionId,
    orderId: d.orderId,
    gatewayAmount: d.gatewayAmountMinor === null ? null : fromMinorUnits(d.gatewayAmountMinor),
    ledgerAmount: d.ledgerAmountMinor === null ? null : fromMinorUnits(d.ledgerAmountMinor),
  });
  const reviewed = row.reviewed_at && row.reviewed_signature === row.signature && row.differences > 0;
  return {
    date: row.date,
    currency: row.currency,
    gateway: row.gateway,
    matched: row.matched,
    missingInLedger: result.missingInLedger.map(amounts),
    missingAtGateway: result.missingAtGateway.map(amounts),
    amountMismatch: result.amountMismatch.map(amounts),
    refunded: result.refunded.map(amounts),
    differences: row.differences,
    checkedAt: iso(row.checked_at),
    reviewed: reviewed ? { at: iso(row.reviewed_at!), by: row.reviewed_by_email ?? '' } : null,
  };
}

export function createReconciliationService({
  db,
  gateway,
  currency,
  clock = () => new Date(),
}: {
  db: Db;
  gateway: PaymentGateway;
  currency: string;
  clock?: () => Date;
}): ReconciliationService {
  /** The gateway's word on one payment the ledger counted but the gateway did not list that day. */
  async function gatewayWordOn(payment: { transactionId: string; gateway: string; gatewayReference: string | null }): Promise<GatewayCapture | null> {
    if (payment.gateway !== gateway.name) return null;
    const verdict = await gateway.status({ transactionId: payment.transactionId, gatewayReference: payment.gatewayReference });
    if (verdict.status !== 'approved' && verdict.status !== 'refunded') return null;
    return { transactionId: payment.transactionId, amountMinor: verdict.amountMinor ?? 0, currency: verdict.currency ?? '' };
  }

  async function compute(executor: Executor, date: string, now: Date): Promise<StoredReconciliation> {
    if (date > utcDayOf(now)) throw badRequest(MESSAGES.reconciliationDate);
    const { from, to } = utcDayBounds(date);
    let day: DayReconciliation;
    try {
      const captured = await gateway.captures({ from, to }, await paymentsStartedBetween(executor, gateway.name, from, to));
      const counted = await ledgerCapturesBetween(executor, from, to);
      const countedIds = new Set(counted.map((c) => c.transactionId));
      const listedIds = new Set(captured.map((c) => c.transactionId));
      const notCountedToday = captured.filter((c) => !countedIds.has(c.transactionId)).map((c) => c.transactionId);
      const ledgerElsewhere = new Map((await ledgerCapturesOf(executor, notCountedToday)).map((c) => [c.transactionId, c]));
      const gatewayElsewhere = new Map<string, GatewayCapture | null>();
      for (const capture of counted.filter((c) => !listedIds.has(c.transactionId))) {
        gatewayElsewhere.set(capture.transactionId, await gatewayWordOn(capture));
      }
      const { orders, refunded } = await paymentsOf(executor, notCountedToday.filter((id) => !ledgerElsewhere.has(id)));
      day = reconcileDay({
        gateway: captured,
        ledger: counted,
        ledgerElsewhere,
        gatewayElsewhere,
        orderOf: orders,
        refundedTransactions: refunded,
        currency,
      });
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 503) throw Object.assign(new AppError(503, MESSAGES.reconciliationUnavailable), { cause: error });
      throw error;
    }
    const { matched, ...lists } = day;
    return storeReconciliation(executor, {
      date,
      gateway: gateway.name,
      currency,
      matched,
      differences: differenceCount(day),
      result: lists,
      signature: signatureOf(day),
      checkedAt: now,
    });
  }

  return {
    async day(date) {
      return toResponse(await withTransaction(db, (tx) => compute(tx, date, clock())));
    },

    async review(date, by) {
      return withTransaction(db, async (tx) => {
        const row = await markReviewed(tx, date, by.userId, clock());
        if (!row) throw conflict(MESSAGES.reconciliationNothingToReview);
        await recordAudit(tx, {
          action: AUDIT_ACTIONS.reconciliationReviewed,
          actor: by.actor,
          ip: by.ip,
          target: { type: 'reconciliation', id: date },
          detail: { differences: row.differences, matched: row.matched },
        });
        return toResponse(row);
      });
    },

    openDays: (reader = db) => openDays(reader, OPEN_DAYS_SHOWN),

    async runDaily(tx, now) {
      const pastDays = Array.from({ length: CATCH_UP_DAYS }, (_, i) => utcDayOf(new Date(now.getTime() - (i + 1) * DAY_MS)));
      const final = await daysCheckedAfterTheirEnd(tx, pastDays);
      const due = pastDays.filter((date) => !final.has(date));
      for (const date of await openDaysCheckedBefore(tx, new Date(now.getTime() - RECHECK_MS), RECHECK_DAYS)) {
        if (!due.includes(date)) due.push(date);
      }
      for (const date of due) await compute(tx, date, now);
      return due.length;
    },
  };
}
