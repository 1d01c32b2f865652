// GET /api/v1/provider/order/remittance/{orderId}: the remittance advice of the supplier's paid-out
// order (content.remittance), the payout's ledger postings.
import { remittanceResponse } from '@qist/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { orderUrl, ordersKeys } from './keys';

const remittanceContent = remittanceResponse.shape.content;

/** The page shows a failure itself (with Retry), so no toast. */
export async function getRemittance(orderId: string) {
  return (await api.get(orderUrl('provider', `remittance/${encodeURIComponent(orderId)}`), remittanceContent, { notifyOnError: false })).remittance;
}

export function getRemittanceQueryOptions(orderId: string) {
  return queryOptions({ queryKey: ordersKeys.remittance(orderId), queryFn: () => getRemittance(orderId) });
}

export function useRemittance(orderId: string) {
  return useQuery(getRemittanceQueryOptions(orderId));
}
