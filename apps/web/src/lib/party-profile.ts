// GET /api/v1/{role}/profile/get: the signed-in SME's or supplier's own profile (content.sme or
// content.provider). Its level drives the area's menu, redirects and stepper and its credit the order
// form, so several features read it; whatever changes it (a step, an order) refetches it by its key.
import {
  providerProfileResponse,
  smeProfileResponse,
  type ProviderProfile,
  type SelfRegisterRole,
  type SmeProfile,
} from '@qist/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

export type PartyRole = SelfRegisterRole;
export type PartyProfile = SmeProfile | ProviderProfile;

/** '/api/v1/{role}/{path}' */
export function partyUrl(role: PartyRole, path: string): string {
  return `/api/v1/${role}/${path}`;
}

/** The profile's query key: under the area's onboarding keys, so refreshing those refreshes it too. */
export function partyProfileKey(role: PartyRole) {
  return ['onboarding', role, 'profile'] as const;
}

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
  return queryOptions({ queryKey: partyProfileKey(role), queryFn: () => getProfile(role), staleTime: 0 });
}

export function useProfile(role: PartyRole) {
  return useQuery(getProfileQueryOptions(role));
}
