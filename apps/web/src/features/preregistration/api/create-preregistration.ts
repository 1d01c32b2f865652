// POST /api/v1/ads/form/register (part 1 §7): a business's expression of interest. Public: no sign-in
// needed. A failure (400 with the field's sentence, 429 too many from this address) is toasted by the
// API client, in the user's language.
import { preRegistrationItem, type PreRegisterRequest } from '@qist/domain';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api';

/** The answer's content: the stored form. Only its id is relied on, so extra fields never fail it. */
const createPreRegistrationContent = z.object({ form: preRegistrationItem.pick({ _id: true }) });
export type CreatePreRegistrationContent = z.infer<typeof createPreRegistrationContent>;

export function createPreRegistration(body: PreRegisterRequest): Promise<CreatePreRegistrationContent> {
  return api.post('/api/v1/ads/form/register', body, createPreRegistrationContent);
}

export function useCreatePreRegistration() {
  return useMutation({ mutationFn: createPreRegistration });
}
