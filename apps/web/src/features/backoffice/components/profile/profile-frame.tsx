// What every profile page shares: the link back to its list, and the loading and failure states.
import { Alert, Anchor, Center, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '@/i18n/common-areas';

export type ProfileFrameProps = {
  backHref: string;
  backLabel: string;
  isPending: boolean;
  isError: boolean;
  children: ReactNode;
};

export function ProfileFrame({ backHref, backLabel, isPending, isError, children }: ProfileFrameProps) {
  const { t } = useTranslation('backoffice');
  const { t: tc } = useTranslation();
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={backHref} fz="sm" w="fit-content">
        {backLabel}
      </Anchor>
      {isPending ? (
        <Center py="xl">
          <Loader size="sm" aria-label={tc('table.loading')} />
        </Center>
      ) : isError ? (
        <Alert color="red">{t('profile.notFound')}</Alert>
      ) : (
        children
      )}
    </Stack>
  );
}
