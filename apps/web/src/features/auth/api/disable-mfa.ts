// POST /api/v1/auth/mfa/disable (DESIGN §8): a code of the authenticator app, or a recovery code, turns
// two-step sign-in off, for a role that may go without it; the account's `auth/me` is fetched again.
import { mfaDisableResponse, type MfaDisableRequest } from '@qist/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ME_QUERY_KEY } from '@/lib/me';

/** Failures are not toasted here: the dialog shows them under the code. */
export function disableMfa(body: MfaDisableRequest): Promise<unknown> {
  return api.post('/api/v1/auth/mfa/disable', body, mfaDisableResponse.shape.content, { notifyOnError: false });
}

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableMfa,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}
