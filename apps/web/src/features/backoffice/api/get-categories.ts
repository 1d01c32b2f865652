// GET /api/v1/admin/categories/list: the industries. Retried every 5 s while it fails (part 2 §7); the
// table shows the failure itself, so the retries do not toast.
import { categoriesResponse } from '@qist/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { backofficeKeys } from './keys';

export const CATEGORIES_RETRY_MS = 5_000;

export function getCategories() {
  return api
    .get('/api/v1/admin/categories/list', categoriesResponse.shape.content, { notifyOnError: false })
    .then((content) => content.categories);
}

export function getCategoriesQueryOptions() {
  return queryOptions({
    queryKey: backofficeKeys.categories(),
    queryFn: getCategories,
    refetchInterval: (query) => (query.state.status === 'error' ? CATEGORIES_RETRY_MS : false),
  });
}

export function useCategories() {
  return useQuery(getCategoriesQueryOptions());
}
