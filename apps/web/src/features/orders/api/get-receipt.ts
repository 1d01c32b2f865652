// GET /api/v1/sme/order/receipt/{orderId}/{installment}: the payment receipt of one of the SME's paid
// instalments (content.receipt).
import { receiptResponse } from '@qist/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { orderUrl, ordersKeys } from './keys';

const receiptContent = receiptResponse.shape.content;

/** The page shows a failure itself (with Retry), so no toast. */
export async function getReceipt(orderId: string, installment: number) {
  const path = `receipt/${encodeURIComponent(orderId)}/${installment}`;
  return (await api.get(orderUrl('sme', path), receiptContent, { notifyOnError: false })).receipt;
}

export function getReceiptQueryOptions(orderId: string, installment: number) {
  // a paid instalment's receipt never changes; one refunded since is gone the next time it is opened
  return queryOptions({ queryKey: ordersKeys.receipt(orderId, installment), queryFn: () => getReceipt(orderId, installment) });
}

export function useReceipt(orderId: string, installment: number) {
  return useQuery(getReceiptQueryOptions(orderId, installment));
}
