// Bearer tokens: an HMAC-SHA256-signed, expiring reference to a server-side session.
// The signature keeps forged ids away from the database; the session row makes logout real.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  /** Session id. */
  sid: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function signToken(claims: TokenClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/** The claims of a well-signed, unexpired token; null for anything else. */
export function verifyToken(token: string, secret: string, now = Date.now()): TokenClaims | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<TokenClaims>;
    if (typeof claims.sid !== 'string' || typeof claims.exp !== 'number') return null;
    // Sessions are keyed by uuid: anything else cannot name one, even under a valid signature.
    if (!UUID.test(claims.sid)) return null;
    if (claims.exp * 1000 <= now) return null;
    return { sid: claims.sid, exp: claims.exp };
  } catch {
    return null;
  }
}
