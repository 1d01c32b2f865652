// POST /api/v1/{role}/info/add: the SME or supplier information (level 2, or -2 after a conditional
// rejection, → 3).
import { levelResponse, type ProviderInfoRequest, type SmeInfoRequest } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { partyUrl, refreshAfterStep, type PartyRole } from './keys';

const content = levelResponse.shape.content;

export type InfoRequest = SmeInfoRequest | ProviderInfoRequest;

export function addInfo(role: PartyRole, body: InfoRequest) {
  return api.post(partyUrl(role, 'info/add'), body, content);
}

export function useAddInfo(role: PartyRole) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InfoRequest) => addInfo(role, body),
    onSuccess: ({ level }) => refreshAfterStep(queryClient, role, level),
  });
}
