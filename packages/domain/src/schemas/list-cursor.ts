// A list's keyset position: the (created_at, id) of one row, as one opaque string a client passes back
// (`after`, `before`) to read the page next to that row. The instant keeps PostgreSQL's microseconds,
// which the rows' ISO dates (milliseconds) would lose, so equal-looking dates still order exactly.

/** A row's position in a list read newest first: its creation instant and its id. */
export interface ListPosition {
  /** ISO 8601 in UTC with microseconds: `2026-01-02T03:04:05.123456Z`. */
  at: string;
  id: string;
}

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SEPARATOR = ' ';
/** Far longer than any cursor this module writes (about 90 characters). */
export const MAX_CURSOR_LENGTH = 200;

function toBase64Url(text: string): string {
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  try {
    return atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  } catch {
    return undefined;
  }
}

export function encodeListCursor(position: ListPosition): string {
  return toBase64Url(`${position.at}${SEPARATOR}${position.id}`);
}

/** The position a cursor names, or undefined when it is not one this module wrote (any other string). */
export function decodeListCursor(cursor: string): ListPosition | undefined {
  if (cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH) return undefined;
  const text = fromBase64Url(cursor);
  if (text === undefined) return undefined;
  const [at, id, ...rest] = text.split(SEPARATOR);
  if (rest.length > 0 || at === undefined || id === undefined || !AT.test(at) || !UUID.test(id)) return undefined;
  // a real instant: month 13 or 31 February are not positions
  const ms = Date.parse(at);
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 19) !== at.slice(0, 19)) return undefined;
  return { at, id };
}
