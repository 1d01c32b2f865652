// PUT /api/v1/admin/bank/share-rate {rate}: applies to orders created from now on.
import { shareRateResponse, type shareRateRequest } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { backofficeKeys } from './keys';

export type UpdateShareRateBody = z.input<typeof shareRateRequest>;

export function updateShareRate(body: UpdateShareRateBody) {
  return api.put('/api/v1/admin/bank/share-rate', body, shareRateResponse.shape.content).then((content) => content.rate);
}

export function useUpdateShareRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShareRate,
    onSuccess: (rate) => queryClient.setQueryData(backofficeKeys.shareRate(), rate),
  });
}
