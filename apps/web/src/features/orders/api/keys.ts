// The query keys and list query of the order screens, shared by every role that lists or shows orders
// (the SME now; the supplier and back-office panels reuse them with their own role).
import { ALL_FILTER, type Role } from '@qist/domain';
import { PAGE_SIZE } from '@/components/data-table';

/** Whose order calls: '/api/v1/{role}/order/…'. */
export type OrderViewer = Role;

export const ordersKeys = {
  all: ['orders'] as const,
  lists: (role: OrderViewer) => ['orders', role, 'list'] as const,
  list: (role: OrderViewer, page: number, status: number) => ['orders', role, 'list', { page, status }] as const,
  detail: (role: OrderViewer, orderId: string) => ['orders', role, 'detail', orderId] as const,
};

/** '/api/v1/{role}/order/{path}' */
export function orderUrl(role: OrderViewer, path: string): string {
  return `/api/v1/${role}/order/${path}`;
}

/** Ten a page (part 1 §9); the status is left out for 'all' (-10), which the server takes as no filter. */
export function orderListSearch(page: number, status: number): string {
  const search = new URLSearchParams({ page: String(page), perPage: String(PAGE_SIZE) });
  if (status !== ALL_FILTER) search.set('status', String(status));
  return search.toString();
}
