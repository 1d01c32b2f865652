// GET /api/v1/admin/provider/show/{id}: a supplier's profile (documents carry signed links).
import { providerProfileResponse } from '@qist/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { backofficeKeys } from './keys';

const showContent = providerProfileResponse.shape.content;

export function getProvider(id: string) {
  return api.get(`/api/v1/admin/provider/show/${encodeURIComponent(id)}`, showContent).then((content) => content.provider);
}

export function getProviderQueryOptions(id: string) {
  return queryOptions({ queryKey: backofficeKeys.provider(id), queryFn: () => getProvider(id) });
}

export function useProvider(id: string) {
  return useQuery(getProviderQueryOptions(id));
}
