// POST /api/v1/admin/sme/active {smeId, desc, installments}: the admin sets the instalment plan
// (fractions summing to 100 %) and so activates the SME (7 → 8).
import { decisionResponse, type smeActivateRequest } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { backofficeKeys } from './keys';

export type ActivateSmeBody = z.input<typeof smeActivateRequest>;

export function activateSme(body: ActivateSmeBody) {
  return api.post('/api/v1/admin/sme/active', body, decisionResponse.shape.content);
}

export function useActivateSme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateSme,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backofficeKeys.smes('admin') }),
  });
}
