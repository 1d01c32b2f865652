// The SME's invoices (part 1 §2 left the page empty): every order whose supplier uploaded its invoice,
// newest first, with the supplier, amount, order date and status, a preview and a link to the order.
import { Alert, Anchor, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type OrderListItem } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pager, usePageParam } from '@/components/data-table';
import { useInvoices } from '../api/get-invoices';
import { formatDeadline, useLanguage } from '@/lib/order-format';
import { InvoicePreview } from './order-invoice';
import { OrderStatusBadge } from './order-status';
import { useFormatAmount } from '@/lib/amounts';

function InvoiceCard({ order, orderHref }: { order: OrderListItem; orderHref: (orderId: string) => string }) {
  const formatAmount = useFormatAmount();
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const supplier = order.provider_id.desc.title || order.provider_id.auth_id.email;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={t('invoices.of', { name: supplier })}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} dir="auto">
            {supplier}
          </Text>
          <OrderStatusBadge status={order.status} />
        </Group>
        <Group gap="lg" wrap="wrap">
          <Text fz="sm">
            {t('invoices.amount')}{' '}
            <Text span fw={700}>
              {formatAmount(order.amount)}
            </Text>
          </Text>
          <Text fz="sm" c="dimmed">
            {t('invoices.date')} {formatDeadline(order.createdAt, language)}
          </Text>
        </Group>
        {order.invoice && <InvoicePreview file={order.invoice.file} />}
        <Anchor component={Link} to={orderHref(order._id)} fz="sm" w="fit-content">
          {t('invoices.seeOrder')}
        </Anchor>
      </Stack>
    </Card>
  );
}

export function InvoicesPage({ orderHref }: { orderHref: (orderId: string) => string }) {
  const { t } = useTranslation('orders');
  const [page, setPage] = usePageParam();
  const invoices = useInvoices(page);

  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {t('invoices.title')}
      </Title>
      {invoices.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('detail.loading')} />
        </Center>
      ) : invoices.isError ? (
        <Alert color="red" variant="light" title={t('invoices.failed')}>
          <Button size="xs" variant="white" color="red" onClick={() => void invoices.refetch()}>
            {t('detail.retry')}
          </Button>
        </Alert>
      ) : invoices.data.count === 0 ? (
        <Text c="dimmed">{t('invoices.empty')}</Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {invoices.data.invoices.map((order) => (
              <InvoiceCard key={order._id} order={order} orderHref={orderHref} />
            ))}
          </SimpleGrid>
          <Pager count={invoices.data.count} page={page} onChange={setPage} />
        </>
      )}
    </Stack>
  );
}
