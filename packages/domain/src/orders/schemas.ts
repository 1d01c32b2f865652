// The order and payment calls of DESIGN.md §7: requests (with the spec's messages), the order
// and instalment shapes of part 1 §6, and the supplier cards an SME browses.
import { z } from 'zod';
import { ALL_FILTER } from '../levels.js';
import { MESSAGES, fillMessage } from '../messages.js';
import { amountInSentence } from '../money.js';
import { okEnvelope, paginationQuery } from '../schemas/envelope.js';
import { amount, text } from '../schemas/fields.js';
import { decodeListCursor } from '../schemas/list-cursor.js';
import { providerProfile } from '../onboarding/schemas.js';

/** The smallest order (part 1 §9). */
export const MIN_ORDER_AMOUNT = 1;
/** A ceiling far above any credit line, so a number that cannot be money is refused at the edge. */
export const MAX_ORDER_AMOUNT = 1_000_000_000;

/** Every list of DESIGN.md §7: page, perPage ≤ 100 and a status filter (-10 = all). */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
  status: z.coerce.number().int().default(ALL_FILTER),
});
export type ListQuery = z.infer<typeof listQuery>;

/**
 * The order lists (and their exports) also take `late=true`: only orders under way with an instalment
 * past its deadline and unpaid, the orders behind the dashboards' late figures.
 */
/** A cursor of a list's response (`cursors.first`, `cursors.last`), read back as the row's position. */
const listCursor = z
  .string()
  .transform((value, ctx) => {
    const position = decodeListCursor(value);
    if (!position) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.listCursorInvalid });
      return z.NEVER;
    }
    return position;
  });

/**
 * Keyset paging of the order lists (ADR 27), beside `page`: `after` a row's cursor reads the page of the
 * rows listed after it (older), `before` the page of those listed before it (newer), `last=true` the
 * last page; at most one of them. Without them `page` reads its page as it always did.
 */
export const listCursorQuery = z.object({
  after: listCursor.optional(),
  before: listCursor.optional(),
  last: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type ListCursorQuery = z.infer<typeof listCursorQuery>;

/**
 * A list is asked for one position at a time: after a row, before a row, or the last page. Every list
 * paged by keyset refines its query with it (orders, instalments, SMEs, suppliers).
 */
export function onePosition(query: ListCursorQuery, ctx: z.RefinementCtx) {
  if ([query.after, query.before, query.last || undefined].filter((x) => x !== undefined).length > 1) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.listCursorConflict });
  }
}

const orderListFields = listQuery.extend({
  late: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  ...listCursorQuery.shape,
});
export const orderListQuery = orderListFields.superRefine(onePosition);
/** An order list's filter alone: what its CSV export takes. */
export const orderListFilterQuery = orderListFields.pick({ status: true, late: true });
export type OrderListQuery = z.infer<typeof orderListQuery>;
/** What filters an order list: its status (-10 = all) and whether only late orders are shown. */
export type OrderListFilter = Pick<OrderListQuery, 'status' | 'late'>;


/** 'must be more than 1$' (the spec's words in dollars), 'must be more than KWD 1.000'. */
export function amountTooSmallMessage(): string {
  return fillMessage('amountTooSmall', { amount: amountInSentence(MIN_ORDER_AMOUNT) });
}

/** 'must be less than 500$' (the spec's words in dollars), 'must be less than KWD 500.250': the credit available, in currency units. */
export function amountTooLargeMessage(credit: number): string {
  return fillMessage('amountTooLarge', { credit: amountInSentence(credit) });
}

function orderAmount(maxCredit: number | null) {
  const tooLarge = maxCredit === null ? undefined : () => amountTooLargeMessage(maxCredit);
  return amount(
    { required: MESSAGES.amountRequired, tooSmall: amountTooSmallMessage, tooLarge },
    { min: MIN_ORDER_AMOUNT, max: maxCredit ?? MAX_ORDER_AMOUNT },
  );
}

const orderDescription = text({ error: MESSAGES.descriptionRequired }).trim().min(1, MESSAGES.descriptionRequired).max(1000);

/** What the server takes; whether the credit covers it is checked under the SME's lock. */
export const createOrderRequest = z.object({
  providerId: z.string({ error: MESSAGES.providerNotFound }).uuid({ error: MESSAGES.providerNotFound }),
  amount: orderAmount(null),
  description: orderDescription,
});
export type CreateOrderRequest = z.infer<typeof createOrderRequest>;

/** The Create Order form: the same fields, with the available credit as the ceiling (part 1 §5). */
export function createOrderForm(availableCredit: number) {
  return z.object({ amount: orderAmount(availableCredit), description: orderDescription });
}
export type CreateOrderForm = z.infer<ReturnType<typeof createOrderForm>>;

