// React.lazy for an area or page that fetches: its chunk, TanStack Query (lib/query-provider.tsx) and
// the whole stylesheet (lib/full-styles.ts) load in parallel, and it renders inside the query provider;
// pages that do not fetch, like the landing page and the sign-in page, never load TanStack Query.
import { lazy, type ComponentType } from 'react';
import { loadFullStyles } from './full-styles';

export function lazyWithQueries(load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    const [{ default: Area }, { QueryProvider }] = await Promise.all([
      load(),
      import('./query-provider'),
      loadFullStyles(),
    ]);
    function WithQueries() {
      return (
        <QueryProvider>
          <Area />
        </QueryProvider>
      );
    }
    return { default: WithQueries };
  });
}
