// Short-lived signed links to private files, so an <img src> works without a bearer header.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const FILE_LINK_TTL_SECONDS = 15 * 60;

function signature(path: string, exp: number, secret: string): string {
  return createHmac('sha256', secret).update(`file-link:${path}:${exp}`).digest('base64url');
}

/** `path` with `?exp=…&sig=…` valid for `ttlSeconds`. */
export function signLink(path: string, secret: string, nowMs = Date.now(), ttlSeconds = FILE_LINK_TTL_SECONDS): string {
  const exp = Math.floor(nowMs / 1000) + ttlSeconds;
  return `${path}?exp=${exp}&sig=${signature(path, exp, secret)}`;
}

export function verifyLink(path: string, exp: unknown, sig: unknown, secret: string, nowMs = Date.now()): boolean {
  const expiry = Number(exp);
  if (!Number.isInteger(expiry) || typeof sig !== 'string' || expiry * 1000 <= nowMs) return false;
  const expected = Buffer.from(signature(path, expiry, secret));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
