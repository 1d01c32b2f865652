// Shared pieces of the security suites: the parties of a small but complete platform built with
// direct factories (accounts at their levels, one stored document each, log rows, an insurance
// queue), the callers that sign in as them, and the policy of who may see whose data.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Role } from '@qist/domain';
import { uploadsDir } from '../../src/config.js';
import { documents, insuranceDeclines, providers, smes, users, verificationLogs } from '../../src/db/schema/index.js';
import { createLocalStorage } from '../../src/modules/files/storage.js';
import { SAMPLE_FILES, bearer, createAccount, loginAs, recordCreditGranted, type TestAccount, type TestContext } from '../helpers.js';

/**
 * Who calls: nobody, the five roles, an SME and a supplier still onboarding, and a user of the
 * second insurance company by priority (whose queue differs from the first's).
 */
export const CALLERS = ['anonymous', 'sme', 'smeEarly', 'provider', 'providerEarly', 'admin', 'bank', 'insurance', 'insurance2'] as const;
export type Caller = (typeof CALLERS)[number];

/** The role a caller signs in with. */
export const ROLE_OF: Record<Exclude<Caller, 'anonymous'>, Role> = {
  sme: 'sme',
  smeEarly: 'sme',
  provider: 'provider',
  providerEarly: 'provider',
  admin: 'admin',
  bank: 'bank',
  insurance: 'insurance',
  insurance2: 'insurance',
};

/**
 * The SMEs and suppliers of the world. `sme`, `smeEarly`, `provider` and `providerEarly` are also
 * callers; the others exist so that the insurance queue has every case, for the first company by
 * priority ('insurance') and the second ('insurance2'):
 * - smeQueue: level 6, and the first company has not declined it: the first's turn;
 * - smeDeclined: level 6, declined by the first company, now the second's turn;
 * - smeGranted: level 7, credit granted by the first company (its log row);
 * - smeOtherInsurer: level 8, credit granted by the second company only;
 * - smeBankReview: level 5, waiting for the bank: no insurer has seen it yet;
 * - smeAdminReview: level 4, waiting for the admin: the bank may not see it yet;
 * - smeBankRejected: level -2, sent back by the bank (its log row): the bank still sees it.
 */
export const PARTY_NAMES = [
  'sme',
  'smeEarly',
  'provider',
  'providerEarly',
  'smeQueue',
  'smeDeclined',
  'smeGranted',
  'smeOtherInsurer',
  'smeBankReview',
  'smeAdminReview',
  'smeBankRejected',
] as const;
export type PartyName = (typeof PARTY_NAMES)[number];

const PARTY_SETUP: Record<PartyName, { kind: 'sme' | 'provider'; level: number }> = {
  sme: { kind: 'sme', level: 8 },
  smeEarly: { kind: 'sme', level: 3 },
  provider: { kind: 'provider', level: 5 },
  providerEarly: { kind: 'provider', level: 3 },
  smeQueue: { kind: 'sme', level: 6 },
  smeDeclined: { kind: 'sme', level: 6 },
  smeGranted: { kind: 'sme', level: 7 },
  smeOtherInsurer: { kind: 'sme', level: 8 },
  smeBankReview: { kind: 'sme', level: 5 },
  smeAdminReview: { kind: 'sme', level: 4 },
  smeBankRejected: { kind: 'sme', level: -2 },
};

/** SMEs the bank may not see: those the admin has not passed (below level 5, not rejected by the bank). */
export const BANK_HIDDEN: readonly PartyName[] = ['smeEarly', 'smeAdminReview'];

/** SMEs each insurance caller may see: its queue and those it has decided on (spec part 2, decision 0004). */
export const INSURANCE_VISIBLE: Record<'insurance' | 'insurance2', readonly PartyName[]> = {
  insurance: ['smeQueue', 'smeDeclined', 'smeGranted'],
  insurance2: ['smeDeclined', 'smeOtherInsurer'],
};

