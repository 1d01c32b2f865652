// POST /api/v1/{role}/phone/validate { otp: number }: level 1 → 2. A wrong code is shown on the field.
import { levelResponse, type PhoneValidateRequest } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { partyUrl, refreshAfterStep, type PartyRole } from './keys';

const content = levelResponse.shape.content;

export function validatePhone(role: PartyRole, body: PhoneValidateRequest) {
  return api.post(partyUrl(role, 'phone/validate'), body, content, { notifyOnError: false });
}

export function useValidatePhone(role: PartyRole) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PhoneValidateRequest) => validatePhone(role, body),
    onSuccess: ({ level }) => refreshAfterStep(queryClient, role, level),
  });
}
