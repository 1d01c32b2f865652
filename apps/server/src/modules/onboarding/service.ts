// The onboarding steps of SMEs and suppliers (levels 0 → 4): email code, phone code, information,
// documents; plus their profile, timeline and categories. One implementation serves both kinds.
import {
  CODE_LIMIT_WINDOW_MS,
  CODE_MAX_WRONG_TRIES,
  CODE_TTL_MINUTES,
  EMAIL_CODE_LENGTH,
  MAX_DOCUMENTS_PER_PARTY,
  MAX_DOCUMENTS_PER_TITLE,
  MAX_DOCUMENT_BYTES_PER_PARTY,
  MESSAGES,
  PHONE_CODE_LENGTH,
  RESEND_COOLDOWN_SECONDS,
  canEditDocuments,
  codeLockedUntil,
  fillMessage,
  hasControlCharacters,
  minutesUntil,
  firstMissingDocument,
  isDocumentTitle,
  mustUploadMessage,
  stepRefusal,
  toMinorUnits,
  type OnboardingStep,
  type PartyDocument,
  type PhoneAddRequest,
  type ProviderInfoRequest,
  type ProviderProfile,
  type SmeInfoRequest,
  type SmeProfile,
  type VerificationLog,
} from '@qist/domain';
import { eq } from 'drizzle-orm';
import { withTransaction, type Db, type Tx } from '../../db/transaction.js';
import { users } from '../../db/schema/index.js';
import { AppError, badRequest, conflict, notFound, tooManyRequests } from '../../errors.js';
import { inspectUpload } from '../../lib/file-content.js';
import type { Principal } from '../../lib/principal.js';
import type { FileStorage } from '../files/storage.js';
import type { Outbox } from '../notifications/outbox.js';
import * as projections from '../parties/projections.js';
import * as parties from '../parties/repository.js';
import * as settings from '../settings/repository.js';
import { codeMessage } from './code-message.js';
import { codeMatches, generateCode, hashCode } from './codes.js';
import * as repo from './repository.js';

export type PartyKind = parties.PartyKind;

export interface OnboardingDeps {
  db: Db;
  outbox: Outbox;
  storage: FileStorage;
  /** Signs codes and file links. */
  secret: string;
  now?: () => Date;
}

export interface UploadInput {
  title: string | undefined;
  description?: string;
  file: { bytes: Buffer; filename: string } | undefined;
}

