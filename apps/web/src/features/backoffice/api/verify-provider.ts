// POST /api/v1/admin/provider/verify {providerId, desc, taxRate}: the admin verifies a supplier at
// level 4 with its discount rate as a fraction.
import { decisionResponse, type providerVerifyRequest } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { queueKeys } from '@/lib/queue-keys';
import { backofficeKeys } from './keys';

export type VerifyProviderBody = z.input<typeof providerVerifyRequest>;

export function verifyProvider(body: VerifyProviderBody) {
  return api.post('/api/v1/admin/provider/verify', body, decisionResponse.shape.content);
}

export function useVerifyProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyProvider,
    onSuccess: () => {
      // the menu's count of what waits changes with every decision
      void queryClient.invalidateQueries({ queryKey: queueKeys.all });
      return queryClient.invalidateQueries({ queryKey: backofficeKeys.providers() });
    },
  });
}