export const orderIdRequest = z.object({ orderId: z.string({ error: MESSAGES.orderNotFound }).uuid({ error: MESSAGES.orderNotFound }) });
export const transactionRequest = z.object({ transactionId: text({ error: MESSAGES.paymentNotFound }).min(16, MESSAGES.paymentNotFound).max(100, MESSAGES.paymentNotFound) });
export const sandboxCompleteRequest = transactionRequest.extend({ approve: z.boolean() });
export const transactionParams = z.object({ transactionId: transactionRequest.shape.transactionId });

const party = z.object({ _id: z.string(), desc: z.object({ title: z.string().nullable() }), auth_id: z.object({ email: z.string() }) });

export const installmentShape = z.object({
  _id: z.string(),
  order_id: z.string(),
  /** The plan's fraction for this instalment (0.25 = 25%). */
  rate: z.number(),
  amount: z.number(),
  paid: z.object({ at: z.string().nullable(), deadline: z.string() }),
});
export type Installment = z.infer<typeof installmentShape>;

export const breakdownShape = z.object({
  discountRate: z.number(),
  discount: z.number(),
  bankShareRate: z.number(),
  bankShare: z.number(),
  platformShareRate: z.number(),
  platformShare: z.number(),
  supplierPayout: z.number(),
});
export type OrderBreakdown = z.infer<typeof breakdownShape>;

/** A payout request waiting for a second bank user, as the back office sees it on the order. */
export const pendingPayoutShape = z.object({
  _id: z.string(),
  amount: z.number(),
  requestedBy: z.string(),
  requester: z.object({ _id: z.string(), email: z.string() }),
  requestedAt: z.string(),
});
export type PendingPayout = z.infer<typeof pendingPayoutShape>;

