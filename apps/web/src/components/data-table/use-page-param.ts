// The current page of a list, kept in the address (?page=) so reload and Back keep it. A list paged by
// keyset (the order lists, ADR 0027) also keeps how its page is read: after or before a row (?after=,
// ?before=, the cursors its answer gave) or from the end (?last=true), beside the page's number.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { pageCount, PAGE_SIZE } from './pager';

export function usePageParam(name = 'page'): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number.parseInt(params.get(name) ?? '1', 10);
  const page = Number.isInteger(raw) && raw > 0 ? raw : 1;
  const setPage = useCallback(
    (next: number) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next <= 1) updated.delete(name);
          else updated.set(name, String(next));
          for (const key of POSITION_PARAMS) updated.delete(key);
          return updated;
        },
        { replace: false },
      ),
    [name, setParams],
  );
  return [page, setPage];
}

/** The address's parameters that say how a keyset page is read; a change of page or filter drops them. */
export const POSITION_PARAMS = ['after', 'before', 'last'] as const;

/** How a list's page is read: by its number (nothing here), after or before a row's cursor, or the last. */
export type PagePosition = { after?: string; before?: string; last?: true };

/** A position's query parameters, as a keyset list's call carries them beside its page number. */
export function positionSearchParams({ after, before, last }: PagePosition): [string, string][] {
  return after ? [['after', after]] : before ? [['before', before]] : last ? [['last', 'true']] : [];
}

/** The pager's arrows and edges. */
export type PageStep = 'first' | 'previous' | 'next' | 'last';

/** What a step needs from the page on screen: its rows' cursors and the list's total. */
export type PageOnScreen = { cursors: { first: string | null; last: string | null }; count: number; perPage?: number };

export function useCursorPageParam(): {
  page: number;
  position: PagePosition;
  setPage: (page: number) => void;
  step: (step: PageStep, onScreen: PageOnScreen | undefined) => void;
} {
  const [params, setParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  const after = params.get('after');
  const before = params.get('before');
  const last = params.get('last') === 'true';
  const position = useMemo<PagePosition>(
    () => (after ? { after } : before ? { before } : last ? { last: true } : {}),
    [after, before, last],
  );
  const step = useCallback(
    (which: PageStep, onScreen: PageOnScreen | undefined) => {
      const pages = onScreen ? pageCount(onScreen.count, onScreen.perPage ?? PAGE_SIZE) : 1;
      const target = which === 'first' ? 1 : which === 'last' ? pages : which === 'next' ? page + 1 : page - 1;
      // page 1 is read by its number (the top as it is now), the rest from the page on screen
      const cursor = which === 'next' ? onScreen?.cursors.last : which === 'previous' ? onScreen?.cursors.first : undefined;
      if (target <= 1 || (which !== 'last' && !cursor)) return setPage(target);
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('page', String(target));
          for (const key of POSITION_PARAMS) updated.delete(key);
          if (which === 'last') updated.set('last', 'true');
          else updated.set(which === 'next' ? 'after' : 'before', cursor!);
          return updated;
        },
        { replace: false },
      );
    },
    [page, setPage, setParams],
  );
  return { page, position, setPage, step };
}
