// GET /api/v1/{admin|bank|insurance}/sme/list: a page of SMEs, optionally of one level
// (insurance users get their company's queue and the SMEs they decided), by page number or by keyset
// (content.cursors, ADR 0031).
import { smeListResponse, type BackOfficeRole } from '@qist/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PagePosition } from '@/components/data-table';
import { api } from '@/lib/api';
import { backofficeKeys, partyListSearch } from './keys';

const listContent = smeListResponse.shape.content;

export function getSmes(role: BackOfficeRole, page: number, level: number, position: PagePosition = {}) {
  return api.get(`/api/v1/${role}/sme/list?${partyListSearch(page, level, position)}`, listContent);
}

export function getSmesQueryOptions(role: BackOfficeRole, page: number, level: number, position: PagePosition = {}) {
  return queryOptions({
    queryKey: backofficeKeys.smeList(role, page, level, position),
    queryFn: () => getSmes(role, page, level, position),
    placeholderData: keepPreviousData,
  });
}

export function useSmes(role: BackOfficeRole, page: number, level: number, position: PagePosition = {}) {
  return useQuery(getSmesQueryOptions(role, page, level, position));
}
