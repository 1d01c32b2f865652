// Reading one's own writes when the server reads lists from a replica (docs/decisions/0037-read-replica.md):
// the answer of a write carries the database position after it in `x-qist-read-after`; the tab keeps the
// furthest one it has seen and sends it on every later request, so whichever API process answers reads
// from a copy that already holds the write. Kept in sessionStorage so a reload of the tab keeps it too.
import { READ_AFTER_HEADER, parseWalPosition } from '@qist/domain';
import { READ_AFTER_STORAGE_KEY } from '@/config/storage-keys';

export { READ_AFTER_HEADER };

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
  return parseWalPosition(value) === undefined ? undefined : (value ?? undefined);
}

/** Keeps the position an answer carries when it is further than the one kept (a malformed one is ignored). */
export function keepReadAfter(response: Pick<Response, 'headers'>): void {
  const given = response.headers.get(READ_AFTER_HEADER);
  const position = parseWalPosition(given);
  if (position === undefined || !given) return;
  const kept = parseWalPosition(stored());
  if (kept !== undefined && kept >= position) return;
  inMemory = given;
  try {
    window.sessionStorage.setItem(READ_AFTER_STORAGE_KEY, given);
  } catch {
    // storage unavailable: the tab's memory keeps it
  }
}
