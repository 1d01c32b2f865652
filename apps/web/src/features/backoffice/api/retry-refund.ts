// POST /api/v1/admin/refund/retry { refundId }: a failed refund is tried again (pending, due now). The
// refund lists are fetched again (the dashboard fetches its figures on every visit).
import { refundRetryResponse, type RefundRetryRequest } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { backofficeKeys } from './keys';

export function retryRefund(body: RefundRetryRequest) {
  return api.post('/api/v1/admin/refund/retry', body, refundRetryResponse.shape.content).then((content) => content.refund);
}

export function useRetryRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryRefund,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backofficeKeys.refunds() }),
  });
}
