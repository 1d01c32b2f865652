// Reading one's own writes when the server reads lists from a replica (docs/decisions/0037-read-replica.md):
// the answer of a write carries the database position after it in `X-Qist-Read-After`; the tab keeps the
// furthest one it has seen and sends it on every later request, so whichever API process answers reads
// from a copy that already holds the write. Kept in sessionStorage so a reload of the tab keeps it too.
import { READ_AFTER_STORAGE_KEY } from '@/config/storage-keys';

export const READ_AFTER_HEADER = 'X-Qist-Read-After';

/** PostgreSQL's text of a WAL position, `0/16B3748`. */
const POSITION = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/;

function positionOf(text: string | null | undefined): bigint | undefined {
  const match = text ? POSITION.exec(text) : null;
  return match ? (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`) : undefined;
}

/** Where storage is unavailable (private modes), the tab's memory. */
let inMemory: string | null = null;

function stored(): string | null {
  try {
    return window.sessionStorage.getItem(READ_AFTER_STORAGE_KEY);
  } catch {
    return inMemory;
  }
}

/** The position to send, if the tab has written anything the server told it about. */
export function readAfter(): string | undefined {
  const value = stored();
  return positionOf(value) === undefined ? undefined : (value ?? undefined);
}

/** Keeps the position an answer carries when it is further than the one kept (a malformed one is ignored). */
export function keepReadAfter(response: Pick<Response, 'headers'>): void {
  const given = response.headers.get(READ_AFTER_HEADER);
  const position = positionOf(given);
  if (position === undefined || !given) return;
  const kept = positionOf(stored());
  if (kept !== undefined && kept >= position) return;
  inMemory = given;
  try {
    window.sessionStorage.setItem(READ_AFTER_STORAGE_KEY, given);
  } catch {
    // storage unavailable: the tab's memory keeps it
  }
}
