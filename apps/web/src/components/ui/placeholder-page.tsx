// A page whose content comes later: its title, one line and, on public pages, a link home.
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import '@/i18n/common-areas';
import type { CommonResources } from '@/i18n/locales/en';

export type PageKey = Exclude<keyof CommonResources['pages'], 'backHome'>;

export function PlaceholderPage({ page, withHomeLink = false }: { page: PageKey; withHomeLink?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" py={withHomeLink ? 'xl' : 0}>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t(`pages.${page}.title`)}
      </Title>
      <Text c="dimmed">{t(`pages.${page}.line`)}</Text>
      {withHomeLink && (
        <Anchor component={Link} to={paths.home.getHref()} w="fit-content">
          {t('pages.backHome')}
        </Anchor>
      )}
    </Stack>
  );
}
