// The page for an address the app does not have: a heading, one line and the way back (home, or the
// panel's first page). NotFound sits inside an area's frame; NotFoundScreen is a frame of its own.
import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMapPinQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';

export type NotFoundProps = { to: string; label: string };

export function NotFound({ to, label }: NotFoundProps) {
  const { t } = useTranslation();
  return (
    <Stack align="center" ta="center" gap="sm" py="xl">
      <ThemeIcon variant="light" size={64} radius="xl" aria-hidden>
        <IconMapPinQuestion size={34} stroke={1.5} />
      </ThemeIcon>
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        {t('notFound.title')}
      </Title>
      <Text c="dimmed" maw={420}>
        {t('notFound.text')}
      </Text>
      <Button component={Link} to={to} mt="xs">
        {label}
      </Button>
    </Stack>
  );
}

/** Outside any area's frame: the logo and the language switch above the message. */
export function NotFoundScreen({ to, label }: NotFoundProps) {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('notFound.title')} subtitle={t('notFound.text')}>
      <Button component={Link} to={to} fullWidth>
        {label}
      </Button>
    </AuthLayout>
  );
}