export function createOnboardingService({ db, outbox, storage, secret, now = () => new Date() }: OnboardingDeps) {
  const links: projections.DocumentLinks = { secret, now };

  function kindOf(principal: Principal): PartyKind {
    if (principal.role !== 'sme' && principal.role !== 'provider') throw new AppError(403, MESSAGES.forbidden);
    return principal.role;
  }

  async function partyOf(principal: Principal): Promise<parties.PartyRow> {
    const party = await parties.findPartyByUser(db, kindOf(principal), principal.userId);
    if (!party) throw notFound(MESSAGES.notFound);
    return party;
  }

  async function lockedParty(tx: Tx, principal: Principal): Promise<parties.PartyRow> {
    const party = await parties.lockPartyByUser(tx, kindOf(principal), principal.userId);
    if (!party) throw notFound(MESSAGES.notFound);
    return party;
  }

  function assertStep(kind: PartyKind, level: number, step: OnboardingStep): void {
    const refusal = stepRefusal(kind, level, step);
    if (refusal) throw conflict(refusal);
  }

  function toDocument(kind: PartyKind, row: parties.DocumentRow): PartyDocument {
    return projections.toPartyDocument(kind, row, links);
  }

  /** Refuses with 429 and when to try again while the step's daily limits are reached. */
  async function assertCodesAllowed(tx: Tx, userId: string, purpose: repo.Purpose, issuing: boolean): Promise<void> {
    const at = now();
    const codes = await repo.codesSince(tx, userId, purpose, new Date(at.getTime() - CODE_LIMIT_WINDOW_MS));
    const until = codeLockedUntil(codes, at, { issuing });
    if (until) throw tooManyRequests(fillMessage('codeLockedMinutes', { minutes: minutesUntil(until, at) }));
  }

  /**
   * Issues a new code for a step, unless the last one is younger than the cooldown or the day's
   * limits are reached. The account's row is locked first, so requests racing to send a code are
   * decided one at a time against the same history.
   */
  async function issueCode(
    principal: Principal,
    purpose: repo.Purpose,
    target: string,
    message: { channel: 'email' | 'sms'; recipient: string },
  ): Promise<{ code: string; retryAfter: number }> {
    const code = generateFor(purpose);
    await withTransaction(db, async (tx) => {
      const language = await repo.lockUser(tx, principal.userId);
      await assertCodesAllowed(tx, principal.userId, purpose, true);
      const last = await repo.latestCode(tx, principal.userId, purpose);
      const at = now();
      if (last && at.getTime() - last.createdAt.getTime() < RESEND_COOLDOWN_SECONDS * 1000) {
        throw tooManyRequests(MESSAGES.resendTooSoon);
      }
      await repo.replaceCode(tx, {
        userId: principal.userId,
        purpose,
        target,
        codeHash: hashFor(principal.userId, purpose, code),
        expiresAt: new Date(at.getTime() + CODE_TTL_MINUTES * 60_000),
        now: at,
      });
      // Written in the account's language only (users.language), read under the same lock.
      await outbox.enqueue(tx, { channel: message.channel, recipient: message.recipient, ...codeMessage(code, CODE_TTL_MINUTES)[language] });
    });
    return { code, retryAfter: RESEND_COOLDOWN_SECONDS };
  }

  function generateFor(purpose: repo.Purpose): string {
    return generateCode(purpose === 'email' ? EMAIL_CODE_LENGTH : PHONE_CODE_LENGTH);
  }

  function hashFor(userId: string, purpose: repo.Purpose, code: string): string {
    return hashCode(secret, userId, purpose, code);
  }

  /**
   * Checks a code and, when right, runs `onValid` in the same transaction. A wrong try is counted
   * and committed before the refusal, so retrying cannot get around the limit.
   */
  async function checkCode(
    principal: Principal,
    purpose: repo.Purpose,
    code: string,
    onValid: (tx: Tx, target: string) => Promise<void>,
  ): Promise<void> {
    const outcome = await withTransaction(db, async (tx) => {
      const open = await repo.lockLatestOpenCode(tx, principal.userId, purpose);
      if (!open) return MESSAGES.codeNotRequested;
      await assertCodesAllowed(tx, principal.userId, purpose, false);
      if (open.wrongTries >= CODE_MAX_WRONG_TRIES) return MESSAGES.codeTooManyTries;
      if (open.expiresAt.getTime() <= now().getTime()) return MESSAGES.codeExpired;
      if (!codeMatches(secret, principal.userId, purpose, code, open.codeHash)) {
        await repo.countWrongTry(tx, open.id);
        return open.wrongTries + 1 >= CODE_MAX_WRONG_TRIES ? MESSAGES.codeTooManyTries : MESSAGES.codeIncorrect;
      }
      await repo.consumeCode(tx, open.id, now());
      await onValid(tx, open.target);
      return null;
    });
    if (outcome) throw badRequest(outcome);
  }

  return {
    async resendEmailCode(principal: Principal) {
      const kind = kindOf(principal);
      const party = await partyOf(principal);
      assertStep(kind, party.level, 'email');
      const { code, retryAfter } = await issueCode(principal, 'email', principal.email, {
        channel: 'email',
        recipient: principal.email,
      });
      return { sent: true as const, retryAfter, ...(outbox.isDemo('email') ? { code } : {}) };
    },

    async validateEmailCode(principal: Principal, code: string) {
      const kind = kindOf(principal);
      assertStep(kind, (await partyOf(principal)).level, 'email');
      await checkCode(principal, 'email', code, async (tx) => {
        await tx.update(users).set({ emailVerifiedAt: now() }).where(eq(users.id, principal.userId));
        await parties.changeLevel(tx, {
          kind,
          userId: principal.userId,
          from: 0,
          to: 1,
          code: 'emailVerified',
          operator: { userId: principal.userId, role: principal.role },
        });
      });
      return { level: 1 };
    },

    async addPhone(principal: Principal, input: PhoneAddRequest) {
      const kind = kindOf(principal);
      assertStep(kind, (await partyOf(principal)).level, 'phone');
      const target = `+${input.countryCode}${input.phone}`;
      const { code, retryAfter } = await issueCode(principal, 'phone', `${input.countryCode}:${input.phone}`, {
        channel: 'sms',
        recipient: target,
      });
      return { sent: true as const, retryAfter, ...(outbox.isDemo('sms') ? { otp: code } : {}) };
    },

    async validatePhone(principal: Principal, otp: number) {
      const kind = kindOf(principal);
      assertStep(kind, (await partyOf(principal)).level, 'phone');
      await checkCode(principal, 'phone', String(otp).padStart(PHONE_CODE_LENGTH, '0'), async (tx, target) => {
        const [countryCode, number] = target.split(':');
        await parties.changeLevel(tx, {
          kind,
          userId: principal.userId,
          from: 1,
          to: 2,
          code: 'phoneVerified',
          operator: { userId: principal.userId, role: principal.role },
          set: { phoneCountryCode: countryCode, phoneNumber: number },
        });
      });
      return { level: 2 };
    },

    async addInfo(principal: Principal, input: SmeInfoRequest | ProviderInfoRequest) {
      const kind = kindOf(principal);
      const party = await partyOf(principal);
      assertStep(kind, party.level, 'info');
      const categoryIds = [...new Set(input.categoriesSelected)];
      if ((await parties.countExistingCategories(db, categoryIds)) !== categoryIds.length) {
        throw badRequest(MESSAGES.categoryNotFound);
      }
      const common = {
        firstName: input.firstname,
        lastName: input.lastname,
        companyTitle: input.companyTile,
        companyDesc: input.companyDesc,
        address: input.address,
        address2: input.address2 ?? null,
        instagram: input.instagram ?? null,
        email2: input.email2 ?? null,
        phone2CountryCode: input.phone2?.countryCode ?? null,
        phone2Number: input.phone2?.phone ?? null,
      };
      const specific =
        kind === 'sme'
          ? { creditRequest: toMinorUnits((input as SmeInfoRequest).requestCredit) }
          : { website: (input as ProviderInfoRequest).website, companyVat: (input as ProviderInfoRequest).companyVAT };
      await withTransaction(db, async (tx) => {
        await parties.replacePartyCategories(tx, principal.userId, categoryIds);
        await tx.update(users).set({ name: input.companyTile, updatedAt: now() }).where(eq(users.id, principal.userId));
        await parties.changeLevel(tx, {
          kind,
          userId: principal.userId,
          from: party.level,
          to: 3,
          code: party.level === -2 ? 'infoEdited' : 'infoAdded',
          operator: { userId: principal.userId, role: principal.role },
          set: { ...common, ...specific },
        });
      });
      return { level: 3 };
    },

    async listCategories() {
      const rows = await settings.listCategories(db);
      return rows.map((c) => ({ _id: c.id, title: c.title, desc: c.desc, titleAr: c.titleAr, descAr: c.descAr }));
    },

    async listDocuments(principal: Principal): Promise<PartyDocument[]> {
      const kind = kindOf(principal);
      return (await parties.listDocuments(db, principal.userId)).map((d) => toDocument(kind, d));
    },

    async uploadDocument(principal: Principal, input: UploadInput): Promise<PartyDocument> {
      const kind = kindOf(principal);
      const party = await partyOf(principal);
      if (!canEditDocuments(party.level)) throw conflict(stepRefusal(kind, party.level, 'documents') ?? MESSAGES.documentsLocked);
      const title = input.title?.trim();
      if (!title) throw badRequest(kind === 'sme' ? MESSAGES.selectFileTitle : MESSAGES.fillFileTitle);
      if (!isDocumentTitle(kind, title)) throw badRequest(MESSAGES.fileTitleUnknown);
      if (!input.file || input.file.bytes.length === 0) throw badRequest(MESSAGES.selectFile);
      const description = input.description?.trim().slice(0, 500) || null;
      if ((description && hasControlCharacters(description)) || hasControlCharacters(input.file.filename)) {
        throw badRequest(MESSAGES.controlCharacters);
      }
      // Images come back decoded and re-encoded (no trailing payload, no metadata); PDFs must parse.
      const content = await inspectUpload(input.file.bytes);
      if (!content) throw badRequest(MESSAGES.fileTypeRefused);
      const fileName = await storage.save(content.bytes, content.ext);
      try {
        const row = await withTransaction(db, async (tx) => {
          // The party's row is the lock that documents and level changes share: a confirmation
          // racing this upload sees it whole or not at all, and the caps hold under concurrency.
          const locked = await lockedParty(tx, principal);
          if (!canEditDocuments(locked.level)) throw conflict(stepRefusal(kind, locked.level, 'documents') ?? MESSAGES.documentsLocked);
          const totals = await repo.documentTotals(tx, principal.userId, title);
          if (totals.count >= MAX_DOCUMENTS_PER_PARTY) throw conflict(MESSAGES.tooManyDocuments);
          if (totals.ofTitle >= MAX_DOCUMENTS_PER_TITLE) throw conflict(MESSAGES.tooManyDocumentsOfTitle);
          if (totals.bytes + content.bytes.length > MAX_DOCUMENT_BYTES_PER_PARTY) throw conflict(MESSAGES.documentsTooLarge);
          return repo.insertDocument(tx, {
            userId: principal.userId,
            title,
            fileName,
            originalName: input.file!.filename.slice(0, 255),
            description,
            mime: content.mime,
            size: content.bytes.length,
          });
        });
        return toDocument(kind, row);
      } catch (error) {
        await storage.remove(fileName);
        throw error;
      }
    },

    async deleteDocument(principal: Principal, docId: string): Promise<void> {
      const fileName = await withTransaction(db, async (tx) => {
        const party = await lockedParty(tx, principal);
        const doc = await repo.findDocument(tx, docId);
        if (!doc || doc.userId !== principal.userId) throw notFound(MESSAGES.documentNotFound);
        if (!canEditDocuments(party.level)) throw conflict(MESSAGES.documentsLocked);
        await repo.deleteDocument(tx, doc.id);
        return doc.fileName;
      });
      // The file goes only once its row is gone for good; a crash in between leaves an unused file, never a broken row.
      await storage.remove(fileName);
    },

    async confirmDocuments(principal: Principal) {
      const kind = kindOf(principal);
      await withTransaction(db, async (tx) => {
        // Under the party's lock, no upload or delete can change the documents between the check and the level.
        const party = await lockedParty(tx, principal);
        assertStep(kind, party.level, 'documents');
        const titles = (await parties.listDocuments(tx, principal.userId)).map((d) => d.title);
        const missing = firstMissingDocument(kind, titles);
        if (missing) throw badRequest(mustUploadMessage(missing));
        await parties.changeLevel(tx, {
          kind,
          userId: principal.userId,
          from: 3,
          to: 4,
          code: 'documentsUploaded',
          operator: { userId: principal.userId, role: principal.role },
        });
      });
      return { level: 4 };
    },

    async listLogs(userId: string): Promise<VerificationLog[]> {
      return projections.loadVerificationLogs(db, userId);
    },

    async smeProfile(userId: string): Promise<SmeProfile> {
      return projections.loadSmeProfile(db, links, userId);
    },

    async providerProfile(userId: string): Promise<ProviderProfile> {
      return projections.loadProviderProfile(db, links, userId);
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
