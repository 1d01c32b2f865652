// Where the app's one QueryClient lives. The providers (app/provider.tsx) own the slot, so each app
// (each test render) has its own cache, but TanStack Query itself is only loaded by the areas that
// fetch (lib/query-provider.tsx): the public pages mostly do not.
import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';

export type QueryClientSlot = { obtain: (create: () => QueryClient) => QueryClient };

export function createQueryClientSlot(): QueryClientSlot {
  let client: QueryClient | undefined;
  return { obtain: (create) => (client ??= create()) };
}

export const QueryClientSlotContext = createContext<QueryClientSlot>(createQueryClientSlot());
