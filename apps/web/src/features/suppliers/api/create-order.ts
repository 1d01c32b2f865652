// POST /api/v1/sme/order/create { providerId, amount, description } → content.order._id. The server
// reserves the amount from the SME's available credit and sends the payment link by email and SMS.
import { orderCreateResponse, type CreateOrderRequest } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { partyProfileKey } from '@/lib/party-profile';

const content = orderCreateResponse.shape.content;

export function createOrder(body: CreateOrderRequest) {
  return api.post('/api/v1/sme/order/create', body, content);
}

/** The order lists fetch again on every visit; the available credit (the SME's profile) is refetched here. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partyProfileKey('sme') }),
  });
}
