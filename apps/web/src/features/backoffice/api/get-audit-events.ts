// GET /api/v1/admin/audit/list: a page of the audit trail, newest first, with the screen's filters
// (the same query string serves the CSV export).
import { auditListResponse, type AuditFilterQuery } from '@qist/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/components/data-table';
import { api } from '@/lib/api';
import { backofficeKeys } from './keys';

/** The filters as the API takes them; empty ones are left out. */
export type AuditFilter = { [K in keyof AuditFilterQuery]-?: string };

export const NO_AUDIT_FILTER: AuditFilter = { action: '', actor: '', targetId: '', from: '', to: '' };

export function auditFilterSearch(filter: AuditFilter): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value.trim()) search.set(name, value.trim());
  return search;
}

export function getAuditEvents(filter: AuditFilter, page: number) {
  const search = auditFilterSearch(filter);
  search.set('page', String(page));
  search.set('perPage', String(PAGE_SIZE));
  return api.get(`/api/v1/admin/audit/list?${search.toString()}`, auditListResponse.shape.content);
}

export function getAuditEventsQueryOptions(filter: AuditFilter, page: number) {
  return queryOptions({
    queryKey: backofficeKeys.auditEvents(filter, page),
    queryFn: () => getAuditEvents(filter, page),
    placeholderData: keepPreviousData,
  });
}

export function useAuditEvents(filter: AuditFilter, page: number) {
  return useQuery(getAuditEventsQueryOptions(filter, page));
}
