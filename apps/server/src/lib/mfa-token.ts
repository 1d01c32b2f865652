// The token between the two steps of a sign-in: HMAC-SHA256-signed (tokens.ts, for its own purpose),
// naming the account whose password was right, expiring after 5 minutes. It opens no session; only a
// code with it does.
import { randomBytes } from 'node:crypto';
import { openClaims, sealClaims } from './tokens.js';

export const MFA_TOKEN_TTL_MS = 5 * 60_000;
const PURPOSE = 'mfa-token';

export function signMfaToken(userId: string, secret: string, nowMs: number, ttlMs = MFA_TOKEN_TTL_MS): string {
  return sealClaims({ uid: userId, exp: nowMs + ttlMs, n: randomBytes(8).toString('base64url') }, secret, PURPOSE);
}

/** The account of a well-signed, unexpired token; null for anything else. */
export function verifyMfaToken(token: string, secret: string, nowMs: number): string | null {
  const claims = openClaims(token, secret, PURPOSE);
  if (!claims || typeof claims.uid !== 'string' || typeof claims.exp !== 'number' || claims.exp <= nowMs) return null;
  return claims.uid;
}
