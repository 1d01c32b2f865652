// Signed tokens: a session token and the sign-in's MFA token share one envelope, each signature bound
// to its purpose, so neither is taken for the other; tampering, expiry and odd payloads are refused.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signMfaToken, verifyMfaToken } from '../../src/lib/mfa-token.js';
import { openClaims, sealClaims, signToken, verifyToken } from '../../src/lib/tokens.js';

const SECRET = 'a-secret-of-the-tests-a-secret-of-the-tests';
const SID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const NOW = Date.parse('2026-11-25T12:00:00.000Z');

describe('signed tokens', () => {
  it('give back a session token’s claims until it expires', () => {
    const token = signToken({ sid: SID, exp: NOW / 1000 + 60 }, SECRET);
    expect(verifyToken(token, SECRET, NOW)).toEqual({ sid: SID, exp: NOW / 1000 + 60 });
    expect(verifyToken(token, SECRET, NOW + 60_000)).toBeNull();
    expect(verifyToken(token, `${SECRET}-other`, NOW)).toBeNull();
  });

  it('give back an MFA token’s account for five minutes', () => {
    const token = signMfaToken('user-1', SECRET, NOW);
    expect(verifyMfaToken(token, SECRET, NOW + 299_999)).toBe('user-1');
    expect(verifyMfaToken(token, SECRET, NOW + 300_000)).toBeNull();
  });

  it('never take one purpose’s token for the other’s, even with claims that would fit', () => {
    const asMfa = sealClaims({ sid: SID, exp: NOW / 1000 + 60, uid: 'user-1' }, SECRET, 'mfa-token');
    expect(verifyToken(asMfa, SECRET, NOW)).toBeNull();
    expect(verifyMfaToken(asMfa, SECRET, NOW)).toBeNull(); // its exp is in seconds: long past in milliseconds
    const asSession = sealClaims({ uid: 'user-1', exp: NOW + 60_000 }, SECRET);
    expect(verifyMfaToken(asSession, SECRET, NOW)).toBeNull();
    expect(verifyMfaToken(sealClaims({ uid: 'user-1', exp: NOW + 60_000 }, SECRET, 'mfa-token'), SECRET, NOW)).toBe('user-1');
  });

  it('refuse a changed payload, a third part, and a payload that is not an object', () => {
    const token = signToken({ sid: SID, exp: NOW / 1000 + 60 }, SECRET);
    const [payload, signature] = token.split('.') as [string, string];
    const changed = Buffer.from(JSON.stringify({ sid: SID, exp: NOW / 1000 + 6000 })).toString('base64url');
    expect(verifyToken(`${changed}.${signature}`, SECRET, NOW)).toBeNull();
    expect(verifyToken(`${payload}.${signature}.x`, SECRET, NOW)).toBeNull();
    // well signed, but not claims
    for (const claims of [[SID], 'text', 42, null]) {
      const odd = Buffer.from(JSON.stringify(claims)).toString('base64url');
      expect(openClaims(`${odd}.${createHmac('sha256', SECRET).update(odd).digest('base64url')}`, SECRET)).toBeNull();
    }
    const fine = Buffer.from(JSON.stringify({ sid: SID })).toString('base64url');
    expect(openClaims(`${fine}.${createHmac('sha256', SECRET).update(fine).digest('base64url')}`, SECRET)).toEqual({ sid: SID });
  });
});
