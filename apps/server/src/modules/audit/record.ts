// Writes the audit trail (DESIGN §8): recordAudit appends one event, chained to the one before, in
// the caller's transaction, so an action and its event commit or roll back together.
//
// Appends are serialized by a transaction-scoped advisory lock taken right before the last hash is
// read: the chain can only be right if no two appends read the same "last" row. The lock is held
// until the caller commits, so audited transactions queue behind each other from their audit
// statement on; record the event as the last statement of the transaction to keep that wait short.
import { createHash } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import type { AuditAction, AuditActor, AuditTargetType } from '@qist/domain';
import { auditEvents } from '../../db/schema/index.js';
import type { Tx } from '../../db/transaction.js';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../lib/principal.js';
import { principalOf } from '../../plugins/access.js';

/** The advisory lock key of audit appends (any constant no other lock of the platform uses). */
export const AUDIT_APPEND_LOCK = 7_170_001;
/** The previous hash of the first event. */
export const GENESIS_HASH = '0'.repeat(64);

export interface AuditEventInput {
  action: AuditAction;
  /** Null for an anonymous actor (e.g. a failed sign-in of an unknown email). */
  actor: AuditActor | null;
  target: { type: AuditTargetType; id: string };
  ip: string | null;
  detail?: Record<string, unknown>;
}

/** The fields a hash covers, in the row shape of the API. */
export interface HashedFields {
  _id: string;
  seq: number;
  at: Date;
  actor: AuditActor | null;
  action: string;
  target: { type: string; id: string };
  ip: string | null;
  detail: Record<string, unknown>;
}

/** Who acts and from where: what a service needs to record an action besides the action itself. */
export interface AuditBy {
  actor: AuditActor | null;
  ip: string | null;
}

/** The actor and address of a signed-in request. */
export function auditByOf(request: FastifyRequest): AuditBy {
  return { actor: actorOf(principalOf(request)), ip: request.ip };
}

/** Admin, bank and insurance users: the back office whose reading of files is recorded. */
export function isBackOffice(principal: Pick<Principal, 'role'>): boolean {
  return principal.role === 'admin' || principal.role === 'bank' || principal.role === 'insurance';
}

/** The actor of a signed-in principal. */
export function actorOf(principal: Pick<Principal, 'userId' | 'email' | 'role'>): AuditActor {
  return { _id: principal.userId, email: principal.email, role: principal.role };
}

/** JSON with every object's keys sorted and times as ISO strings: the same value gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function eventHash(prevHash: string, fields: HashedFields): string {
  return createHash('sha256').update(prevHash + canonicalJson(fields), 'utf8').digest('hex');
}

/**
 * Appends one event to the trail inside `tx`. JSON round-trips the detail first, so what is hashed is
 * exactly what jsonb gives back (no undefined, no Date objects).
 */
export async function recordAudit(tx: Tx, event: AuditEventInput, now: Date = new Date()): Promise<{ id: string; seq: number; hash: string }> {
  const detail = JSON.parse(canonicalJson(event.detail ?? {})) as Record<string, unknown>;
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_APPEND_LOCK})`);
  const [last] = await tx.select({ seq: auditEvents.seq, hash: auditEvents.hash }).from(auditEvents).orderBy(desc(auditEvents.seq)).limit(1);
  const seq = (last?.seq ?? 0) + 1;
  const prevHash = last?.hash ?? GENESIS_HASH;
  // Milliseconds: what a JavaScript Date carries, so the time reads back exactly as it was hashed.
  const at = new Date(now.getTime());
  const id = crypto.randomUUID();
  const hash = eventHash(prevHash, { _id: id, seq, at, actor: event.actor, action: event.action, target: event.target, ip: event.ip, detail });
  await tx.insert(auditEvents).values({
    id,
    seq,
    at,
    actorId: event.actor?._id ?? null,
    actorEmail: event.actor?.email ?? null,
    actorRole: event.actor?.role ?? null,
    action: event.action,
    targetType: event.target.type,
    targetId: event.target.id,
    ip: event.ip,
    detail,
    prevHash,
    hash,
  });
  return { id, seq, hash };
}
