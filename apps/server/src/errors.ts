import { MESSAGES } from '@qist/domain';

// One error type for everything a request can be refused for; the error handler maps it to
// its HTTP status and the envelope's { status: false, msg }.
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string) => new AppError(400, msg);
export const unauthorized = (msg: string) => new AppError(401, msg);
export const forbidden = (msg: string) => new AppError(403, msg);
export const notFound = (msg: string) => new AppError(404, msg);
export const conflict = (msg: string) => new AppError(409, msg);
export const tooManyRequests = (msg: string) => new AppError(429, msg);
/** The payment gateway did not answer clearly (timeout, 5xx): nothing was decided; the call may be made again. */
export const gatewayUnavailable = () => new AppError(503, MESSAGES.gatewayUnavailable);
/** The payment gateway answered, and refused. */
export const gatewayRefused = () => new AppError(502, MESSAGES.gatewayRefused);

/** Upload failures of the multipart parser, in the spec's words. */
const MULTIPART_REFUSALS: Record<string, [number, string]> = {
  FST_REQ_FILE_TOO_LARGE: [413, MESSAGES.fileTooLarge],
  FST_FILES_LIMIT: [400, MESSAGES.oneFileOnly],
  FST_PARTS_LIMIT: [400, MESSAGES.oneFileOnly],
  FST_FIELDS_LIMIT: [400, MESSAGES.invalidMultipart],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [400, MESSAGES.selectFile],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, MESSAGES.requestTooLarge],
};

/** The refusal for an upload limit the multipart parser hit, or undefined for any other error. */
export function multipartRefusal(error: unknown): AppError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  const refusal = typeof code === 'string' ? MULTIPART_REFUSALS[code] : undefined;
  return refusal ? new AppError(refusal[0], refusal[1]) : undefined;
}

/** PostgreSQL's error code of an error or of its causes. */
function postgresCode(error: unknown): string | undefined {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The sentence for a value PostgreSQL refused as input (a NUL byte in text, an untranslatable
 * character, text where a uuid belongs) that slipped past the schemas: the request was bad,
 * so it is a 400, never a 500.
 */
export function databaseRefusal(error: unknown): string | undefined {
  switch (postgresCode(error)) {
    case '22021': // character_not_in_repertoire (NUL in text)
    case '22P05': // untranslatable_character
      return MESSAGES.controlCharacters;
    case '22P02': // invalid_text_representation
    case '22003': // numeric_value_out_of_range
      return MESSAGES.invalidRequest;
    default:
      return undefined;
  }
}

/** PostgreSQL's unique_violation, raised when a concurrent insert won the race. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
