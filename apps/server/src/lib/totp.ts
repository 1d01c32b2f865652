// TOTP codes of two-step sign-in (RFC 6238: HMAC-SHA-1, 30-second steps, 6 digits), through the
// otpauth library. A code is accepted for the current step and one step either side.
import { Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_ISSUER = 'Qist';

function totp(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random secret (160 bits), in base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/...` URL an authenticator app reads from a QR code. */
export function otpauthUrl(secret: string, label: string): string {
  return totp(secret, label).toString();
}

/** The 30-second step a moment falls in. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of a secret at a moment. */
export function totpCode(secret: string, at: Date): string {
  return totp(secret).generate({ timestamp: at.getTime() });
}

/** The step whose code this is (the current one or one either side), or null for a wrong code. */
export function matchTotpStep(secret: string, code: string, at: Date): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: at.getTime(), window: 1 });
  return delta === null ? null : totpStep(at) + delta;
}
