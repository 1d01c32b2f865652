// The supplier's order pages (part 1 §2, /provider/orders and /provider/order/{id}): its orders (SME,
// Amount, Status, Actions, with the status filter), and one order with Accept / Decline while it
// waits, its own figures (discount rate and what it will receive), the Upload invoice section while it
// is delivered, the invoice from uploadedInvoice on (the shared view shows it) and, once the bank paid
// it, the way to its remittance advice (/provider/order/{id}/remittance).
import { ORDER_STATUS, canTakeAction } from '@qist/domain';
import { paths } from '@/config/paths';
import { InvoiceUpload } from './invoice-upload';
import { OrderPage } from './order-page';
import { OrdersList } from './orders-list';
import { RemittanceAdviceLink } from './remittance-advice-link';
import { SupplierOrderActions } from './supplier-order-actions';
import { SupplierShare } from './supplier-share';

const P = paths.provider;

export function SupplierOrdersPage() {
  return <OrdersList role="provider" orderHref={P.order.getHref} />;
}

export function SupplierOrderPage() {
  return (
    <OrderPage
      role="provider"
      ordersHref={P.orders.getHref()}
      renderActions={(order) => {
        if (order.status === ORDER_STATUS.paidByBank) return <RemittanceAdviceLink orderId={order._id} />;
        return canTakeAction('accept', order.status, 'provider') || canTakeAction('decline', order.status, 'provider') ? (
          <SupplierOrderActions order={order} />
        ) : null;
      }}
      renderSections={(order) => (
        <>
          <SupplierShare order={order} />
          <InvoiceUpload order={order} />
        </>
      )}
    />
  );
}
