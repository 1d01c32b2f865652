// GET /api/v1/admin/provider/log/list/{id}: a supplier's verification timeline, oldest first.
import { logsResponse } from '@qist/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { backofficeKeys } from './keys';

const logsContent = logsResponse.shape.content;

export function getProviderLogs(id: string) {
  return api.get(`/api/v1/admin/provider/log/list/${encodeURIComponent(id)}`, logsContent).then((content) => content.logs);
}

export function getProviderLogsQueryOptions(id: string) {
  return queryOptions({ queryKey: backofficeKeys.providerLogs(id), queryFn: () => getProviderLogs(id) });
}

export function useProviderLogs(id: string) {
  return useQuery(getProviderLogsQueryOptions(id));
}
