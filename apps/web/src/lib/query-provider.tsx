// TanStack Query for an area that fetches: the app's client (created on first use, see
// lib/query-client-slot.ts) and, for lazily loaded areas and pages, a wrapper that loads this module
// together with the area's own chunk.
import { QueryClientProvider } from '@tanstack/react-query';
import { use, type ReactNode } from 'react';
import { QueryClientSlotContext } from './query-client-slot';
import { createQueryClient } from './react-query';

export function QueryProvider({ children }: { children: ReactNode }) {
  const client = use(QueryClientSlotContext).obtain(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
