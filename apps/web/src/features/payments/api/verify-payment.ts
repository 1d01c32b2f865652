// POST /api/v1/sme/pay/verify { transactionId } → { payStatus, orderId }. The server settles a payment
// exactly once however often this is called, so the result page may ask again on a reload.
import { payVerifyResponse } from '@qist/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { paymentsKeys } from './keys';

const content = payVerifyResponse.shape.content;

export function verifyPayment(transactionId: string) {
  return api.post('/api/v1/sme/pay/verify', { transactionId }, content);
}

/** A query rather than a mutation: one call per transaction while the page is open, whatever re-renders it. */
export function getVerifyPaymentQueryOptions(transactionId: string) {
  return queryOptions({
    queryKey: paymentsKeys.verify(transactionId),
    queryFn: () => verifyPayment(transactionId),
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useVerifyPayment(transactionId: string) {
  return useQuery(getVerifyPaymentQueryOptions(transactionId));
}
