// The admin's platform settings: industries, the bank's share of supplier discounts, the insurers'
// priority order and the sign-up codes. Rates are basis points inside and fractions at the API.
import { AUDIT_ACTIONS, MESSAGES, basisPointsToFraction, fractionToBasisPoints, fromMinorUnits, toMinorUnits, type SelfRegisterRole } from '@qist/domain';
import { withTransaction, type Db } from '../../db/transaction.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../errors.js';
import { recordAudit, type AuditBy } from '../audit/record.js';
import * as repo from './repository.js';

export interface SettingsDeps {
  db: Db;
}

function toCategory(row: repo.CategoryRow) {
  return { _id: row.id, title: row.title, desc: row.desc, titleAr: row.titleAr, descAr: row.descAr };
}

export function createSettingsService({ db }: SettingsDeps) {
  async function insuranceOrder() {
    const rows = await repo.listInsuranceCompanies(db);
    return { insurances: rows.map((r) => ({ _id: r.id, name: r.name, priority: r.priority })) };
  }

  return {
    async listCategories() {
      return (await repo.listCategories(db)).map(toCategory);
    },

    async createCategory(input: repo.CategoryValues, by: AuditBy) {
      try {
        return await withTransaction(db, async (tx) => {
          const row = await repo.insertCategory(tx, input);
          if (!row) throw new Error('insert into categories returned nothing');
          await recordAudit(tx, { action: AUDIT_ACTIONS.categoryCreated, ...by, target: { type: 'setting', id: `category:${row.id}` }, detail: { title: row.title } });
          return toCategory(row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(MESSAGES.categoryTitleTaken);
        throw error;
      }
    },

    async updateCategory({ categoryId, ...values }: repo.CategoryValues & { categoryId: string }, by: AuditBy) {
      try {
        return await withTransaction(db, async (tx) => {
          const row = await repo.updateCategory(tx, categoryId, values);
          if (!row) throw notFound(MESSAGES.categoryNotFound);
          await recordAudit(tx, { action: AUDIT_ACTIONS.categoryUpdated, ...by, target: { type: 'setting', id: `category:${row.id}` }, detail: { title: row.title } });
          return toCategory(row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(MESSAGES.categoryTitleTaken);
        throw error;
      }
    },

    async shareRate() {
      return { rate: basisPointsToFraction(await repo.findBankShareRateBp(db)) };
    },

    async setShareRate(rate: number, by: AuditBy) {
      await withTransaction(db, async (tx) => {
        const before = (await repo.lockPlatformSettings(tx)).bankShareRate;
        await repo.setBankShareRateBp(tx, fractionToBasisPoints(rate));
        await recordAudit(tx, {
          action: AUDIT_ACTIONS.shareRateChanged,
          ...by,
          target: { type: 'setting', id: 'bank-share-rate' },
          detail: { from: basisPointsToFraction(before), to: rate },
        });
      });
      return { rate: basisPointsToFraction(await repo.findBankShareRateBp(db)) };
    },

    /** The payout approval threshold, in currency units. */
    async payoutApprovalThreshold() {
      return { threshold: fromMinorUnits(await repo.findPayoutApprovalThreshold(db)) };
    },

    async setPayoutApprovalThreshold(threshold: number, by: AuditBy) {
      await withTransaction(db, async (tx) => {
        const before = (await repo.lockPlatformSettings(tx)).payoutApprovalThreshold;
        await repo.setPayoutApprovalThreshold(tx, toMinorUnits(threshold));
        await recordAudit(tx, {
          action: AUDIT_ACTIONS.approvalThresholdChanged,
          ...by,
          target: { type: 'setting', id: 'payout-approval-threshold' },
          detail: { from: fromMinorUnits(before), to: threshold },
        });
      });
      return { threshold: fromMinorUnits(await repo.findPayoutApprovalThreshold(db)) };
    },

    insuranceOrder,

    /** Reorders the insurers: the list must be a full permutation of the companies. */
    async setInsuranceOrder(ids: string[], by: AuditBy) {
      await withTransaction(db, async (tx) => {
        const existing = (await repo.lockInsuranceCompanies(tx)).map((r) => r.id);
        const given = new Set(ids);
        if (given.size !== ids.length || ids.length !== existing.length || !existing.every((id) => given.has(id))) {
          throw badRequest(MESSAGES.insuranceOrderInvalid);
        }
        await repo.setPriorities(tx, ids);
        await recordAudit(tx, { action: AUDIT_ACTIONS.insuranceOrderChanged, ...by, target: { type: 'setting', id: 'insurance-order' }, detail: { from: existing, to: ids } });
      });
      return insuranceOrder();
    },

    async signupCodes() {
      return { codes: await repo.listSignupCodes(db) };
    },

    /** The code itself is not recorded: the trail is read more widely than the codes are shared. */
    async setSignupCode(role: SelfRegisterRole, code: string, by: AuditBy) {
      await withTransaction(db, async (tx) => {
        await repo.upsertSignupCode(tx, role, code);
        await recordAudit(tx, { action: AUDIT_ACTIONS.signupCodeChanged, ...by, target: { type: 'setting', id: `signup-code:${role}` }, detail: { role } });
      });
      return { codes: await repo.listSignupCodes(db) };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
