// GET /api/v1/admin/outbox/list: the messages the platform sent, or kept in demo mode (no transport).
import { outboxResponse } from '@qist/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/components/data-table';
import { api } from '@/lib/api';
import { backofficeKeys } from './keys';

export function getOutbox(page: number) {
  return api.get(`/api/v1/admin/outbox/list?page=${page}&perPage=${PAGE_SIZE}`, outboxResponse.shape.content);
}

export function getOutboxQueryOptions(page: number) {
  return queryOptions({
    queryKey: backofficeKeys.outbox(page),
    queryFn: () => getOutbox(page),
    placeholderData: keepPreviousData,
  });
}

export function useOutbox(page: number) {
  return useQuery(getOutboxQueryOptions(page));
}
