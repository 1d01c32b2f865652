// One QueryClient per app. Failures already toast in the API client, so queries do not retry by
// default (a retry would toast again); a screen that must retry says so itself (spec §9 intervals).
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
