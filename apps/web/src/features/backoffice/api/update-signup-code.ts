// PUT /api/v1/admin/signup-codes {role, code}: changes one role's sign-up code; answers every code.
import { signupCodesResponse, type signupCodeUpdateRequest } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { backofficeKeys } from './keys';

export type UpdateSignupCodeBody = z.input<typeof signupCodeUpdateRequest>;

export function updateSignupCode(body: UpdateSignupCodeBody) {
  return api.put('/api/v1/admin/signup-codes', body, signupCodesResponse.shape.content).then((content) => content.codes);
}

export function useUpdateSignupCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSignupCode,
    onSuccess: (codes) => queryClient.setQueryData(backofficeKeys.signupCodes(), codes),
  });
}