export const orderShape = z.object({
  _id: z.string(),
  amount: z.number(),
  status: z.number().int(),
  paid: z.boolean(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Only the owning SME ever receives it (DESIGN.md §7, Verify code). */
  verify_code: z.string().nullable().optional(),
  tax_rate: z.number(),
  bank_share_rate: z.number(),
  sme_id: party,
  provider_id: party,
  invoice: z.object({ file: z.string() }).nullable(),
  latePay: z.object({ once: z.boolean(), active: z.boolean() }),
  installments: z.array(installmentShape),
  /** Admin and bank only. */
  breakdown: breakdownShape.optional(),
  /** Back office only: the payout request waiting for approval, or null. */
  pendingPayout: pendingPayoutShape.nullable().optional(),
});
export type Order = z.infer<typeof orderShape>;

export const orderListItem = orderShape.omit({ installments: true, verify_code: true, breakdown: true, pendingPayout: true });
export type OrderListItem = z.infer<typeof orderListItem>;

/** The cursors of a page's first and last rows (null on an empty page), for `before` and `after`. */
export const listCursors = z.object({ first: z.string().nullable(), last: z.string().nullable() });
export type ListCursors = z.infer<typeof listCursors>;

export const orderListResponse = okEnvelope(z.object({ orders: z.array(orderListItem), count: z.number().int(), cursors: listCursors }));
/** The SME's invoices page: its orders that carry an invoice. */
export const invoiceListQuery = paginationQuery.extend(listCursorQuery.shape).superRefine(onePosition);
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;
export const invoiceListResponse = okEnvelope(z.object({ invoices: z.array(orderListItem), count: z.number().int(), cursors: listCursors }));
export const orderShowResponse = okEnvelope(z.object({ order: orderShape }));
export const orderCreateResponse = okEnvelope(z.object({ order: z.object({ _id: z.string() }) }));
export const orderCancelResponse = okEnvelope(z.object({ order: z.object({ _id: z.string(), status: z.number().int() }) }));

export const payStartResponse = okEnvelope(z.object({ transactionId: z.string(), paymentUrl: z.string() }));
export const payVerifyResponse = okEnvelope(z.object({ payStatus: z.boolean(), orderId: z.string() }));

/** The sandbox gateway's page: what the payer is asked to approve. */
export const sandboxTransactionResponse = okEnvelope(
  z.object({
    transactionId: z.string(),
    amount: z.number(),
    description: z.string(),
    status: z.enum(['pending', 'approved', 'declined', 'expired', 'refunded']),
  }),
);
export const sandboxCompleteResponse = okEnvelope(z.object({ redirectUrl: z.string() }));
/** A gateway's webhook, acknowledged: for a payment, whether it is paid now by the gateway's own word. */
export const gatewayWebhookResponse = okEnvelope(z.object({ received: z.literal(true), payStatus: z.boolean().optional() }));

/** titleAr is shown on Arabic pages; empty means the English title stands in. */
const category = z.object({ _id: z.string(), title: z.string(), titleAr: z.string() });
export const providerCard = z.object({
  _id: z.string(),
  desc: z.object({ title: z.string().nullable(), text: z.string().nullable() }),
  auth_id: z.object({ email: z.string() }),
  categories: z.array(category),
});
export type ProviderCard = z.infer<typeof providerCard>;

/** A supplier's card and its contact details: the profile's own fields, without its VAT number. */
export const providerDetail = providerCard.extend({ info: providerProfile.shape.info.omit({ companyVAT: true }) });
export type ProviderDetail = z.infer<typeof providerDetail>;

export const providerCardsResponse = okEnvelope(z.object({ providers: z.array(providerCard), count: z.number().int() }));
export const providerDetailResponse = okEnvelope(z.object({ provider: providerDetail }));

export const ledgerBalancesResponse = okEnvelope(
  z.object({ accounts: z.array(z.object({ account: z.string(), balance: z.number() })), total: z.number() }),
);

// ---- fulfilment and settlement (DESIGN.md §7: supplier, back office)

export const VERIFY_CODE_MIN_LENGTH = 6;

export const deliveredRequest = z.object({
  orderId: z.string({ error: MESSAGES.dataIncorrect }).uuid({ error: MESSAGES.dataIncorrect }),
  verifyCode: text({ error: MESSAGES.dataIncorrect }).trim().min(VERIFY_CODE_MIN_LENGTH, MESSAGES.dataIncorrect).max(64, MESSAGES.dataIncorrect),
});

/** An instalment in the back office's list: the instalment and whose order it belongs to. */
export const installmentListItem = installmentShape.extend({
  sme_id: z.object({ _id: z.string(), desc: z.object({ title: z.string().nullable() }), auth_id: z.object({ email: z.string() }) }),
  order_status: z.number().int(),
});
export type InstallmentListItem = z.infer<typeof installmentListItem>;
/**
 * The instalment list's query (ADR 31): `page`, `perPage` and the keyset positions of the order lists
 * (`after`, `before`, `last`). The list has no filter: `status` is taken as it always was, and ignored.
 */
export const installmentListQuery = listQuery.extend(listCursorQuery.shape).superRefine(onePosition);
export type InstallmentListQuery = z.infer<typeof installmentListQuery>;
export const installmentListResponse = okEnvelope(z.object({ installments: z.array(installmentListItem), count: z.number().int(), cursors: listCursors }));

/** The answer of a supplier's, admin's or bank's step on an order. */
export const orderStepResponse = okEnvelope(z.object({ order: z.object({ _id: z.string(), status: z.number().int() }) }));

// ---- four eyes on bank payouts (DESIGN.md §8)

export const PAYOUT_APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PayoutApprovalStatus = (typeof PAYOUT_APPROVAL_STATUSES)[number];

/** The admin's setting: a payout of at least this many currency units needs a second bank user (0: every payout). */
export const payoutThresholdRequest = z.object({
  threshold: amount({ required: MESSAGES.payoutThresholdInvalid, tooSmall: MESSAGES.payoutThresholdInvalid }, { min: 0, max: MAX_ORDER_AMOUNT }),
});
export const payoutThresholdResponse = okEnvelope(z.object({ threshold: z.number() }));

const backofficeUser = z.object({ _id: z.string(), email: z.string() });

/** A payout request: `requestedBy` is the requesting bank user's id; `requester` names that user. */
export const payoutApprovalShape = z.object({
  _id: z.string(),
  orderId: z.string(),
  amount: z.number(),
  requestedBy: z.string(),
  requester: backofficeUser,
  requestedAt: z.string(),
  status: z.enum(PAYOUT_APPROVAL_STATUSES),
  decidedBy: backofficeUser.nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type PayoutApproval = z.infer<typeof payoutApprovalShape>;

/** In the bank's queue: the request with its order's parties and the payout split it posts. */
export const payoutApprovalListItem = payoutApprovalShape.extend({
  order: z.object({ _id: z.string(), status: z.number().int(), description: z.string(), sme: z.string().nullable(), supplier: z.string().nullable() }),
  breakdown: breakdownShape,
});
export type PayoutApprovalListItem = z.infer<typeof payoutApprovalListItem>;

export const payoutApprovalListQuery = z.object({
  status: z.enum(PAYOUT_APPROVAL_STATUSES, { error: MESSAGES.invalidRequest }).default('pending'),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});
export type PayoutApprovalListQuery = z.infer<typeof payoutApprovalListQuery>;
export const payoutApprovalListResponse = okEnvelope(z.object({ approvals: z.array(payoutApprovalListItem), count: z.number().int() }));

export const payoutApprovalIdRequest = z.object({
  approvalId: z.string({ error: MESSAGES.payoutApprovalNotFound }).uuid({ error: MESSAGES.payoutApprovalNotFound }),
});
export const payoutRejectRequest = payoutApprovalIdRequest.extend({
  reason: text({ error: MESSAGES.payoutReasonRequired }).trim().min(1, MESSAGES.payoutReasonRequired).max(500),
});

/** The bank's Pay: the order paid (below the threshold) or the payout request made (at or above it). */
export const bankPayResponse = okEnvelope(
  z.object({
    order: z.object({ _id: z.string(), status: z.number().int() }).optional(),
    approval: payoutApprovalShape.optional(),
  }),
);
/** A decision on a payout request: the request as decided and, once approved, the order paid. */
export const payoutDecisionResponse = okEnvelope(
  z.object({ approval: payoutApprovalShape, order: z.object({ _id: z.string(), status: z.number().int() }) }),
);
