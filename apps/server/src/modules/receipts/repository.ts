// The rows behind a payment receipt and a remittance advice: an instalment with the approved payment
// that paid it, and an order's bank payout entry with its postings. Reads only.
import { ORDER_STATUS } from '@qist/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.js';

type Parties = {
  order_id: string;
  description: string;
  sme_title: string | null;
  sme_email: string;
  provider_title: string | null;
  provider_email: string;
};

const PARTY_COLUMNS = sql`o.id as order_id, o.description, s.company_title as sme_title, su.email as sme_email,
  p.company_title as provider_title, pu.email as provider_email`;
const PARTY_JOINS = sql`join smes s on s.id = o.sme_id join users su on su.id = s.user_id
  join providers p on p.id = o.provider_id join users pu on pu.id = p.user_id`;

export type ReceiptRow = Parties & {
  position: number;
  installment_count: string;
  amount: string;
  paid_at: Date | string;
  transaction_id: string;
  gateway: string;
};

/**
 * A paid instalment of an order (0-based position) and the approved payment that paid it; an SME's
 * own orders only when `smeUserId` is given. Nothing for an unpaid instalment: its payments, if any,
 * are pending, declined, expired or refunded.
 */
export async function findReceipt(db: Executor, orderId: string, position: number, smeUserId?: string): Promise<ReceiptRow | undefined> {
  const owner = smeUserId === undefined ? sql`` : sql`and s.user_id = ${smeUserId}`;
  const result = await db.execute<ReceiptRow>(
    sql`select ${PARTY_COLUMNS}, i.position, (select count(*) from installments c where c.order_id = o.id) as installment_count,
          pay.amount, i.paid_at, pay.transaction_id, pay.gateway
        from orders o ${PARTY_JOINS}
        join installments i on i.order_id = o.id and i.position = ${position}
        join payments pay on pay.installment_id = i.id and pay.status = 'approved'
        where o.id = ${orderId} and i.paid_at is not null ${owner}
        order by pay.settled_at asc limit 1`,
  );
  return result.rows[0];
}

export type PayoutRow = Parties & {
  tax_rate: number;
  entry_id: string;
  posted_at: Date | string;
};

/** A paid-out order of the supplier with its bank payout entry; nothing before the payout or for another supplier's order. */
export async function findPayout(db: Executor, orderId: string, providerUserId: string): Promise<PayoutRow | undefined> {
  const result = await db.execute<PayoutRow>(
    sql`select ${PARTY_COLUMNS}, o.tax_rate, e.id as entry_id, e.created_at as posted_at
        from orders o ${PARTY_JOINS}
        join ledger_entries e on e.order_id = o.id and e.kind = 'bank_payout'
        where o.id = ${orderId} and o.status = ${ORDER_STATUS.paidByBank} and o.reached_supplier and p.user_id = ${providerUserId}
        order by e.created_at asc limit 1`,
  );
  return result.rows[0];
}

/** One entry's postings by account, in minor units (debit positive, credit negative). */
export async function entryPostings(db: Executor, entryId: string): Promise<Map<string, number>> {
  const result = await db.execute<{ account: string; amount: string }>(
    sql`select account, sum(amount)::bigint as amount from ledger_postings where entry_id = ${entryId} group by account`,
  );
  return new Map(result.rows.map((row) => [row.account, Number(row.amount)]));
}
