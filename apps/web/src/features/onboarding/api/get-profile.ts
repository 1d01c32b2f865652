// GET /api/v1/{role}/profile/get: the party's own profile (content.sme or content.provider). Its level
// drives the area's menu, redirects and stepper, so every successful step refetches it.
import {
  providerProfileResponse,
  smeProfileResponse,
  type ProviderProfile,
  type SmeProfile,
} from '@qist/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { onboardingKeys, partyUrl, type PartyRole } from './keys';

export type PartyProfile = SmeProfile | ProviderProfile;

export function isSmeProfile(profile: PartyProfile): profile is SmeProfile {
  return 'credit' in profile;
}

const smeContent = smeProfileResponse.shape.content;
const providerContent = providerProfileResponse.shape.content;

/** The page shows a failure itself (with Retry), so no toast. */
export async function getProfile(role: PartyRole): Promise<PartyProfile> {
  const url = partyUrl(role, 'profile/get');
  if (role === 'sme') return (await api.get(url, smeContent, { notifyOnError: false })).sme;
  return (await api.get(url, providerContent, { notifyOnError: false })).provider;
}

export function getProfileQueryOptions(role: PartyRole) {
  return queryOptions({ queryKey: onboardingKeys.profile(role), queryFn: () => getProfile(role), staleTime: 0 });
}

export function useProfile(role: PartyRole) {
  return useQuery(getProfileQueryOptions(role));
}
