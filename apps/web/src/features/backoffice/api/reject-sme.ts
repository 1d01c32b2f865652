// POST /api/v1/{admin|bank|insurance}/sme/reject {smeId, desc, full}: a plain reject sends the SME back
// to edit (-2); a full reject bans it (-1), or, from an insurance company, passes it to the next one.
import { decisionResponse, type BackOfficeRole, type smeRejectRequest } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { queueKeys } from '@/lib/queue-keys';
import { backofficeKeys } from './keys';

export type RejectSmeBody = z.input<typeof smeRejectRequest>;

export function rejectSme(role: BackOfficeRole, body: RejectSmeBody) {
  return api.post(`/api/v1/${role}/sme/reject`, body, decisionResponse.shape.content);
}

export function useRejectSme(role: BackOfficeRole) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RejectSmeBody) => rejectSme(role, body),
    onSuccess: () => {
      // the menu's count of what waits changes with every decision
      void queryClient.invalidateQueries({ queryKey: queueKeys.all });
      return queryClient.invalidateQueries({ queryKey: backofficeKeys.smes(role) });
    },
  });
}
