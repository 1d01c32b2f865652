// The level of the signed-in SME or supplier for its area's menu and redirects: the profile's (refetched
// after every step) as soon as it is known, else the fallback the area passes (GET /auth/me's, or the
// stored one). LEVEL in the session follows the profile, so the stored level never lags the server.
import { useEffect } from 'react';
import { useProfile } from '@/lib/party-profile';
import { updateSession, useSession } from '@/lib/session';
import type { PartyRole } from './keys';

export type LevelSource = { isPending: boolean; level: number | null };

export function usePartyLevel(role: PartyRole, fallback: LevelSource): LevelSource {
  const session = useSession();
  const profile = useProfile(role);
  const profileLevel = profile.data?.level;

  useEffect(() => {
    if (profileLevel === undefined || profileLevel === session.level || !session.email) return;
    updateSession({ role, name: session.name ?? '', email: session.email, level: profileLevel });
  }, [profileLevel, role, session.level, session.name, session.email]);

  return {
    // the area waits for the profile or the fallback, whichever answers first (a failed profile does not count)
    isPending: fallback.isPending && !profile.isSuccess,
    level: profileLevel ?? fallback.level,
  };
}
