// The admin's platform settings: industries, the bank's share of supplier discounts, the insurers'
// priority order and the sign-up codes. Rates are basis points inside and fractions at the API.
import { MESSAGES, basisPointsToFraction, fractionToBasisPoints, fromMinorUnits, toMinorUnits, type SelfRegisterRole } from '@qist/domain';
import { withTransaction, type Db } from '../../db/transaction.js';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../errors.js';
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

    async createCategory(input: repo.CategoryValues) {
      try {
        const row = await repo.insertCategory(db, input);
        if (!row) throw new Error('insert into categories returned nothing');
        return toCategory(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(MESSAGES.categoryTitleTaken);
        throw error;
      }
    },

    async updateCategory({ categoryId, ...values }: repo.CategoryValues & { categoryId: string }) {
      try {
        const row = await repo.updateCategory(db, categoryId, values);
        if (!row) throw notFound(MESSAGES.categoryNotFound);
        return toCategory(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(MESSAGES.categoryTitleTaken);
        throw error;
      }
    },

    async shareRate() {
      return { rate: basisPointsToFraction(await repo.findBankShareRateBp(db)) };
    },

    async setShareRate(rate: number) {
      await repo.setBankShareRateBp(db, fractionToBasisPoints(rate));
      return { rate: basisPointsToFraction(await repo.findBankShareRateBp(db)) };
    },

    /** The payout approval threshold, in currency units. */
    async payoutApprovalThreshold() {
      return { threshold: fromMinorUnits(await repo.findPayoutApprovalThreshold(db)) };
    },

    async setPayoutApprovalThreshold(threshold: number) {
      await repo.setPayoutApprovalThreshold(db, toMinorUnits(threshold));
      return { threshold: fromMinorUnits(await repo.findPayoutApprovalThreshold(db)) };
    },

    insuranceOrder,

    /** Reorders the insurers: the list must be a full permutation of the companies. */
    async setInsuranceOrder(ids: string[]) {
      await withTransaction(db, async (tx) => {
        const existing = (await repo.lockInsuranceCompanies(tx)).map((r) => r.id);
        const given = new Set(ids);
        if (given.size !== ids.length || ids.length !== existing.length || !existing.every((id) => given.has(id))) {
          throw badRequest(MESSAGES.insuranceOrderInvalid);
        }
        await repo.setPriorities(tx, ids);
      });
      return insuranceOrder();
    },

    async signupCodes() {
      return { codes: await repo.listSignupCodes(db) };
    },

    async setSignupCode(role: SelfRegisterRole, code: string) {
      await repo.upsertSignupCode(db, role, code);
      return { codes: await repo.listSignupCodes(db) };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
