// GET /api/v1/admin/bank/share-rate: the bank's share of supplier discounts, a fraction 0..0.99.
import { shareRateResponse } from '@qist/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { backofficeKeys } from './keys';

export function getShareRate() {
  return api.get('/api/v1/admin/bank/share-rate', shareRateResponse.shape.content).then((content) => content.rate);
}

export function getShareRateQueryOptions() {
  return queryOptions({ queryKey: backofficeKeys.shareRate(), queryFn: getShareRate });
}

export function useShareRate() {
  return useQuery(getShareRateQueryOptions());
}
