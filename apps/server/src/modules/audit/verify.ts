// Re-computes the audit chain from its rows, oldest first, and names the first broken row: a missing
// number (a removed row), a previous hash that is not the hash of the row before (a removed or
// inserted row), or a hash that is not what the row's content gives (a changed row).
import { asc, gt } from 'drizzle-orm';
import { auditEvents } from '../../db/schema/index.js';
import type { Executor } from '../../db/transaction.js';
import { GENESIS_HASH, eventHash } from './record.js';
import { toAuditEvent } from './repository.js';

export interface AuditChainCheck {
  events: number;
  /** The first broken row in one sentence, or null when the whole chain holds. */
  problem: string | null;
  /** The first broken row, when there is one. */
  broken: { id: string; seq: number } | null;
}

const BATCH = 1000;

export async function verifyAuditChain(db: Executor): Promise<AuditChainCheck> {
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  let events = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditEvents)
      .where(gt(auditEvents.seq, expectedSeq - 1))
      .orderBy(asc(auditEvents.seq))
      .limit(BATCH);
    for (const row of rows) {
      const name = `audit event ${row.id} (seq ${row.seq}, ${row.action}, ${row.at.toISOString()})`;
      const broken = { id: row.id, seq: row.seq };
      if (row.seq !== expectedSeq) {
        return { events, broken, problem: `${name}: expected seq ${expectedSeq} here, so ${row.seq - expectedSeq} row(s) before it are missing` };
      }
      if (row.prevHash !== prevHash) {
        return { events, broken, problem: `${name}: its prev_hash ${row.prevHash} is not the hash of the row before (${prevHash})` };
      }
      const { _id, seq, actor, action, target, ip, detail } = toAuditEvent(row);
      const recomputed = eventHash(prevHash, { _id, seq, at: row.at, actor, action, target, ip, detail });
      if (recomputed !== row.hash) {
        return { events, broken, problem: `${name}: its content does not give its hash (stored ${row.hash}, recomputed ${recomputed}): the row was changed` };
      }
      prevHash = row.hash;
      expectedSeq += 1;
      events += 1;
    }
    if (rows.length < BATCH) return { events, broken: null, problem: null };
  }
}
