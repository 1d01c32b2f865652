// The way from a paid-out order to its remittance advice (the supplier's order page).
import { Button } from '@mantine/core';
import { IconFileDollar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function RemittanceAdviceLink({ orderId }: { orderId: string }) {
  const { t } = useTranslation('orders');
  return (
    <Button component={Link} to={paths.provider.remittance.getHref(orderId)} variant="light" leftSection={<IconFileDollar size={18} aria-hidden />}>
      {t('documents.remittance.link')}
    </Button>
  );
}
