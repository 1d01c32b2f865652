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

// The contexts of several orders in one statement: a row per request that finds its SME, numbered by
// the request's position (the supplier's columns are null when it is not at the level asked).
const CONTEXT_SQL = `
select r.n, s.id as sme_id, s.level, s.credit_amount, s.installment_plan, s.phone_country_code, s.phone_number, u.language,
       p.id as provider_id, p.tax_rate, (select bank_share_rate from platform_settings limit 1) as bank_share_rate
from unnest($1::uuid[], $2::uuid[]) with ordinality as r(user_id, provider_id, n)
join smes s on s.user_id = r.user_id join users u on u.id = s.user_id
left join providers p on p.id = r.provider_id and p.level = $3`;

/** The context of each request, in the requests' order (undefined for a user without an SME). */
export async function readOrderContexts(
  db: Db,
  requests: { smeUserId: string; providerId: string }[],
  providerLevel: number,
): Promise<(OrderContext | undefined)[]> {
  const result = await namedQuery<OrderContext & { n: string }>(db, 'qist_order_context', CONTEXT_SQL, [
    requests.map((r) => r.smeUserId),
    requests.map((r) => r.providerId),
    providerLevel,
  ]);
  const byPosition = new Map(result.rows.map(({ n, ...context }) => [Number(n), context]));
  return requests.map((_, i) => byPosition.get(i + 1));
}

// Orders written together: one statement for several orders of different SMEs (order-writer.ts sends
// whatever arrived while the previous statements ran). Each SME's credit is reserved by the conditional
// UPDATE of its own row, so an order whose SME lacks the credit is simply not written while the others
// are. The SMEs' rows are locked in id order first, so two statements of several SMEs each cannot
// deadlock on them. Inputs are parallel arrays; the schedule's, the postings' and the messages' rows
// name their order by its id, and only the orders written take theirs.
const CREATE_SQL = `
with input as (
  select * from unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::uuid[], $5::text[], $6::int[], $7::int[], $8::timestamptz[])
    as i(order_id, sme_id, amount, provider_id, description, tax_rate, bank_share_rate, created_at)
), locked as (
  select s.id from smes s where s.id in (select sme_id from input) order by s.id for no key update
), sme as (
  update smes s set credit_spend = s.credit_spend + i.amount, credit_amount = s.credit_amount - i.amount, updated_at = i.created_at
  from input i join locked l on l.id = i.sme_id
  where s.id = i.sme_id and s.level = $9 and s.credit_amount >= i.amount
  returning s.id
), ord as (
  insert into orders (id, sme_id, provider_id, amount, description, tax_rate, bank_share_rate, created_at, updated_at)
  select i.order_id, i.sme_id, i.provider_id, i.amount, i.description, i.tax_rate, i.bank_share_rate, i.created_at, i.created_at
  from input i join sme on sme.id = i.sme_id
  returning id, sme_id, created_at
), schedule as (
  insert into installments (order_id, sme_id, order_created_at, position, rate, amount, deadline)
  select ord.id, ord.sme_id, ord.created_at, s.position, s.rate, s.amount, s.deadline
  from unnest($10::uuid[], $11::int[], $12::int[], $13::bigint[], $14::timestamptz[]) as s(order_id, position, rate, amount, deadline)
  join ord on ord.id = s.order_id
), entry as (
  insert into ledger_entries (kind, order_id, sme_id, created_at) select $15, ord.id, ord.sme_id, ord.created_at from ord
  returning id, order_id, sme_id, created_at
), postings as (
  insert into ledger_postings (entry_id, account, sme_id, order_id, amount, created_at)
  select entry.id, p.account, case when p.account = $18 then entry.sme_id end, entry.order_id, p.amount, entry.created_at
  from unnest($16::uuid[], $17::text[], $19::bigint[]) as p(order_id, account, amount)
  join entry on entry.order_id = p.order_id
), messages as (
  insert into outbox_messages (channel, recipient, subject, body, status)
  select m.channel, m.recipient, m.subject, m.body, m.status
  from unnest($20::uuid[], $21::text[], $22::text[], $23::text[], $24::text[], $25::text[])
    as m(order_id, channel, recipient, subject, body, status)
  join ord on ord.id = m.order_id
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
  createdAt: Date;
  schedule: { index: number; rateBasisPoints: number; amountMinor: number; deadline: Date }[];
  entry: { kind: string; postings: { account: string; amountMinor: number }[] };
  messages: { channel: string; recipient: string; subject: string; body: string; status: string }[];
}

/** What every order of one statement shares: the level its SME must be at, the ledger's names. */
export interface OrderBatchTerms {
  activeLevel: number;
  entryKind: string;
  receivableAccount: string;
}

/**
 * Writes orders of different SMEs in one statement; the ids of those written (an SME whose credit did not
 * cover its order has nothing written). Throws when the statement fails: then nothing was written.
 */
export async function writeOrders(db: Db, orders: NewOrder[], terms: OrderBatchTerms): Promise<Set<string>> {
  if (new Set(orders.map((o) => o.smeId)).size !== orders.length) throw new Error('one order per SME in a statement');
  for (const o of orders) if (o.entry.kind !== terms.entryKind) throw new Error(`an order's entry is ${o.entry.kind}, not ${terms.entryKind}`);
  const each = <T>(pick: (o: NewOrder) => T) => orders.map(pick);
  const flat = <R, T>(rows: (o: NewOrder) => R[], pick: (r: R, o: NewOrder) => T) => orders.flatMap((o) => rows(o).map((r) => pick(r, o)));
  const result = await namedQuery<{ id: string }>(db, 'qist_order_create', CREATE_SQL, [
    each((o) => o.orderId),
    each((o) => o.smeId),
    each((o) => o.amountMinor),
    each((o) => o.providerId),
    each((o) => o.description),
    each((o) => o.taxRate),
    each((o) => o.bankShareRate),
    each((o) => o.createdAt),
    terms.activeLevel,
    flat((o) => o.schedule, (_, o) => o.orderId),
    flat((o) => o.schedule, (s) => s.index),
    flat((o) => o.schedule, (s) => s.rateBasisPoints),
    flat((o) => o.schedule, (s) => s.amountMinor),
    flat((o) => o.schedule, (s) => s.deadline),
    terms.entryKind,
    flat((o) => o.entry.postings, (_, o) => o.orderId),
    flat((o) => o.entry.postings, (p) => p.account),
    terms.receivableAccount,
    flat((o) => o.entry.postings, (p) => p.amountMinor),
    flat((o) => o.messages, (_, o) => o.orderId),
    flat((o) => o.messages, (m) => m.channel),
    flat((o) => o.messages, (m) => m.recipient),
    flat((o) => o.messages, (m) => m.subject),
    flat((o) => o.messages, (m) => m.body),
    flat((o) => o.messages, (m) => m.status),
  ]);
  return new Set(result.rows.map((r) => r.id));
}
