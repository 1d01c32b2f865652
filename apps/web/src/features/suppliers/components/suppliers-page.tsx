// "Supplier's" (part 1 §2): the verified suppliers an active SME can buy from, as cards with title,
// text and category tags, ten a page with the shared pager; each card opens the supplier's page (through
// its title's link, stretched over the card).
import { Alert, Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ProviderCard } from '@qist/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pager, usePageParam } from '@/components/data-table';
import { paths } from '@/config/paths';
import { useCategoryText } from '@/lib/category-text';
import { useSuppliers } from '../api/get-suppliers';
import classes from './supplier-card.module.css';

function SupplierCard({ supplier }: { supplier: ProviderCard }) {
  const { t } = useTranslation('orders');
  const categoryText = useCategoryText();
  const title = supplier.desc.title || supplier.auth_id.email;
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="lg"
      className={classes.card}
      style={{ display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-sm)', height: '100%' }}
    >
      <Title order={2} fz="lg" dir="auto" style={{ overflowWrap: 'anywhere' }}>
        <Link to={paths.sme.supplier.getHref(supplier._id)} className={classes.link}>
          {title}
        </Link>
      </Title>
      <Text c={supplier.desc.text ? undefined : 'dimmed'} fz="sm" lineClamp={4} dir="auto" style={{ overflowWrap: 'anywhere' }}>
        {supplier.desc.text || t('suppliers.noDescription')}
      </Text>
      {supplier.categories.length > 0 && (
        <Group gap={6} mt="auto" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('suppliers.categories')}>
          {supplier.categories.map((category) => (
            <Badge component="li" key={category._id} variant="light" tt="none" fw={500}>
              {categoryText.title(category)}
            </Badge>
          ))}
        </Group>
      )}
    </Card>
  );
}

export function SuppliersPage() {
  const { t } = useTranslation('orders');
  const [page, setPage] = usePageParam();
  const query = useSuppliers(page);

  let body;
  if (query.isPending) {
    body = (
      <Center py="xl" role="status">
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">{t('suppliers.loading')}</Text>
        </Group>
      </Center>
    );
  } else if (query.isError) {
    body = (
      <Alert color="red" variant="light" title={t('suppliers.failed')}>
        <Button size="xs" variant="white" color="red" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('suppliers.retry')}
        </Button>
      </Alert>
    );
  } else if (query.data.providers.length === 0) {
    body = (
      <Center py="xl">
        <Text c="dimmed">{t('suppliers.empty')}</Text>
      </Center>
    );
  } else {
    body = (
      <Stack gap="md">
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="md"
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('suppliers.title')}
        >
          {query.data.providers.map((supplier) => (
            <li key={supplier._id}>
              <SupplierCard supplier={supplier} />
            </li>
          ))}
        </SimpleGrid>
        <Pager count={query.data.count} page={page} onChange={setPage} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('suppliers.title')}
      </Title>
      {body}
    </Stack>
  );
}
