// GET /api/v1/{role}/order/list: a page of orders, optionally of one status or only the late ones
// (content.orders, content.count), by page number or by keyset (content.cursors, ADR 0027).
import { orderListResponse } from '@qist/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PagePosition } from '@/components/data-table';
import { api } from '@/lib/api';
import { orderListSearch, orderUrl, ordersKeys, type OrderFilter, type OrderViewer } from './keys';

const listContent = orderListResponse.shape.content;

/** The table shows a failure itself (with Retry), so no toast. */
export function getOrders(role: OrderViewer, page: number, filter: OrderFilter, position: PagePosition = {}) {
  return api.get(`${orderUrl(role, 'list')}?${orderListSearch(page, filter, position)}`, listContent, { notifyOnError: false });
}

export function getOrdersQueryOptions(role: OrderViewer, page: number, filter: OrderFilter, position: PagePosition = {}) {
  return queryOptions({
    queryKey: ordersKeys.list(role, page, filter, position),
    queryFn: () => getOrders(role, page, filter, position),
    placeholderData: keepPreviousData,
    // statuses move on elsewhere (payment, the supplier, the back office): fetch again on every visit
    staleTime: 0,
  });
}

export function useOrders(role: OrderViewer, page: number, filter: OrderFilter, position: PagePosition = {}) {
  return useQuery(getOrdersQueryOptions(role, page, filter, position));
}
