// Onboarding of SMEs and suppliers: codes, countries, document titles, and which step each level allows.
import { MESSAGES } from '../messages.js';
import { PROVIDER_LEVEL, SME_LEVEL } from '../levels.js';
import type { SelfRegisterRole } from '../roles.js';

export const EMAIL_CODE_LENGTH = 6;
export const PHONE_CODE_LENGTH = 4;
export const CODE_TTL_MINUTES = 15;
export const CODE_MAX_WRONG_TRIES = 5;
export const RESEND_COOLDOWN_SECONDS = 20;
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** Documents one party may hold at once: in all, with one title, and their bytes together. */
export const MAX_DOCUMENTS_PER_PARTY = 12;
export const MAX_DOCUMENTS_PER_TITLE = 3;
export const MAX_DOCUMENT_BYTES_PER_PARTY = 50 * 1024 * 1024;
/** Codes one account may be sent for a step in a day, and wrong tries over them before the step locks. */
export const MAX_CODES_PER_DAY = 10;
export const MAX_WRONG_TRIES_PER_DAY = 15;
export const CODE_LIMIT_WINDOW_MS = 24 * 3_600_000;

export const COUNTRY_CODES = [
  { name: 'Kuwait', code: '965' },
  { name: 'Qatar', code: '974' },
  { name: 'Bahrain', code: '973' },
  { name: 'Oman', code: '968' },
  { name: 'UAE', code: '971' },
  { name: 'Saudi Arabia', code: '966' },
] as const;
export const COUNTRY_CODE_VALUES = COUNTRY_CODES.map((c) => c.code) as unknown as readonly ['965', '974', '973', '968', '971', '966'];
export type CountryCode = (typeof COUNTRY_CODES)[number]['code'];

export const SME_REQUIRED_DOCUMENTS = [
  'Article of association',
  'CR license',
  'ID of shareholders',
  'Bank certified SME business account IBAN',
] as const;
export const SME_OPTIONAL_DOCUMENTS = [
  'Comprehensive financial statement (past two years)',
  'Bank statement (most recent year)',
] as const;
export const PROVIDER_REQUIRED_DOCUMENTS = [
  'Article of association',
  'CR license',
  'ID of shareholders',
  'Comprehensive financial statement (past two years)',
] as const;
export const PROVIDER_OPTIONAL_DOCUMENTS = ['Bank statement (most recent year)'] as const;

export function documentTitles(role: SelfRegisterRole): { required: readonly string[]; optional: readonly string[] } {
  return role === 'sme'
    ? { required: SME_REQUIRED_DOCUMENTS, optional: SME_OPTIONAL_DOCUMENTS }
    : { required: PROVIDER_REQUIRED_DOCUMENTS, optional: PROVIDER_OPTIONAL_DOCUMENTS };
}

export function isDocumentTitle(role: SelfRegisterRole, title: string): boolean {
  const { required, optional } = documentTitles(role);
  return required.includes(title) || optional.includes(title);
}

/** The first required title with no uploaded document, in the list's order; undefined when complete. */
export function firstMissingDocument(role: SelfRegisterRole, uploadedTitles: readonly string[]): string | undefined {
  return documentTitles(role).required.find((title) => !uploadedTitles.includes(title));
}

export function mustUploadMessage(title: string): string {
  return `you must upload ${title}`;
}

export type OnboardingStep = 'email' | 'phone' | 'info' | 'documents';

/** The level each step moves a party from (info also from -2, the conditional rejection). */
const STEP_FROM: Record<OnboardingStep, number> = { email: 0, phone: 1, info: 2, documents: 3 };

/**
 * Why a party at `level` may not take `step`, or null when it may. The same rule serves the
 * server (refusal msg) and the web app (which step the stepper shows).
 */
export function stepRefusal(role: SelfRegisterRole, level: number, step: OnboardingStep): string | null {
  if (level === SME_LEVEL.fullRejected) return MESSAGES.banned;
  if (role === 'sme' && level === SME_LEVEL.allInsuranceRejected) return MESSAGES.rejectedByInsurances;
  if (level === SME_LEVEL.conditionalRejected) return step === 'info' ? null : MESSAGES.editInformationFirst;
  const from = STEP_FROM[step];
  if (level === from) return null;
  if (level > from) {
    return {
      email: MESSAGES.emailAlreadyVerified,
      phone: MESSAGES.phoneAlreadyVerified,
      info: MESSAGES.infoAlreadyAdded,
      documents: MESSAGES.documentsAlreadyConfirmed,
    }[step];
  }
  // Below the step: name the step the party is on now.
  return [MESSAGES.verifyEmailFirst, MESSAGES.verifyPhoneFirst, MESSAGES.addInformationFirst][level] ?? MESSAGES.addInformationFirst;
}

/** The onboarding step a party is on (0-3 for the stepper), or null once past onboarding. */
export function currentStep(level: number): number | null {
  if (level === SME_LEVEL.conditionalRejected) return 2;
  return level >= 0 && level <= 3 ? level : null;
}

/** Whether documents may be uploaded or deleted: while adding them (3), or after a conditional rejection. */
export function canEditDocuments(level: number): boolean {
  return level === PROVIDER_LEVEL.infoAdded || level === PROVIDER_LEVEL.conditionalRejected;
}

/** The message of a rejection level, as shown to the party. */
export function rejectionMessage(level: number): string | null {
  if (level === SME_LEVEL.fullRejected) return MESSAGES.banned;
  if (level === SME_LEVEL.conditionalRejected) return MESSAGES.downgraded;
  if (level === SME_LEVEL.allInsuranceRejected) return MESSAGES.rejectedByInsurances;
  return null;
}

/** What a step's codes of the last day look like, for the daily limits. */
export interface IssuedCode {
  createdAt: Date;
  wrongTries: number;
}

/**
 * When an account may next ask for or try a code of a step, or null when it may now. A step locks
 * once MAX_CODES_PER_DAY codes were sent, or MAX_WRONG_TRIES_PER_DAY wrong tries were made, within
 * the last CODE_LIMIT_WINDOW_MS; it opens again when enough of those codes have aged out of the window.
 */
export function codeLockedUntil(codes: readonly IssuedCode[], now: Date, options: { issuing: boolean }): Date | null {
  const since = now.getTime() - CODE_LIMIT_WINDOW_MS;
  const recent = codes.filter((c) => c.createdAt.getTime() > since).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  let count = recent.length;
  let wrong = recent.reduce((sum, c) => sum + c.wrongTries, 0);
  const isLocked = () => wrong >= MAX_WRONG_TRIES_PER_DAY || (options.issuing && count >= MAX_CODES_PER_DAY);
  if (!isLocked()) return null;
  for (const code of recent) {
    count -= 1;
    wrong -= code.wrongTries;
    if (!isLocked()) return new Date(code.createdAt.getTime() + CODE_LIMIT_WINDOW_MS);
  }
  return new Date(now.getTime() + CODE_LIMIT_WINDOW_MS);
}

/** Whole minutes until a time, at least one, for the sentence that says when to try again. */
export function minutesUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}
