// POST /api/v1/{role}/phone/add { phone, countryCode }: sends a 4-digit code by SMS; in demo mode the
// answer carries it (otp).
import { phoneAddResponse, type PhoneAddRequest } from '@qist/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { partyUrl, type PartyRole } from './keys';

const content = phoneAddResponse.shape.content;

export function addPhone(role: PartyRole, body: PhoneAddRequest) {
  return api.post(partyUrl(role, 'phone/add'), body, content);
}

export function useAddPhone(role: PartyRole) {
  return useMutation({ mutationFn: (body: PhoneAddRequest) => addPhone(role, body) });
}
