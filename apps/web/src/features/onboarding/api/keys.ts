// What every onboarding call shares: the role's API base, the query keys, and the refresh after a step
// (the profile carries the level that drives the stepper, the logs the timeline).
import type { QueryClient } from '@tanstack/react-query';
import { partyProfileKey, partyUrl, type PartyRole } from '@/lib/party-profile';

export { partyUrl, type PartyRole };

export const onboardingKeys = {
  all: (role: PartyRole) => ['onboarding', role] as const,
  profile: partyProfileKey,
  logs: (role: PartyRole) => ['onboarding', role, 'logs'] as const,
  documents: (role: PartyRole) => ['onboarding', role, 'documents'] as const,
  /** The key of the upload mutation: Verify waits while an upload is on its way. */
  upload: (role: PartyRole) => ['onboarding', role, 'upload'] as const,
  categories: (role: PartyRole) => ['onboarding', role, 'categories'] as const,
};

/**
 * After a successful step: the new level shows at once (the answer's level is written into the cached
 * profile), then the profile and the timeline are fetched again. Resolves once they have arrived.
 */
export async function refreshAfterStep(queryClient: QueryClient, role: PartyRole, level?: number): Promise<void> {
  if (level !== undefined) {
    queryClient.setQueryData<{ level: number }>(onboardingKeys.profile(role), (old) => (old ? { ...old, level } : old));
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: onboardingKeys.profile(role) }),
    queryClient.invalidateQueries({ queryKey: onboardingKeys.logs(role) }),
  ]);
}
