// Reading one's own writes when lists are read from a replica (ADR 37): the answer of a write carries
// the database's position after it in this header; a client echoes the furthest one it has seen.

/** The header of a write's answer, echoed by the client on its following requests. */
export const READ_AFTER_HEADER = 'x-qist-read-after';

/** PostgreSQL's text of a WAL position: two hexadecimal 32-bit halves, `0/16B3748`. */
const WAL_POSITION = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/;

/** A WAL position ("0/16B3748") as its byte number; undefined for anything else (never an error). */
export function parseWalPosition(text: unknown): bigint | undefined {
  if (typeof text !== 'string') return undefined;
  const match = WAL_POSITION.exec(text);
  return match ? (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`) : undefined;
}