export function kindOf(party: PartyName): 'sme' | 'provider' {
  return PARTY_SETUP[party].kind;
}

/**
 * The policy: who may see a party's onboarding data, profile, timeline and documents.
 * The party itself; admin every SME and supplier; bank the SMEs from level 5 on and those it
 * rejected, no supplier; an insurance user only the SMEs in its queue or those it has decided on;
 * nobody else.
 */
export function maySee(caller: Caller, party: PartyName): boolean {
  switch (caller) {
    case 'anonymous':
      return false;
    case 'admin':
      return true;
    case 'bank':
      return kindOf(party) === 'sme' && !BANK_HIDDEN.includes(party);
    case 'insurance':
    case 'insurance2':
      return INSURANCE_VISIBLE[caller].includes(party);
    default:
      return caller === party;
  }
}

export interface StoredDocument {
  id: string;
  fileName: string;
  bytes: Buffer;
  mime: string;
}

export interface Party {
  name: PartyName;
  kind: 'sme' | 'provider';
  account: TestAccount;
  /** The smes/providers row id: what the back-office routes take. */
  profileId: string;
  companyTitle: string;
  logDesc: string;
  /** A document whose file the file route is asked for. */
  doc: StoredDocument;
  /** A document other parties try to delete (it must survive). */
  victimDoc: StoredDocument;
  /** A document the party deletes itself (only parties at level 3 may). */
  disposableDoc: StoredDocument;
}

export interface World {
  parties: Record<PartyName, Party>;
  accounts: Record<Exclude<Caller, 'anonymous'>, TestAccount>;
  /** Bearer headers of each caller; anonymous has none. */
  headers: Record<Caller, Record<string, string>>;
}

function hex(): string {
  return randomBytes(4).toString('hex');
}

async function companyOf(ctx: TestContext, account: TestAccount): Promise<string> {
  const [row] = await ctx.db.select({ companyId: users.insuranceCompanyId }).from(users).where(eq(users.id, account.id));
  if (!row?.companyId) throw new Error(`${account.email} has no insurance company`);
  return row.companyId;
}

