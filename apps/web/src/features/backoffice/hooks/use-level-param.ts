// The level filter of a list, kept in the address (?level=4) beside the page; a new level starts at page 1.
import { ALL_FILTER } from '@qist/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export function useLevelParam(levels: readonly number[], name = 'level'): [number, (level: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number.parseInt(params.get(name) ?? '', 10);
  const level = levels.includes(raw) ? raw : ALL_FILTER;
  const setLevel = useCallback(
    (next: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next === ALL_FILTER) updated.delete(name);
        else updated.set(name, String(next));
        updated.delete('page');
        return updated;
      }),
    [name, setParams],
  );
  return [level, setLevel];
}
