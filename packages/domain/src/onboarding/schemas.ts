// Requests and responses of the onboarding steps, shared by the SME and supplier areas.
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { okEnvelope } from '../schemas/envelope.js';
import { minAmount } from '../money.js';
import { amount, text } from '../schemas/fields.js';
import { COUNTRY_CODE_VALUES, EMAIL_CODE_LENGTH, PHONE_CODE_LENGTH } from './rules.js';

// ---- email and phone codes

export const emailValidateRequest = z.object({
  code: text({ error: MESSAGES.codeLength })
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`), MESSAGES.codeLength)),
});
export type EmailValidateRequest = z.infer<typeof emailValidateRequest>;

/** `code` is present only in demo mode (no mail transport configured). */
export const emailResendResponse = okEnvelope(
  z.object({ sent: z.literal(true), retryAfter: z.number().int(), code: z.string().optional() }),
);

const countryCode = z.enum(COUNTRY_CODE_VALUES, { error: MESSAGES.countryCodeRequired });
const phoneNumber = text({ error: MESSAGES.phoneRequired })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().min(1, MESSAGES.phoneRequired).regex(/^\d{6,12}$/, MESSAGES.phoneInvalid));

export const phoneAddRequest = z.object({ phone: phoneNumber, countryCode });
export type PhoneAddRequest = z.infer<typeof phoneAddRequest>;

/** `otp` is present only in demo mode (no SMS transport configured). */
export const phoneAddResponse = okEnvelope(
  z.object({ sent: z.literal(true), retryAfter: z.number().int(), otp: z.string().optional() }),
);

export const phoneValidateRequest = z.object({
  otp: z.coerce
    .number({ error: MESSAGES.otpLength })
    .int(MESSAGES.otpLength)
    .min(0, MESSAGES.otpLength)
    .max(10 ** PHONE_CODE_LENGTH - 1, MESSAGES.otpLength),
});
export type PhoneValidateRequest = z.infer<typeof phoneValidateRequest>;

export const levelResponse = okEnvelope(z.object({ level: z.number().int() }));

// ---- information forms

const required = (message: string, max = 200) => text({ error: message }).trim().min(1, message).max(max, message);
/** Optional text: empty means absent. */
const optionalText = (max = 200) =>
  text()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));
const optionalEmail = text()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.email({ error: MESSAGES.email2Invalid }).optional());

export const secondPhone = z
  .object({ phone: text().trim().optional(), countryCode: text().optional() })
  .optional()
  .transform((v) => (v?.phone ? { phone: v.phone.replace(/[\s-]/g, ''), countryCode: v.countryCode } : undefined))
  .pipe(z.object({ phone: z.string().regex(/^\d{6,12}$/, MESSAGES.phoneInvalid), countryCode }).optional());

const categoriesSelected = z
  .array(z.string().uuid({ error: MESSAGES.categoryNotFound }), { error: MESSAGES.categoriesRequired })
  .min(1, MESSAGES.categoriesRequired)
  .max(50);

const commonInfo = {
  firstname: required(MESSAGES.firstnameRequired, 100),
  lastname: required(MESSAGES.lastnameRequired, 100),
  companyTile: required(MESSAGES.companyTitleRequired),
  companyDesc: required(MESSAGES.companyDescRequired, 2000),
  address: required(MESSAGES.addressRequired, 300),
  categoriesSelected,
  instagram: optionalText(),
  email2: optionalEmail,
  address2: optionalText(300),
  phone2: secondPhone,
};

export const smeInfoRequest = z.object({
  ...commonInfo,
  requestCredit: amount(
    { required: MESSAGES.requestCreditRequired, tooSmall: MESSAGES.requestCreditPositive },
    { min: minAmount, max: 1_000_000_000 },
  ),
});
export type SmeInfoRequest = z.infer<typeof smeInfoRequest>;
export type SmeInfoInput = z.input<typeof smeInfoRequest>;

export const providerInfoRequest = z.object({
  ...commonInfo,
  companyVAT: required(MESSAGES.companyVatRequired, 50),
  website: required(MESSAGES.websiteRequired, 300).refine(
    (v) => /^(https?:\/\/)?[\w-]+(\.[\w-]+)+([/?#].*)?$/i.test(v),
    MESSAGES.websiteInvalid,
  ),
});
export type ProviderInfoRequest = z.infer<typeof providerInfoRequest>;
export type ProviderInfoInput = z.input<typeof providerInfoRequest>;

// ---- categories, documents, logs, profiles

/** titleAr and descAr are the Arabic pages' wording; empty means the English one is shown. */
export const category = z.object({ _id: z.string(), title: z.string(), desc: z.string(), titleAr: z.string(), descAr: z.string() });
export type Category = z.infer<typeof category>;
export const categoriesResponse = okEnvelope(z.object({ categories: z.array(category) }));

export const partyDocument = z.object({
  _id: z.string(),
  title: z.string(),
  /** The stored (generated) file name, as in the spec's public file path. */
  file: z.string(),
  description: z.string().nullable(),
  mime: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
  /** A short-lived signed link to the file, usable in <img src> and <a href>. */
  url: z.string(),
});
export type PartyDocument = z.infer<typeof partyDocument>;
export const documentsResponse = okEnvelope(z.object({ docs: z.array(partyDocument) }));
export const documentResponse = okEnvelope(z.object({ doc: partyDocument }));
export const documentDeleteRequest = z.object({ docId: z.string().uuid({ error: MESSAGES.documentNotFound }) });

export const verificationLog = z.object({
  _id: z.string(),
  createdAt: z.string(),
  /** The operator's note, as written (empty when there is none). */
  desc: z.string(),
  /** What the platform says (a LogCode), rendered in the reader's language with its params; null on old rows it could not name. */
  code: z.string().nullable(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  level: z.number().int(),
  operator: z.object({ role: z.string() }),
});
export type VerificationLog = z.infer<typeof verificationLog>;
export const logsResponse = okEnvelope(z.object({ logs: z.array(verificationLog) }));

const phone = z.object({ country_code: z.string(), number: z.string() }).nullable();
const partyProfileBase = {
  _id: z.string(),
  level: z.number().int(),
  auth_id: z.object({ email: z.string() }),
  info: z.object({
    firstname: z.string().nullable(),
    lastname: z.string().nullable(),
    phone,
    phone2: phone,
    email2: z.string().nullable(),
    address: z.string().nullable(),
    address2: z.string().nullable(),
    instagram: z.string().nullable(),
  }),
  desc: z.object({ title: z.string().nullable(), text: z.string().nullable() }),
  categories: z.array(z.object({ _id: z.string(), title: z.string(), titleAr: z.string() })),
  docs: z.array(partyDocument),
  adminVerified: z.boolean(),
  bankVerified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

export const smeProfile = z.object({
  ...partyProfileBase,
  credit: z.object({ request: z.number(), limit: z.number(), amount: z.number(), spend: z.number() }),
  /** The instalment plan as fractions (0.25 = 25%); empty until the admin activates the SME. */
  installments: z.array(z.number()),
});
export type SmeProfile = z.infer<typeof smeProfile>;

export const providerProfile = z.object({
  ...partyProfileBase,
  info: partyProfileBase.info.extend({ website: z.string().nullable(), companyVAT: z.string().nullable() }),
  /** The supplier's discount rate as a fraction (0.1 = 10%); null until verified by the admin. */
  tax_rate: z.number().nullable(),
});
export type ProviderProfile = z.infer<typeof providerProfile>;

export const smeProfileResponse = okEnvelope(z.object({ sme: smeProfile }));
export const providerProfileResponse = okEnvelope(z.object({ provider: providerProfile }));
