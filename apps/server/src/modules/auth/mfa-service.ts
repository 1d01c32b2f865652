// Two-step sign-in (DESIGN §8): set-up, confirmation, the code step of a sign-in, and turning it
// off. Codes are TOTP (lib/totp.ts), each accepted once per account; recovery codes are 10 random
// codes shown once and kept as SHA-256, each usable once.
import { createHash, randomBytes } from 'node:crypto';
import { AUDIT_ACTIONS, MESSAGES, RECOVERY_CODE_COUNT, type AuditAction, type AuthContent, type MfaSetupContent, type MfaVerifyRequest } from '@qist/domain';
import { withTransaction, type Db } from '../../db/transaction.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../errors.js';
import { verifyMfaToken } from '../../lib/mfa-token.js';
import type { Principal } from '../../lib/principal.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { matchTotpStep, newTotpSecret, otpauthUrl } from '../../lib/totp.js';
import type { Throttle } from '../throttle/service.js';
import { actorOf, recordAudit } from '../audit/record.js';
import * as mfaRepo from './mfa-repository.js';
import { mfaAttempt, type AuthService, type AuthSettings } from './service.js';

export interface MfaDeps {
  db: Db;
  throttle: Throttle;
  auth: AuthService;
  authSettings: AuthSettings;
  /** Seals the TOTP secrets at rest. */
  secrets: SecretBox;
  /** The clock of codes and sign-in tokens (tests move it). */
  clock?: () => Date;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code: 12 characters of an unambiguous alphabet (about 59 bits), shown as xxxx-xxxx-xxxx. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(12);
  let code = '';
  for (const byte of bytes) code += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

/** The stored form of a recovery code: SHA-256 of it without dashes or spaces, in lower case. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
}

const TOTP_CODE = /^\d{6}$/;

export function createMfaService({ db, throttle, auth, authSettings, secrets, clock = () => new Date() }: MfaDeps) {
  /**
   * Whether a code (TOTP or recovery) is a fresh one of the account; uses it when it is. A TOTP code
   * cannot be checked when the stored secret does not open under today's SESSION_SECRET (it was
   * changed): the answer says so and points to a recovery code, which does not depend on that key.
   */
  async function useCode(userId: string, sealedSecret: string, given: string): Promise<'totp' | 'recovery-code' | 'unreadable' | null> {
    const code = given.replace(/\s/g, '');
    if (TOTP_CODE.test(code)) {
      const secret = secrets.tryOpen(sealedSecret);
      if (secret === null) return 'unreadable';
      const step = matchTotpStep(secret, code, clock());
      return step !== null && (await mfaRepo.takeTotpStep(db, userId, step)) ? 'totp' : null;
    }
    return (await mfaRepo.redeemRecoveryCode(db, userId, hashRecoveryCode(code), clock())) ? 'recovery-code' : null;
  }

  function mfaEvent(principal: Pick<Principal, 'userId' | 'email' | 'role'>, action: AuditAction, ip: string, detail: Record<string, unknown>) {
    return { action, actor: actorOf(principal), target: { type: 'user' as const, id: principal.userId }, ip, detail };
  }

