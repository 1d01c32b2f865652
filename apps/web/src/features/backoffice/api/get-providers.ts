// GET /api/v1/admin/provider/list: a page of suppliers, optionally of one level, by page number or by
// keyset (content.cursors, ADR 0031).
import { providerListResponse } from '@qist/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PagePosition } from '@/components/data-table';
import { api } from '@/lib/api';
import { backofficeKeys, partyListSearch } from './keys';

const listContent = providerListResponse.shape.content;

export function getProviders(page: number, level: number, position: PagePosition = {}) {
  return api.get(`/api/v1/admin/provider/list?${partyListSearch(page, level, position)}`, listContent);
}

export function getProvidersQueryOptions(page: number, level: number, position: PagePosition = {}) {
  return queryOptions({
    queryKey: backofficeKeys.providerList(page, level, position),
    queryFn: () => getProviders(page, level, position),
    placeholderData: keepPreviousData,
  });
}

export function useProviders(page: number, level: number, position: PagePosition = {}) {
  return useQuery(getProvidersQueryOptions(page, level, position));
}
