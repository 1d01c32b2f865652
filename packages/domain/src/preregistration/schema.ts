// The pre-registration (expression of interest) form: the browser's fields and the API payload,
// with the same rules on both sides.
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { okEnvelope } from '../schemas/envelope.js';
import { amount, text, wholeMinorUnits } from '../schemas/fields.js';
import { BUSINESS_SECTORS } from './business-sectors.js';

export const ESTABLISHMENT_YEAR_COUNT = 50;
/** Digits, plus, spaces, parentheses and hyphens, with at least six digits. */
const TELEPHONE_PATTERN = /^[\d+\s()-]+$/;
export const MAX_LOAN_AMOUNT = 1_000_000_000;

/** The years offered: this year and the 49 before it, newest first. */
export function establishmentYears(now: Date = new Date()): number[] {
  const current = now.getUTCFullYear();
  return Array.from({ length: ESTABLISHMENT_YEAR_COUNT }, (_, i) => current - i);
}

const companyName = text({ error: MESSAGES.companyNameRequired }).trim().min(1, MESSAGES.companyNameRequired).max(200);
const businessSector = z.enum(BUSINESS_SECTORS, { error: MESSAGES.businessSectorRequired });
const email = text({ error: MESSAGES.preRegisterEmailRequired })
  .trim()
  .min(1, MESSAGES.preRegisterEmailRequired)
  .max(254, MESSAGES.preRegisterEmailInvalid)
  .pipe(z.email({ error: MESSAGES.preRegisterEmailInvalid }));
const telephone = text({ error: MESSAGES.telephoneRequired })
  .trim()
  .min(1, MESSAGES.telephoneRequired)
  .max(30, MESSAGES.telephoneInvalid)
  .regex(TELEPHONE_PATTERN, MESSAGES.telephoneInvalid)
  .refine((v) => v.replace(/\D/g, '').length >= 6, MESSAGES.telephoneInvalid);
const loanAmount = amount(
  { required: MESSAGES.loanAmountRequired, tooSmall: MESSAGES.loanAmountTooSmall, tooLarge: MESSAGES.loanAmountTooLarge },
  { min: 1, max: MAX_LOAN_AMOUNT },
);

function year(now: () => Date) {
  return z
    .number({ error: MESSAGES.yearRequired })
    .int(MESSAGES.yearRequired)
    .refine((y) => establishmentYears(now()).includes(y), MESSAGES.yearRequired);
}

/** The API payload (part 1 §3), checked against the years of today. */
export function preRegisterRequestSchema(now: () => Date = () => new Date()) {
  return z.object({
    CompanyName: companyName,
    BusinessSector: businessSector,
    YearOfEstablishment: year(now),
    CompanyEmail: email,
    CompanyPhone: telephone,
    LoanAmount: loanAmount,
  });
}
export const preRegisterRequest = preRegisterRequestSchema();
export type PreRegisterRequest = z.infer<typeof preRegisterRequest>;

/** The browser's form: its own field names, numbers still text until parsed. */
export const preRegisterForm = z.object({
  companyName,
  businessSector: z.string().refine((v) => (BUSINESS_SECTORS as readonly string[]).includes(v), MESSAGES.businessSectorRequired),
  year: z.string().min(1, MESSAGES.yearRequired).refine((v) => establishmentYears().includes(Number(v)), MESSAGES.yearRequired),
  email,
  telephone,
  loanAmount: z
    .string()
    .trim()
    .min(1, MESSAGES.loanAmountRequired)
    .refine((v) => Number.isFinite(Number.parseFloat(v)), { error: MESSAGES.loanAmountRequired, abort: true })
    .refine((v) => wholeMinorUnits.check(Number.parseFloat(v)), wholeMinorUnits.params)
    .refine((v) => Number.parseFloat(v) >= 1, MESSAGES.loanAmountTooSmall)
    .refine((v) => Number.parseFloat(v) <= MAX_LOAN_AMOUNT, MESSAGES.loanAmountTooLarge),
});
export type PreRegisterForm = z.infer<typeof preRegisterForm>;

export function toPreRegisterRequest(form: PreRegisterForm): PreRegisterRequest {
  return {
    CompanyName: form.companyName,
    BusinessSector: form.businessSector as PreRegisterRequest['BusinessSector'],
    YearOfEstablishment: Number(form.year),
    CompanyEmail: form.email,
    CompanyPhone: form.telephone,
    LoanAmount: Number.parseFloat(form.loanAmount),
  };
}

export const preRegistrationItem = z.object({
  _id: z.string(),
  CompanyName: z.string(),
  BusinessSector: z.string(),
  YearOfEstablishment: z.number().int(),
  CompanyEmail: z.string(),
  CompanyPhone: z.string(),
  LoanAmount: z.number(),
  createdAt: z.string(),
});
export type PreRegistrationItem = z.infer<typeof preRegistrationItem>;

export const preRegisterResponse = okEnvelope(z.object({ form: preRegistrationItem }));
export const preRegistrationListResponse = okEnvelope(
  z.object({ forms: z.array(preRegistrationItem), count: z.number().int() }),
);
