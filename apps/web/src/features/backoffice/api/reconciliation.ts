// GET /api/v1/admin/reconciliation?date= (a UTC day, computed when asked) and
// POST /api/v1/admin/reconciliation/review (the day's differences looked at).
import { reconciliationResponse } from '@qist/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { backofficeKeys } from './keys';

export function getReconciliation(date: string) {
  return api.get(`/api/v1/admin/reconciliation?date=${encodeURIComponent(date)}`, reconciliationResponse.shape.content);
}

export function getReconciliationQueryOptions(date: string) {
  return queryOptions({ queryKey: backofficeKeys.reconciliation(date), queryFn: () => getReconciliation(date) });
}

export function useReconciliation(date: string) {
  return useQuery(getReconciliationQueryOptions(date));
}

export function reviewReconciliation(date: string) {
  return api.post('/api/v1/admin/reconciliation/review', { date }, reconciliationResponse.shape.content);
}

export function useReviewReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewReconciliation,
    onSuccess: (day) => {
      queryClient.setQueryData(backofficeKeys.reconciliation(day.date), day);
      // The dashboard's flag of open days.
      return queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
