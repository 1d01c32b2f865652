// POST /api/v1/sme/order/create { providerId, amount, description } → content.order._id. The server
// reserves the amount from the SME's available credit and sends the payment link by email and SMS. Each
// submission carries its own Idempotency-Key, so a resent request reserves the credit once.
import { orderCreateResponse, type CreateOrderRequest } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { WithIdempotencyKey } from '@/lib/idempotency';
import { partyProfileKey } from '@/lib/party-profile';

const content = orderCreateResponse.shape.content;

export function createOrder({ idempotencyKey, ...body }: WithIdempotencyKey<CreateOrderRequest>) {
  return api.post('/api/v1/sme/order/create', body, content, { idempotencyKey });
}

/** The order lists fetch again on every visit; the available credit (the SME's profile) is refetched here. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partyProfileKey('sme') }),
  });
}
