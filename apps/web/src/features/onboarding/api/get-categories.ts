// GET /api/v1/{role}/categories/list: the industries to pick from. A failure shows 'Request failed' with
// Retry in the picker, and the list is tried again every 5 s (part 1 §9) without a toast each time.
import { categoriesResponse } from '@qist/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { onboardingKeys, partyUrl, type PartyRole } from './keys';

export const CATEGORIES_RETRY_MS = 5_000;

const content = categoriesResponse.shape.content;

export async function getCategories(role: PartyRole) {
  return (await api.get(partyUrl(role, 'categories/list'), content, { notifyOnError: false })).categories;
}

export function getCategoriesQueryOptions(role: PartyRole) {
  return queryOptions({
    queryKey: onboardingKeys.categories(role),
    queryFn: () => getCategories(role),
    staleTime: 5 * 60_000,
    refetchInterval: (query) => (query.state.status === 'error' ? CATEGORIES_RETRY_MS : false),
  });
}

export function useCategories(role: PartyRole, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getCategoriesQueryOptions(role), enabled });
}
