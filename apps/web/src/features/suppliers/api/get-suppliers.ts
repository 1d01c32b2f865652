// GET /api/v1/sme/provider/list?page&perPage=10: the verified suppliers an active SME can buy from
// (content.providers, content.count).
import { providerCardsResponse } from '@qist/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/components/data-table';
import { api } from '@/lib/api';
import { suppliersKeys } from './keys';

const listContent = providerCardsResponse.shape.content;

/** The page shows a failure itself (with Retry), so no toast. */
export function getSuppliers(page: number) {
  const search = new URLSearchParams({ page: String(page), perPage: String(PAGE_SIZE) });
  return api.get(`/api/v1/sme/provider/list?${search.toString()}`, listContent, { notifyOnError: false });
}

export function getSuppliersQueryOptions(page: number) {
  return queryOptions({ queryKey: suppliersKeys.list(page), queryFn: () => getSuppliers(page), placeholderData: keepPreviousData });
}

export function useSuppliers(page: number) {
  return useQuery(getSuppliersQueryOptions(page));
}
