// GET /api/v1/{admin|bank}/installment/list: the back office's instalments, each with its order
// (content.installments, content.count). Part 2 §2 shows only page 1, with no pager.
import { installmentListResponse } from '@qist/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/components/data-table';
import { api } from '@/lib/api';

export type InstallmentViewer = 'admin' | 'bank';

const listContent = installmentListResponse.shape.content;

export const installmentsKeys = {
  list: (role: InstallmentViewer) => ['orders', role, 'installments', { page: 1 }] as const,
};

export function installmentsUrl(role: InstallmentViewer): string {
  return `/api/v1/${role}/installment/list?${new URLSearchParams({ page: '1', perPage: String(PAGE_SIZE) }).toString()}`;
}

/** The table shows a failure itself (with Retry), so no toast. */
export function getInstallments(role: InstallmentViewer) {
  return api.get(installmentsUrl(role), listContent, { notifyOnError: false });
}

export function getInstallmentsQueryOptions(role: InstallmentViewer) {
  return queryOptions({ queryKey: installmentsKeys.list(role), queryFn: () => getInstallments(role), staleTime: 0 });
}

export function useInstallments(role: InstallmentViewer) {
  return useQuery(getInstallmentsQueryOptions(role));
}
