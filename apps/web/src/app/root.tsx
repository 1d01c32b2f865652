// The root route: lets the API client navigate, shows a toast queued before a reload, and waits
// for lazily loaded areas.
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@qist/domain';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { registerNavigate } from '@/lib/navigation';
import { showQueuedToast } from '@/lib/notify';
import { translateMessage } from '@/i18n/translate-message';

export function Root() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigate((to) => void navigate(to));
    showQueuedToast();
    return () => registerNavigate(null);
  }, [navigate]);

  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** Shown when a route fails to render, typically an area's code that could not be loaded. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1} fz="h2">
          {translateMessage(MESSAGES.serverError)}
        </Title>
        <Text c="dimmed">{window.location.pathname}</Text>
        <Button onClick={() => window.location.reload()}>{t('app.reload')}</Button>
      </Stack>
    </Center>
  );
}
