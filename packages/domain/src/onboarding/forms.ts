// The onboarding screens' browser forms that differ from the API payloads: the SME's requested credit is
// typed as text, the phone code is text checked per role, and a document is checked before it is sent.
// Each form has a to…Request function giving exactly the payload of ./schemas.ts.
import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import type { SelfRegisterRole } from '../roles.js';
import { wholeMinorUnits } from '../schemas/fields.js';
import { isDocumentTitle, MAX_DOCUMENT_BYTES, PHONE_CODE_LENGTH } from './rules.js';
import {
  providerInfoRequest,
  smeInfoRequest,
  type PhoneValidateRequest,
  type ProviderInfoRequest,
  type SmeInfoRequest,
} from './schemas.js';

const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_ZERO = 0x06f0;

/** '١٢٬٥٠٠٫٥' or '12,500.5' → '12500.5': Arabic-Indic and Persian digits to ASCII, grouping removed. */
export function normalizeNumberText(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - ARABIC_INDIC_ZERO))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - PERSIAN_ZERO))
    .replace(/\u066b/g, '.')
    .replace(/[\s,\u066c]/g, '');
}

// ---- the information forms (part 1 §5)

const requestCreditText = z
  .string({ error: MESSAGES.requestCreditRequired })
  .transform(normalizeNumberText)
  .pipe(
    z
      .string()
      .min(1, { error: MESSAGES.requestCreditRequired, abort: true })
      .regex(/^-?\d+(\.\d+)?$/, { error: MESSAGES.requestCreditRequired, abort: true })
      .refine((v) => wholeMinorUnits.check(Number(v)), wholeMinorUnits.params)
      .refine((v) => Number(v) > 0, { error: MESSAGES.requestCreditPositive, abort: true })
      .refine((v) => Number(v) <= 1_000_000_000, MESSAGES.requestCreditRequired),
  );

/** The SME form: the payload's fields and rules, with the requested credit as typed text. */
export const smeInfoForm = smeInfoRequest.extend({ requestCredit: requestCreditText });
export type SmeInfoFormInput = z.input<typeof smeInfoForm>;
export type SmeInfoForm = z.infer<typeof smeInfoForm>;

export function toSmeInfoRequest(form: SmeInfoForm): SmeInfoRequest {
  return { ...form, requestCredit: Number(form.requestCredit) };
}

/** The supplier form is its payload: every field is text already (phone2 as { phone, countryCode }). */
export const providerInfoForm = providerInfoRequest;
export type ProviderInfoFormInput = z.input<typeof providerInfoForm>;
export type ProviderInfoForm = z.infer<typeof providerInfoForm>;

export function toProviderInfoRequest(form: ProviderInfoForm): ProviderInfoRequest {
  return form;
}

// ---- the phone code (part 1 §5: the SME needs exactly 4 digits, the supplier has no length check)

export function phoneCodeForm(role: SelfRegisterRole) {
  const digits = z.string().transform((v) => normalizeNumberText(v));
  return z.object({
    otp:
      role === 'sme'
        ? digits.pipe(z.string().regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), MESSAGES.otpLength))
        : digits.pipe(z.string().regex(/^\d{1,9}$/, MESSAGES.codeIncorrect)),
  });
}
export type PhoneCodeForm = z.infer<ReturnType<typeof phoneCodeForm>>;

/** The code is sent as a number. */
export function toPhoneValidateRequest(form: PhoneCodeForm): PhoneValidateRequest {
  return { otp: Number(form.otp) };
}

// ---- document upload (part 1 §5: one file, PDF, PNG, JPEG or WebP, at most 10 MB, with a title)

export const DOCUMENT_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;

/** What the browser knows of a chosen file. */
export type ChosenFile = { size: number; type: string };

export type DocumentUploadRefusal = { title?: string; file?: string };

/**
 * The messages a document upload gets before it is sent (none: it may go). The SME's title is picked
 * ('select title of file'), the supplier's is filled ('fill title of file').
 */
export function documentUploadRefusal(
  role: SelfRegisterRole,
  title: string | null | undefined,
  file: ChosenFile | null | undefined,
): DocumentUploadRefusal {
  const refusal: DocumentUploadRefusal = {};
  if (!title?.trim()) refusal.title = role === 'sme' ? MESSAGES.selectFileTitle : MESSAGES.fillFileTitle;
  else if (!isDocumentTitle(role, title)) refusal.title = MESSAGES.fileTitleUnknown;
  if (!file) refusal.file = MESSAGES.selectFile;
  else if (file.type && !(DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type)) refusal.file = MESSAGES.fileTypeRefused;
  else if (file.size > MAX_DOCUMENT_BYTES) refusal.file = MESSAGES.fileTooLarge;
  return refusal;
}
