// Secrets kept at rest encrypted (the TOTP secrets of two-step sign-in): AES-256-GCM under a key
// derived from SESSION_SECRET with HKDF-SHA256, a random 96-bit IV per value, the tag checked on
// every read. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** What the key sealing the TOTP secrets of two-step sign-in is derived for. */
export const MFA_SECRET_PURPOSE = 'mfa-totp-secret';

export interface SecretBox {
  seal(plain: string): string;
  /** The plain text of a sealed value; throws when it was changed or sealed under another key. */
  open(sealed: string): string;
  /** The plain text, or null when the value cannot be opened with this key (e.g. SESSION_SECRET changed). */
  tryOpen(sealed: string): string | null;
}

export function createSecretBox(sessionSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', sessionSecret, 'qist-secret-box', purpose, 32));
  const box: SecretBox = {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
    tryOpen(sealed) {
      try {
        return box.open(sealed);
      } catch {
        return null;
      }
    },
  };
  return box;
}
