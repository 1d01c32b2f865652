// POST /api/v1/admin/insurance/order {insuranceList}: every company's id, in the new priority order.
import { insuranceOrderResponse, type insuranceOrderRequest } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { backofficeKeys } from './keys';

export type UpdateInsuranceOrderBody = z.input<typeof insuranceOrderRequest>;

export function updateInsuranceOrder(body: UpdateInsuranceOrderBody) {
  return api
    .post('/api/v1/admin/insurance/order', body, insuranceOrderResponse.shape.content)
    .then((content) => content.insurances);
}

export function useUpdateInsuranceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInsuranceOrder,
    onSuccess: (insurances) => queryClient.setQueryData(backofficeKeys.insuranceOrder(), insurances),
  });
}
