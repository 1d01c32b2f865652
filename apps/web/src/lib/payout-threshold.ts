// The payout approval threshold (DESIGN.md §8), in currency units: read by the admin's Settings and the
// bank's order page (Pay or Request payout), set by the admin. 0, the default: every payout needs a second bank user.
import { payoutThresholdResponse, type payoutThresholdRequest } from '@qist/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './api';

const THRESHOLD_URL = '/api/v1/admin/payout/approval-threshold';

export const payoutThresholdKey = ['payout-threshold'] as const;

export function getPayoutThreshold() {
  return api.get(THRESHOLD_URL, payoutThresholdResponse.shape.content).then((content) => content.threshold);
}

export function payoutThresholdQueryOptions() {
  return queryOptions({ queryKey: payoutThresholdKey, queryFn: getPayoutThreshold });
}

export function usePayoutThreshold() {
  return useQuery(payoutThresholdQueryOptions());
}

export type UpdatePayoutThresholdBody = z.input<typeof payoutThresholdRequest>;

export function useUpdatePayoutThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePayoutThresholdBody) => api.put(THRESHOLD_URL, body, payoutThresholdResponse.shape.content).then((c) => c.threshold),
    onSuccess: (threshold) => queryClient.setQueryData(payoutThresholdKey, threshold),
  });
}
