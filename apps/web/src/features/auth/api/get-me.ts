// GET /api/v1/auth/me: the signed-in user, used by the SME and supplier areas to refresh LEVEL.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getMeQueryOptions } from '@/lib/me';
import { updateSession, useSession } from '@/lib/session';

// The query itself lives in lib: the profile page reads the user's language from it too.

export function useMe() {
  return useQuery(getMeQueryOptions());
}

/**
 * Fetches the user when an area mounts and writes role, name, email and LEVEL back to the session.
 * `level` is the fresh one as soon as it arrives (before the session write re-renders anyone), so a
 * menu or redirect never acts on the stale stored level once the server has answered.
 */
export function useSessionRefresh(): { isPending: boolean; level: number | null } {
  const session = useSession();
  const { data, isPending } = useMe();
  useEffect(() => {
    if (!data) return;
    updateSession({
      role: data.role,
      name: data.user.name,
      email: data.user.auth_id.email,
      level: data.user.level,
    });
  }, [data]);
  return { isPending, level: data ? data.user.level : session.level };
}
