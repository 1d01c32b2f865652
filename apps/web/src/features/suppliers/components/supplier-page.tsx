// /sme/supplier/{id} (part 1 §2): the supplier's title, text, industry categories and contacts, and
// the Create Order button that opens the order modal.
import { Alert, Anchor, Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MESSAGES, type ProviderDetail } from '@qist/domain';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconShoppingCartPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatPhone } from '@/components/party/format';
import { DetailItem } from '@/components/party/party-details';
import { paths } from '@/config/paths';
import { useTranslateMessage } from '@/i18n/translate-message';
import { ApiError } from '@/lib/api';
import { useCategoryText } from '@/lib/category-text';
import { useSupplier } from '../api/get-supplier';
import { CreateOrderModal } from './create-order-modal';

/** A website as a link, https assumed when the address has no scheme. */
function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

/** An address, number or handle, kept left to right in Arabic; nothing (so '-') when empty. */
function ltr(value: string | null) {
  return value ? <span dir="ltr">{value}</span> : null;
}

function SupplierDetails({ supplier }: { supplier: ProviderDetail }) {
  const { t } = useTranslation('orders');
  const categoryText = useCategoryText();
  const [isOrdering, setOrdering] = useState(false);
  const { info, desc } = supplier;
  const name = desc.title || supplier.auth_id.email;

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Title order={2} fz={{ base: 'xl', sm: 24 }} dir="auto" style={{ overflowWrap: 'anywhere', flex: '1 1 12rem' }}>
              {name}
            </Title>
            <Button leftSection={<IconShoppingCartPlus size={18} aria-hidden />} onClick={() => setOrdering(true)}>
              {t('supplier.createOrder')}
            </Button>
          </Group>
          <Text c={desc.text ? undefined : 'dimmed'} dir="auto" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {desc.text || t('suppliers.noDescription')}
          </Text>
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="lg">
        <Stack gap="xs">
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('supplier.industries')}
          </Text>
          {supplier.categories.length === 0 ? (
            <Text c="dimmed">{t('supplier.noIndustries')}</Text>
          ) : (
            <Group gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('supplier.industries')}>
              {supplier.categories.map((category) => (
                <Badge component="li" key={category._id} variant="outline" tt="none" size="lg" fw={500}>
                  {categoryText.title(category)}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
      </Card>

      <Card withBorder radius="md" padding="lg">
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" m={0} aria-label={t('supplier.contacts')}>
          <DetailItem label={t('supplier.firstName')}>{info.firstname}</DetailItem>
          <DetailItem label={t('supplier.lastName')}>{info.lastname}</DetailItem>
          <DetailItem label={t('supplier.email')}>{ltr(supplier.auth_id.email)}</DetailItem>
          <DetailItem label={t('supplier.email2')}>{ltr(info.email2)}</DetailItem>
          <DetailItem label={t('supplier.phone')}>{ltr(formatPhone(info.phone))}</DetailItem>
          <DetailItem label={t('supplier.phone2')}>{ltr(formatPhone(info.phone2))}</DetailItem>
          <DetailItem label={t('supplier.address')}>{info.address}</DetailItem>
          <DetailItem label={t('supplier.address2')}>{info.address2}</DetailItem>
          <DetailItem label={t('supplier.instagram')}>{ltr(info.instagram)}</DetailItem>
          <DetailItem label={t('supplier.website')}>
            {info.website && (
              <Anchor href={websiteHref(info.website)} target="_blank" rel="noopener noreferrer" dir="ltr">
                {info.website}
              </Anchor>
            )}
          </DetailItem>
        </SimpleGrid>
      </Card>

      <CreateOrderModal
        opened={isOrdering}
        onClose={() => setOrdering(false)}
        providerId={supplier._id}
        supplierName={name}
      />
    </Stack>
  );
}

export function SupplierPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('orders');
  const tm = useTranslateMessage();
  const supplier = useSupplier(id);
  const BackIcon = i18n.resolvedLanguage === 'ar' ? IconArrowRight : IconArrowLeft;

  let body;
  if (supplier.isPending) {
    body = (
      <Center py="xl" role="status">
        <Group gap="sm">
          <Loader size="sm" />
          <Text>{t('supplier.loading')}</Text>
        </Group>
      </Center>
    );
  } else if (supplier.isError) {
    const message = supplier.error instanceof ApiError ? supplier.error.message : MESSAGES.serverError;
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} title={tm(message)}>
        <Button size="xs" variant="white" color="red" onClick={() => void supplier.refetch()} loading={supplier.isFetching}>
          {t('supplier.retry')}
        </Button>
      </Alert>
    );
  } else {
    body = <SupplierDetails supplier={supplier.data} />;
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to={paths.sme.suppliers.getHref()} fz="sm" w="fit-content">
          <Group gap={4} wrap="nowrap">
            <BackIcon size={16} aria-hidden />
            {t('supplier.back')}
          </Group>
        </Anchor>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('supplier.pageTitle')}
        </Title>
      </Stack>
      {body}
    </Stack>
  );
}
