// The current page of a list, kept in the address (?page=) so reload and Back keep it.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

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
          return updated;
        },
        { replace: false },
      ),
    [name, setParams],
  );
  return [page, setPage];
}
