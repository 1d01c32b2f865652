// GET /api/v1/admin/signup-codes: the codes SMEs and suppliers need to sign up.
import { signupCodesResponse } from '@qist/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { backofficeKeys } from './keys';

export function getSignupCodes() {
  return api.get('/api/v1/admin/signup-codes', signupCodesResponse.shape.content).then((content) => content.codes);
}

export function getSignupCodesQueryOptions() {
  return queryOptions({ queryKey: backofficeKeys.signupCodes(), queryFn: getSignupCodes });
}

export function useSignupCodes() {
  return useQuery(getSignupCodesQueryOptions());
}
