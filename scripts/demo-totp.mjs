// Prints the current two-step sign-in code of the demo back-office accounts (admin, bank, insurer1,
// insurer2 @example.com), whose secret is the documented demo secret (apps/server/src/db/seed.ts).
import { Secret, TOTP } from 'otpauth';

const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
const PERIOD = 30;

const totp = new TOTP({ issuer: 'Qist', algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(DEMO_TOTP_SECRET) });
const now = Date.now();
const left = PERIOD - (Math.floor(now / 1000) % PERIOD);
console.log(totp.generate({ timestamp: now }));
console.error(`(the code of the demo secret ${DEMO_TOTP_SECRET}; valid ${left} more seconds, and the server still takes it for one step of 30 s after; each code signs in once)`);
