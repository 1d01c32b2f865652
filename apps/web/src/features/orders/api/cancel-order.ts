// POST /api/v1/sme/order/cancel { orderId }: the SME cancels an order it has not paid yet (status 0);
// the server releases the reserved credit.
import { orderCancelResponse } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { partyProfileKey } from '@/lib/party-profile';
import { orderUrl, ordersKeys } from './keys';

const content = orderCancelResponse.shape.content;

export function cancelOrder(orderId: string) {
  return api.post(orderUrl('sme', 'cancel'), { orderId }, content);
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    // the order, the lists and the available credit (the SME's profile) all change
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
        queryClient.invalidateQueries({ queryKey: partyProfileKey('sme') }),
      ]),
  });
}
