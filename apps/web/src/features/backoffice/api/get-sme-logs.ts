// GET /api/v1/{role}/sme/log/list/{id}: an SME's verification timeline, oldest first.
import { logsResponse, type BackOfficeRole } from '@qist/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { backofficeKeys } from './keys';

const logsContent = logsResponse.shape.content;

export function getSmeLogs(role: BackOfficeRole, id: string) {
  return api.get(`/api/v1/${role}/sme/log/list/${encodeURIComponent(id)}`, logsContent).then((content) => content.logs);
}

export function getSmeLogsQueryOptions(role: BackOfficeRole, id: string) {
  return queryOptions({ queryKey: backofficeKeys.smeLogs(role, id), queryFn: () => getSmeLogs(role, id) });
}

export function useSmeLogs(role: BackOfficeRole, id: string) {
  return useQuery(getSmeLogsQueryOptions(role, id));
}
