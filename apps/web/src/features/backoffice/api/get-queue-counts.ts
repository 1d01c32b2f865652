// GET /api/v1/{admin|bank|insurance}/queue/counts: how many items wait for the role, by list (admin:
// SMEs, suppliers, invoices; bank: SMEs, payouts; insurance: the SMEs of its queue). The counts are a
// hint beside the menu: a failure leaves the badges out instead of toasting on every page.
import {
  adminQueueCountsResponse,
  bankQueueCountsResponse,
  insuranceQueueCountsResponse,
  type BackOfficeRole,
} from '@qist/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queueKeys } from '@/lib/queue-keys';

/** Every count a role's menu may show; a role's answer fills only its own. */
export type QueueCounts = { smes?: number; providers?: number; invoices?: number; payouts?: number };

const CONTENT = {
  admin: adminQueueCountsResponse.shape.content,
  bank: bankQueueCountsResponse.shape.content,
  insurance: insuranceQueueCountsResponse.shape.content,
} as const;

export function getQueueCounts(role: BackOfficeRole): Promise<QueueCounts> {
  return api.get(`/api/v1/${role}/queue/counts`, CONTENT[role], { notifyOnError: false });
}

export function getQueueCountsQueryOptions(role: BackOfficeRole) {
  return queryOptions({ queryKey: queueKeys.counts(role), queryFn: () => getQueueCounts(role), staleTime: 60_000 });
}

export function useQueueCounts(role: BackOfficeRole) {
  return useQuery(getQueueCountsQueryOptions(role));
}
