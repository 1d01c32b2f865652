// GET /api/v1/{admin|bank|insurance}/sme/show/{id}: an SME's profile (documents carry signed links).
import { smeProfileResponse, type BackOfficeRole } from '@qist/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { backofficeKeys } from './keys';

const showContent = smeProfileResponse.shape.content;

export function getSme(role: BackOfficeRole, id: string) {
  return api.get(`/api/v1/${role}/sme/show/${encodeURIComponent(id)}`, showContent).then((content) => content.sme);
}

export function getSmeQueryOptions(role: BackOfficeRole, id: string) {
  return queryOptions({ queryKey: backofficeKeys.sme(role, id), queryFn: () => getSme(role, id) });
}

export function useSme(role: BackOfficeRole, id: string) {
  return useQuery(getSmeQueryOptions(role, id));
}
