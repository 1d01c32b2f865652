// Sign-up, sign-in, sessions and sign-out. Receives its dependencies, so it tests without HTTP.
import { AUDIT_ACTIONS, DEFAULT_LANGUAGE, MESSAGES, type AuthContent, type Language, type LoginRequest, type MfaChallenge, type RegisterRequest, type Role } from '@qist/domain';
import { withTransaction, type Db, type Tx } from '../../db/transaction.js';
import { actorOf, recordAudit } from '../audit/record.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound, unauthorized } from '../../errors.js';
import { weakPasswordMessage } from '../../lib/password-policy.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import type { Principal } from '../../lib/principal.js';
import { signMfaToken } from '../../lib/mfa-token.js';
import { signToken, verifyToken } from '../../lib/tokens.js';
import { insertLog, insertPartyProfile } from '../parties/repository.js';
import { findSignupCode } from '../settings/repository.js';
import type { RateAttempt, Throttle } from '../throttle/service.js';
import * as repo from './repository.js';

export interface AuthSettings {
  sessionSecret: string;
  sessionTtlMs: number;
  /** Failed sign-ins per account and address. */
  loginMaxFailures: number;
  loginWindowMs: number;
  /** Failed sign-ins per account from every address: beyond it the account is locked out. */
  loginAccountMaxFailures: number;
  loginAccountWindowMs: number;
  /** Failed sign-ins per address over every account. */
  loginAddressMaxFailures: number;
  loginAddressWindowMs: number;
  signupMaxPerHour: number;
  /** Roles that must sign in with a second step (MFA_REQUIRED_ROLES). */
  mfaRequiredRoles: readonly Role[];
}

export interface AuthDeps {
  db: Db;
  throttle: Throttle;
  settings: AuthSettings;
  now?: () => Date;
  /** The clock of the two-step sign-in token (tests move it); the sessions' own by default. */
  mfaClock?: () => Date;
}

// Kept for callers that still import it from here; the type lives in lib/principal.ts.
export type { Principal };

const HOUR_MS = 3_600_000;
/** Sign-up codes are compared without regard to case or surrounding spaces. */
export function signupCodeMatches(expected: string, given: string): boolean {
  return expected.trim().toLowerCase() === given.trim().toLowerCase();
}

/**
 * A password guess about an account (a sign-in, or the current password of a password change),
 * judged under the three sign-in ceilings (docs/decisions/0011-sign-in-ceilings-and-head.md).
 */
export function signInAttempt(settings: AuthSettings, ip: string, subject: string): RateAttempt {
  return {
    kind: 'login_failed',
    ip,
    subject,
    ceilings: [
      { per: 'address and subject', max: settings.loginMaxFailures, windowMs: settings.loginWindowMs },
      // Guessing one account from many addresses: a lock-out that a password reset ends.
      { per: 'subject', max: settings.loginAccountMaxFailures, windowMs: settings.loginAccountWindowMs },
      // Guessing many accounts from one address.
      { per: 'address', max: settings.loginAddressMaxFailures, windowMs: settings.loginAddressWindowMs },
    ],
    msg: MESSAGES.tooManyAttempts,
  };
}

/** Wrong codes of the second step, judged under the same three ceilings as wrong passwords. */
export function mfaAttempt(settings: AuthSettings, ip: string, subject: string): RateAttempt {
  return { ...signInAttempt(settings, ip, subject), kind: 'mfa_failed' };
}

/** How a session was opened, as its audit event says. */
export type SignInMethod = 'password' | 'totp' | 'recovery-code' | 'sign-up';
/** Why a sign-in was refused, as its audit event says (a throttled attempt checks nothing and is not recorded). */
export type SignInFailure = 'unknown-email' | 'wrong-password' | 'account-disabled' | 'wrong-code' | 'secret-unreadable';

export interface SignedInAccount {
  id: string;
  email: string;
  role: Role;
  name: string;
  language: Language;
}

