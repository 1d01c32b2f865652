// The query keys of the back office, in one place, so mutations invalidate exactly what they change.
import { ALL_FILTER, type BackOfficeRole } from '@qist/domain';
import { PAGE_SIZE, positionSearchParams, type PagePosition } from '@/components/data-table';

export const backofficeKeys = {
  all: ['backoffice'] as const,
  smes: (role: BackOfficeRole) => ['backoffice', role, 'smes'] as const,
  smeList: (role: BackOfficeRole, page: number, level: number, position: PagePosition = {}) => ['backoffice', role, 'smes', 'list', { page, level, ...position }] as const,
  sme: (role: BackOfficeRole, id: string) => ['backoffice', role, 'smes', 'detail', id] as const,
  smeLogs: (role: BackOfficeRole, id: string) => ['backoffice', role, 'smes', 'logs', id] as const,
  providers: () => ['backoffice', 'admin', 'providers'] as const,
  providerList: (page: number, level: number, position: PagePosition = {}) => ['backoffice', 'admin', 'providers', 'list', { page, level, ...position }] as const,
  provider: (id: string) => ['backoffice', 'admin', 'providers', 'detail', id] as const,
  providerLogs: (id: string) => ['backoffice', 'admin', 'providers', 'logs', id] as const,
  categories: () => ['backoffice', 'settings', 'categories'] as const,
  shareRate: () => ['backoffice', 'settings', 'share-rate'] as const,
  insuranceOrder: () => ['backoffice', 'settings', 'insurance-order'] as const,
  signupCodes: () => ['backoffice', 'settings', 'signup-codes'] as const,
  outbox: (page: number) => ['backoffice', 'outbox', page] as const,
  users: () => ['backoffice', 'users'] as const,
  userList: (page: number) => ['backoffice', 'users', page] as const,
  auditEvents: (filter: Record<string, string>, page: number) => ['backoffice', 'audit', { ...filter, page }] as const,
  reconciliation: (date: string) => ['backoffice', 'reconciliation', date] as const,
  refunds: () => ['backoffice', 'payments', 'refunds'] as const,
  refundList: (status: string, page: number) => ['backoffice', 'payments', 'refunds', { status, page }] as const,
  anomalyList: (page: number) => ['backoffice', 'payments', 'anomalies', page] as const,
};

/**
 * The list query of SMEs and suppliers (part 2 §7): ten a page, newest first, level omitted for 'all',
 * and the page's keyset position when it is read by cursor (ADR 0031).
 */
export function partyListSearch(page: number, level: number, position: PagePosition = {}): string {
  const search = new URLSearchParams({ page: String(page), perPage: String(PAGE_SIZE), sortBy: 'createdAt', order: 'desc' });
  if (level !== ALL_FILTER) search.set('level', String(level));
  for (const [key, value] of positionSearchParams(position)) search.set(key, value);
  return search.toString();
}
