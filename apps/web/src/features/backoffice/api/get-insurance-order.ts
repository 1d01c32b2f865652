// GET /api/v1/admin/insurance/order: the insurance companies in priority order (who reviews an SME first).
import { insuranceOrderResponse } from '@qist/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { backofficeKeys } from './keys';

export function getInsuranceOrder() {
  return api.get('/api/v1/admin/insurance/order', insuranceOrderResponse.shape.content).then((content) => content.insurances);
}

export function getInsuranceOrderQueryOptions() {
  return queryOptions({ queryKey: backofficeKeys.insuranceOrder(), queryFn: getInsuranceOrder });
}

export function useInsuranceOrder() {
  return useQuery(getInsuranceOrderQueryOptions());
}
