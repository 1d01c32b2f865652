// GET /api/v1/admin/payment/anomaly/list: the gateway's answers the platform would not settle on
// (another amount or currency than the instalment's, a state it does not know), latest first.
import { paymentAnomalyListResponse } from '@qist/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/components/data-table';
import { api } from '@/lib/api';
import { backofficeKeys } from './keys';

export function getPaymentAnomalies(page: number) {
  return api.get(`/api/v1/admin/payment/anomaly/list?page=${page}&perPage=${PAGE_SIZE}`, paymentAnomalyListResponse.shape.content);
}

export function getPaymentAnomaliesQueryOptions(page: number) {
  return queryOptions({
    queryKey: backofficeKeys.anomalyList(page),
    queryFn: () => getPaymentAnomalies(page),
    placeholderData: keepPreviousData,
  });
}

export function usePaymentAnomalies(page: number) {
  return useQuery(getPaymentAnomaliesQueryOptions(page));
}
