// The audit trail (DESIGN §8): one append-only row per sensitive action, chained by hash. Rows are
// written by modules/audit in the transaction of the action they record; a trigger refuses any
// UPDATE, DELETE or TRUNCATE (migration 0012).
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 1, 2, 3, … without gaps: appends are serialized, so a missing number is a removed row. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Null for an anonymous actor (e.g. a failed sign-in of an unknown email). */
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    /** The hash of the row before (64 zeros for the first). */
    prevHash: text('prev_hash').notNull(),
    /** Hex SHA-256 of prev_hash followed by the row's canonical JSON. */
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('audit_events_seq_key').on(t.seq),
    index('audit_events_at_idx').on(t.at),
    index('audit_events_action_at_idx').on(t.action, t.at),
    index('audit_events_target_id_idx').on(t.targetId),
    index('audit_events_actor_id_idx').on(t.actorId),
    index('audit_events_actor_email_idx').on(t.actorEmail),
  ],
);
