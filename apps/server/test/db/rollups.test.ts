// The rollups (db/rollups) stay exactly what a full recomputation from the orders and the ledger gives:
// after random sequences of every money step the product takes (property test), under concurrent
// orders, through the compaction, and a rollup row changed by hand is caught by the check.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { ORDER_STATUS, type Role } from '@qist/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { uploadsDir } from '../../src/config.js';
import { compactRollups, installRollups, rebuildRollups, verifyRollups } from '../../src/db/rollups/index.js';
import { samplePdf, seedDemoData } from '../../src/db/seed.js';
import { signupCodes } from '../../src/db/schema/index.js';
import { withTransaction } from '../../src/db/transaction.js';
import type { Principal } from '../../src/lib/principal.js';
import { createLocalStorage } from '../../src/modules/files/storage.js';
import { useTestApp } from '../helpers.js';

const ctx = useTestApp();
const principals = {} as Record<'sme' | 'supplier' | 'admin' | 'bank' | 'approver', Principal>;
let providerId = '';

async function principalOf(email: string, role: Role): Promise<Principal> {
  const found = await ctx.db.execute<{ id: string; name: string; insurance_company_id: string | null }>(
    sql`select id, name, insurance_company_id from users where email = ${email} and role = ${role}`,
  );
  const user = found.rows[0]!;
  return { sessionId: 'rollups-test', userId: user.id, email, role, name: user.name, insuranceCompanyId: user.insurance_company_id, mfaSetupRequired: false };
}

beforeAll(async () => {
  await ctx.db.delete(signupCodes);
  await seedDemoData(ctx.db, createLocalStorage(uploadsDir(ctx.config)), ctx.config.sessionSecret);
  principals.sme = await principalOf('sme@example.com', 'sme');
  principals.supplier = await principalOf('supplier@example.com', 'provider');
  principals.admin = await principalOf('admin@example.com', 'admin');
  principals.bank = await principalOf('bank@example.com', 'bank');
  principals.approver = await principalOf('bank2@example.com', 'bank');
  const supplier = await ctx.db.execute<{ id: string }>(
    sql`select p.id from providers p join users u on u.id = p.user_id where u.email = 'supplier@example.com'`,
  );
  providerId = supplier.rows[0]!.id;
  // enough credit for every sequence
  await ctx.db.execute(sql`update smes set credit_limit = credit_limit + 100000000, credit_amount = credit_amount + 100000000
    where user_id = ${principals.sme.userId}`);
});

/** A step the product takes on an order; a step its state refuses changes nothing, which is fine here. */
type Step =
  | { kind: 'create'; amount: number }
  | { kind: 'cancel' | 'payFirst' | 'payNext' | 'declinePayment' | 'decline' | 'accept' | 'deliver' | 'invoice' | 'verifyInvoice' | 'payout'; pick: number }
  | { kind: 'expire' | 'markLate' | 'compact' | 'backdate' | 'advance'; pick: number };

/** The step that carries an order of this status on through its life. */
const NEXT_STEP: Record<number, Step['kind']> = {
  [ORDER_STATUS.created]: 'payFirst',
  [ORDER_STATUS.waiting]: 'accept',
  [ORDER_STATUS.sending]: 'deliver',
  [ORDER_STATUS.delivered]: 'invoice',
  [ORDER_STATUS.uploadedInvoice]: 'verifyInvoice',
  [ORDER_STATUS.invoiceVerifiedByAdmin]: 'payout',
  [ORDER_STATUS.paidByBank]: 'payNext',
};

const orderIds: string[] = [];

async function pay(orderId: string, which: 'first' | 'next', approve: boolean) {
  const { transactionId } = await ctx.app.orders.startPayment(principals.sme, orderId, which);
  await ctx.app.sandbox!.complete(transactionId, approve);
  await ctx.app.orders.settle(transactionId);
}

