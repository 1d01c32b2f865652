// The transactional outbox: a message is written in the same transaction as its event and sent later.
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** pending → sent, or demo (no transport: kept for the admin's demo outbox), or failed after the last try. */
    status: text('status', { enum: ['pending', 'sent', 'demo', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_messages_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_messages_created_idx').on(t.createdAt, t.id),
  ],
);
