// Group commit for orders: while statements are writing orders, the orders that arrive wait, and the
// next statement writes all of them at once (up to `maxBatch`, one per SME). Nothing waits on a timer:
// an order that finds a free slot is written at once, alone; only under load do orders share a
// statement, so the per-statement costs (a round trip, planning, the statement-level triggers, the
// commit and its WAL flush) are paid once for many orders. See ADR 0028.
//
// Each order is still decided alone: its SME's conditional UPDATE reserves its credit or writes nothing
// for it. Should a shared statement fail (a deadlock with another process, a constraint), nothing of it
// was written, and each of its orders is written again in a statement of its own, so one order's
// failure is never another's.
import type { Db } from '../../db/transaction.js';
import { writeOrders, type NewOrder, type OrderBatchTerms } from './create-order.js';

export interface OrderWriterOptions {
  /** Statements writing orders at once from this process. */
  maxInFlight?: number;
  /** Orders in one statement at most. */
  maxBatch?: number;
  /** Told each statement's size (for the metrics and the tests). */
  onStatement?: (orders: number) => void;
}

export interface OrderWriter {
  /** True when the order was written; false when its SME's credit did not cover it (then nothing was). */
  write(order: NewOrder, terms: OrderBatchTerms): Promise<boolean>;
}

interface Waiting {
  order: NewOrder;
  terms: OrderBatchTerms;
  resolve: (written: boolean) => void;
  reject: (error: unknown) => void;
}

export function createOrderWriter(db: Db, { maxInFlight = 2, maxBatch = 64, onStatement = () => {} }: OrderWriterOptions = {}): OrderWriter {
  const queue: Waiting[] = [];
  let inFlight = 0;

  const sameTerms = (a: Waiting['terms'], b: Waiting['terms']) =>
    a.activeLevel === b.activeLevel && a.entryKind === b.entryKind && a.receivableAccount === b.receivableAccount;

  /** The next statement's orders: the oldest waiting, then every later one of another SME on the same terms. */
  function takeBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const left: Waiting[] = [];
    const smes = new Set<string>();
    for (const w of queue) {
      const first = batch[0];
      if (batch.length < maxBatch && !smes.has(w.order.smeId) && (!first || sameTerms(first.terms, w.terms))) {
        smes.add(w.order.smeId);
        batch.push(w);
      } else {
        left.push(w);
      }
    }
    queue.splice(0, queue.length, ...left);
    return batch;
  }

  async function run(batch: Waiting[]) {
    onStatement(batch.length);
    const [first, ...others] = batch;
    if (!first) return;
    try {
      const written = await writeOrders(db, batch.map((w) => w.order), first.terms);
      for (const w of batch) w.resolve(written.has(w.order.orderId));
    } catch (error) {
      if (others.length === 0) {
        first.reject(error);
        return;
      }
      // Nothing of the shared statement was written: each order again, alone.
      await Promise.all(batch.map((w) => run([w])));
    }
  }

  function pump() {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = takeBatch();
      inFlight += 1;
      void run(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    write(order, terms) {
      return new Promise<boolean>((resolve, reject) => {
        queue.push({ order, terms, resolve, reject });
        pump();
      });
    },
  };
}
