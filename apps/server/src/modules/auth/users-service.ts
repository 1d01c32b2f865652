// Back-office users (DESIGN §8): the admin invites them by a link, and disables or enables them.
//
// - An invited account is created inactive, with a password nobody knows; the invitation link
//   (a token of password_reset_tokens with purpose `invite`, valid 24 hours, stored hashed) sets
//   its first password and activates it, once.
// - Disabling ends every session of the account in the same transaction; the session lookup of every
//   request (in any API process) also refuses sessions of an inactive account, from the commit on.
// - An admin cannot disable itself, nor the last active admin: changes of the active flag are
//   serialised by one transaction lock, under which the active admins are counted.
import { randomBytes } from 'node:crypto';
import {
  INVITE_TTL_HOURS,
  MESSAGES,
  type BackOfficeUser,
  type InviteUserRequest,
  type SetPasswordRequest,
  type UserListQuery,
} from '@qist/domain';
import { withTransaction, type Db } from '../../db/transaction.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../errors.js';
import { weakPasswordMessage } from '../../lib/password-policy.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Principal } from '../../lib/principal.js';
import { insuranceCompanyIdOf } from './back-office.js';
import { RESET_TOKEN_BYTES, hashResetToken } from './password-service.js';
import * as authRepo from './repository.js';
import type { Outbox } from '../notifications/outbox.js';
import { inviteMessage } from './invite-message.js';
import { recordAudit, type AuditBy } from '../audit/record.js';
import { AUDIT_ACTIONS } from '@qist/domain';
import * as repo from './users-repository.js';

export const INVITE_TTL_MS = INVITE_TTL_HOURS * 3_600_000;

export interface UsersDeps {
  db: Db;
  outbox: Outbox;
  /** Where the web app is reached: invitation links point at `${publicUrl}/auth/set-password`. */
  publicUrl: string;
  clock?: () => Date;
}

export function createUsersService({ db, outbox, publicUrl, clock = () => new Date() }: UsersDeps) {
  async function changeActive(actor: Principal, userId: string, active: boolean, by: AuditBy): Promise<BackOfficeUser> {
    if (!active && userId === actor.userId) throw badRequest(MESSAGES.cannotDisableSelf);
    const now = clock();
    await withTransaction(db, async (tx) => {
      await repo.lockActiveFlags(tx);
      const target = await repo.findUser(tx, userId);
      if (!target) throw notFound(MESSAGES.notFound);
      // An invitation not yet accepted is renewed by inviting the email again, not switched on or off.
      if (target.pending) throw conflict(MESSAGES.userPending);
      const subject = { type: 'user' as const, id: userId };
      if (active) {
        await repo.setActive(tx, userId, true, now);
        await recordAudit(tx, { action: AUDIT_ACTIONS.userEnabled, ...by, target: subject, detail: { email: target.email, role: target.role } });
        return;
      }
      if (target.role === 'admin' && target.active && (await repo.countActiveAdmins(tx)) <= 1) {
        throw conflict(MESSAGES.cannotDisableLastAdmin);
      }
      // An admin whose own account was disabled a moment ago decides nothing more.
      const self = await repo.findUser(tx, actor.userId);
      if (!self?.active) throw forbidden(MESSAGES.accountDisabled);
      await repo.setActive(tx, userId, false, now);
      // A pending invitation or reset link of a disabled account stops working too.
      await authRepo.dropResetTokens(tx, userId);
      const ended = await authRepo.revokeSessionsOfUser(tx, userId, now);
      await recordAudit(tx, {
        action: AUDIT_ACTIONS.userDisabled,
        ...by,
        target: subject,
        detail: { email: target.email, role: target.role, sessionsEnded: ended.length },
      });
    });
    const user = await repo.findUser(db, userId);
    if (!user) throw notFound(MESSAGES.notFound);
    return user;
  }

  return {
    list(query: UserListQuery) {
      return repo.listUsers(db, query.page, query.perPage);
    },

    async invite(input: InviteUserRequest, by: AuditBy): Promise<BackOfficeUser> {
      const email = authRepo.normaliseEmail(input.email);
      // An account that has not accepted its invitation is invited again: a new link, the old one dropped.
      const pendingId = await repo.findPendingByEmail(db, email);
      if (!pendingId && (await authRepo.findUserByEmail(db, email))) throw conflict(MESSAGES.emailTaken);
      // Nobody knows this password: the account is reached only through the invitation.
      const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
      const token = randomBytes(RESET_TOKEN_BYTES).toString('base64url');
      const now = clock();
      const link = `${publicUrl.replace(/\/+$/, '')}/auth/set-password?token=${token}`;
      const company = input.role === 'insurance' ? (input.company ?? '').trim() : '';
      const name = company || email.split('@')[0] || email;
      let userId: string;
      try {
        userId = await withTransaction(db, async (tx) => {
          const insuranceCompanyId = company ? await insuranceCompanyIdOf(tx, company) : null;
          let id: string;
          if (pendingId) {
            if (!(await repo.reinvite(tx, pendingId, { role: input.role, insuranceCompanyId, name, now }))) throw conflict(MESSAGES.emailTaken);
            id = pendingId;
          } else {
            id = (await authRepo.insertUser(tx, { email, passwordHash, role: input.role, name, insuranceCompanyId })).id;
            await repo.markInvited(tx, id, now);
          }
          await authRepo.replaceResetToken(tx, {
            userId: id,
            tokenHash: hashResetToken(token),
            createdAt: now,
            expiresAt: new Date(now.getTime() + INVITE_TTL_MS),
            purpose: 'invite',
          });
          await outbox.enqueue(tx, inviteMessage(email, input.role, link, INVITE_TTL_HOURS));
          await recordAudit(tx, {
            action: AUDIT_ACTIONS.userInvited,
            ...by,
            target: { type: 'user', id },
            detail: { email, role: input.role, company: company || null, again: pendingId !== undefined },
          });
          return id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(MESSAGES.emailTaken);
        throw error;
      }
      const user = await repo.findUser(db, userId);
      if (!user) throw notFound(MESSAGES.notFound);
      return user;
    },

    /** The invitation's link sets the first password and activates the account, once. */
    async setPassword(input: SetPasswordRequest): Promise<void> {
      const weak = weakPasswordMessage(input.password);
      if (weak) throw badRequest(weak);
      const passwordHash = await hashPassword(input.password);
      const now = clock();
      await withTransaction(db, async (tx) => {
        const redeemed = await authRepo.redeemResetToken(tx, hashResetToken(input.token), now, 'invite');
        if (!redeemed) throw badRequest(MESSAGES.inviteLinkInvalid);
        const account = await repo.completeInvitation(tx, redeemed.userId, passwordHash, now);
        if (!account) throw badRequest(MESSAGES.inviteLinkInvalid);
        await authRepo.dropResetTokens(tx, redeemed.userId);
      });
    },

    disable: (actor: Principal, userId: string, by: AuditBy) => changeActive(actor, userId, false, by),
    enable: (actor: Principal, userId: string, by: AuditBy) => changeActive(actor, userId, true, by),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
