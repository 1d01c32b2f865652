// The SME area (part 1 §2): verification and profile until the admin activates the SME (level 8),
// then profile, dashboard, suppliers and orders. The level comes from the SME's profile (refetched after
// every onboarding step) and /auth/me; the onboarding screens' English strings (the 'onboarding'
// namespace) come with this chunk, the Arabic ones are fetched when needed. The supplier, order and
// payment pages are a chunk of their own (./sme-orders; strings in 'orders'), loaded inside the panel.
import { isSmeActive, SME_LEVEL } from '@qist/domain';
import { IconBuildingStore, IconFileInvoice, IconLayoutDashboard, IconReceipt, IconShieldCheck, IconUserCircle } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { PanelShell, type PanelMenuItem } from '@/components/layouts/panel-shell';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { useSessionRefresh } from '@/features/auth/api/get-me';
import { logout } from '@/features/auth/api/logout';
import { usePartyLevel } from '@/features/onboarding/api/use-party-level';
import { ProfilePage } from '@/features/onboarding/components/profile-page';
import { VerificationPage } from '@/features/onboarding/components/verification-page';
import { addNamespaceResources } from '@/i18n';
import { onboardingEn } from '@/i18n/locales/onboarding-en';
import { ordersEn } from '@/i18n/locales/orders-en';

addNamespaceResources('onboarding', onboardingEn);
addNamespaceResources('orders', ordersEn);

// The supplier, order and payment pages: one chunk (./sme-orders), fetched with the first of them.
const loadOrderPages = () => import('./sme-orders');
const SuppliersPage = lazy(() => loadOrderPages().then((m) => ({ default: m.SmeSuppliersPage })));
const SupplierPage = lazy(() => loadOrderPages().then((m) => ({ default: m.SmeSupplierPage })));
const OrdersPage = lazy(() => loadOrderPages().then((m) => ({ default: m.SmeOrdersPage })));
const OrderPage = lazy(() => loadOrderPages().then((m) => ({ default: m.SmeOrderPage })));
const ReceiptPage = lazy(() => loadOrderPages().then((m) => ({ default: m.SmeReceiptPage })));
const PaymentResultPage = lazy(() => loadOrderPages().then((m) => ({ default: m.SmePaymentResultPage })));
const InvoicesPage = lazy(() => loadOrderPages().then((m) => ({ default: m.SmeInvoicesPage })));

// The dashboard: the dashboards' chunk (./dashboards, strings in 'dashboards'), charts loaded after it.
const DashboardPage = lazy(() => import('./dashboards').then((m) => ({ default: m.SmeDashboardPage })));

const P = paths.sme;

// The account page (password, two-step sign-in): its own chunk, shared by every panel.
const AccountPage = lazy(() => import('@/features/auth/components/account-page').then((m) => ({ default: m.AccountPage })));

export default function SmeArea() {
  const { t } = useTranslation();
  const { isPending, level } = usePartyLevel('sme', useSessionRefresh());
  const isActive = isSmeActive(level ?? SME_LEVEL.registered);

  const menu: PanelMenuItem[] = isActive
    ? [
        { href: P.profile.getHref(), label: t('panel.menu.profile'), icon: IconUserCircle },
        { href: P.dashboard.getHref(), label: t('panel.menu.dashboard'), icon: IconLayoutDashboard },
        { href: P.suppliers.getHref(), label: t('panel.menu.suppliers'), icon: IconBuildingStore },
        { href: P.orders.getHref(), label: t('panel.menu.orders'), icon: IconReceipt },
        { href: P.invoices.getHref(), label: t('panel.menu.invoices'), icon: IconFileInvoice },
      ]
    : [
        { href: P.verification.getHref(), label: t('panel.menu.verification'), icon: IconShieldCheck },
        { href: P.profile.getHref(), label: t('panel.menu.profile'), icon: IconUserCircle },
      ];

  return (
    <PanelShell role="sme" menu={menu} onLogout={logout}>
      {isPending ? (
        <PageLoader />
      ) : isActive ? (
        // the panel stays on screen while a page's chunk arrives
        <Suspense fallback={<PageLoader />}>
          <Routes>
            <Route path={P.profile.path} element={<ProfilePage role="sme" />} />
            <Route path={P.dashboard.path} element={<DashboardPage />} />
            <Route path={P.suppliers.path} element={<SuppliersPage />} />
            <Route path={P.supplier.path} element={<SupplierPage />} />
            <Route path={P.orders.path} element={<OrdersPage />} />
            <Route path={P.order.path} element={<OrderPage />} />
            <Route path={P.receipt.path} element={<ReceiptPage />} />
            <Route path={P.paymentResult.path} element={<PaymentResultPage />} />
            <Route path={P.invoices.path} element={<InvoicesPage />} />
            <Route path={P.account.path} element={<AccountPage />} />
            <Route path="*" element={<Navigate to={P.profile.getHref()} replace />} />
          </Routes>
        </Suspense>
      ) : (
        <Suspense fallback={<PageLoader />}>
          <Routes>
            <Route path={P.verification.path} element={<VerificationPage role="sme" />} />
            <Route path={P.profile.path} element={<ProfilePage role="sme" />} />
            <Route path={P.account.path} element={<AccountPage />} />
            <Route path="*" element={<Navigate to={P.verification.getHref()} replace />} />
          </Routes>
        </Suspense>
      )}
    </PanelShell>
  );
}
