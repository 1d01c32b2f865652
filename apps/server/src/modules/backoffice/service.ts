// The back office's decisions on SMEs and suppliers (admin → bank → insurance cascade → admin
// activation), its lists, profiles and timelines, and the outbox list. Each decision is one
// transaction with its log row. Platform settings are the settings module's.
import {
  AUDIT_ACTIONS,
  MESSAGES,
  PROVIDER_LEVEL,
  PROVIDER_REVIEW,
  SME_ACTIVATION,
  SME_LEVEL,
  SME_REVIEW,
  activeCurrency,
  amountText,
  fractionToBasisPoints,
  fromMinorUnits,
  toMinorUnits,
  type BackOfficeRole,
  type PartyListFilter,
  type PartyListQuery,
  type ProviderListItem,
  type ProviderProfile,
  type SmeListItem,
  type SmeProfile,
  type VerificationLog,
} from '@qist/domain';
import type { SQL } from 'drizzle-orm';
import { tableRow, type CsvExport } from '../../db/csv-export.js';
import { providers, smes } from '../../db/schema/index.js';
import { withTransaction, type Db, type Tx } from '../../db/transaction.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import type { Principal } from '../../lib/principal.js';
import { actorOf, recordAudit } from '../audit/record.js';
import * as projections from '../parties/projections.js';
import * as parties from '../parties/repository.js';
import * as repo from './repository.js';

export interface BackofficeDeps {
  db: Db;
  /** Signs the links of the documents a profile shows. */
  secret: string;
  now?: () => Date;
}

type SmeRow = parties.SmeRow;
type ProviderRow = parties.ProviderRow;

function operatorOf(principal: Principal) {
  return { userId: principal.userId, role: principal.role };
}

function backOfficeRole(principal: Principal): BackOfficeRole {
  if (principal.role === 'admin' || principal.role === 'bank' || principal.role === 'insurance') return principal.role;
  throw forbidden(MESSAGES.forbidden);
}

function assertLevel(actual: number, expected: number): void {
  if (actual !== expected) throw conflict(MESSAGES.wrongLevelForDecision);
}

