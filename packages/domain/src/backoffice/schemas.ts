// The admin, bank and insurance calls of part 2 §7 (except orders and instalments).
import { z } from 'zod';
import { ALL_FILTER } from '../levels.js';
import { MESSAGES } from '../messages.js';
import { ROLES } from '../roles.js';
import { okEnvelope } from '../schemas/envelope.js';
import { amount, text } from '../schemas/fields.js';
import { isWholePlan, minAmount } from '../money.js';
import { category } from '../onboarding/schemas.js';
import { listCursorQuery, listCursors, onePosition } from '../orders/schemas.js';

export const MAX_SHARE_RATE = 0.99;
export const DEFAULT_SHARE_RATE = 0.1;
export const DEFAULT_DISCOUNT_PERCENT = 10;
export const DEFAULT_INSTALLMENT_PERCENT = 10;

const partyListFields = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
  sortBy: z.enum(['createdAt']).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  level: z.coerce.number().int().default(ALL_FILTER),
  ...listCursorQuery.shape,
});
/**
 * The SME and supplier lists (every back-office role's): `page`, a level filter, the order of creation
 * (`order`), and the order lists' keyset positions (`after`, `before`, `last`; ADR 31), one at a time.
 */
export const partyListQuery = partyListFields.superRefine(onePosition);
export type PartyListQuery = z.infer<typeof partyListQuery>;
/** A party list's filter and order alone: what its CSV export takes. */
export const partyListFilterQuery = partyListFields.pick({ sortBy: true, order: true, level: true });
export type PartyListFilter = z.infer<typeof partyListFilterQuery>;

const phone = z.object({ country_code: z.string(), number: z.string() }).nullable();
const listInfo = z.object({ firstname: z.string().nullable(), lastname: z.string().nullable(), phone });

export const smeListItem = z.object({
  _id: z.string(),
  level: z.number().int(),
  auth_id: z.object({ email: z.string() }),
  info: listInfo,
  desc: z.object({ title: z.string().nullable() }),
  credit: z.object({ request: z.number(), limit: z.number(), amount: z.number(), spend: z.number() }),
  createdAt: z.string(),
});
export type SmeListItem = z.infer<typeof smeListItem>;

export const providerListItem = z.object({
  _id: z.string(),
  level: z.number().int(),
  auth_id: z.object({ email: z.string() }),
  info: listInfo,
  desc: z.object({ title: z.string().nullable() }),
  tax_rate: z.number().nullable(),
  createdAt: z.string(),
});
export type ProviderListItem = z.infer<typeof providerListItem>;

export const smeListResponse = okEnvelope(z.object({ smes: z.array(smeListItem), count: z.number().int(), cursors: listCursors }));
export const providerListResponse = okEnvelope(z.object({ providers: z.array(providerListItem), count: z.number().int(), cursors: listCursors }));

export const idParams = z.object({ id: z.string().uuid({ error: MESSAGES.notFound }) });

const description = text({ error: MESSAGES.descriptionRequired }).trim().min(1, MESSAGES.descriptionRequired).max(1000);
const smeId = z.string({ error: MESSAGES.notFound }).uuid({ error: MESSAGES.notFound });

export const smeVerifyRequest = z.object({ smeId, desc: description });
export const smeRejectRequest = z.object({ smeId, desc: description, full: z.boolean().default(false) });
export const insuranceVerifyRequest = z.object({
  smeId,
  desc: text().trim().max(1000).default(''),
  credit: amount({ required: MESSAGES.creditRequired, tooSmall: MESSAGES.creditRequired }, { min: minAmount, max: 1_000_000_000 }),
});
export const insuranceRejectRequest = z.object({
  smeId,
  desc: text().trim().max(1000).default(''),
  full: z.boolean().default(false),
}).refine((r) => r.full || r.desc.length > 0, { message: MESSAGES.descriptionRequired, path: ['desc'] });

export const installmentsField = z
  .array(z.number({ error: MESSAGES.installmentsCareful }).finite(MESSAGES.installmentsCareful), {
    error: MESSAGES.installmentsCareful,
  })
  .min(1, MESSAGES.installmentsCareful)
  .max(24, MESSAGES.installmentsCareful)
  .refine((plan) => plan.every((f) => f > 0), MESSAGES.zeroPercent)
  .refine(isWholePlan, MESSAGES.installmentsSum);

