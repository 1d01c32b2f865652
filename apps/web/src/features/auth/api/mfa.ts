// Two-step sign-in set-up (DESIGN §8): a new secret, then a code of it turns it on and answers the
// recovery codes, once.
import { mfaEnableResponse, mfaSetupResponse, type MfaSetupContent } from '@qist/domain';
import { api } from '@/lib/api';

export function setupMfa(): Promise<MfaSetupContent> {
  return api.post('/api/v1/auth/mfa/setup', {}, mfaSetupResponse.shape.content);
}

/** Failures are not toasted here: the form shows them under the code. */
export function enableMfa(code: string): Promise<{ recoveryCodes: string[] }> {
  return api.post('/api/v1/auth/mfa/enable', { code }, mfaEnableResponse.shape.content, { notifyOnError: false });
}
