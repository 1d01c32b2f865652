// GET /api/v1/{role}/log/list: the verification timeline, oldest first; retried every 3 s on error (part 1 §7).
import { logsResponse } from '@qist/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { onboardingKeys, partyUrl, type PartyRole } from './keys';

export const LOGS_RETRY_MS = 3_000;

const content = logsResponse.shape.content;

export async function getLogs(role: PartyRole) {
  return (await api.get(partyUrl(role, 'log/list'), content, { notifyOnError: false })).logs;
}

export function getLogsQueryOptions(role: PartyRole) {
  return queryOptions({
    queryKey: onboardingKeys.logs(role),
    queryFn: () => getLogs(role),
    staleTime: 0,
    refetchInterval: (query) => (query.state.status === 'error' ? LOGS_RETRY_MS : false),
  });
}

export function useLogs(role: PartyRole) {
  return useQuery(getLogsQueryOptions(role));
}
