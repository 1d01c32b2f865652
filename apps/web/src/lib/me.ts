// GET /api/v1/auth/me: the signed-in user (role, name, level, email, language). Shared, because the
// auth feature refreshes the session from it and the profile page shows the user's language.
import { meResponse } from '@qist/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

export const ME_QUERY_KEY = ['auth', 'me'] as const;

const meContent = meResponse.shape.content;

export function getMe() {
  return api.get('/api/v1/auth/me', meContent);
}

export function getMeQueryOptions() {
  return queryOptions({ queryKey: ME_QUERY_KEY, queryFn: getMe, staleTime: 0 });
}
