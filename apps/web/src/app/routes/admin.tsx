// The admin area (part 2 §2): lists, profiles and decisions on SMEs and suppliers, settings, the
// back-office users, the demo outbox, the audit trail, payments' aftermath (refunds and anomalies), the daily
// reconciliation, and the order and instalment pages (a chunk shared with the bank and insurance panels).
import {
  IconBuildingStore,
  IconCalendarDollar,
  IconHistory,
  IconLayoutDashboard,
  IconMailbox,
  IconReceipt,
  IconReceiptRefund,
  IconScale,
  IconSettings,
  IconUserCog,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { PanelShell, type PanelMenuItem } from '@/components/layouts/panel-shell';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { logout } from '@/features/auth/api/logout';
import { useQueueCounts } from '@/features/backoffice/api/get-queue-counts';
import { SmeList } from '@/features/backoffice/components/lists/sme-list';
import { SupplierList } from '@/features/backoffice/components/lists/supplier-list';
import { AuditPage } from '@/features/backoffice/components/audit/audit-page';
import { OutboxTable } from '@/features/backoffice/components/outbox/outbox-table';
import { SmeProfilePage } from '@/features/backoffice/components/profile/sme-profile';
import { SupplierProfilePage } from '@/features/backoffice/components/profile/supplier-profile';
import { SettingsPage } from '@/features/backoffice/components/settings/settings-page';
import { UsersPage } from '@/features/backoffice/components/users/users-page';
import { PreregistrationsTable } from '@/features/preregistration/components/preregistrations-table';
import { addNamespaceResources } from '@/i18n';
import { backofficeEn } from '@/i18n/locales/backoffice-en';

addNamespaceResources('backoffice', backofficeEn);

// The order and instalment pages: one chunk shared by the back-office panels (./backoffice-orders,
// strings in 'orders'), fetched with the first of them.
const loadOrderPages = () => import('./backoffice-orders');
const OrdersPage = lazy(() => loadOrderPages().then((m) => ({ default: m.BackofficeOrdersPage })));
const OrderPage = lazy(() => loadOrderPages().then((m) => ({ default: m.BackofficeOrderPage })));
const InstallmentsPage = lazy(() => loadOrderPages().then((m) => ({ default: m.BackofficeInstallmentsPage })));

// Payments (refunds and anomalies): a chunk of its own, fetched when the admin opens it.
const PaymentsPage = lazy(() => import('@/features/backoffice/components/payments/payments-page').then((m) => ({ default: m.PaymentsPage })));

// The dashboard: the dashboards' chunk (./dashboards, strings in 'dashboards'), charts loaded after it.
const DashboardPage = lazy(() => import('./dashboards').then((m) => ({ default: m.AdminDashboardPage })));

// The reconciliation: its own chunk (finance opens it daily, others rarely).
const ReconciliationPage = lazy(() =>
  import('@/features/backoffice/components/reconciliation/reconciliation-page').then((m) => ({ default: m.ReconciliationPage })),
);

const P = paths.admin;

// The account page (password, two-step sign-in): its own chunk, shared by every panel.
const AccountPage = lazy(() => import('@/features/auth/components/account-page').then((m) => ({ default: m.AccountPage })));

function ToSmeInfo() {
  const { id = '' } = useParams();
  return <Navigate to={P.smeInfo.getHref(id)} replace />;
}

function ToSupplierInfo() {
  const { id = '' } = useParams();
  return <Navigate to={P.supplierInfo.getHref(id)} replace />;
}

export default function AdminArea() {
  const { t } = useTranslation();
  const { t: tb } = useTranslation('backoffice');
  const counts = useQueueCounts('admin').data;
  const menu: PanelMenuItem[] = [
    { href: P.dashboard.getHref(), label: t('panel.menu.dashboard'), icon: IconLayoutDashboard },
    { href: P.preRegistered.getHref(), label: t('panel.menu.preRegistered'), icon: IconUserPlus },
    { href: P.smes.getHref(), label: t('panel.menu.smes'), icon: IconUsers, count: counts?.smes },
    { href: P.suppliers.getHref(), label: t('panel.menu.supplierList'), icon: IconBuildingStore, count: counts?.providers },
    { href: P.orders.getHref(), label: t('panel.menu.orderList'), icon: IconReceipt, count: counts?.invoices },
    { href: P.installments.getHref(), label: t('panel.menu.installments'), icon: IconCalendarDollar },
    { href: P.payments.getHref(), label: tb('payments.menu'), icon: IconReceiptRefund },
    { href: P.settings.getHref(), label: t('panel.menu.settings'), icon: IconSettings },
    { href: P.users.getHref(), label: tb('users.menu'), icon: IconUserCog },
    { href: P.outbox.getHref(), label: tb('outbox.menu'), icon: IconMailbox },
    { href: P.reconciliation.getHref(), label: tb('reconciliation.menu'), icon: IconScale },
    { href: P.audit.getHref(), label: tb('audit.menu'), icon: IconHistory },
  ];

  return (
    <PanelShell role="admin" menu={menu} onLogout={logout}>
      {/* the panel stays on screen while a page's chunk arrives */}
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route path={P.dashboard.path} element={<DashboardPage />} />
          <Route path={P.preRegistered.path} element={<PreregistrationsTable />} />
          <Route path={P.smes.path} element={<SmeList role="admin" />} />
          <Route path={P.sme.path} element={<ToSmeInfo />} />
          <Route path={P.smeInfo.path} element={<SmeProfilePage role="admin" tab="info" />} />
          <Route path={P.smeDocuments.path} element={<SmeProfilePage role="admin" tab="documents" />} />
          <Route path={P.smeTimeline.path} element={<SmeProfilePage role="admin" tab="timeline" />} />
          <Route path={P.suppliers.path} element={<SupplierList />} />
          <Route path={P.supplier.path} element={<ToSupplierInfo />} />
          <Route path={P.supplierInfo.path} element={<SupplierProfilePage tab="info" />} />
          <Route path={P.supplierDocuments.path} element={<SupplierProfilePage tab="documents" />} />
          <Route path={P.supplierTimeline.path} element={<SupplierProfilePage tab="timeline" />} />
          <Route path={P.orders.path} element={<OrdersPage role="admin" />} />
          <Route path={P.order.path} element={<OrderPage role="admin" />} />
          <Route path={P.installments.path} element={<InstallmentsPage role="admin" />} />
          <Route path={P.settings.path} element={<SettingsPage />} />
          <Route path={P.outbox.path} element={<OutboxTable />} />
          <Route path={P.users.path} element={<UsersPage />} />
          <Route path={P.audit.path} element={<AuditPage />} />
          <Route path={P.payments.path} element={<PaymentsPage />} />
          <Route path={P.reconciliation.path} element={<ReconciliationPage />} />
          <Route path={P.account.path} element={<AccountPage />} />
          <Route path="*" element={<Navigate to={P.dashboard.getHref()} replace />} />
        </Routes>
      </Suspense>
    </PanelShell>
  );
}
