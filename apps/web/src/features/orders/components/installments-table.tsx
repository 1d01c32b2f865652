// "list of installments" of the admin and the bank (part 2 §2): #, Percent (rate × 100 %), Amount,
// status (a 'paid' badge once paid.at is set), Deadline (a full date, en-GB style) and See Order. Only
// page 1, with no pager. On a phone the table scrolls sideways.
import { Badge, Button, Text } from '@mantine/core';
import { type InstallmentListItem } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, ListPage, tableStateOf, type Column } from '@/components/data-table';
import { ExportButton } from '@/components/ui/export-button';
import { formatPercent } from '@/components/party/format';
import { paths } from '@/config/paths';
import { useInstallments, type InstallmentViewer } from '../api/get-installments';
import { formatDeadline, useLanguage } from '@/lib/order-format';
import { useFormatAmount } from '@/lib/amounts';

export function InstallmentsTable({ role }: { role: InstallmentViewer }) {
  const formatAmount = useFormatAmount();
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const query = useInstallments(role);

  const columns: Column<InstallmentListItem>[] = [
    { key: 'number', header: t('backoffice.number'), render: (_, index) => index + 1 },
    {
      key: 'percent',
      header: t('backoffice.percent'),
      render: (item) => <span dir="ltr">{formatPercent(item.rate)}</span>,
    },
    {
      key: 'amount',
      header: t('backoffice.amount'),
      render: (item) => (
        <Text component="span" style={{ whiteSpace: 'nowrap' }}>
          {formatAmount(item.amount)}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('backoffice.status'),
      render: (item) =>
        item.paid.at ? (
          <Badge color="green" variant="filled" tt="none">
            {t('backoffice.paid')}
          </Badge>
        ) : (
          <Badge color="gray" variant="light" tt="none">
            {t('backoffice.unpaid')}
          </Badge>
        ),
    },
    { key: 'deadline', header: t('backoffice.deadline'), render: (item) => formatDeadline(item.paid.deadline, language) },
    {
      key: 'actions',
      header: t('backoffice.actions'),
      render: (item, index) => (
        <Button
          component={Link}
          to={paths[role].order.getHref(item.order_id)}
          size="xs"
          variant="light"
          aria-label={t('backoffice.seeOrderOf', { number: index + 1 })}
        >
          {t('backoffice.seeOrder')}
        </Button>
      ),
    },
  ];

  return (
    <ListPage title={t('backoffice.installmentsTitle')} actions={<ExportButton path={`/api/v1/${role}/installment/export`} fileName="installments" />}>
      <DataTable
        caption={t('backoffice.installmentsTitle')}
        columns={columns}
        rows={query.data?.installments}
        rowKey={(item) => item._id}
        {...tableStateOf(query)}
        minWidth={640}
      />
    </ListPage>
  );
}
