// Signed tokens: claims as base64url JSON with an HMAC-SHA256 signature bound to their purpose. A bearer
// token is an expiring reference to a server-side session: the signature keeps forged ids away from
// the database; the session row makes logout real.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  /** Session id. */
  sid: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The signature of a payload, bound to its purpose when it has one (a session token's has none). */
function sign(payload: string, secret: string, purpose?: string): string {
  return createHmac('sha256', secret)
    .update(purpose ? `${purpose}:${payload}` : payload)
    .digest('base64url');
}

/** `payload.signature`: the claims as base64url JSON, signed for their purpose. */
export function sealClaims(claims: object, secret: string, purpose?: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(payload, secret, purpose)}`;
}

/** The claims of a token signed for this purpose with this secret; null for anything else. */
export function openClaims(token: string, secret: string, purpose?: string): Record<string, unknown> | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload, secret, purpose));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function signToken(claims: TokenClaims, secret: string): string {
  return sealClaims(claims, secret);
}

/** The claims of a well-signed, unexpired token; null for anything else. */
export function verifyToken(token: string, secret: string, now = Date.now()): TokenClaims | null {
  const claims = openClaims(token, secret);
  if (!claims || typeof claims.sid !== 'string' || typeof claims.exp !== 'number') return null;
  // Sessions are keyed by uuid: anything else cannot name one, even under a valid signature.
  if (!UUID.test(claims.sid)) return null;
  if (claims.exp * 1000 <= now) return null;
  return { sid: claims.sid, exp: claims.exp };
}