async function take(step: Step): Promise<void> {
  if (step.kind === 'create') {
    const { _id } = await ctx.app.orders.createOrder(principals.sme, { providerId, amount: step.amount, description: `rollups ${orderIds.length}` });
    orderIds.push(_id);
    return;
  }
  // one of the last few orders, so sequences carry orders through their whole life
  const orderId = orderIds[orderIds.length - 1 - (step.pick % Math.min(3, Math.max(1, orderIds.length)))];
  const now = new Date();
  switch (step.kind) {
    case 'compact':
      await compactRollups(ctx.db);
      return;
    case 'expire':
      // the payment window's job, run as if four days had passed
      await ctx.app.orders.cancelExpiredOrders(new Date(now.getTime() + 4 * 86_400_000));
      return;
    case 'markLate':
      await ctx.app.orders.markLatePayments(new Date(now.getTime() + 40 * 86_400_000));
      return;
  }
  if (!orderId) return;
  switch (step.kind) {
    case 'advance': {
      const found = await ctx.db.execute<{ status: number }>(sql`select status from orders where id = ${orderId}`);
      const next = NEXT_STEP[found.rows[0]!.status];
      return next ? take({ kind: next, pick: step.pick } as Step) : undefined;
    }
    case 'backdate':
      // an order placed in an earlier month (as the demo seed writes its history)
      await ctx.db.execute(sql`update orders set created_at = created_at - interval '45 days' where id = ${orderId}`);
      return;
    case 'cancel':
      await ctx.app.orders.cancelOrder(principals.sme, orderId);
      return;
    case 'payFirst':
      return pay(orderId, 'first', true);
    case 'payNext':
      return pay(orderId, 'next', true);
    case 'declinePayment':
      return pay(orderId, 'first', false);
    case 'decline':
      await ctx.app.fulfilment.decline(principals.supplier, orderId, null);
      return;
    case 'accept':
      await ctx.app.fulfilment.accept(principals.supplier, orderId);
      return;
    case 'deliver': {
      const code = await ctx.db.execute<{ verify_code: string | null }>(sql`select verify_code from orders where id = ${orderId}`);
      await ctx.app.fulfilment.delivered(principals.supplier, { orderId, verifyCode: code.rows[0]?.verify_code ?? '' }, 'rollups-test');
      return;
    }
    case 'invoice':
      await ctx.app.fulfilment.uploadInvoice(principals.supplier, orderId, samplePdf('rollups'));
      return;
    case 'verifyInvoice':
      await ctx.app.fulfilment.verifyInvoice(principals.admin, orderId, null);
      return;
    case 'payout': {
      const paid = await ctx.app.fulfilment.payByBank(principals.bank, orderId, null);
      if ('approval' in paid) await ctx.app.fulfilment.approvePayout(principals.approver, paid.approval._id, null);
    }
  }
}

/** A refusal by the state machine or the rules is an answer with a status; anything else is a failure. */
async function attempt(step: Step): Promise<void> {
  try {
    await take(step);
  } catch (error) {
    if (typeof (error as { statusCode?: unknown }).statusCode !== 'number') throw error;
  }
}

const pick = fc.nat({ max: 1000 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('create' as const), amount: fc.integer({ min: 1, max: 5000 }) }) },
  {
    weight: 12,
    arbitrary: fc.record({
      kind: fc.constantFrom('advance', 'advance', 'advance', 'cancel', 'payFirst', 'payNext', 'declinePayment', 'decline', 'accept', 'deliver', 'invoice', 'verifyInvoice', 'payout' as const),
      pick,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('expire', 'markLate', 'compact', 'backdate' as const), pick }) },
);

