// Back-office accounts of the journeys and their two-step sign-in codes.
//
// The server takes a TOTP code for its current 30-second step or one step either side, and for each
// account only a step later than the last one it took. A shared account therefore signs in about once
// per 30 s, in the order the codes reach the server; journeys in two workers signing in as the demo
// admin at once waited for free steps, took steps out of order, and timed out. So each journey signs
// in with back-office accounts of its own: `createBackOfficeAccount` has the journeys' admin invite
// one, sets its password through the invitation and turns two-step sign-in on with a secret of its
// own, all through the API, and `nextCode` hands out that account's steps in order (the current step,
// then the next: two sign-ins of a new account never wait for the clock).
//
// The journeys' admin is made once per run by the global set-up (e2e/global-setup.ts): the demo
// admin signs in with the demo secret's code and invites it. The demo accounts themselves sign in
// only where a journey is about them (see `demoTotpCode`).
//
// This module uses no test fixture, so the global set-up can use it too.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

export const DEMO_PASSWORD = 'demo12345';
/** The demo back-office accounts sign in with a code of this secret (README, `npm run demo:totp`). */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
export const DEMO_BACK_OFFICE = ['admin@example.com', 'bank@example.com', 'bank2@example.com', 'insurer1@example.com', 'insurer2@example.com'];

export type BackOfficeRole = 'admin' | 'bank' | 'insurance';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

// ---- TOTP steps

const STEP_MS = 30_000;

/** The 30-second step a moment falls in (RFC 6238), as the server counts it. */
export function stepAt(ms = Date.now()): number {
  return Math.floor(ms / STEP_MS);
}

/** The code of a base32 secret for a step. */
export function totpCode(secret: string, step: number): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: step * STEP_MS });
}

/**
 * Resolves once the server takes a code of this step: it takes one step ahead of its clock, so at
 * once for the current step and the next. Only a journey signing one account in a third time within
 * 30 s waits here, for the clock to reach the step before it.
 */
function stepOpen(step: number): Promise<void> {
  const wait = (step - 1) * STEP_MS - Date.now();
  return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
}

// ---- accounts of the journeys

export interface BackOfficeAccount {
  email: string;
  password: string;
  role: BackOfficeRole;
  /** The insurance company of an insurance account. */
  company?: string;
  /** The TOTP secret the account was enrolled with (the key the set-up page shows). */
  secret: string;
  /** The 10 recovery codes answered when two-step sign-in was turned on. */
  recoveryCodes: string[];
  /** A session opened while enrolling (the set-up needs a signed-in account); a full session since. */
  token: string;
  /** The last step whose code the server took for this account. */
  lastStep: number;
}

/** The code of the account's next step (never an earlier one than the server last took). */
export async function nextCode(account: BackOfficeAccount): Promise<string> {
  const step = Math.max(stepAt(), account.lastStep + 1);
  account.lastStep = step;
  await stepOpen(step);
  return totpCode(account.secret, step);
}

type Envelope<T> = { status: boolean; msg?: string; content: T };

/** A call of the API that must succeed; answers its content, or fails naming the call and the server's message. */
export async function api<T>(request: APIRequestContext, method: 'GET' | 'POST', url: string, token?: string, data?: unknown): Promise<T> {
  const response = await request.fetch(url, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(data === undefined ? {} : { data }),
  });
  const body = (await response.json()) as Envelope<T>;
  if (!response.ok() || !body.status) throw new Error(`${method} ${url}: ${response.status()} ${body.msg ?? ''}`);
  return body.content;
}

type OutboxMessage = { channel: 'email' | 'sms'; recipient: string; body: string };

/**
 * The link of the newest email to this recipient in the demo outbox (what Admin → Outbox shows) whose
 * path is `linkPath` ('/auth/set-password', '/auth/reset-password'), read with an admin's session.
 */
