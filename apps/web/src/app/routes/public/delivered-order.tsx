// The delivery link page /delivered-order (part 1 §2): the orders feature's page with the link sign-in
// form for a supplier. Its strings (the 'orders' namespace) come with this chunk.
import { DeliveredOrderPage as DeliveredOrder } from '@/features/orders/components/delivered-order-page';
import { addNamespaceResources } from '@/i18n';
import { ordersEn } from '@/i18n/locales/orders-en';
import { LinkSignInForm } from './link-sign-in';

addNamespaceResources('orders', ordersEn);

export function DeliveredOrderPage() {
  return <DeliveredOrder signInForm={<LinkSignInForm role="provider" />} />;
}
