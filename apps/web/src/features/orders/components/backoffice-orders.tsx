// The back office's order pages, written once for admin, bank and insurance (part 2 §2): "list of
// order's" (SME, Supplier, Amount, Status, Actions, with the status filter) and the shared order detail
// with the role's extras — the Breakdown for admin and bank, the admin's Verify Invoice, the bank's Pay,
// and a payout request waiting for a second bank user for every back-office role.
// Insurance sees neither breakdown nor invoice.
import { canTakeAction, type Order } from '@qist/domain';
import { paths } from '@/config/paths';
import { OrderBreakdown } from './order-breakdown';
import { OrderPage } from './order-page';
import { OrdersList } from './orders-list';
import { PayOrderButton, PendingPayoutNotice, VerifyInvoiceButton } from './backoffice-order-actions';

export type BackofficeRole = 'admin' | 'bank' | 'insurance';

export function BackofficeOrdersPage({ role }: { role: BackofficeRole }) {
  return <OrdersList role={role} orderHref={paths[role].order.getHref} />;
}

export function BackofficeOrderPage({ role }: { role: BackofficeRole }) {
  const ordersHref = paths[role].orders.getHref();
  const renderActions = (order: Order) => {
    // nothing at all (not even an empty button row) when the role has no step to take
    if (role === 'admin' && canTakeAction('verifyInvoice', order.status, 'admin')) {
      return <VerifyInvoiceButton order={order} backHref={ordersHref} />;
    }
    if (role === 'bank' && canTakeAction('payByBank', order.status, 'bank')) {
      return <PayOrderButton order={order} backHref={ordersHref} />;
    }
    return null;
  };
  const renderSections = (order: Order) => (
    <>
      {order.pendingPayout && <PendingPayoutNotice pending={order.pendingPayout} />}
      {role !== 'insurance' && order.breakdown && <OrderBreakdown breakdown={order.breakdown} />}
    </>
  );
  return <OrderPage role={role} ordersHref={ordersHref} renderActions={renderActions} renderSections={renderSections} />;
}
