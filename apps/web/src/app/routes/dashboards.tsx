// The five dashboards (DESIGN.md §7), one chunk loaded by each panel with its Dashboard page, with their
// strings ('dashboards', and 'orders' for the status names). The charts are a further chunk, fetched
// after the figures.
import { AdminDashboardPage } from '@/features/dashboards/components/admin-dashboard';
import { BankDashboardPage } from '@/features/dashboards/components/bank-dashboard';
import { InsuranceDashboardPage } from '@/features/dashboards/components/insurance-dashboard';
import { ProviderDashboardPage } from '@/features/dashboards/components/provider-dashboard';
import { SmeDashboardPage } from '@/features/dashboards/components/sme-dashboard';
import { addNamespaceResources } from '@/i18n';
import { dashboardsEn } from '@/i18n/locales/dashboards-en';
import { ordersEn } from '@/i18n/locales/orders-en';

addNamespaceResources('dashboards', dashboardsEn);
addNamespaceResources('orders', ordersEn);

export { AdminDashboardPage, BankDashboardPage, InsuranceDashboardPage, ProviderDashboardPage, SmeDashboardPage };
