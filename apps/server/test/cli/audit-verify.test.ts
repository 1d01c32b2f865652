// npm run audit:verify as its own process against a database the API wrote: it exits 0 on a sound one,
// and exits 1 naming the broken row when an audit event was changed past the trigger or a ledger
// entry no longer balances (both forced in with the triggers switched off, as only a superuser can).
import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, providers } from '../../src/db/schema/index.js';
import { TEST_SESSION_SECRET, bearer, body, createAccount, loginAs, useTestApp } from '../helpers.js';
import { runCli } from './run-cli.js';

const ctx = useTestApp();
const verify = () => runCli('audit-verify', [], { DATABASE_URL: ctx.database.url, DATA_DIR: ctx.config.dataDir, SESSION_SECRET: TEST_SESSION_SECRET });

/** Runs statements with the triggers off, as only a superuser can: what the verifier exists to catch. */
async function pastTheTriggers(...statements: ReturnType<typeof sql>[]): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const statement of statements) await tx.execute(statement);
  });
}

async function counts(): Promise<{ events: number; entries: number; postings: number }> {
  const [row] = (
    await ctx.db.execute<{ events: number; entries: number; postings: number }>(sql`
      select (select count(*) from audit_events)::int as events,
             (select count(*) from ledger_entries)::int as entries,
             (select count(*) from ledger_postings)::int as postings`)
  ).rows;
  return row!;
}

beforeAll(async () => {
  // Sign-ins and a first instalment paid: audit events, and ledger entries with their postings.
  const supplier = await createAccount(ctx.db, { role: 'provider', level: 5 });
  const [provider] = await ctx.db.select({ id: providers.id }).from(providers).where(eq(providers.userId, supplier.id));
  const sme = await createAccount(ctx.db, { role: 'sme', level: 8 });
  const headers = bearer(await loginAs(ctx.app, sme));
  await loginAs(ctx.app, await createAccount(ctx.db, { role: 'admin' }));
  await loginAs(ctx.app, supplier);
  const created = await ctx.app.inject({ method: 'POST', url: '/api/v1/sme/order/create', headers, payload: { providerId: provider!.id, amount: 100, description: 'Shelves' } });
  expect(created.statusCode, created.body).toBe(200);
  const start = await ctx.app.inject({ method: 'POST', url: '/api/v1/sme/pay/init', headers, payload: { orderId: body(created).content.order._id } });
  expect(start.statusCode, start.body).toBe(200);
  const paid = await ctx.app.inject({ method: 'POST', url: '/api/v1/pub/gateway/sandbox/complete', payload: { transactionId: body(start).content.transactionId, approve: true } });
  expect(paid.statusCode, paid.body).toBe(200);
});

describe('npm run audit:verify', () => {
  it('exits 0 on a sound database and says what it walked', async () => {
    const { events, entries, postings } = await counts();
    // The three sign-ins.
    expect(events).toBe(3);
    expect(entries).toBeGreaterThanOrEqual(2);
    const run = await verify();
    expect(run.code, run.err).toBe(0);
    expect(run.err).toBe('');
    expect(run.out).toContain(`ledger: ${entries} entries and ${postings} postings, every entry balanced, total 0`);
    expect(run.out).toContain(`audit trail: ${events} events, every hash re-computed, the chain holds`);
  }, 120_000);

  it('exits 1 naming an audit event changed past the trigger, and 0 again once it is put back', async () => {
    const [, second] = await ctx.db.select().from(auditEvents).orderBy(asc(auditEvents.seq));
    await pastTheTriggers(sql`update audit_events set ip = '6.6.6.6' where id = ${second!.id}`);
    const run = await verify();
    expect(run.code).toBe(1);
    expect(run.out).toContain('every entry balanced, total 0');
    expect(run.err).toContain('audit trail: broken after 1 sound event(s)');
    expect(run.err).toMatch(new RegExp(`audit event ${second!.id} \\(seq 2, .+\\): its content does not give its hash .+: the row was changed`));

    await pastTheTriggers(sql`update audit_events set ip = ${second!.ip} where id = ${second!.id}`);
    const again = await verify();
    expect(again.code, again.err).toBe(0);
    expect(again.out).toContain('the chain holds');
  }, 120_000);

  it('exits 1 naming a ledger entry whose postings no longer balance', async () => {
    const [posting] = (
      await ctx.db.execute<{ id: string; entry_id: string }>(sql`
        select p.id, p.entry_id from ledger_postings p join ledger_entries e on e.id = p.entry_id order by e.created_at, e.id, p.id limit 1`)
    ).rows;
    await pastTheTriggers(sql`update ledger_postings set amount = amount + 7 where id = ${posting!.id}`);
    const { entries, postings } = await counts();
    const run = await verify();
    expect(run.code).toBe(1);
    expect(run.err).toContain(`ledger: 2 problem(s) in ${entries} entries and ${postings} postings`);
    expect(run.err).toMatch(new RegExp(`ledger entry ${posting!.entry_id} \\(.+\\) does not balance: its postings sum to 7\\n`));
    expect(run.err).toContain("the ledger's postings sum to 7, not 0");
    // The audit trail is still walked, and is sound.
    expect(run.out).toContain('the chain holds');
  }, 120_000);
});
