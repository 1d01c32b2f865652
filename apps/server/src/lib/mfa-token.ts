// The token between the two steps of a sign-in: HMAC-SHA256-signed, naming the account whose
// password was right, expiring after 5 minutes. It opens no session; only a code with it does.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const MFA_TOKEN_TTL_MS = 5 * 60_000;

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(`mfa-token:${payload}`).digest('base64url');
}

export function signMfaToken(userId: string, secret: string, nowMs: number, ttlMs = MFA_TOKEN_TTL_MS): string {
  const payload = Buffer.from(JSON.stringify({ uid: userId, exp: nowMs + ttlMs, n: randomBytes(8).toString('base64url') })).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/** The account of a well-signed, unexpired token; null for anything else. */
export function verifyMfaToken(token: string, secret: string, nowMs: number): string | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { uid?: unknown; exp?: unknown };
    if (typeof claims.uid !== 'string' || typeof claims.exp !== 'number' || claims.exp <= nowMs) return null;
    return claims.uid;
  } catch {
    return null;
  }
}