export function createAuthService({ db, throttle, settings, now = () => new Date(), mfaClock = now }: AuthDeps) {
  // Every signed-in request reads its session row (one indexed lookup, a prepared statement): a
  // session revoked or an account disabled is refused by every API process from the commit on.

  async function openSession(executor: Tx, account: SignedInAccount, ip: string, method: SignInMethod): Promise<AuthContent> {
    const expiresAt = new Date(now().getTime() + settings.sessionTtlMs);
    const session = await repo.insertSession(executor, { userId: account.id, expiresAt, ip });
    await repo.touchLastSignIn(executor, account.id, now());
    const token = signToken({ sid: session.id, exp: Math.floor(expiresAt.getTime() / 1000) }, settings.sessionSecret);
    const level = await repo.findLevel(executor, account.id, account.role);
    await recordAudit(executor, {
      action: AUDIT_ACTIONS.signInSucceeded,
      actor: actorOf({ userId: account.id, email: account.email, role: account.role }),
      target: { type: 'user', id: account.id },
      ip,
      detail: { method },
    });
    return {
      token,
      'user-role': account.role,
      user: {
        _id: account.id,
        name: account.name,
        level,
        auth_id: { email: account.email },
        language: account.language,
      },
    };
  }

  /** A refused sign-in, in a transaction of its own (the refusal commits nothing else). */
  async function recordFailedSignIn(account: { id: string; email: string; role: Role } | null, email: string, ip: string, reason: SignInFailure): Promise<void> {
    await withTransaction(db, (tx) =>
      recordAudit(tx, {
        action: AUDIT_ACTIONS.signInFailed,
        actor: account ? actorOf({ userId: account.id, email: account.email, role: account.role }) : null,
        target: account ? { type: 'user', id: account.id } : { type: 'email', id: email },
        ip,
        detail: { reason },
      }),
    );
  }

  return {
    async register(input: RegisterRequest, ip: string): Promise<AuthContent> {
      const weak = weakPasswordMessage(input.password);
      if (weak) throw badRequest(weak);
      // Every attempt counts, so the limit also slows down guessing of sign-up codes.
      await throttle.take({
        kind: 'register',
        ip,
        max: settings.signupMaxPerHour,
        windowMs: HOUR_MS,
        msg: MESSAGES.tooManySignUps,
      });

      const expected = await findSignupCode(db, input.role);
      if (!expected || !signupCodeMatches(expected, input.code)) throw badRequest(MESSAGES.codeWrong);
      if (await repo.findUserByEmail(db, input.email)) throw conflict(MESSAGES.emailTaken);

      const passwordHash = await hashPassword(input.password);
      const email = repo.normaliseEmail(input.email);
      const name = email.split('@')[0] ?? email;
      const language = input.language ?? DEFAULT_LANGUAGE;
      try {
        return await withTransaction(db, async (tx) => {
          const user = await repo.insertUser(tx, { email, passwordHash, role: input.role, name, language });
          await insertPartyProfile(tx, input.role, user.id);
          await insertLog(tx, { userId: user.id, level: 0, code: 'accountCreated', operatorUserId: user.id, operatorRole: input.role });
          return openSession(tx, { id: user.id, email, role: input.role, name, language }, ip, 'sign-up');
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(MESSAGES.emailTaken);
        throw error;
      }
    },

    async login(input: LoginRequest, ip: string): Promise<AuthContent | MfaChallenge> {
      const subject = repo.normaliseEmail(input.email);
      // The attempt holds a failure slot under every ceiling while the password is checked, so
      // attempts in flight at once cannot all be judged against the same counts; a right password
      // gives the slot back. The email is counted whether or not an account has it, and a refusal
      // comes before any lookup, so a throttled answer says nothing about the account.
      const attempt = await throttle.takeEach(signInAttempt(settings, ip, subject));

      const account = await repo.findUserByEmail(db, input.email);
      const isValid = account
        ? await verifyPassword(account.passwordHash, input.password)
        : (await verifyAgainstDummy(input.password), false);
      if (!account || !isValid) {
        await recordFailedSignIn(account ?? null, subject, ip, account ? 'wrong-password' : 'unknown-email');
        throw unauthorized(MESSAGES.invalidCredentials);
      }
      await attempt.release();
      // Said only after the right password, so it tells nothing to someone guessing.
      if (!account.active) {
        await recordFailedSignIn(account, subject, ip, 'account-disabled');
        throw forbidden(MESSAGES.accountDisabled);
      }
      // The password was right; with two-step sign-in on, only a code with this token opens a session.
      if (account.mfaEnabled) {
        return { mfaRequired: true, mfaToken: signMfaToken(account.id, settings.sessionSecret, mfaClock().getTime()) };
      }
      return withTransaction(db, (tx) => openSession(tx, account, ip, 'password'));
    },

    /** A session for an account that passed every step of a sign-in. */
    openSession(account: SignedInAccount, ip: string, method: SignInMethod): Promise<AuthContent> {
      return withTransaction(db, (tx) => openSession(tx, account, ip, method));
    },

    recordFailedSignIn,

    /** Whether an account of this role without two-step sign-in may only set it up. */
    mfaRequiredFor(role: Role): boolean {
      return settings.mfaRequiredRoles.includes(role);
    },

    /** The principal behind a bearer token, or null when the token is bad, expired or revoked. */
    async authenticate(token: string): Promise<Principal | null> {
      const claims = verifyToken(token, settings.sessionSecret, now().getTime());
      if (!claims) return null;
      const row = await repo.findActiveSession(db, claims.sid, now());
      if (!row) return null;
      const { mfaEnabled, ...account } = row;
      return { ...account, mfaSetupRequired: !mfaEnabled && settings.mfaRequiredRoles.includes(row.role) };
    },

    async logout(sessionId: string): Promise<void> {
      await repo.revokeSession(db, sessionId, now());
    },

    async me(principal: Principal) {
      // Read now, not from the (possibly cached) session: the name follows the company title.
      const account = await repo.findNameAndLevel(db, principal.userId, principal.role);
      return {
        role: principal.role,
        user: {
          _id: principal.userId,
          name: account?.name ?? principal.name,
          level: account?.level ?? null,
          auth_id: { email: principal.email },
          language: account?.language ?? DEFAULT_LANGUAGE,
        },
        mfa: account?.mfa ?? false,
        mfaRequired: settings.mfaRequiredRoles.includes(principal.role),
        mfaSetupRequired: !(account?.mfa ?? false) && settings.mfaRequiredRoles.includes(principal.role),
      };
    },

    /** The language of the emails and SMS written to the signed-in user. */
    async setLanguage(principal: Principal, language: Language): Promise<{ language: Language }> {
      const stored = await repo.updateLanguage(db, principal.userId, language);
      if (!stored) throw notFound(MESSAGES.notFound);
      return { language: stored };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
