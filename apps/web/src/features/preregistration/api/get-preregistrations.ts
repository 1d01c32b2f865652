// GET /api/v1/admin/form/list: the admin's page of pre-registered SMEs.
import { preRegistrationListResponse } from '@qist/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/components/data-table';
import { api } from '@/lib/api';

const listContent = preRegistrationListResponse.shape.content;

export function getPreregistrations(page: number) {
  return api.get(`/api/v1/admin/form/list?page=${page}&perPage=${PAGE_SIZE}`, listContent);
}

export function getPreregistrationsQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['preregistrations', 'list', page],
    queryFn: () => getPreregistrations(page),
    placeholderData: keepPreviousData,
  });
}

export function usePreregistrations(page: number) {
  return useQuery(getPreregistrationsQueryOptions(page));
}
