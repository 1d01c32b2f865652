// GET /api/v1/sme/invoice/list: a page of the SME's orders that carry an invoice (content.invoices, content.count).
import { invoiceListResponse } from '@qist/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/components/data-table';
import { api } from '@/lib/api';
import { ordersKeys } from './keys';

const listContent = invoiceListResponse.shape.content;

/** The page shows a failure itself (with Retry), so no toast. */
export function getInvoices(page: number) {
  const search = new URLSearchParams({ page: String(page), perPage: String(PAGE_SIZE) });
  return api.get(`/api/v1/sme/invoice/list?${search.toString()}`, listContent, { notifyOnError: false });
}

export function getInvoicesQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...ordersKeys.all, 'sme', 'invoices', { page }] as const,
    queryFn: () => getInvoices(page),
    placeholderData: keepPreviousData,
  });
}

export function useInvoices(page: number) {
  return useQuery(getInvoicesQueryOptions(page));
}
