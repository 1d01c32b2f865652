// The route tree. Each area is its own chunk (React.lazy), so the public pages never load panel code;
// the role guard is in the main chunk, so an unauthorised visit does not load the panel either, nor
// does an address no panel page has (KnownPanelPath: the not-found screen).
// React Router runs in its declarative mode (<BrowserRouter>, useRoutes): the app loads no data
// through the router, and the data router's code would be about a tenth of the landing page's
// JavaScript. Root brings the two data-mode features the app used: scroll restoration and an error
// page for a route that fails to render.
import { lazy, useState } from 'react';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { RoleGuard } from '@/features/auth/components/role-guard';
import { lazyWithQueries } from '@/lib/lazy-with-queries';
import { KnownPanelPath } from './known-panel-path';
import { Root, RouteErrorBoundary } from './root';

// The public area fetches only on /pre-register, which brings TanStack Query itself.
const PublicArea = lazy(() => import('./routes/public'));
// Sign-in is a first screen (app/mantine-critical.css covers it): it does not wait for all the styles,
// nor for TanStack Query (the sign-up page brings it: see ./routes/auth).
const AuthArea = lazy(() => import('./routes/auth'));
const SmeArea = lazyWithQueries(() => import('./routes/sme'));
const ProviderArea = lazyWithQueries(() => import('./routes/provider'));
const AdminArea = lazyWithQueries(() => import('./routes/admin'));
const BankArea = lazyWithQueries(() => import('./routes/bank'));
const InsuranceArea = lazyWithQueries(() => import('./routes/insurance'));
// Two-step sign-in set-up: in no area (a role that needs it reaches no area before it is done).
const MfaSetupPage = lazyWithQueries(() => import('./routes/mfa-setup'));
// The sandbox payment gateway's page: public, in no area.
const GatewayArea = lazyWithQueries(() => import('./routes/gateway'));

export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: (
        <RouteErrorBoundary>
          <Root />
        </RouteErrorBoundary>
      ),
      children: [
        { path: paths.auth.area.path, element: <AuthArea /> },
        {
          path: paths.sme.area.path,
          element: (
            <RoleGuard role="sme">
              <KnownPanelPath role="sme">
                <SmeArea />
              </KnownPanelPath>
            </RoleGuard>
          ),
        },
        {
          path: paths.provider.area.path,
          element: (
            <RoleGuard role="provider">
              <KnownPanelPath role="provider">
                <ProviderArea />
              </KnownPanelPath>
            </RoleGuard>
          ),
        },
        {
          path: paths.admin.area.path,
          element: (
            <RoleGuard role="admin">
              <KnownPanelPath role="admin">
                <AdminArea />
              </KnownPanelPath>
            </RoleGuard>
          ),
        },
        {
          path: paths.bank.area.path,
          element: (
            <RoleGuard role="bank">
              <KnownPanelPath role="bank">
                <BankArea />
              </KnownPanelPath>
            </RoleGuard>
          ),
        },
        {
          path: paths.insurance.area.path,
          element: (
            <RoleGuard role="insurance">
              <KnownPanelPath role="insurance">
                <InsuranceArea />
              </KnownPanelPath>
            </RoleGuard>
          ),
        },
        { path: paths.gateway.sandbox.path, element: <GatewayArea /> },
        { path: paths.mfaSetup.path, element: <MfaSetupPage /> },
        { path: paths.public.area.path, element: <PublicArea /> },
      ],
    },
  ];
}

/** The route tree, inside whichever router the caller provides (the browser's, or a test's). */
export function AppRoutes() {
  const [routes] = useState(createAppRoutes);
  return useRoutes(routes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
