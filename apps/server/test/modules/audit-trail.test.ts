// The audit trail at the database: appends chain correctly under concurrency, a failing action
// leaves no row, the trigger refuses UPDATE, DELETE and TRUNCATE, and the verifier names the first
// row changed or removed past the trigger.
import { asc, sql } from 'drizzle-orm';
import { AUDIT_ACTIONS } from '@qist/domain';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/db/schema/index.js';
import { GENESIS_HASH, canonicalJson, eventHash, recordAudit } from '../../src/modules/audit/record.js';
import { readAuditCheckpoint, verifyAuditChain, writeAuditCheckpoint } from '../../src/modules/audit/verify.js';
import { databaseRefusal, useTestApp } from '../helpers.js';

const ctx = useTestApp();

const actor = { _id: '00000000-0000-4000-8000-000000000001', email: 'admin@example.test', role: 'admin' };

async function rows() {
  return ctx.db.select().from(auditEvents).orderBy(asc(auditEvents.seq));
}

describe('canonical JSON', () => {
  it('sorts keys at every depth and writes times as ISO strings', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: null, y: 'x' }], c: new Date('2026-01-02T03:04:05.678Z') } })).toBe(
      '{"a":{"c":"2026-01-02T03:04:05.678Z","d":[2,{"y":"x","z":null}]},"b":1}',
    );
  });
});

describe('appends', () => {
  it('chains the first event to the genesis hash, with its hash over the row', async () => {
    await ctx.db.transaction((tx) =>
      recordAudit(tx, { action: AUDIT_ACTIONS.shareRateChanged, actor, target: { type: 'setting', id: 'bank-share-rate' }, ip: '10.0.0.1', detail: { to: 0.5, from: 0.3 } }),
    );
    const [first] = await rows();
    expect(first).toMatchObject({ seq: 1, prevHash: GENESIS_HASH, actorId: actor._id, actorEmail: actor.email, actorRole: 'admin', ip: '10.0.0.1', detail: { from: 0.3, to: 0.5 } });
    expect(first!.hash).toBe(
      eventHash(GENESIS_HASH, {
        _id: first!.id,
        seq: 1,
        at: first!.at,
        actor,
        action: AUDIT_ACTIONS.shareRateChanged,
        target: { type: 'setting', id: 'bank-share-rate' },
        ip: '10.0.0.1',
        detail: { from: 0.3, to: 0.5 },
      }),
    );
  });

  it('keeps nothing of an action that fails after its event was written', async () => {
    const before = await rows();
    await expect(
      ctx.db.transaction(async (tx) => {
        await recordAudit(tx, { action: AUDIT_ACTIONS.smeVerified, actor, target: { type: 'sme', id: 'x' }, ip: null });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await rows()).toEqual(before);
  });

  it('chains 20 concurrent appends without a fork or a gap', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ctx.db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await recordAudit(tx, { action: AUDIT_ACTIONS.documentDownloaded, actor: null, target: { type: 'document', id: `file-${i}` }, ip: `10.0.1.${i}` });
        }),
      ),
    );
    const all = await rows();
    expect(all.map((r) => r.seq)).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
    expect(new Set(all.map((r) => r.prevHash)).size).toBe(all.length);
    expect(await verifyAuditChain(ctx.db)).toEqual({ events: all.length, head: { seq: all.length, hash: all.at(-1)!.hash }, problem: null, broken: null });
  });
});

describe('the trigger', () => {
  it.each([
    ['update an event', sql`update audit_events set ip = '1.2.3.4' where seq = 1`],
    ['delete an event', sql`delete from audit_events where seq = 2`],
    ['truncate the trail', sql`truncate audit_events`],
  ])('refuses to %s, and nothing changes', async (_what, statement) => {
    const before = await rows();
    expect(await databaseRefusal(ctx.db.execute(statement))).toMatch(/^the audit trail is append-only: (UPDATE|DELETE|TRUNCATE) on audit_events is refused$/);
    expect(await rows()).toEqual(before);
  });
});

