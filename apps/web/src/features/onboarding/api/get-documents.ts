// GET /api/v1/{role}/doc/list: the party's uploaded documents with signed links; retried every 5 s on error.
import { documentsResponse } from '@qist/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { onboardingKeys, partyUrl, type PartyRole } from './keys';

export const DOCUMENTS_RETRY_MS = 5_000;

const content = documentsResponse.shape.content;

export async function getDocuments(role: PartyRole) {
  return (await api.get(partyUrl(role, 'doc/list'), content, { notifyOnError: false })).docs;
}

export function getDocumentsQueryOptions(role: PartyRole) {
  return queryOptions({
    queryKey: onboardingKeys.documents(role),
    queryFn: () => getDocuments(role),
    staleTime: 0,
    refetchInterval: (query) => (query.state.status === 'error' ? DOCUMENTS_RETRY_MS : false),
  });
}

export function useDocuments(role: PartyRole) {
  return useQuery(getDocumentsQueryOptions(role));
}
