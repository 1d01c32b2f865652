// The supplier area (part 1 §2): verification and profile until the admin verifies the supplier
// (level 5), then profile, dashboard and orders. The level comes from the supplier's profile (refetched
// after every onboarding step) and /auth/me; the onboarding screens' strings come with this chunk.
import { isProviderActive, PROVIDER_LEVEL } from '@qist/domain';
import { IconLayoutDashboard, IconReceipt, IconShieldCheck, IconUserCircle } from '@tabler/icons-react';
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

addNamespaceResources('onboarding', onboardingEn);

// The order pages: one chunk (./provider-orders, strings in 'orders'), fetched with the first of them.
const loadOrderPages = () => import('./provider-orders');
const OrdersPage = lazy(() => loadOrderPages().then((m) => ({ default: m.ProviderOrdersPage })));
const OrderPage = lazy(() => loadOrderPages().then((m) => ({ default: m.ProviderOrderPage })));
const RemittancePage = lazy(() => loadOrderPages().then((m) => ({ default: m.ProviderRemittancePage })));

// The dashboard: the dashboards' chunk (./dashboards, strings in 'dashboards'), charts loaded after it.
const DashboardPage = lazy(() => import('./dashboards').then((m) => ({ default: m.ProviderDashboardPage })));

const P = paths.provider;

// The account page (password, two-step sign-in): its own chunk, shared by every panel.
const AccountPage = lazy(() => import('@/features/auth/components/account-page').then((m) => ({ default: m.AccountPage })));

export default function ProviderArea() {
  const { t } = useTranslation();
  const { isPending, level } = usePartyLevel('provider', useSessionRefresh());
  const isActive = isProviderActive(level ?? PROVIDER_LEVEL.registered);

  const menu: PanelMenuItem[] = isActive
    ? [
        { href: P.profile.getHref(), label: t('panel.menu.profile'), icon: IconUserCircle },
        { href: P.dashboard.getHref(), label: t('panel.menu.dashboard'), icon: IconLayoutDashboard },
        { href: P.orders.getHref(), label: t('panel.menu.orders'), icon: IconReceipt },
      ]
    : [
        { href: P.verification.getHref(), label: t('panel.menu.verification'), icon: IconShieldCheck },
        { href: P.profile.getHref(), label: t('panel.menu.profile'), icon: IconUserCircle },
      ];

  return (
    <PanelShell role="provider" menu={menu} onLogout={logout}>
      {isPending ? (
        <PageLoader />
      ) : isActive ? (
        // the panel stays on screen while a page's chunk arrives
        <Suspense fallback={<PageLoader />}>
          <Routes>
            <Route path={P.profile.path} element={<ProfilePage role="provider" />} />
            <Route path={P.dashboard.path} element={<DashboardPage />} />
            <Route path={P.orders.path} element={<OrdersPage />} />
            <Route path={P.order.path} element={<OrderPage />} />
            <Route path={P.remittance.path} element={<RemittancePage />} />
            <Route path={P.account.path} element={<AccountPage />} />
            <Route path="*" element={<Navigate to={P.profile.getHref()} replace />} />
          </Routes>
        </Suspense>
      ) : (
        <Suspense fallback={<PageLoader />}>
          <Routes>
            <Route path={P.verification.path} element={<VerificationPage role="provider" />} />
            <Route path={P.profile.path} element={<ProfilePage role="provider" />} />
            <Route path={P.account.path} element={<AccountPage />} />
            <Route path="*" element={<Navigate to={P.verification.getHref()} replace />} />
          </Routes>
        </Suspense>
      )}
    </PanelShell>
  );
}
