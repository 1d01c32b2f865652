// POST /api/v1/pub/gateway/sandbox/complete { transactionId, approve } (public) → { redirectUrl }, the
// platform's result page (/sme/payment-result/{transactionId}).
import { sandboxCompleteResponse } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { paymentsKeys } from './keys';

const content = sandboxCompleteResponse.shape.content;

export function completeSandboxPayment(body: { transactionId: string; approve: boolean }) {
  return api.post('/api/v1/pub/gateway/sandbox/complete', body, content);
}

export function useCompleteSandboxPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSandboxPayment,
    onSuccess: (_content, { transactionId }) => queryClient.invalidateQueries({ queryKey: paymentsKeys.sandbox(transactionId) }),
  });
}
