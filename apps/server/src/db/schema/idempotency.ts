// Idempotency keys (as Stripe's API has them): the first answer to a request sent with an
// `Idempotency-Key` header, kept 24 hours per account, so a retry gets that answer instead of a second effect.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Keys are per account: two accounts' equal keys are two keys. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    key: text('key').notNull(),
    /** The route and body the key was first used with (sha256 of both): another request under the key is refused. */
    requestHash: text('request_hash').notNull(),
    /** in_progress while the first request runs; done once its answer is kept. */
    state: text('state', { enum: ['in_progress', 'done'] }).notNull().default('in_progress'),
    responseStatus: integer('response_status'),
    /** The answer's body exactly as it was sent. */
    responseBody: text('response_body'),
    /** When the request that runs under the key started; one that never finished is taken over after a while. */
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    check('idempotency_keys_state_check', sql`${t.state} in ('in_progress', 'done')`),
    check('idempotency_keys_done_check', sql`(${t.state} = 'done') = (${t.responseStatus} is not null and ${t.responseBody} is not null)`),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);
