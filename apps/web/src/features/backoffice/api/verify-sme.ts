// POST /api/v1/{admin|bank}/sme/verify {smeId, desc}: the admin verifies at level 4, the bank at level 5.
import { decisionResponse, type smeVerifyRequest } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { queueKeys } from '@/lib/queue-keys';
import { backofficeKeys } from './keys';

export type VerifySmeRole = 'admin' | 'bank';
export type VerifySmeBody = z.input<typeof smeVerifyRequest>;

export function verifySme(role: VerifySmeRole, body: VerifySmeBody) {
  return api.post(`/api/v1/${role}/sme/verify`, body, decisionResponse.shape.content);
}

export function useVerifySme(role: VerifySmeRole) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifySmeBody) => verifySme(role, body),
    onSuccess: () => {
      // the menu's count of what waits changes with every decision
      void queryClient.invalidateQueries({ queryKey: queueKeys.all });
      return queryClient.invalidateQueries({ queryKey: backofficeKeys.smes(role) });
    },
  });
}
