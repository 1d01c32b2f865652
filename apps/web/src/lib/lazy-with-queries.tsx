// React.lazy for an area or page that fetches: its chunk and TanStack Query (lib/query-provider.tsx)
// load in parallel, and it renders inside the query provider; pages that do not fetch, like the
// landing page, never load TanStack Query. Unless `firstScreen` (the sign-in area), the whole
// stylesheet loads with it too (lib/full-styles.ts).
import { lazy, type ComponentType } from 'react';
import { loadFullStyles } from './full-styles';

export function lazyWithQueries(load: () => Promise<{ default: ComponentType }>, { firstScreen = false } = {}) {
  return lazy(async () => {
    const [{ default: Area }, { QueryProvider }] = await Promise.all([
      load(),
      import('./query-provider'),
      firstScreen ? null : loadFullStyles(),
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
