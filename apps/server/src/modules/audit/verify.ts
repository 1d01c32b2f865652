// Re-computes the audit chain from its rows, oldest first, and names the first broken row: a missing
// number (a removed row), a previous hash that is not the hash of the row before (a removed or
// inserted row), or a hash that is not what the row's content gives (a changed row).
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { asc, gt } from 'drizzle-orm';
import { auditEvents } from '../../db/schema/index.js';
import type { Executor } from '../../db/transaction.js';
import { GENESIS_HASH, eventHash } from './record.js';
import { toAuditEvent } from './repository.js';

/** The newest row a previous verification saw, kept outside the database (see `npm run audit:verify -- --checkpoint`). */
export interface AuditCheckpoint {
  seq: number;
  hash: string;
}

export interface AuditChainCheck {
  events: number;
  /** The newest row of a sound chain (null when the trail is empty or broken): the next checkpoint. */
  head: AuditCheckpoint | null;
  /** The first broken row in one sentence, or null when the whole chain holds. */
  problem: string | null;
  /** The first broken row, when there is one. */
  broken: { id: string; seq: number } | null;
}

const BATCH = 1000;

/**
 * Walks the chain. With a checkpoint, the chain must still hold that row with that hash: removing the
 * newest rows leaves a shorter chain that is sound on its own, and only a head kept elsewhere tells.
 */
export async function verifyAuditChain(db: Executor, checkpoint?: AuditCheckpoint): Promise<AuditChainCheck> {
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
        return { events, head: null, broken, problem: `${name}: expected seq ${expectedSeq} here, so ${row.seq - expectedSeq} row(s) before it are missing` };
      }
      if (row.prevHash !== prevHash) {
        return { events, head: null, broken, problem: `${name}: its prev_hash ${row.prevHash} is not the hash of the row before (${prevHash})` };
      }
      const { _id, seq, actor, action, target, ip, detail } = toAuditEvent(row);
      const recomputed = eventHash(prevHash, { _id, seq, at: row.at, actor, action, target, ip, detail });
      if (recomputed !== row.hash) {
        return { events, head: null, broken, problem: `${name}: its content does not give its hash (stored ${row.hash}, recomputed ${recomputed}): the row was changed` };
      }
      if (checkpoint && row.seq === checkpoint.seq && row.hash !== checkpoint.hash) {
        return { events, head: null, broken, problem: `${name}: the checkpoint holds hash ${checkpoint.hash} for seq ${checkpoint.seq}, the chain ${row.hash}: the chain was rewritten from there back` };
      }
      prevHash = row.hash;
      expectedSeq += 1;
      events += 1;
    }
    if (rows.length < BATCH) {
      if (checkpoint && events < checkpoint.seq) {
        return {
          events,
          head: null,
          broken: null,
          problem: `the chain ends at seq ${events}, but the checkpoint saw seq ${checkpoint.seq} (hash ${checkpoint.hash}): the newest ${checkpoint.seq - events} row(s) were removed`,
        };
      }
      return { events, head: events > 0 ? { seq: events, hash: prevHash } : null, broken: null, problem: null };
    }
  }
}

/** The checkpoint a previous run wrote; undefined when the file does not exist yet (the first run). */
export function readAuditCheckpoint(file: string): AuditCheckpoint | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let parsed: Partial<AuditCheckpoint>;
  try {
    parsed = JSON.parse(text) as Partial<AuditCheckpoint>;
  } catch {
    parsed = {};
  }
  if (!Number.isSafeInteger(parsed.seq) || (parsed.seq ?? 0) < 1 || typeof parsed.hash !== 'string' || !/^[0-9a-f]{64}$/.test(parsed.hash)) {
    throw new Error(`${file} is not an audit checkpoint ({ "seq": n, "hash": "64 hex digits" })`);
  }
  return { seq: parsed.seq!, hash: parsed.hash };
}

/** Writes the chain's newest row whole, then moves it over the old file: a crash never leaves half of one. */
export function writeAuditCheckpoint(file: string, head: AuditCheckpoint, at = new Date()): void {
  writeFileSync(`${file}.tmp`, `${JSON.stringify({ seq: head.seq, hash: head.hash, at: at.toISOString() })}\n`);
  renameSync(`${file}.tmp`, file);
}