export const smeActivateRequest = z.object({ smeId, desc: description, installments: installmentsField });

const providerId = z.string({ error: MESSAGES.notFound }).uuid({ error: MESSAGES.notFound });
export const providerVerifyRequest = z.object({
  providerId,
  desc: description,
  taxRate: z
    .number({ error: MESSAGES.invalidDiscountRate })
    .min(0.01, MESSAGES.invalidDiscountRate)
    .max(0.99, MESSAGES.invalidDiscountRate),
});
export const providerRejectRequest = z.object({ providerId, desc: description, full: z.boolean().default(false) });

export const decisionResponse = okEnvelope(z.object({ level: z.number().int() }));

// ---- what waits for each back-office role (the counts beside its menu entries)

const waiting = z.number().int().min(0);
/** The admin: SMEs and suppliers at level 4, invoices uploaded (orders at status 4). */
export const adminQueueCountsResponse = okEnvelope(z.object({ smes: waiting, providers: waiting, invoices: waiting }));
/** The bank: SMEs at level 5, orders whose invoice the admin verified (status 5, awaiting payout). */
export const bankQueueCountsResponse = okEnvelope(z.object({ smes: waiting, payouts: waiting }));
/** An insurer: the SMEs of its own queue (level 6, its turn). */
export const insuranceQueueCountsResponse = okEnvelope(z.object({ smes: waiting }));
export type AdminQueueCounts = z.infer<typeof adminQueueCountsResponse>['content'];
export type BankQueueCounts = z.infer<typeof bankQueueCountsResponse>['content'];
export type InsuranceQueueCounts = z.infer<typeof insuranceQueueCountsResponse>['content'];

// ---- settings

export const categoryCreateRequest = z.object({
  title: text({ error: MESSAGES.categoryTitleRequired }).trim().min(1, MESSAGES.categoryTitleRequired).max(100),
  desc: text({ error: MESSAGES.categoryDescRequired }).trim().min(1, MESSAGES.categoryDescRequired).max(500),
  /** The Arabic wording; optional, the English one stands in while it is empty. */
  titleAr: text().trim().max(100).default(''),
  descAr: text().trim().max(500).default(''),
});
export const categoryUpdateRequest = categoryCreateRequest.extend({
  categoryId: z.string().uuid({ error: MESSAGES.categoryNotFound }),
});
export const categoryResponse = okEnvelope(z.object({ category }));

export const shareRateRequest = z.object({
  rate: z
    .number({ error: MESSAGES.shareRateInvalid })
    .min(0, MESSAGES.shareRateInvalid)
    .max(MAX_SHARE_RATE, MESSAGES.shareRateInvalid),
});
export const shareRateResponse = okEnvelope(z.object({ rate: z.number() }));

export const insuranceCompany = z.object({ _id: z.string(), name: z.string(), priority: z.number().int() });
export const insuranceOrderResponse = okEnvelope(z.object({ insurances: z.array(insuranceCompany) }));
export const insuranceOrderRequest = z.object({
  insuranceList: z.array(z.string().uuid({ error: MESSAGES.insuranceOrderInvalid })).min(1, MESSAGES.insuranceOrderInvalid),
});

export const signupCode = z.object({ role: z.enum(['sme', 'provider']), code: z.string() });
export const signupCodesResponse = okEnvelope(z.object({ codes: z.array(signupCode) }));
export const signupCodeUpdateRequest = z.object({
  role: z.enum(['sme', 'provider'], { error: MESSAGES.roleRequired }),
  code: text({ error: MESSAGES.signupCodeInvalid }).trim().min(6, MESSAGES.signupCodeInvalid).max(64, MESSAGES.signupCodeInvalid),
});

export const outboxQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});
export const outboxMessage = z.object({
  _id: z.string(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(['pending', 'sent', 'demo', 'failed']),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export const outboxResponse = okEnvelope(z.object({ messages: z.array(outboxMessage), count: z.number().int() }));

export const adminLog = z.object({
  _id: z.string(),
  createdAt: z.string(),
  desc: z.string(),
  level: z.number().int(),
  operator: z.object({ role: z.enum(ROLES) }),
});