describe('rollups', () => {
  it('equal a full recomputation after any sequence of the money steps', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 5, maxLength: 30 }), async (steps) => {
        for (const step of steps) await attempt(step);
        expect(await verifyRollups(ctx.db)).toEqual([]);
      }),
      // a fixed seed: the same sequences on every run and every machine
      { numRuns: 12, seed: 20_261_127 },
    );
    // and one order carried through its whole life, step by step, each checked
    await take({ kind: 'create', amount: 1234 });
    const walked: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      await take({ kind: 'advance', pick: 0 });
      const now = await ctx.db.execute<{ status: number }>(sql`select status from orders where id = ${orderIds.at(-1)!}`);
      walked.push(now.rows[0]!.status);
      expect(await verifyRollups(ctx.db)).toEqual([]);
    }
    // paid out, then its next instalment paid: every status an order passes through was exercised
    expect(walked).toEqual([1, 2, 3, 4, 5, 6, 6]);
  });

  it('hold under 24 orders made at once, and after the compaction folds every slot into one', async () => {
    const before = await ctx.db.execute<{ n: string }>(sql`select coalesce(sum(count), 0) as n from rollup_orders`);
    await Promise.all(
      Array.from({ length: 24 }, (_, i) => ctx.app.orders.createOrder(principals.sme, { providerId, amount: 10 + i, description: `parallel ${i}` })),
    );
    const after = await ctx.db.execute<{ n: string }>(sql`select sum(count) as n from rollup_orders`);
    expect(Number(after.rows[0]!.n) - Number(before.rows[0]!.n)).toBe(24);
    expect(await verifyRollups(ctx.db)).toEqual([]);

    await compactRollups(ctx.db);
    const slots = await ctx.db.execute<{ n: string }>(sql`select count(*) as n from rollup_orders where slot <> 0`);
    expect(Number(slots.rows[0]!.n)).toBe(0);
    expect(await verifyRollups(ctx.db)).toEqual([]);
  });

  it('follow the parties: SMEs and suppliers by level, an insurer’s SMEs and the credit granted them', async () => {
    const figures = async () =>
      (
        await ctx.db.execute<{ levels: Record<string, number>; suppliers: Record<string, number>; insured: { count: string; granted: string } | null }>(sql`select
          (select json_object_agg(level, n) from (select level, sum(count)::int as n from rollup_sme_levels group by level having sum(count) > 0) l) as levels,
          (select json_object_agg(level, n) from (select level, sum(count)::int as n from rollup_provider_levels group by level having sum(count) > 0) l) as suppliers,
          (select json_build_object('count', sum(count), 'granted', sum(granted)) from rollup_insurer_smes
            where insurer_id = (select insurance_company_id from users where email = 'insurer1@example.com')) as insured`)
      ).rows[0]!;
    const truth = async () =>
      (
        await ctx.db.execute<{ levels: Record<string, number>; suppliers: Record<string, number>; insured: { count: string; granted: string } | null }>(sql`select
          (select json_object_agg(level, n) from (select level, count(*)::int as n from smes group by level) l) as levels,
          (select json_object_agg(level, n) from (select level, count(*)::int as n from providers group by level) l) as suppliers,
          (select json_build_object('count', count(*), 'granted', sum(credit_limit)) from smes
            where insured_by = (select insurance_company_id from users where email = 'insurer1@example.com')) as insured`)
      ).rows[0]!;
    const sme = sql`(select id from smes where user_id = ${principals.sme.userId})`;
    const before = await figures();
    expect(before).toEqual(await truth());
    // any writer is covered (the triggers): an order (the SME's credit changes, its level does not), a
    // level moved back, the SME insured by the first company with a new limit, a supplier moved down
    await ctx.app.orders.createOrder(principals.sme, { providerId, amount: 25, description: 'a party’s rollup' });
    expect(await figures()).toEqual(before);
    await ctx.db.execute(sql`update smes set level = level - 1 where id = ${sme}`);
    expect(await figures()).toEqual(await truth());
    await ctx.db.execute(sql`update smes set insured_by = (select insurance_company_id from users where email = 'insurer1@example.com'), credit_limit = credit_limit + 5000 where id = ${sme}`);
    expect(await figures()).toEqual(await truth());
    expect((await figures()).insured).not.toEqual(before.insured);
    await ctx.db.execute(sql`update providers set level = level - 1 where id = ${providerId}`);
    expect(await figures()).toEqual(await truth());
    expect(await verifyRollups(ctx.db)).toEqual([]);
    await ctx.db.execute(sql`update providers set level = level + 1 where id = ${providerId}`);
    await ctx.db.execute(sql`update smes set level = level + 1 where id = ${sme}`);
    expect(await verifyRollups(ctx.db)).toEqual([]);
  });

  it('name the rollup and the key a changed row breaks, and a rebuild puts it right', async () => {
    await ctx.db.execute(sql`update rollup_orders set count = count + 1 where slot = 0 and status = ${ORDER_STATUS.created}`);
    const differences = await verifyRollups(ctx.db);
    expect(differences).toEqual([
      { table: 'rollup_orders', rows: [expect.objectContaining({ status: String(ORDER_STATUS.created) })] },
    ]);
    const [row] = differences[0]!.rows as { kept_count: string; recomputed_count: string }[];
    expect(Number(row!.kept_count) - Number(row!.recomputed_count)).toBe(1);

    await withTransaction(ctx.db, (tx) => rebuildRollups(tx));
    expect(await verifyRollups(ctx.db)).toEqual([]);
  });

  it('are installed once: a second start with the same definition rebuilds nothing', async () => {
    expect(await installRollups(ctx.db)).toEqual({ rebuilt: false });
    await ctx.db.execute(sql`update rollup_state set definition_hash = 'an older definition'`);
    expect(await installRollups(ctx.db)).toEqual({ rebuilt: true });
    expect(await verifyRollups(ctx.db)).toEqual([]);
    // three processes started through tsx: a bound for a busy machine, not a measure
  }, 180_000);
});

describe('npm run rollups:verify', () => {
  const cli = path.resolve(import.meta.dirname, '../../src/cli/rollups-verify.ts');
  const tsx = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');
  const verify = (...args: string[]) =>
    new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      execFile(tsx, [cli, ...args], { env: { ...process.env, DATABASE_URL: ctx.database.url, SESSION_SECRET: ctx.config.sessionSecret } }, (error, out, err) =>
        resolve({ code: error ? (error.code as number) : 0, out, err }),
      );
    });

  it('says the rollups hold, names a broken one and exits 1, and --rebuild puts it right', async () => {
    const first = await verify();
    expect(first, first.err).toMatchObject({ code: 0, out: expect.stringContaining('each equal to its recomputation') });
    await ctx.db.execute(sql`insert into rollup_ledger_balances (account, slot, amount) values ('bank_payouts', 1, 5)`);
    const broken = await verify();
    expect(broken.code).toBe(1);
    expect(broken.err).toContain('rollup_ledger_balances: 1 key(s) differ');
    expect(broken.err).toContain('"account":"bank_payouts"');
    const rebuilt = await verify('--rebuild');
    expect(rebuilt).toMatchObject({ code: 0, out: expect.stringContaining('rebuilt from the orders and the ledger') });
    expect(await verifyRollups(ctx.db)).toEqual([]);
    // three processes started through tsx: a bound for a busy machine, not a measure
  }, 180_000);
});
