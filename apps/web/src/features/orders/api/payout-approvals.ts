// Four eyes on bank payouts (DESIGN.md §8): the bank's queue of payout requests by status, and its
// Approve and Reject (the threshold is lib/payout-threshold.ts). A refusal's
// msg is an error toast (lib/api.ts); a decision fetches the queue, the orders and the queue counts again.
import { payoutApprovalListResponse, payoutDecisionResponse, type PayoutApprovalStatus } from '@qist/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queueKeys } from '@/lib/queue-keys';
import { ordersKeys } from './keys';

export const APPROVALS_PAGE_SIZE = 10;

export const approvalKeys = {
  all: ['payout-approvals'] as const,
  list: (status: PayoutApprovalStatus, page: number) => ['payout-approvals', 'list', { status, page }] as const,
};

export function getPayoutApprovals(status: PayoutApprovalStatus, page: number) {
  const search = new URLSearchParams({ status, page: String(page), perPage: String(APPROVALS_PAGE_SIZE) });
  return api.get(`/api/v1/bank/approval/list?${search.toString()}`, payoutApprovalListResponse.shape.content);
}

export function usePayoutApprovals(status: PayoutApprovalStatus, page: number) {
  return useQuery({ queryKey: approvalKeys.list(status, page), queryFn: () => getPayoutApprovals(status, page), placeholderData: keepPreviousData });
}

function useDecision<T>(path: 'approve' | 'reject') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => api.post(`/api/v1/bank/approval/${path}`, body, payoutDecisionResponse.shape.content),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queueKeys.all });
      void queryClient.invalidateQueries({ queryKey: ordersKeys.all });
      return queryClient.invalidateQueries({ queryKey: approvalKeys.all });
    },
  });
}

export const useApprovePayout = () => useDecision<{ approvalId: string }>('approve');
export const useRejectPayout = () => useDecision<{ approvalId: string; reason: string }>('reject');
