// "Order's" (part 1 §2): the counterpart (the supplier for an SME, the SME for a supplier, both for the
// back office), amount, status and a link to the order; ten a page with a status filter and a switch for
// the orders with a late instalment, both kept in the address. On a phone the rows become cards.
import { Anchor, Group, Stack, Switch, Text } from '@mantine/core';
import { ORDER_STATUS, type OrderListItem } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage, PagedTable, tableStateOf, useCursorPageParam, type Column } from '@/components/data-table';
import { ExportButton } from '@/components/ui/export-button';
import { useOrders } from '../api/get-orders';
import { orderExportPath, type OrderViewer } from '../api/keys';
import { FinishedBadge, ORDER_STATUSES, OrderStatusBadge } from './order-status';
import { StatusFilter } from './status-filter';
import { useLateParam, useStatusParam } from './use-status-param';
import { useFormatAmount } from '@/lib/amounts';

export type OrdersListProps = {
  role: OrderViewer;
  /** The detail page of an order in this role's area. */
  orderHref: (orderId: string) => string;
};

/**
 * A supplier's list holds the orders that reached it: from waiting on, and those declined or canceled
 * after (Canceled), never one still created.
 */
const SUPPLIER_STATUSES = ORDER_STATUSES.filter((status) => status !== ORDER_STATUS.created);

function Party({ party }: { party: OrderListItem['provider_id'] }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text fw={600} dir="auto" style={{ overflowWrap: 'anywhere' }}>
        {party.desc.title || party.auth_id.email}
      </Text>
      {party.desc.title && (
        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          <bdi dir="ltr">{party.auth_id.email}</bdi>
        </Text>
      )}
    </Stack>
  );
}

export function OrdersList({ role, orderHref }: OrdersListProps) {
  const formatAmount = useFormatAmount();
  const { t } = useTranslation('orders');
  // a supplier deals with the SME; everyone else names the supplier
  const counterpartName = (order: OrderListItem) => {
    const party = role === 'provider' ? order.sme_id : order.provider_id;
    return party.desc.title || party.auth_id.email;
  };
  // the back office's title is "list of order's" (part 2 §2)
  const isBackOffice = role !== 'sme' && role !== 'provider';
  const title = isBackOffice ? t('backoffice.ordersTitle') : t('list.title');
  // First, Previous, Next and Last step by keyset from the page on screen; the numbers jump by number
  const { page, position, setPage, step } = useCursorPageParam();
  const [status, setStatus] = useStatusParam();
  const [late, setLate] = useLateParam();
  const query = useOrders(role, page, { status, late }, position);

  const supplier: Column<OrderListItem> = {
    key: 'supplier',
    header: t('list.supplier'),
    render: (order) => <Party party={order.provider_id} />,
  };
  const sme: Column<OrderListItem> = { key: 'sme', header: t('list.sme'), render: (order) => <Party party={order.sme_id} /> };
  const columns: Column<OrderListItem>[] = [
    ...(role === 'sme' ? [supplier] : role === 'provider' ? [sme] : [sme, supplier]),
    {
      key: 'amount',
      header: t('list.amount'),
      render: (order) => (
        <Text component="span" style={{ whiteSpace: 'nowrap' }}>
          {formatAmount(order.amount)}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('list.status'),
      render: (order) => (
        <Group gap={6} wrap="wrap">
          <OrderStatusBadge status={order.status} />
          {order.paid && <FinishedBadge />}
        </Group>
      ),
    },
    {
      key: 'actions',
      header: t('list.actions'),
      render: (order) => (
        <Anchor
          component={Link}
          to={orderHref(order._id)}
          aria-label={t('list.showOrder', { name: counterpartName(order), amount: formatAmount(order.amount) })}
        >
          {t('list.show')}
        </Anchor>
      ),
    },
  ];

  return (
    <ListPage
      title={title}
      filter={
        <>
          <StatusFilter value={status} onChange={setStatus} statuses={role === 'provider' ? SUPPLIER_STATUSES : undefined} />
          <Switch
            label={t('list.lateOnly')}
            checked={late}
            onChange={(event) => setLate(event.currentTarget.checked)}
            color="red"
            mb={8}
          />
        </>
      }
      actions={isBackOffice && <ExportButton path={orderExportPath(role, { status, late })} fileName="orders" />}
    >
      <PagedTable
        caption={title}
        columns={columns}
        rows={query.data?.orders}
        rowKey={(order) => order._id}
        count={query.data?.count}
        page={page}
        onPageChange={setPage}
        onStep={(which) => step(which, query.data)}
        {...tableStateOf(query)}
        minWidth={isBackOffice ? 680 : 520}
      />
    </ListPage>
  );
}
