// The bank area (part 2 §2): the SME list and profiles with the bank's decision. Dashboard, orders and
// installments are placeholders until their part is built.
import { IconCalendarDollar, IconLayoutDashboard, IconReceipt, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { PanelShell, type PanelMenuItem } from '@/components/layouts/panel-shell';
import { PlaceholderPage } from '@/components/ui/placeholder-page';
import { paths } from '@/config/paths';
import { logout } from '@/features/auth/api/logout';
import { SmeList } from '@/features/backoffice/components/lists/sme-list';
import { SmeProfilePage } from '@/features/backoffice/components/profile/sme-profile';
import { addNamespaceResources } from '@/i18n';
import { backofficeEn } from '@/i18n/locales/backoffice-en';

addNamespaceResources('backoffice', backofficeEn);

const P = paths.bank;

function ToSmeInfo() {
  const { id = '' } = useParams();
  return <Navigate to={P.smeInfo.getHref(id)} replace />;
}

export default function BankArea() {
  const { t } = useTranslation();
  const menu: PanelMenuItem[] = [
    { href: P.dashboard.getHref(), label: t('panel.menu.dashboard'), icon: IconLayoutDashboard },
    { href: P.smes.getHref(), label: t('panel.menu.smes'), icon: IconUsers },
    { href: P.orders.getHref(), label: t('panel.menu.orderList'), icon: IconReceipt },
    { href: P.installments.getHref(), label: t('panel.menu.installments'), icon: IconCalendarDollar },
  ];

  return (
    <PanelShell role="bank" menu={menu} onLogout={logout}>
      <Routes>
        <Route path={P.dashboard.path} element={<PlaceholderPage page="dashboard" />} />
        <Route path={P.smes.path} element={<SmeList role="bank" />} />
        <Route path={P.sme.path} element={<ToSmeInfo />} />
        <Route path={P.smeInfo.path} element={<SmeProfilePage role="bank" tab="info" />} />
        <Route path={P.smeDocuments.path} element={<SmeProfilePage role="bank" tab="documents" />} />
        <Route path={P.orders.path} element={<PlaceholderPage page="orderList" />} />
        <Route path={P.order.path} element={<PlaceholderPage page="order" />} />
        <Route path={P.installments.path} element={<PlaceholderPage page="installments" />} />
        <Route path="*" element={<Navigate to={P.dashboard.getHref()} replace />} />
      </Routes>
    </PanelShell>
  );
}