export async function outboxLink(request: APIRequestContext, adminToken: string, recipient: string, linkPath: string): Promise<string> {
  const { messages } = await api<{ messages: OutboxMessage[] }>(request, 'GET', '/api/v1/admin/outbox/list?perPage=100', adminToken);
  const message = messages.find((m) => m.recipient === recipient && m.channel === 'email');
  const pattern = new RegExp(`https?://\\S+${linkPath.replace(/[/-]/g, '\\$&')}\\?token=[\\w-]+`);
  const link = pattern.exec(message?.body ?? '')?.[0];
  if (!link) throw new Error(`no ${linkPath} link to ${recipient} in the outbox`);
  return link;
}

/**
 * A new back-office account for one journey: invited by an admin (its session token), its password set
 * through the invitation's link, and two-step sign-in turned on with a secret of its own, all through
 * the API. An insurance account acts for `company` (Gulf Insurance, the demo's first insurer, unless told).
 */
export async function createBackOfficeAccount(
  request: APIRequestContext,
  adminToken: string,
  role: BackOfficeRole,
  options: { company?: string; prefix?: string } = {},
): Promise<BackOfficeAccount> {
  const email = uniqueEmail(options.prefix ?? `journey-${role}`);
  const company = role === 'insurance' ? (options.company ?? 'Gulf Insurance') : undefined;
  const password = `harbour-${Math.random().toString(36).slice(2, 10)}-lantern`;
  await api(request, 'POST', '/api/v1/admin/user/invite', adminToken, { email, role, ...(company ? { company } : {}) });
  const { searchParams } = new URL(await outboxLink(request, adminToken, email, '/auth/set-password'));
  await api(request, 'POST', '/api/v1/auth/password/set', undefined, { token: searchParams.get('token'), password });
  // Without two-step sign-in yet, the password opens a session that reaches only the set-up.
  const session = await api<{ token?: string; mfaRequired?: true }>(request, 'POST', '/api/v1/auth/login', undefined, { email, password });
  if (!session.token) throw new Error(`${email} was asked for a code before it set up two-step sign-in`);
  const { secret } = await api<{ secret: string }>(request, 'POST', '/api/v1/auth/mfa/setup', session.token, {});
  const step = stepAt();
  const { recoveryCodes } = await api<{ recoveryCodes: string[] }>(request, 'POST', '/api/v1/auth/mfa/enable', session.token, { code: totpCode(secret, step) });
  return { email, password, role, ...(company ? { company } : {}), secret, recoveryCodes, token: session.token, lastStep: step };
}

/** The session of the journeys' admin, made by the global set-up: it invites the journeys' accounts. */
export function journeysAdminToken(): string {
  const token = process.env.E2E_ADMIN_TOKEN;
  if (!token) throw new Error('E2E_ADMIN_TOKEN is not set: the global set-up (e2e/global-setup.ts) did not run');
  return token;
}

// ---- the demo back office (the documented demo secret)

/** Where the journeys (in every worker and the global set-up) note the steps whose code they used, one file per account and step. */
function stepsDir(): string {
  const dir = path.join(process.env.E2E_DATA_DIR ?? tmpdir(), 'totp-steps');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Claims the first step from `from` on that no journey used for the account yet. */
function claimStep(email: string, from: number): number {
  const prefix = `${email}.`;
  const claimed = readdirSync(stepsDir())
    .filter((f) => f.startsWith(prefix))
    .map((f) => Number(f.slice(prefix.length)));
  for (let step = Math.max(from, ...claimed.map((s) => s + 1)); ; step += 1) {
    try {
      writeFileSync(path.join(stepsDir(), `${email}.${step}`), '', { flag: 'wx' });
      return step;
    } catch {
      // another journey took this step at the same moment: the next one
    }
  }
}

/**
 * A fresh code of the demo secret for a demo back-office account, from the current step on (a code of
 * the step before could lapse before the server reads it). The steps are claimed through files, so no
 * two journeys use one; the server also wants them in order, so a demo account signs in from one
 * journey at a time — the journeys about the demo accounts alone sign in with them.
 */
export async function demoTotpCode(email: string): Promise<string> {
  const step = claimStep(email, stepAt());
  await stepOpen(step);
  return totpCode(DEMO_TOTP_SECRET, step);
}
