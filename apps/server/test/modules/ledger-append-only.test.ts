// The ledger at the database: entries and postings are never changed or removed, an entry without
// postings cannot commit, and the verifier (npm run audit:verify) names a broken entry when one is
// forced in past the triggers.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadsDir } from '../../src/config.js';
import { signupCodes } from '../../src/db/schema/index.js';
import { seedDemoData } from '../../src/db/seed.js';
import { createLocalStorage } from '../../src/modules/files/storage.js';
import { verifyLedger } from '../../src/modules/ledger/verify.js';
import { seedDemoOrders } from '../../src/modules/orders/demo-seed.js';
import { databaseRefusal, useTestApp } from '../helpers.js';

const ctx = useTestApp();

/** Every entry and posting, to prove a refused statement changed nothing. */
async function ledgerRows() {
  const entries = (await ctx.db.execute(sql`select * from ledger_entries order by id`)).rows;
  const postings = (await ctx.db.execute(sql`select * from ledger_postings order by id`)).rows;
  return { entries, postings };
}

beforeAll(async () => {
  await ctx.db.delete(signupCodes);
  await seedDemoData(ctx.db, createLocalStorage(uploadsDir(ctx.config)), ctx.config.sessionSecret);
  await seedDemoOrders({ db: ctx.db, orders: ctx.app.orders, fulfilment: ctx.app.fulfilment, sandbox: ctx.app.sandbox! });
});

describe('the ledger is append-only', () => {
  it('holds the demo orders, sound', async () => {
    const check = await verifyLedger(ctx.db);
    expect(check.entries).toBeGreaterThan(10);
    expect(check.postings).toBeGreaterThan(check.entries);
    expect(check).toMatchObject({ total: 0, problems: [] });
  });

  it.each([
    ['update a posting', sql`update ledger_postings set amount = amount + 1 where id = (select min(id) from ledger_postings)`],
    ['move a posting to another account', sql`update ledger_postings set account = 'bank_payouts' where id = (select min(id) from ledger_postings)`],
    ['delete a posting', sql`delete from ledger_postings where id = (select max(id) from ledger_postings)`],
    ['update an entry', sql`update ledger_entries set kind = 'refund' where id = (select entry_id from ledger_postings order by id limit 1)`],
    ['delete an entry with its postings', sql`with gone as (delete from ledger_postings where entry_id = (select entry_id from ledger_postings order by id desc limit 1) returning entry_id) delete from ledger_entries where id in (select entry_id from gone)`],
    ['truncate the postings', sql`truncate ledger_postings`],
    ['truncate the entries', sql`truncate ledger_entries cascade`],
  ])('refuses to %s, and nothing changes', async (_what, statement) => {
    const before = await ledgerRows();
    expect(await databaseRefusal(ctx.db.execute(statement))).toMatch(/^the ledger is append-only: (UPDATE|DELETE|TRUNCATE) on ledger_(entries|postings) is refused$/);
    expect(await ledgerRows()).toEqual(before);
  });

  it('refuses at commit an entry without postings, and keeps nothing of it', async () => {
    const before = await ledgerRows();
    const attempt = ctx.db.transaction(async (tx) => {
      await tx.execute(sql`insert into ledger_entries (kind) values ('order_created')`);
    });
    expect(await databaseRefusal(attempt)).toMatch(/^ledger entry [0-9a-f-]{36} has no postings$/);
    expect(await ledgerRows()).toEqual(before);
  });

  it('still takes a balanced entry with its postings', async () => {
    await ctx.db.transaction(async (tx) => {
      const [entry] = (await tx.execute<{ id: string }>(sql`insert into ledger_entries (kind) values ('adjustment') returning id`)).rows;
      await tx.execute(sql`insert into ledger_postings (entry_id, account, amount) values (${entry!.id}, 'bank_payouts', 5), (${entry!.id}, 'gateway_clearing', -5)`);
    });
    expect(await verifyLedger(ctx.db)).toMatchObject({ total: 0, problems: [] });
  });
});

describe('the verifier', () => {
  it('names the earliest broken entry when rows were changed past the triggers', async () => {
    // Only a superuser switching triggers off can do this: what the verifier exists to catch.
    const [target] = (
      await ctx.db.execute<{ id: string; entry_id: string }>(sql`
        select p.id, p.entry_id from ledger_postings p join ledger_entries e on e.id = p.entry_id order by e.created_at, e.id, p.id limit 1`)
    ).rows;
    const [later] = (await ctx.db.execute<{ id: string }>(sql`select id from ledger_entries order by created_at desc, id desc limit 1`)).rows;
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update ledger_postings set amount = amount + 7 where id = ${target!.id}`);
      await tx.execute(sql`delete from ledger_postings where entry_id = ${later!.id}`);
    });
    const check = await verifyLedger(ctx.db);
    expect(check.total).not.toBe(0);
    expect(check.problems[0]).toMatch(new RegExp(`^ledger entry ${target!.entry_id} \\(.+\\) does not balance: its postings sum to 7$`));
    expect(check.problems).toContainEqual(expect.stringMatching(new RegExp(`^ledger entry ${later!.id} \\(.+\\) has no postings$`)));
    expect(check.problems.at(-1)).toMatch(/^the ledger's postings sum to -?\d+, not 0$/);
  });
});
