// GET /api/v1/{role}/dashboard (DESIGN.md §7): each role's figures, checked against its schema in
// @qist/domain. The page shows a failure itself (with Retry), so no toast.
import {
  adminDashboardResponse,
  bankDashboardResponse,
  insuranceDashboardResponse,
  providerDashboardResponse,
  smeDashboardResponse,
  type AdminDashboard,
  type BankDashboard,
  type InsuranceDashboard,
  type ProviderDashboard,
  type SmeDashboard,
} from '@qist/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';

const SCHEMAS: Record<DashboardRole, z.ZodType> = {
  sme: smeDashboardResponse.shape.content,
  provider: providerDashboardResponse.shape.content,
  admin: adminDashboardResponse.shape.content,
  bank: bankDashboardResponse.shape.content,
  insurance: insuranceDashboardResponse.shape.content,
};

type Dashboards = {
  sme: SmeDashboard;
  provider: ProviderDashboard;
  admin: AdminDashboard;
  bank: BankDashboard;
  insurance: InsuranceDashboard;
};

export type DashboardRole = keyof Dashboards;
export type DashboardOf<R extends DashboardRole> = Dashboards[R];

export const dashboardKeys = {
  all: ['dashboard'] as const,
  role: (role: DashboardRole) => ['dashboard', role] as const,
};

export function dashboardUrl(role: DashboardRole): string {
  return `/api/v1/${role}/dashboard`;
}

export function getDashboard<R extends DashboardRole>(role: R): Promise<DashboardOf<R>> {
  return api.get(dashboardUrl(role), SCHEMAS[role] as unknown as z.ZodType<DashboardOf<R>>, { notifyOnError: false });
}

export function getDashboardQueryOptions<R extends DashboardRole>(role: R) {
  return queryOptions({
    queryKey: dashboardKeys.role(role),
    queryFn: () => getDashboard(role),
    // orders move on elsewhere (payments, the supplier, the back office): fetch again on every visit
    staleTime: 0,
  });
}

export function useDashboard<R extends DashboardRole>(role: R) {
  return useQuery(getDashboardQueryOptions(role));
}
