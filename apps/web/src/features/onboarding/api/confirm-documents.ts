// POST /api/v1/{role}/doc/confirm: every required title is present, level 3 → 4 (or 400 'you must upload {title}').
import { levelResponse } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { partyUrl, refreshAfterStep, type PartyRole } from './keys';

const content = levelResponse.shape.content;

export function confirmDocuments(role: PartyRole) {
  return api.post(partyUrl(role, 'doc/confirm'), undefined, content);
}

export function useConfirmDocuments(role: PartyRole) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => confirmDocuments(role),
    onSuccess: ({ level }) => refreshAfterStep(queryClient, role, level),
  });
}
