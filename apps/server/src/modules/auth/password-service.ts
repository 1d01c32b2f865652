// Passwords (DESIGN §8): a forgotten one is replaced through a link sent by email (and SMS), and a
// signed-in user changes theirs. Either way the account's other sessions end at once.
//
// Reset links: 32 random bytes, of which only the SHA-256 is stored; a link works once and for
// `resetTtlMs`. Only an account's newest link works: asking again drops the links not yet used,
// and setting the password (by a link or a change) drops them too.
import { createHash, randomBytes } from 'node:crypto';
import { AUDIT_ACTIONS, MESSAGES, type ChangePasswordRequest, type ResetPasswordRequest } from '@qist/domain';
import { withTransaction, type Db } from '../../db/transaction.js';
import { badRequest, notFound } from '../../errors.js';
import { weakPasswordMessage } from '../../lib/password-policy.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { Principal } from '../../lib/principal.js';
import { actorOf, recordAudit } from '../audit/record.js';
import type { Outbox } from '../notifications/outbox.js';
import { forgetSubject, type Throttle } from '../throttle/service.js';
import * as repo from './repository.js';
import { resetLinkMessages } from './reset-message.js';
import { signInAttempt, type AuthSettings } from './service.js';

export interface PasswordSettings {
  /** Where the web app is reached: reset links point at `${publicUrl}/auth/reset-password`. */
  publicUrl: string;
  resetTtlMs: number;
  /** Reset requests per email (whether or not an account has it) from every address. */
  forgotMaxPerEmail: number;
  /** Reset requests per address over every email. */
  forgotMaxPerAddress: number;
  forgotWindowMs: number;
}

export interface PasswordDeps {
  db: Db;
  throttle: Throttle;
  outbox: Outbox;
  /** The sign-in ceilings, which also count wrong current passwords. */
  authSettings: AuthSettings;
  settings: PasswordSettings;
  /** The clock of reset links; tests move it. */
  clock?: () => Date;
}

export const RESET_TOKEN_BYTES = 32;
/** A reset link works for an hour (DESIGN §8). */
export const PASSWORD_RESET_TTL_MS = 3_600_000;

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function createPasswordService({ db, throttle, outbox, authSettings, settings, clock = () => new Date() }: PasswordDeps) {
  const ttlMinutes = Math.round(settings.resetTtlMs / 60_000);

  return {
    /**
     * Sends a reset link when an account has the email. The answer is the same either way, and so
     * is the throttle: it counts the email whether or not an account has it, before any lookup.
     */
    async forgot(email: string, ip: string): Promise<void> {
      const subject = repo.normaliseEmail(email);
      await throttle.takeEach({
        kind: 'password_forgot',
        ip,
        subject,
        ceilings: [
          { per: 'subject', max: settings.forgotMaxPerEmail, windowMs: settings.forgotWindowMs },
          { per: 'address', max: settings.forgotMaxPerAddress, windowMs: settings.forgotWindowMs },
        ],
        msg: MESSAGES.tooManyAttempts,
      });
      // The token is drawn whether or not it is used, so both answers do the same work up to the lookup.
      const token = randomBytes(RESET_TOKEN_BYTES).toString('base64url');
      const tokenHash = hashResetToken(token);
      const recipient = await repo.findResetRecipient(db, subject);
      if (!recipient) return;

      const now = clock();
      const link = `${settings.publicUrl.replace(/\/+$/, '')}/auth/reset-password?token=${token}`;
      const messages = resetLinkMessages(recipient, link, ttlMinutes);
      await withTransaction(db, async (tx) => {
        await repo.replaceResetToken(tx, {
          userId: recipient.userId,
          tokenHash,
          createdAt: now,
          expiresAt: new Date(now.getTime() + settings.resetTtlMs),
        });
        for (const message of messages) await outbox.enqueue(tx, message);
      });
    },

    /**
     * Sets a new password through a reset link, once. In one transaction: the link is used, the
     * password set, the account's sign-in lock-out forgotten (its owner proved they read its email)
     * and every session of the account ended.
     */
    async reset(input: ResetPasswordRequest, ip: string | null): Promise<void> {
      const weak = weakPasswordMessage(input.password);
      if (weak) throw badRequest(weak);
      const passwordHash = await hashPassword(input.password);
      const tokenHash = hashResetToken(input.token);
      const now = clock();
      await withTransaction(db, async (tx) => {
        const redeemed = await repo.redeemResetToken(tx, tokenHash, now);
        if (!redeemed) throw badRequest(MESSAGES.resetLinkInvalid);
        const account = await repo.updatePasswordHash(tx, redeemed.userId, passwordHash, now);
        if (!account) throw badRequest(MESSAGES.resetLinkInvalid);
        await repo.dropResetTokens(tx, redeemed.userId);
        await forgetSubject(tx, 'login_failed', account.email);
        const ended = await repo.revokeSessionsOfUser(tx, redeemed.userId, now);
        await recordAudit(tx, {
          action: AUDIT_ACTIONS.passwordReset,
          actor: actorOf({ userId: redeemed.userId, email: account.email, role: account.role }),
          target: { type: 'user', id: redeemed.userId },
          ip,
          detail: { sessionsEnded: ended.length },
        });
      });
    },

    /**
     * The signed-in user's new password. A wrong current password counts as a failed sign-in of the
     * account. In one transaction: the password set, the account's reset links dropped and every
     * other session ended; the session that asked stays.
     */
    async change(principal: Principal, input: ChangePasswordRequest, ip: string): Promise<void> {
      const weak = weakPasswordMessage(input.newPassword);
      if (weak) throw badRequest(weak);
      const attempt = await throttle.takeEach(signInAttempt(authSettings, ip, repo.normaliseEmail(principal.email)));
      const currentHash = await repo.findPasswordHash(db, principal.userId);
      if (!currentHash) throw notFound(MESSAGES.notFound);
      if (!(await verifyPassword(currentHash, input.currentPassword))) throw badRequest(MESSAGES.currentPasswordWrong);
      await attempt.release();
      if (input.newPassword === input.currentPassword) throw badRequest(MESSAGES.newPasswordSameAsCurrent);

      const passwordHash = await hashPassword(input.newPassword);
      const now = clock();
      await withTransaction(db, async (tx) => {
        const account = await repo.updatePasswordHash(tx, principal.userId, passwordHash, now);
        if (!account) throw notFound(MESSAGES.notFound);
        await repo.dropResetTokens(tx, principal.userId);
        const ended = await repo.revokeSessionsOfUser(tx, principal.userId, now, principal.sessionId);
        await recordAudit(tx, {
          action: AUDIT_ACTIONS.passwordChanged,
          actor: actorOf(principal),
          target: { type: 'user', id: principal.userId },
          ip,
          detail: { sessionsEnded: ended.length },
        });
      });
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
