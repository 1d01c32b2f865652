// The status filter of an order list, kept in the address (?status=3) beside the page; a new status
// starts at page 1. Anything else in the address means 'all' (-10).
import { ALL_FILTER } from '@qist/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { ORDER_STATUSES } from './order-status';

export function useStatusParam(name = 'status'): [number, (status: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number.parseInt(params.get(name) ?? '', 10);
  const status = (ORDER_STATUSES as readonly number[]).includes(raw) ? raw : ALL_FILTER;
  const setStatus = useCallback(
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
  return [status, setStatus];
}