describe('a checkpoint kept outside the database', () => {
  it('is written and read back whole; a missing file is a first run, a bad one is refused', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'qist-checkpoint-'));
    const file = path.join(dir, 'audit.json');
    expect(readAuditCheckpoint(file)).toBeUndefined();
    writeAuditCheckpoint(file, { seq: 42, hash: 'a'.repeat(64) }, new Date('2026-11-25T00:00:00.000Z'));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ seq: 42, hash: 'a'.repeat(64), at: '2026-11-25T00:00:00.000Z' });
    expect(readAuditCheckpoint(file)).toEqual({ seq: 42, hash: 'a'.repeat(64) });
    for (const bad of ['not json', '{"seq":0,"hash":"' + 'a'.repeat(64) + '"}', '{"seq":3,"hash":"short"}', '{}']) {
      writeFileSync(file, bad);
      expect(() => readAuditCheckpoint(file)).toThrow(/is not an audit checkpoint/);
    }
  });

  it('detects the newest rows removed, which leave a shorter chain sound on its own, and a rewritten head', async () => {
    const sound = await verifyAuditChain(ctx.db);
    const head = sound.head!;
    expect(await verifyAuditChain(ctx.db, head)).toMatchObject({ problem: null, head });
    // An older checkpoint is held too: the chain only grew since.
    expect((await verifyAuditChain(ctx.db, { seq: 1, hash: (await rows())[0]!.hash })).problem).toBeNull();

    const rewritten = await verifyAuditChain(ctx.db, { seq: head.seq, hash: 'f'.repeat(64) });
    expect(rewritten.head).toBeNull();
    expect(rewritten.problem).toMatch(new RegExp(`: the checkpoint holds hash f{64} for seq ${head.seq}, the chain ${head.hash}: the chain was rewritten from there back$`));

    // Past the trigger, remove the newest row: the chain alone still holds, the checkpoint does not.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from audit_events where seq = ${head.seq}`);
    });
    expect((await verifyAuditChain(ctx.db)).problem).toBeNull();
    const truncated = await verifyAuditChain(ctx.db, head);
    expect(truncated).toMatchObject({ events: head.seq - 1, head: null, broken: null });
    expect(truncated.problem).toBe(`the chain ends at seq ${head.seq - 1}, but the checkpoint saw seq ${head.seq} (hash ${head.hash}): the newest 1 row(s) were removed`);
  });
});

describe('the verifier', () => {
  it('names a row changed past the trigger', async () => {
    const [, , third] = await rows();
    await ctx.db.transaction(async (tx) => {
      // Only a superuser switching triggers off can do this: what the verifier exists to catch.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update audit_events set ip = '6.6.6.6' where id = ${third!.id}`);
    });
    const check = await verifyAuditChain(ctx.db);
    expect(check.broken).toEqual({ id: third!.id, seq: 3 });
    expect(check.events).toBe(2);
    expect(check.problem).toMatch(new RegExp(`^audit event ${third!.id} \\(seq 3, .+\\): its content does not give its hash .+: the row was changed$`));
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update audit_events set ip = ${third!.ip} where id = ${third!.id}`);
    });
    expect((await verifyAuditChain(ctx.db)).problem).toBeNull();
  });

  it('names the row after one deleted past the trigger', async () => {
    const all = await rows();
    const fifth = all[4]!;
    const sixth = all[5]!;
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from audit_events where id = ${fifth.id}`);
    });
    const check = await verifyAuditChain(ctx.db);
    expect(check.broken).toEqual({ id: sixth.id, seq: 6 });
    expect(check.problem).toMatch(new RegExp(`^audit event ${sixth.id} \\(seq 6, .+\\): expected seq 5 here, so 1 row\\(s\\) before it are missing$`));
  });

  it('names a row whose chain was re-linked after a deletion (numbers and previous hash rewritten)', async () => {
    const all = await rows();
    const next = all.find((r) => r.seq === 6)!;
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update audit_events set seq = 5 where id = ${next.id}`);
    });
    const check = await verifyAuditChain(ctx.db);
    expect(check.broken).toEqual({ id: next.id, seq: 5 });
    expect(check.problem).toMatch(/its prev_hash [0-9a-f]{64} is not the hash of the row before/);
  });
});
