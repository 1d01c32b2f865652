// The insurance area (part 2 §2). Pages are placeholders for now; routes, menu and redirects are final.
import { IconLayoutDashboard, IconReceipt, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { PanelShell, type PanelMenuItem } from '@/components/layouts/panel-shell';
import { PlaceholderPage } from '@/components/ui/placeholder-page';
import { paths } from '@/config/paths';
import { logout } from '@/features/auth/api/logout';

const P = paths.insurance;

function ToSmeInfo() {
  const { id = '' } = useParams();
  return <Navigate to={P.smeInfo.getHref(id)} replace />;
}

export default function InsuranceArea() {
  const { t } = useTranslation();
  const menu: PanelMenuItem[] = [
    { href: P.dashboard.getHref(), label: t('panel.menu.dashboard'), icon: IconLayoutDashboard },
    { href: P.smes.getHref(), label: t('panel.menu.smes'), icon: IconUsers },
    { href: P.orders.getHref(), label: t('panel.menu.orderList'), icon: IconReceipt },
  ];

  return (
    <PanelShell role="insurance" menu={menu} onLogout={logout}>
      <Routes>
        <Route path={P.dashboard.path} element={<PlaceholderPage page="dashboard" />} />
        <Route path={P.smes.path} element={<PlaceholderPage page="smeList" />} />
        <Route path={P.sme.path} element={<ToSmeInfo />} />
        <Route path={P.smeInfo.path} element={<PlaceholderPage page="smeInfo" />} />
        <Route path={P.smeDocuments.path} element={<PlaceholderPage page="smeDocuments" />} />
        <Route path={P.orders.path} element={<PlaceholderPage page="orderList" />} />
        <Route path={P.order.path} element={<PlaceholderPage page="order" />} />
        <Route path="*" element={<Navigate to={P.dashboard.getHref()} replace />} />
      </Routes>
    </PanelShell>
  );
}
