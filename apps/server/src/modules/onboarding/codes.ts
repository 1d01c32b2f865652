// One-time codes (email: 6 digits, phone: 4 digits): generated, stored only as an HMAC, checked.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export function generateCode(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

export function hashCode(secret: string, userId: string, purpose: string, code: string): string {
  return createHmac('sha256', secret).update(`code:${userId}:${purpose}:${code}`).digest('base64url');
}

export function codeMatches(secret: string, userId: string, purpose: string, code: string, storedHash: string): boolean {
  const expected = Buffer.from(storedHash);
  const given = Buffer.from(hashCode(secret, userId, purpose, code));
  return expected.length === given.length && timingSafeEqual(expected, given);
}
