// GET /api/v1/sme/provider/show/{id}: one supplier's details for an SME (content.provider).
import { providerDetailResponse } from '@qist/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { suppliersKeys } from './keys';

const showContent = providerDetailResponse.shape.content;

/** The page shows a failure itself (with Retry), so no toast. */
export async function getSupplier(providerId: string) {
  const url = `/api/v1/sme/provider/show/${encodeURIComponent(providerId)}`;
  return (await api.get(url, showContent, { notifyOnError: false })).provider;
}

export function getSupplierQueryOptions(providerId: string) {
  return queryOptions({ queryKey: suppliersKeys.detail(providerId), queryFn: () => getSupplier(providerId) });
}

export function useSupplier(providerId: string) {
  return useQuery(getSupplierQueryOptions(providerId));
}
