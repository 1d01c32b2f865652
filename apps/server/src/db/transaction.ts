// The one way to run work atomically: a repository takes an Executor (the pool or an open
// transaction), a service opens the transaction with withTransaction, and every effect of a step
// (a state change, its ledger entry, its outbox messages) is written through that one transaction.
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.js';

export type Executor = Db | Tx;
export type { Db, Tx };

/** Runs work in one transaction; called inside one, it joins it rather than opening a savepoint. */
export async function withTransaction<T>(executor: Executor, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (executor instanceof PgTransaction) return work(executor as Tx);
  return executor.transaction(work);
}

/**
 * Runs reads that must agree (a page and its total read by two statements) on one snapshot: a
 * read-only repeatable-read transaction. Called inside a transaction, it joins it.
 */
export async function withSnapshot<T>(executor: Executor, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (executor instanceof PgTransaction) return work(executor as Tx);
  return executor.transaction(work, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
