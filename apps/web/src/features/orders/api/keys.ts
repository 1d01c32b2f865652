// The query keys and list query of the order screens, shared by every role that lists or shows orders
// (the SME now; the supplier and back-office panels reuse them with their own role).
import { ALL_FILTER, type Role } from '@qist/domain';
import { PAGE_SIZE, positionSearchParams, type PagePosition } from '@/components/data-table';

/** Whose order calls: '/api/v1/{role}/order/…'. */
export type OrderViewer = Role;

export const ordersKeys = {
  all: ['orders'] as const,
  lists: (role: OrderViewer) => ['orders', role, 'list'] as const,
  list: (role: OrderViewer, page: number, filter: OrderFilter, position: PagePosition = {}) => ['orders', role, 'list', { page, ...filter, ...position }] as const,
  detail: (role: OrderViewer, orderId: string) => ['orders', role, 'detail', orderId] as const,
  /** The SME's receipt of an instalment (its number in paying order, from 1). */
  receipt: (orderId: string, installment: number) => ['orders', 'sme', 'receipt', orderId, installment] as const,
  /** The supplier's remittance advice of a paid-out order. */
  remittance: (orderId: string) => ['orders', 'provider', 'remittance', orderId] as const,
};

/** '/api/v1/{role}/order/{path}' */
export function orderUrl(role: OrderViewer, path: string): string {
  return `/api/v1/${role}/order/${path}`;
}

/** What an order list shows: one status or all (-10), and whether only orders with a late instalment. */
export type OrderFilter = { status: number; late: boolean };

/** The filter as the API reads it: the status is left out for 'all', `late` is sent only when on. */
function filterParams({ status, late }: OrderFilter): [string, string][] {
  return [...(status !== ALL_FILTER ? [['status', String(status)] as [string, string]] : []), ...(late ? [['late', 'true'] as [string, string]] : [])];
}

/** How the page is read beside its number: after or before a row, or the last (ADR 0027). */
/** Ten a page (part 1 §9), with the filter. */
export function orderListSearch(page: number, filter: OrderFilter, position: PagePosition = {}): string {
  return new URLSearchParams([['page', String(page)], ['perPage', String(PAGE_SIZE)], ...filterParams(filter), ...positionSearchParams(position)]).toString();
}

/** The CSV of the back office's order list, with the list's filter. */
export function orderExportPath(role: OrderViewer, filter: OrderFilter): string {
  const search = new URLSearchParams(filterParams(filter)).toString();
  return search ? `${orderUrl(role, 'export')}?${search}` : orderUrl(role, 'export');
}
