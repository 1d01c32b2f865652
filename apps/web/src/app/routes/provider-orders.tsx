// The supplier's order pages (part 1 §2) and a paid-out order's remittance advice, one chunk loaded
// inside the supplier panel with their strings (the 'orders' namespace).
import { RemittancePage } from '@/features/orders/components/remittance-page';
import { SupplierOrderPage, SupplierOrdersPage } from '@/features/orders/components/supplier-orders';
import { addNamespaceResources } from '@/i18n';
import { ordersEn } from '@/i18n/locales/orders-en';

addNamespaceResources('orders', ordersEn);

export { SupplierOrderPage as ProviderOrderPage, SupplierOrdersPage as ProviderOrdersPage, RemittancePage as ProviderRemittancePage };
