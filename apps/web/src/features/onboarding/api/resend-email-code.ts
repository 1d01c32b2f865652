// GET /api/v1/{role}/email/resend: sends a new email code (at most every 20 s); in demo mode the answer
// carries the code. A refusal ('please wait before requesting another code') is toasted by the client.
import { emailResendResponse } from '@qist/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { partyUrl, type PartyRole } from './keys';

const content = emailResendResponse.shape.content;

export function resendEmailCode(role: PartyRole) {
  return api.get(partyUrl(role, 'email/resend'), content);
}

export function useResendEmailCode(role: PartyRole) {
  return useMutation({ mutationFn: () => resendEmailCode(role) });
}
