// GET /api/v1/{admin|bank}/installment/list: the back office's instalments, each with its order
// (content.installments, content.count), ten a page, by page number or by keyset (content.cursors,
// ADR 0031).
import { installmentListResponse } from '@qist/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, positionSearchParams, type PagePosition } from '@/components/data-table';
import { api } from '@/lib/api';

export type InstallmentViewer = 'admin' | 'bank';

const listContent = installmentListResponse.shape.content;

export const installmentsKeys = {
  list: (role: InstallmentViewer, page = 1, position: PagePosition = {}) => ['orders', role, 'installments', { page, ...position }] as const,
};

export function installmentsUrl(role: InstallmentViewer, page = 1, position: PagePosition = {}): string {
  const search = new URLSearchParams([['page', String(page)], ['perPage', String(PAGE_SIZE)], ...positionSearchParams(position)]);
  return `/api/v1/${role}/installment/list?${search.toString()}`;
}

/** The table shows a failure itself (with Retry), so no toast. */
export function getInstallments(role: InstallmentViewer, page = 1, position: PagePosition = {}) {
  return api.get(installmentsUrl(role, page, position), listContent, { notifyOnError: false });
}

export function getInstallmentsQueryOptions(role: InstallmentViewer, page = 1, position: PagePosition = {}) {
  return queryOptions({
    queryKey: installmentsKeys.list(role, page, position),
    queryFn: () => getInstallments(role, page, position),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useInstallments(role: InstallmentViewer, page = 1, position: PagePosition = {}) {
  return useQuery(getInstallmentsQueryOptions(role, page, position));
}
