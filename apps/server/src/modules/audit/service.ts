// The admin's view of the audit trail: the filtered list and its CSV export.
import type { AuditEvent, AuditFilterQuery, AuditListQuery } from '@qist/domain';
import { tableRow, type CsvExport } from '../../db/csv-export.js';
import { auditEvents } from '../../db/schema/index.js';
import type { Db } from '../../db/transaction.js';
import { canonicalJson } from './record.js';
import * as repo from './repository.js';

export function createAuditService({ db }: { db: Db }) {
  return {
    async list(query: AuditListQuery, reader: Db = db) {
      const { page, perPage, ...filter } = query;
      const { rows, count } = await repo.listAuditEvents(reader, filter, { limit: perPage, offset: (page - 1) * perPage });
      return { events: rows.map(repo.toAuditEvent), count };
    },

    export(filter: AuditFilterQuery): CsvExport<Record<string, unknown>> {
      return {
        header: ['id', 'seq', 'at', 'actor id', 'actor email', 'actor role', 'action', 'target type', 'target id', 'ip', 'detail', 'prev hash', 'hash'],
        toCells: (raw) => auditCells(repo.toAuditEvent(tableRow(auditEvents, raw))),
        query: repo.auditExportQuery(filter),
      };
    },
  };
}

/** An event's cells in the export. */
export function auditCells(e: AuditEvent): unknown[] {
  return [
    e._id, e.seq, e.at, e.actor?._id ?? '', e.actor?.email ?? '', e.actor?.role ?? '', e.action,
    e.target.type, e.target.id, e.ip ?? '', canonicalJson(e.detail), e.prevHash, e.hash,
  ];
}

export type AuditService = ReturnType<typeof createAuditService>;