export function createBackofficeService({ db, secret, now = () => new Date() }: BackofficeDeps) {
  const links: projections.DocumentLinks = { secret, now };

  /**
   * What a principal may see: the bank the SMEs from its step on and those it rejected; an insurance
   * user its queue and its decisions; the admin every SME.
   */
  function visibilityFor(principal: Principal) {
    if (principal.role === 'bank') return repo.bankVisibility();
    if (principal.role !== 'insurance') return undefined;
    if (!principal.insuranceCompanyId) throw forbidden(MESSAGES.forbidden);
    return repo.insuranceVisibility(principal.insuranceCompanyId);
  }

  /** The SMEs a principal's list pages over: an insurance company's (the rows it sees), else its visibility. */
  function listedFor(principal: Principal): { where: SQL } | { insurerId: string } | undefined {
    if (principal.role === 'insurance' && principal.insuranceCompanyId) return { insurerId: principal.insuranceCompanyId };
    const where = visibilityFor(principal);
    return where && { where };
  }

  async function inTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return withTransaction(db, work);
  }

  async function lockedSme(tx: Tx, smeId: string): Promise<SmeRow> {
    const sme = await parties.lockSmeById(tx, smeId);
    if (!sme) throw notFound(MESSAGES.smeNotFound);
    return sme;
  }

  async function visibleSme(principal: Principal, smeId: string): Promise<SmeRow> {
    const sme = await repo.findSme(db, smeId, visibilityFor(principal));
    if (!sme) throw notFound(MESSAGES.smeNotFound);
    return sme;
  }

  async function findProvider(providerId: string): Promise<ProviderRow> {
    const provider = await parties.findProviderById(db, providerId);
    if (!provider) throw notFound(MESSAGES.providerNotFound);
    return provider;
  }

  return {
    /** A page of the SMEs this principal sees, by number or by cursor (ADR 31). */
    async listSmes(principal: Principal, query: PartyListQuery, reader: Db = db) {
      const { rows, count, cursors } = await repo.listSmes(reader, query, listedFor(principal));
      return { smes: rows.map((r) => projections.toSmeListItem(r.row, r.email)), count, cursors };
    },

    /** The SME list as CSV, with its filter and its visibility: one statement read through a cursor. */
    exportSmes(principal: Principal, filter: PartyListFilter): CsvExport<Record<string, unknown>> {
      return {
        header: ['id', 'created at', 'email', 'company', 'first name', 'last name', 'phone', 'level', 'credit requested', 'credit limit', 'credit available', 'credit used', 'currency'],
        toCells: (raw) => smeCells(projections.toSmeListItem(tableRow(smes, raw), raw.email as string)),
        query: repo.smeExportQuery(filter, visibilityFor(principal)),
      };
    },

    exportProviders(filter: PartyListFilter): CsvExport<Record<string, unknown>> {
      return {
        header: ['id', 'created at', 'email', 'company', 'first name', 'last name', 'phone', 'level', 'discount rate'],
        toCells: (raw) => providerCells(projections.toProviderListItem(tableRow(providers, raw), raw.email as string)),
        query: repo.providerExportQuery(filter),
      };
    },

    async listProviders(query: PartyListQuery, reader: Db = db) {
      const { rows, count, cursors } = await repo.listProviders(reader, query);
      return { providers: rows.map((r) => projections.toProviderListItem(r.row, r.email)), count, cursors };
    },

    /** The SME's profile, when this principal may see the SME. */
    async smeProfile(principal: Principal, smeId: string): Promise<SmeProfile> {
      // The row that says this principal may see the SME is the one its profile is made of.
      const sme = await visibleSme(principal, smeId);
      return projections.loadSmeProfile(db, { ...links, reader: principal.userId }, sme.userId, sme);
    },

    /** The SME's verification timeline, when this principal may see the SME. */
    async smeLogs(principal: Principal, smeId: string): Promise<VerificationLog[]> {
      return projections.loadVerificationLogs(db, (await visibleSme(principal, smeId)).userId);
    },

    async providerProfile(principal: Principal, providerId: string): Promise<ProviderProfile> {
      const provider = await findProvider(providerId);
      return projections.loadProviderProfile(db, { ...links, reader: principal.userId }, provider.userId, provider);
    },

    async providerLogs(providerId: string): Promise<VerificationLog[]> {
      return projections.loadVerificationLogs(db, (await findProvider(providerId)).userId);
    },

    /**
     * Whether a back-office principal may see a party's profile, and so its documents: the admin
     * every SME and supplier; the bank the SMEs the admin passed and those it rejected; an insurer
     * the SMEs of its queue and decisions.
     */
    async canSeeParty(principal: Principal, kind: parties.PartyKind, userId: string): Promise<boolean> {
      if (principal.role === 'admin') return true;
      if (kind !== 'sme') return false;
      if (principal.role !== 'bank' && (principal.role !== 'insurance' || !principal.insuranceCompanyId)) return false;
      return repo.isSmeUserVisible(db, userId, visibilityFor(principal));
    },

    /** What waits for the admin: SMEs and suppliers to review, invoices to verify. */
    async adminQueueCounts() {
      return repo.adminQueueCounts(db);
    },

    /** What waits for the bank: SMEs to review, orders to pay out. */
    async bankQueueCounts() {
      return repo.bankQueueCounts(db);
    },

    /** What waits for an insurer: the SMEs of its own queue, not those it sees for having decided. */
    async insuranceQueueCounts(principal: Principal) {
      if (!principal.insuranceCompanyId) throw forbidden(MESSAGES.forbidden);
      return repo.insuranceQueueCounts(db, principal.insuranceCompanyId);
    },

    /** Admin at level 4 → 5, or bank at level 5 → 6. */
    async verifySme(principal: Principal, input: { smeId: string; desc: string }, ip: string | null) {
      const { at: from, verifiedTo: to } = SME_REVIEW[backOfficeRole(principal)];
      await inTransaction(async (tx) => {
        const sme = await lockedSme(tx, input.smeId);
        assertLevel(sme.level, from);
        await parties.changeLevel(tx, {
          kind: 'sme',
          userId: sme.userId,
          from,
          to,
          code: 'verified',
          note: input.desc,
          operator: operatorOf(principal),
          set: principal.role === 'admin' ? { adminVerified: true } : { bankVerified: true },
        });
        await recordAudit(tx, { action: AUDIT_ACTIONS.smeVerified, actor: actorOf(principal), target: { type: 'sme', id: sme.id }, ip, detail: { from, to, desc: input.desc } });
      });
      return { level: to };
    },

    /** Admin at 4 or bank at 5: a plain reject sends the SME back to edit (-2), a full one bans it (-1). */
    async rejectSme(principal: Principal, input: { smeId: string; desc: string; full: boolean }, ip: string | null) {
      const from = SME_REVIEW[backOfficeRole(principal)].at;
      const to = input.full ? SME_LEVEL.fullRejected : SME_LEVEL.conditionalRejected;
      await inTransaction(async (tx) => {
        const sme = await lockedSme(tx, input.smeId);
        assertLevel(sme.level, from);
        if (!input.full) await repo.clearDeclines(tx, sme.id);
        await parties.changeLevel(tx, {
          kind: 'sme',
          userId: sme.userId,
          from,
          to,
          code: input.full ? 'fullRejected' : 'rejected',
          note: input.desc,
          operator: operatorOf(principal),
          set: input.full ? {} : { adminVerified: false, bankVerified: false },
        });
        await recordAudit(tx, { action: AUDIT_ACTIONS.smeRejected, actor: actorOf(principal), target: { type: 'sme', id: sme.id }, ip, detail: { from, to, full: input.full, desc: input.desc } });
      });
      return { level: to };
    },

    /** The insurer whose turn it is grants the credit: level 6 → 7. */
    async insuranceVerify(principal: Principal, input: { smeId: string; desc: string; credit: number }, ip: string | null) {
      const companyId = principal.insuranceCompanyId;
      if (!companyId) throw forbidden(MESSAGES.forbidden);
      const credit = toMinorUnits(input.credit);
      await inTransaction(async (tx) => {
        const sme = await lockedSme(tx, input.smeId);
        assertLevel(sme.level, SME_REVIEW.insurance.at);
        if ((await repo.currentInsurer(tx, sme.id)) !== companyId) throw conflict(MESSAGES.notYourTurn);
        const name = await repo.companyName(tx, companyId);
        await parties.changeLevel(tx, {
          kind: 'sme',
          userId: sme.userId,
          from: SME_REVIEW.insurance.at,
          to: SME_REVIEW.insurance.verifiedTo,
          code: 'creditGranted',
          params: { amount: fromMinorUnits(credit), company: name ?? '' },
          note: input.desc,
          operator: operatorOf(principal),
          set: { creditLimit: credit, creditAmount: credit - sme.creditSpend, insuredBy: companyId },
        });
        await recordAudit(tx, {
          action: AUDIT_ACTIONS.smeCreditGranted,
          actor: actorOf(principal),
          target: { type: 'sme', id: sme.id },
          ip,
          detail: { from: SME_REVIEW.insurance.at, to: SME_REVIEW.insurance.verifiedTo, credit: fromMinorUnits(credit), company: name ?? '', desc: input.desc },
        });
      });
      return { level: SME_REVIEW.insurance.verifiedTo };
    },

    /**
     * The insurer whose turn it is: a plain reject sends the SME back to edit (-2); a full reject
     * means this company declines and the next one in priority order gets the SME, or -6 when none is left.
     */
    async insuranceReject(principal: Principal, input: { smeId: string; desc: string; full: boolean }, ip: string | null) {
      const companyId = principal.insuranceCompanyId;
      if (!companyId) throw forbidden(MESSAGES.forbidden);
      return inTransaction(async (tx) => {
        const sme = await lockedSme(tx, input.smeId);
        assertLevel(sme.level, SME_REVIEW.insurance.at);
        if ((await repo.currentInsurer(tx, sme.id)) !== companyId) throw conflict(MESSAGES.notYourTurn);
        const name = (await repo.companyName(tx, companyId)) ?? 'insurance';
        const audit = (to: number, next?: string) =>
          recordAudit(tx, {
            action: AUDIT_ACTIONS.smeInsuranceRejected,
            actor: actorOf(principal),
            target: { type: 'sme', id: sme.id },
            ip,
            detail: { from: SME_REVIEW.insurance.at, to, full: input.full, company: name, ...(next === undefined ? {} : { next }), desc: input.desc },
          });
        if (!input.full) {
          await repo.clearDeclines(tx, sme.id);
          await parties.changeLevel(tx, {
            kind: 'sme',
            userId: sme.userId,
            from: SME_REVIEW.insurance.at,
            to: SME_LEVEL.conditionalRejected,
            code: 'rejected',
            note: input.desc,
            operator: operatorOf(principal),
            set: { adminVerified: false, bankVerified: false },
          });
          await audit(SME_LEVEL.conditionalRejected);
          return { level: SME_LEVEL.conditionalRejected };
        }
        await repo.insertDecline(tx, sme.id, companyId);
        const next = await repo.currentInsurer(tx, sme.id);
        if (next) {
          const nextName = await repo.companyName(tx, next);
          await parties.insertLog(tx, {
            userId: sme.userId,
            level: SME_REVIEW.insurance.at,
            code: 'insuranceDeclined',
            params: { company: name, next: nextName ?? '' },
            note: input.desc,
            operatorUserId: principal.userId,
            operatorRole: principal.role,
          });
          await audit(SME_REVIEW.insurance.at, nextName ?? '');
          return { level: SME_REVIEW.insurance.at };
        }
        await parties.changeLevel(tx, {
          kind: 'sme',
          userId: sme.userId,
          from: SME_REVIEW.insurance.at,
          to: SME_LEVEL.allInsuranceRejected,
          code: 'insuranceDeclinedLast',
          params: { company: name },
          note: input.desc,
          operator: operatorOf(principal),
        });
        await audit(SME_LEVEL.allInsuranceRejected);
        return { level: SME_LEVEL.allInsuranceRejected };
      });
    },

    /** Admin sets the instalment plan at level 7: the SME is active (8). */
    async activateSme(principal: Principal, input: { smeId: string; desc: string; installments: number[] }, ip: string | null) {
      const plan = input.installments.map(fractionToBasisPoints);
      await inTransaction(async (tx) => {
        const sme = await lockedSme(tx, input.smeId);
        assertLevel(sme.level, SME_ACTIVATION.at);
        if (sme.creditLimit <= 0) throw conflict(MESSAGES.creditLimitMissing);
        await parties.changeLevel(tx, {
          kind: 'sme',
          userId: sme.userId,
          from: SME_ACTIVATION.at,
          to: SME_ACTIVATION.to,
          code: 'activated',
          note: input.desc,
          operator: operatorOf(principal),
          set: { installmentPlan: plan },
        });
        await recordAudit(tx, {
          action: AUDIT_ACTIONS.smeActivated,
          actor: actorOf(principal),
          target: { type: 'sme', id: sme.id },
          ip,
          detail: { from: SME_ACTIVATION.at, to: SME_ACTIVATION.to, installments: input.installments, desc: input.desc },
        });
      });
      return { level: SME_ACTIVATION.to };
    },

    async verifyProvider(principal: Principal, input: { providerId: string; desc: string; taxRate: number }, ip: string | null) {
      await inTransaction(async (tx) => {
        const provider = await parties.lockProviderById(tx, input.providerId);
        if (!provider) throw notFound(MESSAGES.providerNotFound);
        assertLevel(provider.level, PROVIDER_REVIEW.at);
        await parties.changeLevel(tx, {
          kind: 'provider',
          userId: provider.userId,
          from: PROVIDER_REVIEW.at,
          to: PROVIDER_REVIEW.verifiedTo,
          code: 'verified',
          note: input.desc,
          operator: operatorOf(principal),
          set: { adminVerified: true, taxRate: fractionToBasisPoints(input.taxRate) },
        });
        await recordAudit(tx, {
          action: AUDIT_ACTIONS.providerVerified,
          actor: actorOf(principal),
          target: { type: 'provider', id: provider.id },
          ip,
          detail: { from: PROVIDER_REVIEW.at, to: PROVIDER_REVIEW.verifiedTo, taxRate: input.taxRate, desc: input.desc },
        });
      });
      return { level: PROVIDER_REVIEW.verifiedTo };
    },

    async rejectProvider(principal: Principal, input: { providerId: string; desc: string; full: boolean }, ip: string | null) {
      const to = input.full ? PROVIDER_LEVEL.fullRejected : PROVIDER_LEVEL.conditionalRejected;
      await inTransaction(async (tx) => {
        const provider = await parties.lockProviderById(tx, input.providerId);
        if (!provider) throw notFound(MESSAGES.providerNotFound);
        assertLevel(provider.level, PROVIDER_REVIEW.at);
        await parties.changeLevel(tx, {
          kind: 'provider',
          userId: provider.userId,
          from: PROVIDER_REVIEW.at,
          to,
          code: input.full ? 'fullRejected' : 'rejected',
          note: input.desc,
          operator: operatorOf(principal),
        });
        await recordAudit(tx, {
          action: AUDIT_ACTIONS.providerRejected,
          actor: actorOf(principal),
          target: { type: 'provider', id: provider.id },
          ip,
          detail: { from: PROVIDER_REVIEW.at, to, full: input.full, desc: input.desc },
        });
      });
      return { level: to };
    },

    // ---- outbox

    async outbox(page: number, perPage: number) {
      const { rows, count } = await repo.listOutbox(db, { limit: perPage, offset: (page - 1) * perPage });
      return {
        messages: rows.map((m) => ({
          _id: m.id,
          channel: m.channel,
          recipient: m.recipient,
          subject: m.subject,
          body: m.body,
          status: m.status,
          createdAt: m.createdAt.toISOString(),
          sentAt: m.sentAt ? m.sentAt.toISOString() : null,
        })),
        count,
      };
    },
  };
}

/** An SME's cells in the SME export. */
export function smeCells(s: SmeListItem): unknown[] {
  return [
    s._id, s.createdAt, s.auth_id.email, s.desc.title, s.info.firstname, s.info.lastname,
    s.info.phone ? `+${s.info.phone.country_code} ${s.info.phone.number}` : '', s.level,
    ...[s.credit.request, s.credit.limit, s.credit.amount, s.credit.spend].map((credit) => amountText(credit)), activeCurrency().code,
  ];
}

/** A supplier's cells in the supplier export. */
export function providerCells(p: ProviderListItem): unknown[] {
  return [
    p._id, p.createdAt, p.auth_id.email, p.desc.title, p.info.firstname, p.info.lastname,
    p.info.phone ? `+${p.info.phone.country_code} ${p.info.phone.number}` : '', p.level, p.tax_rate ?? '',
  ];
}

export type BackofficeService = ReturnType<typeof createBackofficeService>;
