// POST /api/v1/admin/provider/reject {providerId, desc, full}: back to edit (-2), or banned (-1) when full.
import { decisionResponse, type providerRejectRequest } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { queueKeys } from '@/lib/queue-keys';
import { backofficeKeys } from './keys';

export type RejectProviderBody = z.input<typeof providerRejectRequest>;

export function rejectProvider(body: RejectProviderBody) {
  return api.post('/api/v1/admin/provider/reject', body, decisionResponse.shape.content);
}

export function useRejectProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectProvider,
    onSuccess: () => {
      // the menu's count of what waits changes with every decision
      void queryClient.invalidateQueries({ queryKey: queueKeys.all });
      return queryClient.invalidateQueries({ queryKey: backofficeKeys.providers() });
    },
  });
}
