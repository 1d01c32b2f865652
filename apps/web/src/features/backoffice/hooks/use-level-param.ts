// The level filter of a list, kept in the address (?level=4) beside the page; a new level starts at page 1
// and forgets the page's cursor.
// A list opens on `initial` (the role's queue) when the address names no level, so 'All' has to be
// written out (?level=-10) to stay chosen; the initial level itself keeps the address clean.
import { ALL_FILTER } from '@qist/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { POSITION_PARAMS } from '@/components/data-table';

export function useLevelParam(levels: readonly number[], initial: number = ALL_FILTER, name = 'level'): [number, (level: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(name);
  const parsed = Number.parseInt(raw ?? '', 10);
  const level = raw === null ? initial : parsed === ALL_FILTER || levels.includes(parsed) ? parsed : initial;
  const setLevel = useCallback(
    (next: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next === initial) updated.delete(name);
        else updated.set(name, String(next));
        updated.delete('page');
        for (const key of POSITION_PARAMS) updated.delete(key);
        return updated;
      }),
    [initial, name, setParams],
  );
  return [level, setLevel];
}
