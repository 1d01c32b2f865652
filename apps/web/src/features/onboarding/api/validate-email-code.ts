// POST /api/v1/{role}/email/validate { code }: level 0 → 1. A wrong code is shown on the field, not toasted.
import { levelResponse, type EmailValidateRequest } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { partyUrl, refreshAfterStep, type PartyRole } from './keys';

const content = levelResponse.shape.content;

export function validateEmailCode(role: PartyRole, body: EmailValidateRequest) {
  return api.post(partyUrl(role, 'email/validate'), body, content, { notifyOnError: false });
}

export function useValidateEmailCode(role: PartyRole) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailValidateRequest) => validateEmailCode(role, body),
    onSuccess: ({ level }) => refreshAfterStep(queryClient, role, level),
  });
}
