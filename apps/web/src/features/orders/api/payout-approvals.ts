// Four eyes on bank payouts (DESIGN.md §8): the bank's queue of payout requests by status, how many
// wait (the menu's badge), and its Approve and Reject (the threshold is lib/payout-threshold.ts). A
// refusal's msg is an error toast (lib/api.ts); a decision fetches the queue, its count, the orders and
// the queue counts again (so does a request: ./order-steps.ts).
import { payoutApprovalListResponse, payoutDecisionResponse, type PayoutApprovalStatus } from '@qist/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queueKeys } from '@/lib/queue-keys';
import { ordersKeys } from './keys';

export const APPROVALS_PAGE_SIZE = 10;

export const approvalKeys = {
  all: ['payout-approvals'] as const,
  list: (status: PayoutApprovalStatus, page: number) => ['payout-approvals', 'list', { status, page }] as const,
  pendingCount: ['payout-approvals', 'pending-count'] as const,
};

export function getPayoutApprovals(status: PayoutApprovalStatus, page: number) {
  const search = new URLSearchParams({ status, page: String(page), perPage: String(APPROVALS_PAGE_SIZE) });
  return api.get(`/api/v1/bank/approval/list?${search.toString()}`, payoutApprovalListResponse.shape.content);
}

export function usePayoutApprovals(status: PayoutApprovalStatus, page: number) {
  return useQuery({ queryKey: approvalKeys.list(status, page), queryFn: () => getPayoutApprovals(status, page), placeholderData: keepPreviousData });
}

/**
 * How many payout requests wait for a second bank user: the list's count, asked for one row. A hint
 * beside the menu, as the queue counts are: a failure leaves the badge out instead of toasting.
 */
export function getPendingApprovalCount(): Promise<number> {
  const search = new URLSearchParams({ status: 'pending', page: '1', perPage: '1' });
  return api
    .get(`/api/v1/bank/approval/list?${search.toString()}`, payoutApprovalListResponse.shape.content, { notifyOnError: false })
    .then((content) => content.count);
}

export function usePendingApprovalCount() {
  return useQuery({ queryKey: approvalKeys.pendingCount, queryFn: getPendingApprovalCount, staleTime: 60_000 });
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
