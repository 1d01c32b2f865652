// GET /api/v1/{role}/order/show/{id}: one order with its instalments (content.order).
import { orderShowResponse } from '@qist/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { orderUrl, ordersKeys, type OrderViewer } from './keys';

const showContent = orderShowResponse.shape.content;

/** The page shows a failure itself (with Retry), so no toast. */
export async function getOrder(role: OrderViewer, orderId: string) {
  return (await api.get(orderUrl(role, `show/${encodeURIComponent(orderId)}`), showContent, { notifyOnError: false })).order;
}

export function getOrderQueryOptions(role: OrderViewer, orderId: string) {
  // a payment, the supplier or the back office may have moved the order on since the last visit
  return queryOptions({ queryKey: ordersKeys.detail(role, orderId), queryFn: () => getOrder(role, orderId), staleTime: 0 });
}

export function useOrder(role: OrderViewer, orderId: string) {
  return useQuery(getOrderQueryOptions(role, orderId));
}
