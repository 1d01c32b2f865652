// GET /api/v1/{admin|bank|insurance}/sme/list: a page of SMEs, optionally of one level
// (insurance users get their company's queue and the SMEs they decided).
import { smeListResponse, type BackOfficeRole } from '@qist/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { backofficeKeys, partyListSearch } from './keys';

const listContent = smeListResponse.shape.content;

export function getSmes(role: BackOfficeRole, page: number, level: number) {
  return api.get(`/api/v1/${role}/sme/list?${partyListSearch(page, level)}`, listContent);
}

export function getSmesQueryOptions(role: BackOfficeRole, page: number, level: number) {
  return queryOptions({
    queryKey: backofficeKeys.smeList(role, page, level),
    queryFn: () => getSmes(role, page, level),
    placeholderData: keepPreviousData,
  });
}

export function useSmes(role: BackOfficeRole, page: number, level: number) {
  return useQuery(getSmesQueryOptions(role, page, level));
}
