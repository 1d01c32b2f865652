// GET /api/v1/pub/gateway/sandbox/{transactionId} (public): what the sandbox gateway's page asks the payer
// to approve — amount, description and whether it is still pending.
import { sandboxTransactionResponse } from '@qist/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { paymentsKeys } from './keys';

const content = sandboxTransactionResponse.shape.content;

/** The page shows a failure itself (the server's sentence), so no toast. */
export function getSandboxTransaction(transactionId: string) {
  return api.get(`/api/v1/pub/gateway/sandbox/${encodeURIComponent(transactionId)}`, content, { notifyOnError: false });
}

export function getSandboxTransactionQueryOptions(transactionId: string) {
  return queryOptions({
    queryKey: paymentsKeys.sandbox(transactionId),
    queryFn: () => getSandboxTransaction(transactionId),
    staleTime: 0,
  });
}

export function useSandboxTransaction(transactionId: string) {
  return useQuery(getSandboxTransactionQueryOptions(transactionId));
}
