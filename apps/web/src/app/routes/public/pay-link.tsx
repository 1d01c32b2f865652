// The payment link pages /pay-order and /pay-instalment (part 1 §2): the payments feature's page with
// the link sign-in form for an SME. Their strings (the 'orders' namespace) come with this chunk.
import { PayLinkPage } from '@/features/payments/components/pay-link-page';
import { addNamespaceResources } from '@/i18n';
import { ordersEn } from '@/i18n/locales/orders-en';
import { LinkSignInForm } from './link-sign-in';

addNamespaceResources('orders', ordersEn);

export function PayOrderPage() {
  return <PayLinkPage kind="init" signInForm={<LinkSignInForm role="sme" />} />;
}

export function PayInstalmentPage() {
  return <PayLinkPage kind="installment" signInForm={<LinkSignInForm role="sme" />} />;
}
