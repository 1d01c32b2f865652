// Signing in from a bench: the password, then, for an account with two-step sign-in (the demo back
// office, enrolled with the documented demo secret), a code of that secret. The server accepts each
// code once per account and one step ahead of the clock: this remembers the last step it used per
// account, takes the next one, and waits for the clock only when both are used.
import { Secret, TOTP } from 'otpauth';

export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
const STEP_MS = 30_000;
const demoTotp = new TOTP({ secret: Secret.fromBase32(DEMO_TOTP_SECRET), algorithm: 'SHA1', digits: 6, period: STEP_MS / 1000 });
const usedSteps = new Map();

/** A fresh code of the demo secret for this account. */
export async function demoCode(email) {
  for (;;) {
    const current = Math.floor(Date.now() / STEP_MS);
    const step = Math.max(current, (usedSteps.get(email) ?? -Infinity) + 1);
    if (step <= current + 1) {
      usedSteps.set(email, step);
      return demoTotp.generate({ timestamp: step * STEP_MS + 1000 });
    }
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * STEP_MS - Date.now() + 50));
  }
}

/**
 * The session token of an account. `post(path, payload)` sends one request and answers
 * `{ status, body }` (fetch against a running server, or inject into an app).
 */
export async function benchSignIn(post, email, password) {
  const login = await post('/api/v1/auth/login', { email, password });
  if (login.status !== 200) throw new Error(`login ${email}: ${login.status} ${JSON.stringify(login.body)}`);
  if (!login.body.content.mfaRequired) return login.body.content.token;
  const verify = await post('/api/v1/auth/mfa/verify', { mfaToken: login.body.content.mfaToken, code: await demoCode(email) });
  if (verify.status !== 200) throw new Error(`code step of ${email}: ${verify.status} ${JSON.stringify(verify.body)}`);
  return verify.body.content.token;
}

/** `post` for benchSignIn against a server's base URL. */
export function fetchPost(base) {
  return async (pathname, payload) => {
    const response = await fetch(`${base}${pathname}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    return { status: response.status, body: await response.json() };
  };
}
