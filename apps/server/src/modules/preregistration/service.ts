// Pre-registration: a visitor's expression of interest, listed for the admin.
import {
  MESSAGES,
  activeCurrency,
  amountText,
  fromMinorUnits,
  toMinorUnits,
  type PaginationQuery,
  type PreRegisterRequest,
  type PreRegistrationItem,
} from '@qist/domain';
import type { Db } from '../../db/client.js';
import { tableRow, type CsvExport } from '../../db/csv-export.js';
import { preregistrations } from '../../db/schema/index.js';
import type { Throttle } from '../throttle/service.js';
import * as repo from './repository.js';

const HOUR_MS = 3_600_000;

export interface PreregistrationDeps {
  db: Db;
  throttle: Throttle;
  maxPerHour: number;
}

function toItem(row: repo.PreregistrationRow): PreRegistrationItem {
  return {
    _id: row.id,
    CompanyName: row.companyName,
    BusinessSector: row.businessSector,
    YearOfEstablishment: row.yearOfEstablishment,
    CompanyEmail: row.companyEmail,
    CompanyPhone: row.companyPhone,
    LoanAmount: fromMinorUnits(row.loanAmount),
    createdAt: row.createdAt.toISOString(),
  };
}

export function createPreregistrationService({ db, throttle, maxPerHour }: PreregistrationDeps) {
  return {
    async register(input: PreRegisterRequest, ip: string): Promise<PreRegistrationItem> {
      await throttle.take({
        kind: 'preregister',
        ip,
        max: maxPerHour,
        windowMs: HOUR_MS,
        msg: MESSAGES.tooManyPreRegistrations,
      });
      const row = await repo.insertPreregistration(db, {
        companyName: input.CompanyName,
        businessSector: input.BusinessSector,
        yearOfEstablishment: input.YearOfEstablishment,
        companyEmail: input.CompanyEmail.toLowerCase(),
        companyPhone: input.CompanyPhone,
        loanAmount: toMinorUnits(input.LoanAmount),
        ip,
      });
      return toItem(row);
    },

    /** Every pre-registration as CSV, newest first: one statement read through a cursor. */
    export(): CsvExport<Record<string, unknown>> {
      return {
        header: ['id', 'created at', 'company', 'business sector', 'year of establishment', 'email', 'phone', 'loan amount', 'currency'],
        toCells: (raw) => preregistrationCells(toItem(tableRow(preregistrations, raw))),
        query: repo.preregistrationExportQuery(),
      };
    },

    async list({ page, perPage }: PaginationQuery, reader: Db = db): Promise<{ forms: PreRegistrationItem[]; count: number }> {
      const [rows, count] = await Promise.all([
        repo.listPreregistrations(reader, { limit: perPage, offset: (page - 1) * perPage }),
        repo.countPreregistrations(reader),
      ]);
      return { forms: rows.map(toItem), count };
    },
  };
}

/** A pre-registration's cells in the export. */
export function preregistrationCells(f: PreRegistrationItem): unknown[] {
  return [
    f._id, f.createdAt, f.CompanyName, f.BusinessSector, f.YearOfEstablishment, f.CompanyEmail, f.CompanyPhone,
    amountText(f.LoanAmount), activeCurrency().code,
  ];
}

export type PreregistrationService = ReturnType<typeof createPreregistrationService>;
