// Short-lived signed links to private files, so an <img src> works without a bearer header. A link
// made for a signed-in reader carries its account id (`by`), signed with the rest, so the file route
// knows who opened it (the back office's reading of KYC documents is recorded).
import { createHmac, timingSafeEqual } from 'node:crypto';

export const FILE_LINK_TTL_SECONDS = 15 * 60;

function signature(path: string, exp: number, secret: string, by: string | undefined): string {
  const signed = by === undefined ? `file-link:${path}:${exp}` : `file-link:${path}:${exp}:by:${by}`;
  return createHmac('sha256', secret).update(signed).digest('base64url');
}

/** `path` with `?exp=…[&by=…]&sig=…` valid for `ttlSeconds`; `by` names the reader the link is made for. */
export function signLink(path: string, secret: string, nowMs = Date.now(), ttlSeconds = FILE_LINK_TTL_SECONDS, by?: string): string {
  const exp = Math.floor(nowMs / 1000) + ttlSeconds;
  const reader = by === undefined ? '' : `&by=${encodeURIComponent(by)}`;
  return `${path}?exp=${exp}${reader}&sig=${signature(path, exp, secret, by)}`;
}

/** Whether the link is one this server signed and still valid; `by` must be the one it was signed with. */
export function verifyLink(path: string, exp: unknown, sig: unknown, secret: string, nowMs = Date.now(), by?: string): boolean {
  const expiry = Number(exp);
  if (!Number.isInteger(expiry) || typeof sig !== 'string' || expiry * 1000 <= nowMs) return false;
  const expected = Buffer.from(signature(path, expiry, secret, by));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
