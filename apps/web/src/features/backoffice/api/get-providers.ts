// GET /api/v1/admin/provider/list: a page of suppliers, optionally of one level.
import { providerListResponse } from '@qist/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { backofficeKeys, partyListSearch } from './keys';

const listContent = providerListResponse.shape.content;

export function getProviders(page: number, level: number) {
  return api.get(`/api/v1/admin/provider/list?${partyListSearch(page, level)}`, listContent);
}

export function getProvidersQueryOptions(page: number, level: number) {
  return queryOptions({
    queryKey: backofficeKeys.providerList(page, level),
    queryFn: () => getProviders(page, level),
    placeholderData: keepPreviousData,
  });
}

export function useProviders(page: number, level: number) {
  return useQuery(getProvidersQueryOptions(page, level));
}
