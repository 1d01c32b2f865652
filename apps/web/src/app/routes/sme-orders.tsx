// The SME's supplier, order and payment pages (part 1 §2), one chunk loaded inside the SME panel. Here
// the features meet: the order page shows the payment buttons (payments) beside the Cancel button
// (orders), and a paid instalment links to its receipt.
import { paths } from '@/config/paths';
import { CancelOrderButton } from '@/features/orders/components/cancel-order-button';
import { OrderPage } from '@/features/orders/components/order-page';
import { InvoicesPage } from '@/features/orders/components/invoices-page';
import { OrdersList } from '@/features/orders/components/orders-list';
import { ReceiptPage } from '@/features/orders/components/receipt-page';
import { PayOrderButtons } from '@/features/payments/components/pay-order-buttons';
import { PaymentResultPage } from '@/features/payments/components/payment-result-page';
import { SupplierPage } from '@/features/suppliers/components/supplier-page';
import { SuppliersPage } from '@/features/suppliers/components/suppliers-page';

const P = paths.sme;

export { PaymentResultPage as SmePaymentResultPage, ReceiptPage as SmeReceiptPage, SupplierPage as SmeSupplierPage, SuppliersPage as SmeSuppliersPage };

export function SmeInvoicesPage() {
  return <InvoicesPage orderHref={P.order.getHref} />;
}

export function SmeOrdersPage() {
  return <OrdersList role="sme" orderHref={P.order.getHref} />;
}

export function SmeOrderPage() {
  return (
    <OrderPage
      role="sme"
      ordersHref={P.orders.getHref()}
      receiptHref={P.receipt.getHref}
      renderActions={(order) => (
        <>
          <PayOrderButtons order={order} />
          <CancelOrderButton order={order} />
        </>
      )}
    />
  );
}
