// GET /api/v1/admin/refund/list: a page of refunds, newest first, by status, `attention` (every refund
// not succeeded: what the Payments screen opens on) or `all`.
import { refundListResponse, type RefundListFilter } from '@qist/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/components/data-table';
import { api } from '@/lib/api';
import { backofficeKeys } from './keys';

export function getRefunds(status: RefundListFilter, page: number) {
  const search = new URLSearchParams({ status, page: String(page), perPage: String(PAGE_SIZE) });
  return api.get(`/api/v1/admin/refund/list?${search.toString()}`, refundListResponse.shape.content);
}

export function getRefundsQueryOptions(status: RefundListFilter, page: number) {
  return queryOptions({
    queryKey: backofficeKeys.refundList(status, page),
    queryFn: () => getRefunds(status, page),
    placeholderData: keepPreviousData,
  });
}

export function useRefunds(status: RefundListFilter, page: number) {
  return useQuery(getRefundsQueryOptions(status, page));
}
