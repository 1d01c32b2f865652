// "list of installments" of the admin and the bank (part 2 §2): #, Percent (rate × 100 %), Amount,
// status (a 'paid' badge once paid.at is set), Deadline (a full date, en-GB style) and See Order; ten a
// page, with the order lists' pager (First, Previous, Next and Last step by keyset, ADR 0031). On a
// phone the table scrolls sideways.
import { Badge, Button, Text } from '@mantine/core';
import { type InstallmentListItem } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage, PAGE_SIZE, PagedTable, tableStateOf, useCursorPageParam, type Column } from '@/components/data-table';
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
  const { page, position, setPage, step } = useCursorPageParam();
  const query = useInstallments(role, page, position);
  // the row's number in the whole list
  const numberOf = (index: number) => (page - 1) * PAGE_SIZE + index + 1;

  const columns: Column<InstallmentListItem>[] = [
    { key: 'number', header: t('backoffice.number'), render: (_, index) => numberOf(index) },
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
          aria-label={t('backoffice.seeOrderOf', { number: numberOf(index) })}
        >
          {t('backoffice.seeOrder')}
        </Button>
      ),
    },
  ];

  return (
    <ListPage title={t('backoffice.installmentsTitle')} actions={<ExportButton path={`/api/v1/${role}/installment/export`} fileName="installments" />}>
      <PagedTable
        caption={t('backoffice.installmentsTitle')}
        columns={columns}
        rows={query.data?.installments}
        rowKey={(item) => item._id}
        count={query.data?.count}
        page={page}
        onPageChange={setPage}
        onStep={(which) => step(which, query.data)}
        {...tableStateOf(query)}
        minWidth={640}
      />
    </ListPage>
  );
}
