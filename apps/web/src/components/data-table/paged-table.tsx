// A list page's table with its pager: the one every paged list (SMEs, suppliers, orders, …) uses.
import { Stack } from '@mantine/core';
import { DataTable, type DataTableProps } from './data-table';
import { PAGE_SIZE, Pager } from './pager';
import type { PageStep } from './use-page-param';

export interface PagedTableProps<T> extends DataTableProps<T> {
  count: number | undefined;
  page: number;
  onPageChange: (page: number) => void;
  perPage?: number;
  /** A keyset-paged list's First, Previous, Next and Last (see Pager). */
  onStep?: (step: PageStep) => void;
}

export function PagedTable<T>({ count, page, onPageChange, perPage = PAGE_SIZE, onStep, ...table }: PagedTableProps<T>) {
  return (
    <Stack gap="md">
      <DataTable {...table} />
      {count !== undefined && count > 0 && <Pager count={count} page={page} onChange={onPageChange} perPage={perPage} onStep={onStep} />}
    </Stack>
  );
}
