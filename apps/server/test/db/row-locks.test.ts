// The steps' row locks are FOR NO KEY UPDATE (issue 21, ADR 36): two steps on one row still run one
// after the other, but a row a step holds can still be referenced meanwhile (a foreign key's check takes
// FOR KEY SHARE), so inserting a payment, an instalment or a session that points at it does not wait.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Tx } from '../../src/db/transaction.js';
import { lockUser } from '../../src/modules/onboarding/repository.js';
import { lockOrder, lockOrderForStep } from '../../src/modules/orders/repository.js';
import { lockPartyByUser, lockSmeById } from '../../src/modules/parties/repository.js';
import { bearer, body, createAccount, loginAs, useTestApp } from '../helpers.js';

const ctx = useTestApp();

/** What another transaction gets when it asks for `mode` on the row at once (NOWAIT): the lock, or a refusal. */
async function tryFromAnother(table: string, id: string, mode: 'for key share' | 'for no key update'): Promise<'granted' | 'refused'> {
  return ctx.db
    .transaction(async (other) => {
      await other.execute(sql`select 1 from ${sql.raw(table)} where id = ${id} ${sql.raw(mode)} nowait`);
      return 'granted' as const;
    })
    .catch((error: { cause?: { code?: string } }) => {
      if (error.cause?.code === '55P03') return 'refused' as const; // lock_not_available
      throw error;
    });
}

/** While `lock` holds its row in one transaction: what a foreign key's check and another step get. */
async function whileHeld(table: string, id: string, lock: (tx: Tx) => Promise<unknown>) {
  return ctx.db.transaction(async (tx) => {
    expect(await lock(tx)).toBeTruthy();
    return { reference: await tryFromAnother(table, id, 'for key share'), step: await tryFromAnother(table, id, 'for no key update') };
  });
}

describe('a step’s row lock', () => {
  it('on an order, an SME and an account: other steps wait, references do not', async () => {
    const supplier = await createAccount(ctx.db, { role: 'provider', level: 5 });
    const sme = await createAccount(ctx.db, { role: 'sme', level: 8, creditLimit: 100_000 });
    const supplierId = (await ctx.db.execute<{ id: string }>(sql`select id from providers where user_id = ${supplier.id}`)).rows[0]!.id;
    const smeId = (await ctx.db.execute<{ id: string }>(sql`select id from smes where user_id = ${sme.id}`)).rows[0]!.id;
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/sme/order/create',
      headers: bearer(await loginAs(ctx.app, sme)),
      payload: { providerId: supplierId, amount: 40, description: 'locks' },
    });
    const orderId = body(created).content.order._id as string;

    const expected = { reference: 'granted', step: 'refused' };
    expect(await whileHeld('orders', orderId, (tx) => lockOrder(tx, orderId))).toEqual(expected);
    expect(await whileHeld('orders', orderId, (tx) => lockOrderForStep(tx, orderId))).toEqual(expected);
    expect(await whileHeld('smes', smeId, (tx) => lockSmeById(tx, smeId))).toEqual(expected);
    expect(await whileHeld('smes', smeId, (tx) => lockPartyByUser(tx, 'sme', sme.id))).toEqual(expected);
    expect(await whileHeld('users', sme.id, (tx) => lockUser(tx, sme.id).then(() => true))).toEqual(expected);
  });
});
