// Sends due outbox messages. Rows are claimed with FOR UPDATE SKIP LOCKED, so several processes
// never send the same message; a failure is retried later with a growing delay, up to MAX_ATTEMPTS.
// The job queue runs it (the `outbox` queue, ADR 39): on an interval and when a message is enqueued.
import { and, asc, eq, lte } from 'drizzle-orm';
import { withTransaction, type Db } from '../../db/transaction.js';
import { outboxMessages } from '../../db/schema/index.js';
import type { Transports } from './transports.js';

export const MAX_ATTEMPTS = 8;
const BATCH = 20;

/** 30 s, 1 min, 2 min, … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** What one message's turn came to: handed to its transport, refused by it (tried again later), or kept for the demo outbox. */
export type SendOutcome = 'sent' | 'failed' | 'demo';

export interface Dispatcher {
  /** Sends what is due now; returns how many messages were sent. */
  dispatchDue(): Promise<number>;
  /** Waits for a dispatch under way, then closes the transports. */
  stop(): Promise<void>;
}

export function createDispatcher(options: {
  db: Db;
  transports: Transports;
  now?: () => Date;
  /** Told of each message a transport refused (it is tried again later). */
  onError?: (error: unknown) => void;
  /** Told of each message's turn once its row is updated (an observer: metrics; the transaction may still roll back). */
  onSend?: (channel: 'email' | 'sms', outcome: SendOutcome) => void;
}): Dispatcher {
  const { db, transports, now = () => new Date(), onError = () => {}, onSend = () => {} } = options;
  let running: Promise<number> | undefined;
  let again = false;

  async function dispatchOnce(): Promise<number> {
    return withTransaction(db, async (tx) => {
      const due = await tx
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.status, 'pending'), lte(outboxMessages.nextAttemptAt, now())))
        .orderBy(asc(outboxMessages.nextAttemptAt))
        .limit(BATCH)
        .for('no key update', { skipLocked: true });
      let sent = 0;
      for (const message of due) {
        const transport = transports[message.channel];
        if (!transport) {
          await tx.update(outboxMessages).set({ status: 'demo' }).where(eq(outboxMessages.id, message.id));
          onSend(message.channel, 'demo');
          continue;
        }
        try {
          await transport.send({ to: message.recipient, subject: message.subject, text: message.body });
          await tx
            .update(outboxMessages)
            .set({ status: 'sent', sentAt: now(), attempts: message.attempts + 1, lastError: null })
            .where(eq(outboxMessages.id, message.id));
          sent += 1;
          onSend(message.channel, 'sent');
        } catch (error) {
          const attempts = message.attempts + 1;
          await tx
            .update(outboxMessages)
            .set({
              attempts,
              lastError: error instanceof Error ? error.message : String(error),
              status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
              nextAttemptAt: new Date(now().getTime() + retryDelayMs(attempts)),
            })
            .where(eq(outboxMessages.id, message.id));
          onError(error);
          onSend(message.channel, 'failed');
        }
      }
      return sent;
    });
  }

  async function dispatchDue(): Promise<number> {
    // One run at a time in this process; a kick during a run asks for one more run after it.
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await dispatchOnce();
      } while (again);
      return total;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    dispatchDue,
    async stop() {
      await running?.catch(() => {});
      for (const transport of Object.values(transports)) transport?.close?.();
    },
  };
}
