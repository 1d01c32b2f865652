// Reads the audit trail: the admin's filtered list (newest first) and the statement of its export.
import { and, count, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import type { AuditEvent, AuditFilterQuery } from '@qist/domain';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { auditEvents } from '../../db/schema/index.js';
import type { Executor } from '../../db/transaction.js';

export type AuditRow = typeof auditEvents.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function toAuditEvent(row: AuditRow): AuditEvent {
  return {
    _id: row.id,
    seq: row.seq,
    at: row.at.toISOString(),
    actor: row.actorId && row.actorEmail && row.actorRole ? { _id: row.actorId, email: row.actorEmail, role: row.actorRole } : null,
    action: row.action,
    target: { type: row.targetType ?? '', id: row.targetId ?? '' },
    ip: row.ip,
    detail: row.detail,
    prevHash: row.prevHash,
    hash: row.hash,
  };
}

/** `to` given as a day includes the whole of that day (UTC). */
function endOf(to: string): Date {
  const date = new Date(DAY.test(to) ? `${to}T00:00:00Z` : to);
  if (DAY.test(to)) date.setUTCDate(date.getUTCDate() + 1);
  else date.setTime(date.getTime() + 1);
  return date;
}

function whereOf(filter: AuditFilterQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.action) conditions.push(eq(auditEvents.action, filter.action));
  if (filter.actor) {
    const email = filter.actor.toLowerCase();
    conditions.push(UUID.test(filter.actor) ? or(eq(auditEvents.actorId, filter.actor.toLowerCase()), eq(auditEvents.actorEmail, email)) : eq(auditEvents.actorEmail, email));
  }
  if (filter.targetId) conditions.push(eq(auditEvents.targetId, filter.targetId));
  if (filter.from) conditions.push(gte(auditEvents.at, new Date(DAY.test(filter.from) ? `${filter.from}T00:00:00Z` : filter.from)));
  if (filter.to) conditions.push(lt(auditEvents.at, endOf(filter.to)));
  return conditions.length ? and(...conditions) : undefined;
}

export async function listAuditEvents(db: Executor, filter: AuditFilterQuery, page: { limit: number; offset: number }) {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db.select().from(auditEvents).where(where).orderBy(desc(auditEvents.seq)).limit(page.limit).offset(page.offset),
    db.select({ count: count() }).from(auditEvents).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
}

/** The export's statement: the filtered trail, newest first, read through a cursor. */
export function auditExportQuery(filter: AuditFilterQuery) {
  return new QueryBuilder().select().from(auditEvents).where(whereOf(filter)).orderBy(desc(auditEvents.seq));
}
