// The insurance area (part 2 §2): the SME list and profiles with the insurance company's decision, and
// the orders of the SMEs it granted credit to, and its dashboard.
import { IconLayoutDashboard, IconReceipt, IconUsers } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { PanelShell, type PanelMenuItem } from '@/components/layouts/panel-shell';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { logout } from '@/features/auth/api/logout';
import { useQueueCounts } from '@/features/backoffice/api/get-queue-counts';
import { SmeList } from '@/features/backoffice/components/lists/sme-list';
import { SmeProfilePage } from '@/features/backoffice/components/profile/sme-profile';
import { addNamespaceResources } from '@/i18n';
import { backofficeEn } from '@/i18n/locales/backoffice-en';

addNamespaceResources('backoffice', backofficeEn);

// The order and instalment pages: one chunk shared by the back-office panels (./backoffice-orders,
// strings in 'orders'), fetched with the first of them.
const loadOrderPages = () => import('./backoffice-orders');
const OrdersPage = lazy(() => loadOrderPages().then((m) => ({ default: m.BackofficeOrdersPage })));
const OrderPage = lazy(() => loadOrderPages().then((m) => ({ default: m.BackofficeOrderPage })));

// The dashboard: the dashboards' chunk (./dashboards, strings in 'dashboards'), charts loaded after it.
const DashboardPage = lazy(() => import('./dashboards').then((m) => ({ default: m.InsuranceDashboardPage })));

const P = paths.insurance;

// The account page (password, two-step sign-in): its own chunk, shared by every panel.
const AccountPage = lazy(() => import('@/features/auth/components/account-page').then((m) => ({ default: m.AccountPage })));

function ToSmeInfo() {
  const { id = '' } = useParams();
  return <Navigate to={P.smeInfo.getHref(id)} replace />;
}

export default function InsuranceArea() {
  const { t } = useTranslation();
  const counts = useQueueCounts('insurance').data;
  const menu: PanelMenuItem[] = [
    { href: P.dashboard.getHref(), label: t('panel.menu.dashboard'), icon: IconLayoutDashboard },
    { href: P.smes.getHref(), label: t('panel.menu.smes'), icon: IconUsers, count: counts?.smes },
    { href: P.orders.getHref(), label: t('panel.menu.orderList'), icon: IconReceipt },
  ];

  return (
    <PanelShell role="insurance" menu={menu} onLogout={logout}>
      {/* the panel stays on screen while a page's chunk arrives */}
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route path={P.dashboard.path} element={<DashboardPage />} />
          <Route path={P.smes.path} element={<SmeList role="insurance" />} />
          <Route path={P.sme.path} element={<ToSmeInfo />} />
          <Route path={P.smeInfo.path} element={<SmeProfilePage role="insurance" tab="info" />} />
          <Route path={P.smeDocuments.path} element={<SmeProfilePage role="insurance" tab="documents" />} />
          <Route path={P.orders.path} element={<OrdersPage role="insurance" />} />
          <Route path={P.order.path} element={<OrderPage role="insurance" />} />
          <Route path={P.account.path} element={<AccountPage />} />
          <Route path="*" element={<Navigate to={P.dashboard.getHref()} replace />} />
        </Routes>
      </Suspense>
    </PanelShell>
  );
}
