// The admin's view of the audit trail: the filtered list and its CSV export.
import type { AuditEvent, AuditFilterQuery, AuditListQuery } from '@qist/domain';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/transaction.js';
import { csvStream } from '../../lib/csv.js';
import { canonicalJson } from './record.js';
import * as repo from './repository.js';

/** Rows per batch when the trail is exported. */
const EXPORT_BATCH = 500;

export function createAuditService({ db }: { db: Db }) {
  return {
    async list(query: AuditListQuery) {
      const { page, perPage, ...filter } = query;
      const { rows, count } = await repo.listAuditEvents(db, filter, { limit: perPage, offset: (page - 1) * perPage });
      return { events: rows.map(repo.toAuditEvent), count };
    },

    export(filter: AuditFilterQuery): Readable {
      return csvStream(
        ['id', 'seq', 'at', 'actor id', 'actor email', 'actor role', 'action', 'target type', 'target id', 'ip', 'detail', 'prev hash', 'hash'],
        (e: AuditEvent) => [
          e._id, e.seq, e.at, e.actor?._id ?? '', e.actor?.email ?? '', e.actor?.role ?? '', e.action,
          e.target.type, e.target.id, e.ip ?? '', canonicalJson(e.detail), e.prevHash, e.hash,
        ],
        async (last) => (await repo.auditEventsBefore(db, filter, last?.seq, EXPORT_BATCH)).map(repo.toAuditEvent),
      );
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
