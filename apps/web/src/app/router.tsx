// The route tree. Each area is its own chunk (React.lazy), so the public pages never load panel code;
// the role guard is in the main chunk, so an unauthorised visit does not load the panel either.
import { lazy, useState } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { paths } from '@/config/paths';
import { RoleGuard } from '@/features/auth/components/role-guard';
import { Root, RouteError } from './root';

const PublicArea = lazy(() => import('./routes/public'));
const AuthArea = lazy(() => import('./routes/auth'));
const SmeArea = lazy(() => import('./routes/sme'));
const ProviderArea = lazy(() => import('./routes/provider'));
const AdminArea = lazy(() => import('./routes/admin'));
const BankArea = lazy(() => import('./routes/bank'));
const InsuranceArea = lazy(() => import('./routes/insurance'));

export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <Root />,
      errorElement: <RouteError />,
      children: [
        { path: paths.auth.area.path, element: <AuthArea /> },
        {
          path: paths.sme.area.path,
          element: (
            <RoleGuard role="sme">
              <SmeArea />
            </RoleGuard>
          ),
        },
        {
          path: paths.provider.area.path,
          element: (
            <RoleGuard role="provider">
              <ProviderArea />
            </RoleGuard>
          ),
        },
        {
          path: paths.admin.area.path,
          element: (
            <RoleGuard role="admin">
              <AdminArea />
            </RoleGuard>
          ),
        },
        {
          path: paths.bank.area.path,
          element: (
            <RoleGuard role="bank">
              <BankArea />
            </RoleGuard>
          ),
        },
        {
          path: paths.insurance.area.path,
          element: (
            <RoleGuard role="insurance">
              <InsuranceArea />
            </RoleGuard>
          ),
        },
        { path: paths.public.area.path, element: <PublicArea /> },
      ],
    },
  ];
}

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(createAppRoutes()));
  return <RouterProvider router={router} />;
}
