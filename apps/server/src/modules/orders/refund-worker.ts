// Carries out recorded refunds at the gateway until it confirms each one: a pending refund is
// requested (once: a retry after an ambiguous answer tells the adapter so), a requested one is asked
// after, and a gateway that does not answer clearly is asked again later, with a growing delay. Every
// process may run the worker: a refund is claimed by one of them at a time (refund-repository.ts).
// The job queue runs it (the `refunds` queue, ADR 39): on an interval and when a refund is recorded.
import type { Db } from '../../db/transaction.js';
import type { PaymentGateway } from './gateway.js';
import { claimDueRefunds, recordRefundOutcome, type RefundRow } from './refund-repository.js';

const BATCH = 20;
/** Longer than the gateway adapter's own retries of one call, so a live claim is never taken over. */
export const REFUND_LEASE_MS = 5 * 60_000;

/** 30 s, 1 min, 2 min, … capped at one hour: how long after its n-th call a refund is tried again. */
export function refundRetryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export interface RefundRunResult {
  /** Refunds the gateway confirmed in this run. */
  succeeded: number;
  /** Refunds the gateway accepted and will confirm later. */
  requested: number;
  /** Refunds the gateway refused or canceled for good. */
  failed: number;
  /** Refunds whose call failed or stays unconfirmed: tried again later. */
  retrying: number;
}

export interface RefundWorker {
  /** Carries out what is due now, in this process; another process's claimed refunds are left alone. */
  runOnce(): Promise<RefundRunResult>;
  /** Waits for a run under way to end. */
  stop(): Promise<void>;
}

/** What a money step needs of the worker: to be told a refund was recorded, so a run comes soon. */
export interface RefundQueue {
  kick(): void;
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

export function createRefundWorker({
  db,
  gateway,
  clock = () => new Date(),
  onError = () => {},
  onRun = () => {},
}: {
  db: Db;
  gateway: PaymentGateway;
  clock?: () => Date;
  onError?: (error: unknown, refund?: { id: string; transactionId: string }) => void;
  /** Told what each pass over the due refunds did (an observer: metrics). */
  onRun?: (result: RefundRunResult) => void;
}): RefundWorker {
  let running: Promise<RefundRunResult> | undefined;
  let again = false;

  /** One gateway call for a claimed refund, and its outcome written back under the claim. */
  async function carryOut(refund: RefundRow, tally: RefundRunResult): Promise<void> {
    const leaseToken = refund.lease_token;
    if (!leaseToken) return;
    const settle = async (outcome: Parameters<typeof recordRefundOutcome>[3]) => {
      await recordRefundOutcome(db, refund.id, leaseToken, outcome);
    };
    const later = (now: Date) => new Date(now.getTime() + refundRetryDelayMs(refund.attempts));
    try {
      if (refund.status === 'pending') {
        const ack = await gateway.refund({
          transactionId: refund.transaction_id,
          gatewayReference: refund.gateway_reference,
          amountMinor: Number(refund.amount),
          reference: refund.id,
          isRetry: refund.attempts > 1,
          // Pending yet with the gateway's id of a refund: one the gateway canceled, tried again by an admin.
          ...(refund.gateway_refund_id ? { canceledRefundId: refund.gateway_refund_id } : {}),
        });
        const now = clock();
        if (ack.state === 'failed') {
          await settle({ status: 'failed', lastError: ack.detail.slice(0, 500), nextAttemptAt: now, now });
          tally.failed += 1;
        } else if (ack.state === 'succeeded') {
          await settle({ status: 'succeeded', gatewayRefundId: ack.gatewayRefundId, lastError: null, nextAttemptAt: now, now });
          tally.succeeded += 1;
        } else {
          await settle({ status: 'requested', gatewayRefundId: ack.gatewayRefundId, lastError: null, nextAttemptAt: later(now), now });
          tally.requested += 1;
        }
        return;
      }
      const state = await gateway.refundStatus({
        gatewayRefundId: refund.gateway_refund_id ?? '',
        transactionId: refund.transaction_id,
        gatewayReference: refund.gateway_reference,
      });
      const now = clock();
      if (state === 'pending') {
        await settle({ status: 'requested', lastError: null, nextAttemptAt: later(now), now });
        tally.retrying += 1;
      } else {
        await settle({ status: state, lastError: state === 'failed' ? 'the gateway canceled the refund' : null, nextAttemptAt: now, now });
        tally[state] += 1;
      }
    } catch (error) {
      const now = clock();
      await settle({ status: refund.status, lastError: errorText(error), nextAttemptAt: later(now), now });
      tally.retrying += 1;
      onError(error, { id: refund.id, transactionId: refund.transaction_id });
    }
  }

  async function runOnce(): Promise<RefundRunResult> {
    const tally: RefundRunResult = { succeeded: 0, requested: 0, failed: 0, retrying: 0 };
    for (;;) {
      const now = clock();
      const claimed = await claimDueRefunds(db, { gateway: gateway.name, now, leaseUntil: new Date(now.getTime() + REFUND_LEASE_MS), limit: BATCH });
      for (const refund of claimed) await carryOut(refund, tally);
      if (claimed.length < BATCH) return tally;
    }
  }

  /** One run at a time in this process; a run asked for meanwhile makes the one under way go round again. */
  function runSerially(): Promise<RefundRunResult> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const total: RefundRunResult = { succeeded: 0, requested: 0, failed: 0, retrying: 0 };
      do {
        again = false;
        const run = await runOnce();
        onRun(run);
        for (const key of Object.keys(total) as (keyof RefundRunResult)[]) total[key] += run[key];
      } while (again);
      return total;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    runOnce: runSerially,
    async stop() {
      await running?.catch(() => {});
    },
  };
}
