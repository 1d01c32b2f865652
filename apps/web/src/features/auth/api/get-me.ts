// GET /api/v1/auth/me: the signed-in user, used by the SME and supplier areas to refresh LEVEL.
import { meResponse } from '@qist/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api';
import { updateSession } from '@/lib/session';

const meContent = meResponse.shape.content;

export function getMe() {
  return api.get('/api/v1/auth/me', meContent);
}

export function getMeQueryOptions() {
  return queryOptions({ queryKey: ['auth', 'me'], queryFn: getMe, staleTime: 0 });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}

/** Fetches the user once the area mounts and writes role, name, email and LEVEL back to the session. */
export function useSessionRefresh(): void {
  const { data } = useMe();
  useEffect(() => {
    if (!data) return;
    updateSession({
      role: data.role,
      name: data.user.name,
      email: data.user.auth_id.email,
      level: data.user.level,
    });
  }, [data]);
}
