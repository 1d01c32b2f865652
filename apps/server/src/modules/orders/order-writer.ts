// Group commit for orders (ADR 0028): while statements are writing orders, the orders that arrive wait,
// and the next statement writes all of them at once (up to `maxBatch`, one per SME); the unlocked reads
// that come before them are shared the same way. Nothing waits on a timer: an order that finds a free
// slot is read and written at once, alone; only under load do orders share statements, so the
// per-statement costs (a round trip, planning, the statement-level triggers, the commit and its WAL
// flush) are paid once for many orders.
//
// Each order is still decided alone: its SME's conditional UPDATE reserves its credit or writes nothing
// for it. Should a shared statement fail (a deadlock with another process, a constraint), nothing of it
// was written, and each of its orders is written again in a statement of its own (lib/batcher.ts), so
// one order's failure is never another's.
import type { Db } from '../../db/transaction.js';
import { createBatcher } from '../../lib/batcher.js';
import { readOrderContexts, writeOrders, type NewOrder, type OrderBatchTerms, type OrderContext } from './create-order.js';

export interface OrderWriterOptions {
  /** Statements writing orders at once from this process. */
  maxInFlight?: number;
  /** Orders in one statement at most. */
  maxBatch?: number;
  /** Told each writing statement's size (for the tests). */
  onStatement?: (orders: number) => void;
}

export interface OrderWriter {
  /** True when the order was written; false when its SME's credit did not cover it (then nothing was). */
  write(order: NewOrder, terms: OrderBatchTerms): Promise<boolean>;
}

export function createOrderWriter(db: Db, { maxInFlight = 2, maxBatch = 64, onStatement }: OrderWriterOptions = {}): OrderWriter {
  const batcher = createBatcher<{ order: NewOrder; terms: OrderBatchTerms }, boolean>({
    run: async (items) => {
      const written = await writeOrders(db, items.map((i) => i.order), items[0]!.terms);
      return items.map((i) => written.has(i.order.orderId));
    },
    keyOf: (i) => i.order.smeId,
    compatible: (a, b) => a.terms.activeLevel === b.terms.activeLevel && a.terms.entryKind === b.terms.entryKind && a.terms.receivableAccount === b.terms.receivableAccount,
    maxInFlight,
    maxBatch,
    onBatch: onStatement,
  });
  return { write: (order, terms) => batcher.submit({ order, terms }) };
}

export interface OrderContextReader {
  /** The SME, the supplier (when at `providerLevel`) and the share rate an order needs, read without locks. */
  read(smeUserId: string, providerId: string, providerLevel: number): Promise<OrderContext | undefined>;
}

export function createOrderContextReader(db: Db, { maxInFlight = 2, maxBatch = 64 }: Omit<OrderWriterOptions, 'onStatement'> = {}): OrderContextReader {
  const batcher = createBatcher<{ smeUserId: string; providerId: string; providerLevel: number }, OrderContext | undefined>({
    run: (items) => readOrderContexts(db, items, items[0]!.providerLevel),
    compatible: (a, b) => a.providerLevel === b.providerLevel,
    maxInFlight,
    maxBatch,
  });
  return { read: (smeUserId, providerId, providerLevel) => batcher.submit({ smeUserId, providerId, providerLevel }) };
}
