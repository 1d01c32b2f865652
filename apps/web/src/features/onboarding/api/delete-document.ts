// DELETE /api/v1/{role}/doc/upload { docId }: removes an own document before confirmation (or at -2).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { onboardingKeys, partyUrl, type PartyRole } from './keys';

export function deleteDocument(role: PartyRole, docId: string) {
  return api.delete(partyUrl(role, 'doc/upload'), { docId });
}

export function useDeleteDocument(role: PartyRole) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (docId: string) => deleteDocument(role, docId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: onboardingKeys.documents(role) }),
        queryClient.invalidateQueries({ queryKey: onboardingKeys.profile(role) }),
      ]),
  });
}