  return {
    /** The second step of a sign-in: the token of the first and a code; answers what login does. */
    async verify(input: MfaVerifyRequest, ip: string): Promise<AuthContent> {
      const userId = verifyMfaToken(input.mfaToken, authSettings.sessionSecret, clock().getTime());
      if (!userId) throw unauthorized(MESSAGES.mfaSignInExpired);
      // Like a password guess: the slot is held while the code is checked, so guesses sent at
      // once are judged one by one against the same ceilings; a right code gives it back.
      const attempt = await throttle.takeEach(mfaAttempt(authSettings, ip, userId));
      const account = await mfaRepo.findMfaAccount(db, userId);
      if (!account?.mfaSecret) throw unauthorized(MESSAGES.mfaSignInExpired);
      if (!account.active) {
        await auth.recordFailedSignIn(account, account.email, ip, 'account-disabled');
        throw forbidden(MESSAGES.accountDisabled);
      }
      const method = await useCode(userId, account.mfaSecret, input.code);
      if (method === 'unreadable') {
        await auth.recordFailedSignIn(account, account.email, ip, 'secret-unreadable');
        throw conflict(MESSAGES.mfaSecretUnreadable);
      }
      if (!method) {
        await auth.recordFailedSignIn(account, account.email, ip, 'wrong-code');
        throw unauthorized(MESSAGES.mfaCodeWrong);
      }
      await attempt.release();
      if (secrets.tryOpen(account.mfaSecret) === null) {
        // SESSION_SECRET changed and the authenticator can no longer be read: a recovery code let the
        // account in, and two-step sign-in starts over (a role that needs it is sent to set it up).
        const principal = { userId, email: account.email, role: account.role };
        await withTransaction(db, async (tx) => {
          await mfaRepo.disableMfa(tx, userId, clock());
          await recordAudit(tx, mfaEvent(principal, AUDIT_ACTIONS.mfaDisabled, ip, { reason: 'secret-unreadable' }));
        });
      }
      return auth.openSession(account, ip, method);
    },

    /** A new secret for the signed-in account, waiting for a code to confirm it. */
    async setup(principal: Principal): Promise<MfaSetupContent> {
      const secret = newTotpSecret();
      const stored = await mfaRepo.storePendingSecret(db, principal.userId, secrets.seal(secret), clock());
      if (!stored) throw conflict(MESSAGES.mfaAlreadyEnabled);
      return { secret, otpauthUrl: otpauthUrl(secret, principal.email) };
    },

    /** Turns two-step sign-in on with a code of the pending secret; answers the recovery codes, once. */
    async enable(principal: Principal, code: string, ip: string): Promise<{ recoveryCodes: string[] }> {
      const attempt = await throttle.takeEach(mfaAttempt(authSettings, ip, principal.userId));
      const account = await mfaRepo.findMfaAccount(db, principal.userId);
      if (!account) throw notFound(MESSAGES.notFound);
      if (account.mfaSecret) throw conflict(MESSAGES.mfaAlreadyEnabled);
      if (!account.mfaPendingSecret) throw badRequest(MESSAGES.mfaSetupMissing);
      const pending = account.mfaPendingSecret;
      const secret = secrets.tryOpen(pending);
      if (secret === null) throw badRequest(MESSAGES.mfaSetupMissing);
      const step = matchTotpStep(secret, code.trim(), clock());
      if (step === null) throw badRequest(MESSAGES.mfaCodeWrong);
      await attempt.release();
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const enabled = await withTransaction(db, async (tx) => {
        if (!(await mfaRepo.enableMfa(tx, principal.userId, pending, step, clock()))) return false;
        await mfaRepo.replaceRecoveryCodes(tx, principal.userId, recoveryCodes.map(hashRecoveryCode), clock());
        await recordAudit(tx, mfaEvent(principal, AUDIT_ACTIONS.mfaEnabled, ip, { recoveryCodes: RECOVERY_CODE_COUNT }));
        return true;
      });
      if (!enabled) throw conflict(MESSAGES.mfaAlreadyEnabled);
      return { recoveryCodes };
    },

    /** Turns two-step sign-in off with a code; refused for roles that need it. */
    async disable(principal: Principal, code: string, ip: string): Promise<void> {
      if (auth.mfaRequiredFor(principal.role)) throw forbidden(MESSAGES.mfaRequiredForRole);
      const attempt = await throttle.takeEach(mfaAttempt(authSettings, ip, principal.userId));
      const account = await mfaRepo.findMfaAccount(db, principal.userId);
      if (!account?.mfaSecret) throw badRequest(MESSAGES.mfaNotEnabled);
      const method = await useCode(principal.userId, account.mfaSecret, code);
      if (method === 'unreadable') throw conflict(MESSAGES.mfaSecretUnreadable);
      if (!method) throw badRequest(MESSAGES.mfaCodeWrong);
      await attempt.release();
      await withTransaction(db, async (tx) => {
        await mfaRepo.disableMfa(tx, principal.userId, clock());
        await recordAudit(tx, mfaEvent(principal, AUDIT_ACTIONS.mfaDisabled, ip, { method }));
      });
    },
  };
}

export type MfaService = ReturnType<typeof createMfaService>;
