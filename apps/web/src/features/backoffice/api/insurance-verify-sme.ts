// POST /api/v1/insurance/sme/verify {smeId, desc, credit}: the company whose turn it is grants the credit (6 → 7).
import { decisionResponse, type insuranceVerifyRequest } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { queueKeys } from '@/lib/queue-keys';
import { backofficeKeys } from './keys';

export type InsuranceVerifyBody = z.input<typeof insuranceVerifyRequest>;

export function insuranceVerifySme(body: InsuranceVerifyBody) {
  return api.post('/api/v1/insurance/sme/verify', body, decisionResponse.shape.content);
}

export function useInsuranceVerifySme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: insuranceVerifySme,
    onSuccess: () => {
      // the menu's count of what waits changes with every decision
      void queryClient.invalidateQueries({ queryKey: queueKeys.all });
      return queryClient.invalidateQueries({ queryKey: backofficeKeys.smes('insurance') });
    },
  });
}
