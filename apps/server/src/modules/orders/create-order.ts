// An order's creation as one statement: the credit reservation (a conditional UPDATE on the SME's
// row), the order, its schedule, its ledger entry and its payment-link messages are written
// together or not at all, and the SME's row lock is held only for that statement and its commit.
// Everything but the reservation is computed beforehand from one unlocked read.
import type { Language } from '@qist/domain';
import type { Db } from '../../db/transaction.js';
import { namedQuery } from '../../db/named-query.js';

export type OrderContext = {
  sme_id: string;
  level: number;
  credit_amount: string;
  installment_plan: number[];
  phone_country_code: string | null;
  phone_number: string | null;
  /** The SME's language: the payment link is written in it. */
  language: Language;
  provider_id: string | null;
  tax_rate: number | null;
  bank_share_rate: number | null;
};

const CONTEXT_SQL = `
select s.id as sme_id, s.level, s.credit_amount, s.installment_plan, s.phone_country_code, s.phone_number, u.language,
       p.id as provider_id, p.tax_rate, (select bank_share_rate from platform_settings limit 1) as bank_share_rate
from smes s join users u on u.id = s.user_id left join providers p on p.id = $2 and p.level = $3
where s.user_id = $1`;

/** The SME, the supplier (when verified) and the share rate an order needs, read without locks. */
export async function readOrderContext(db: Db, smeUserId: string, providerId: string, providerLevel: number): Promise<OrderContext | undefined> {
  const result = await namedQuery<OrderContext>(db, 'qist_order_context', CONTEXT_SQL, [smeUserId, providerId, providerLevel]);
  return result.rows[0];
}

const CREATE_SQL = `
with sme as (
  update smes set credit_spend = credit_spend + $3, credit_amount = credit_amount - $3, updated_at = $8
  where id = $2 and level = $9 and credit_amount >= $3
  returning id
), ord as (
  insert into orders (id, sme_id, provider_id, amount, description, tax_rate, bank_share_rate, created_at, updated_at)
  select $1, sme.id, $4, $3, $5, $6, $7, $8, $8 from sme
  returning id, sme_id
), schedule as (
  insert into installments (order_id, sme_id, position, rate, amount, deadline)
  select ord.id, ord.sme_id, s.position, s.rate, s.amount, s.deadline
  from ord, unnest($10::int[], $11::int[], $12::bigint[], $13::timestamptz[]) as s(position, rate, amount, deadline)
), entry as (
  insert into ledger_entries (kind, order_id, sme_id, created_at) select $14, ord.id, ord.sme_id, $8 from ord
  returning id, order_id, sme_id
), postings as (
  insert into ledger_postings (entry_id, account, sme_id, order_id, amount, created_at)
  select entry.id, p.account, case when p.account = $17 then entry.sme_id end, entry.order_id, p.amount, $8
  from entry, unnest($15::text[], $16::bigint[]) as p(account, amount)
), messages as (
  insert into outbox_messages (channel, recipient, subject, body, status)
  select m.channel, m.recipient, m.subject, m.body, m.status
  from ord, unnest($18::text[], $19::text[], $20::text[], $21::text[], $22::text[]) as m(channel, recipient, subject, body, status)
)
select id from ord`;

export interface NewOrder {
  orderId: string;
  smeId: string;
  amountMinor: number;
  providerId: string;
  description: string;
  taxRate: number;
  bankShareRate: number;
  now: Date;
  activeLevel: number;
  schedule: { index: number; rateBasisPoints: number; amountMinor: number; deadline: Date }[];
  entry: { kind: string; postings: { account: string; amountMinor: number }[] };
  receivableAccount: string;
  messages: { channel: string; recipient: string; subject: string; body: string; status: string }[];
}

/** True when the order was written; false when the credit did not cover it (then nothing was). */
export async function writeOrder(db: Db, o: NewOrder): Promise<boolean> {
  const result = await namedQuery<{ id: string }>(db, 'qist_order_create', CREATE_SQL, [
    o.orderId,
    o.smeId,
    o.amountMinor,
    o.providerId,
    o.description,
    o.taxRate,
    o.bankShareRate,
    o.now,
    o.activeLevel,
    o.schedule.map((s) => s.index),
    o.schedule.map((s) => s.rateBasisPoints),
    o.schedule.map((s) => s.amountMinor),
    o.schedule.map((s) => s.deadline),
    o.entry.kind,
    o.entry.postings.map((p) => p.account),
    o.entry.postings.map((p) => p.amountMinor),
    o.receivableAccount,
    o.messages.map((m) => m.channel),
    o.messages.map((m) => m.recipient),
    o.messages.map((m) => m.subject),
    o.messages.map((m) => m.body),
    o.messages.map((m) => m.status),
  ]);
  return result.rowCount === 1;
}
