// What the platform itself says on a verification timeline, as a code and its params, so each reader
// sees it in their own language. The operator's note is kept apart, as written.
export const LOG_CODES = [
  'accountCreated',
  'emailVerified',
  'phoneVerified',
  'infoAdded',
  'infoEdited',
  'documentsUploaded',
  /** An admin or bank verification; the operator's role says whose. */
  'verified',
  'rejected',
  'fullRejected',
  /** params: amount (currency units), company */
  'creditGranted',
  /** params: company, next (the company that gets the SME) */
  'insuranceDeclined',
  /** params: company */
  'insuranceDeclinedLast',
  'activated',
] as const;
export type LogCode = (typeof LOG_CODES)[number];

/** Params a code is written with: company names as given, amounts in currency units. */
export type LogParams = Record<string, string | number>;

export function isLogCode(value: unknown): value is LogCode {
  return typeof value === 'string' && (LOG_CODES as readonly string[]).includes(value);
}