/** Builds every party with its documents, logs and queue state, and signs every caller in. */
export async function buildWorld(ctx: TestContext): Promise<World> {
  const storage = createLocalStorage(uploadsDir(ctx.config));
  // Created first, so its company has the lowest priority number: first in every SME's queue.
  const insurer = await createAccount(ctx.db, { role: 'insurance', company: `First Insurer ${hex()}` });
  const insurer2 = await createAccount(ctx.db, { role: 'insurance', company: `Second Insurer ${hex()}` });
  const admin = await createAccount(ctx.db, { role: 'admin' });
  const bank = await createAccount(ctx.db, { role: 'bank' });
  const company1 = await companyOf(ctx, insurer);

  async function storeDocument(userId: string, title: string, bytes: Buffer): Promise<StoredDocument> {
    const fileName = await storage.save(bytes, 'png');
    const [row] = await ctx.db
      .insert(documents)
      .values({ userId, title, fileName, originalName: 'scan.png', mime: 'image/png', size: bytes.length })
      .returning({ id: documents.id });
    return { id: row!.id, fileName, bytes, mime: 'image/png' };
  }

  const parties = {} as Record<PartyName, Party>;
  for (const name of PARTY_NAMES) {
    const { kind, level } = PARTY_SETUP[name];
    const account = await createAccount(ctx.db, { role: kind, level });
    const companyTitle = `Company ${name} ${hex()}`;
    const table = kind === 'sme' ? smes : providers;
    const [row] = await ctx.db
      .update(table)
      .set({ companyTitle, firstName: `First-${name}`, lastName: `Last-${hex()}` })
      .where(eq(table.userId, account.id))
      .returning({ id: table.id });
    // Each file carries the party's name, so bytes served to the wrong caller are recognisable.
    const bytes = (tag: string) => Buffer.concat([SAMPLE_FILES.png, Buffer.from(`${name}:${tag}:${hex()}`)]);
    const logDesc = `timeline of ${name} ${hex()}`;
    await ctx.db.insert(verificationLogs).values({ userId: account.id, level, desc: logDesc, operatorUserId: admin.id, operatorRole: 'admin' });
    parties[name] = {
      name,
      kind,
      account,
      profileId: row!.id,
      companyTitle,
      logDesc,
      doc: await storeDocument(account.id, 'CR license', bytes('doc')),
      victimDoc: await storeDocument(account.id, 'ID of shareholders', bytes('victim')),
      disposableDoc: await storeDocument(account.id, 'Bank statement (most recent year)', bytes('disposable')),
    };
  }

  // The insurance queue: declined by the first company, granted by the first, granted by the second.
  await ctx.db.insert(insuranceDeclines).values({ smeId: parties.smeDeclined.profileId, companyId: company1 });
  await ctx.db.insert(verificationLogs).values([
    { userId: parties.smeDeclined.account.id, level: 6, desc: 'declined; passed to the next company', operatorUserId: insurer.id, operatorRole: 'insurance' },
    // The bank's rejection at its step keeps the SME in the bank's sight.
    { userId: parties.smeBankRejected.account.id, level: -2, desc: 'sent back by the bank', operatorUserId: bank.id, operatorRole: 'bank' },
  ]);
  await recordCreditGranted(ctx.db, parties.smeGranted.account.id, insurer);
  await recordCreditGranted(ctx.db, parties.smeOtherInsurer.account.id, insurer2);

  const accounts: World['accounts'] = {
    sme: parties.sme.account,
    smeEarly: parties.smeEarly.account,
    provider: parties.provider.account,
    providerEarly: parties.providerEarly.account,
    admin,
    bank,
    insurance: insurer,
    insurance2: insurer2,
  };
  const headers = { anonymous: {} } as Record<Caller, Record<string, string>>;
  for (const caller of CALLERS) {
    if (caller !== 'anonymous') headers[caller] = bearer(await loginAs(ctx.app, accounts[caller]));
  }
  return { parties, accounts, headers };
}

/** Strings that identify a party: none of them may reach a caller who may not see the party. */
export function markersOf(party: Party): string[] {
  return [
    party.account.email,
    party.account.id,
    party.profileId,
    party.companyTitle,
    party.logDesc,
    party.doc.id,
    party.doc.fileName,
    party.victimDoc.id,
    party.victimDoc.fileName,
    party.disposableDoc.id,
    party.disposableDoc.fileName,
  ];
}

/** The markers of every party the caller may not see. */
export function foreignMarkers(world: World, caller: Caller): { party: PartyName; marker: string }[] {
  return PARTY_NAMES.filter((name) => !maySee(caller, name)).flatMap((name) =>
    markersOf(world.parties[name]).map((marker) => ({ party: name, marker })),
  );
}

/** The answer is the refusal envelope with this status (and this sentence, when given). */
export function expectRefusal(response: LightMyRequestResponse, status: number, msg?: string): void {
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status });
  const json = response.json() as unknown;
  expect(json).toEqual({ status: false, msg: msg ?? expect.any(String) });
}

/** The answer is one of the two envelopes, agreeing with its status code. */
export function expectEnvelope(response: LightMyRequestResponse): void {
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const json = response.json() as Record<string, unknown>;
  if (response.statusCode < 400) {
    expect(Object.keys(json).sort()).toEqual(['content', 'status']);
    expect(json.status).toBe(true);
  } else {
    expect(json).toEqual({ status: false, msg: expect.any(String) });
  }
}

/** None of the foreign party's identifying strings appear in the answer. */
export function expectNoForeignData(response: LightMyRequestResponse, foreign: { party: PartyName; marker: string }[]): void {
  const text = response.rawPayload.toString('latin1');
  const leaked = foreign.filter(({ marker }) => text.includes(marker));
  expect(leaked, `answer carries data of parties the caller may not see`).toEqual([]);
}
