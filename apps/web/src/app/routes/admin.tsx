// The admin area (part 2 §2). Routes, menu and redirects are final; pages not built yet are placeholders.
import {
  IconBuildingStore,
  IconCalendarDollar,
  IconLayoutDashboard,
  IconReceipt,
  IconSettings,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { PanelShell, type PanelMenuItem } from '@/components/layouts/panel-shell';
import { PlaceholderPage } from '@/components/ui/placeholder-page';
import { paths } from '@/config/paths';
import { logout } from '@/features/auth/api/logout';
import { PreregistrationsTable } from '@/features/preregistration/components/preregistrations-table';

const P = paths.admin;

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
  const menu: PanelMenuItem[] = [
    { href: P.dashboard.getHref(), label: t('panel.menu.dashboard'), icon: IconLayoutDashboard },
    { href: P.preRegistered.getHref(), label: t('panel.menu.preRegistered'), icon: IconUserPlus },
    { href: P.smes.getHref(), label: t('panel.menu.smes'), icon: IconUsers },
    { href: P.suppliers.getHref(), label: t('panel.menu.supplierList'), icon: IconBuildingStore },
    { href: P.orders.getHref(), label: t('panel.menu.orderList'), icon: IconReceipt },
    { href: P.installments.getHref(), label: t('panel.menu.installments'), icon: IconCalendarDollar },
    { href: P.settings.getHref(), label: t('panel.menu.settings'), icon: IconSettings },
  ];

  return (
    <PanelShell role="admin" menu={menu} onLogout={logout}>
      <Routes>
        <Route path={P.dashboard.path} element={<PlaceholderPage page="dashboard" />} />
        <Route path={P.preRegistered.path} element={<PreregistrationsTable />} />
        <Route path={P.smes.path} element={<PlaceholderPage page="smeList" />} />
        <Route path={P.sme.path} element={<ToSmeInfo />} />
        <Route path={P.smeInfo.path} element={<PlaceholderPage page="smeInfo" />} />
        <Route path={P.smeDocuments.path} element={<PlaceholderPage page="smeDocuments" />} />
        <Route path={P.smeTimeline.path} element={<PlaceholderPage page="smeTimeline" />} />
        <Route path={P.suppliers.path} element={<PlaceholderPage page="supplierList" />} />
        <Route path={P.supplier.path} element={<ToSupplierInfo />} />
        <Route path={P.supplierInfo.path} element={<PlaceholderPage page="supplierInfo" />} />
        <Route path={P.supplierDocuments.path} element={<PlaceholderPage page="supplierDocuments" />} />
        <Route path={P.supplierTimeline.path} element={<PlaceholderPage page="supplierTimeline" />} />
        <Route path={P.orders.path} element={<PlaceholderPage page="orderList" />} />
        <Route path={P.order.path} element={<PlaceholderPage page="order" />} />
        <Route path={P.installments.path} element={<PlaceholderPage page="installments" />} />
        <Route path={P.settings.path} element={<PlaceholderPage page="settings" />} />
        <Route path="*" element={<Navigate to={P.dashboard.getHref()} replace />} />
      </Routes>
    </PanelShell>
  );
}
