// The filters of an order list, kept in the address beside the page: the status (?status=3; anything else
// means 'all', -10) and the late switch (?late=true). A change of filter starts at page 1.
import { ALL_FILTER } from '@qist/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { POSITION_PARAMS } from '@/components/data-table';
import { ORDER_STATUSES } from './order-status';

/** Sets or removes one parameter of the address and goes back to page 1. */
function useSetParam(): (name: string, value: string | null) => void {
  const [, setParams] = useSearchParams();
  return useCallback(
    (name, value) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (value === null) updated.delete(name);
        else updated.set(name, value);
        updated.delete('page');
        for (const key of POSITION_PARAMS) updated.delete(key);
        return updated;
      }),
    [setParams],
  );
}

export function useStatusParam(name = 'status'): [number, (status: number) => void] {
  const [params] = useSearchParams();
  const setParam = useSetParam();
  const raw = Number.parseInt(params.get(name) ?? '', 10);
  const status = (ORDER_STATUSES as readonly number[]).includes(raw) ? raw : ALL_FILTER;
  const setStatus = useCallback((next: number) => setParam(name, next === ALL_FILTER ? null : String(next)), [name, setParam]);
  return [status, setStatus];
}

/** Only the orders with a late instalment, as the dashboards' late cards open the list. */
export function useLateParam(): [boolean, (late: boolean) => void] {
  const [params] = useSearchParams();
  const setParam = useSetParam();
  const late = params.get('late') === 'true';
  const setLate = useCallback((next: boolean) => setParam('late', next ? 'true' : null), [setParam]);
  return [late, setLate];
}
