// The back office's order and instalment pages (part 2 §2), one chunk shared by the admin, bank and
// insurance panels, with their strings (the 'orders' namespace). Each panel passes its role.
import { BackofficeOrderPage, BackofficeOrdersPage } from '@/features/orders/components/backoffice-orders';
import { InstallmentsTable } from '@/features/orders/components/installments-table';
import { PayoutApprovalsPage } from '@/features/orders/components/payout-approvals-page';
import { addNamespaceResources } from '@/i18n';
import { ordersEn } from '@/i18n/locales/orders-en';

addNamespaceResources('orders', ordersEn);

export { BackofficeOrderPage, BackofficeOrdersPage, InstallmentsTable as BackofficeInstallmentsPage, PayoutApprovalsPage };
