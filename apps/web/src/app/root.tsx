// The root route: lets the API client navigate, shows a toast queued before a reload, names the page
// (document.title), waits for lazily loaded areas, and shows RouteError instead of a page that fails to render.
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { MESSAGES } from '@qist/domain';
import { Component, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, type Location } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { registerNavigate } from '@/lib/navigation';
import { showQueuedToast } from '@/lib/notify';
import { translateMessage } from '@/i18n/translate-message';
import { PageTitle } from './page-title';
import { ScrollRestoration } from './scroll-restoration';

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
      <PageTitle />
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

type BoundaryProps = { location: Location; children: ReactNode };
type BoundaryState = { error: unknown; location: Location };

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  // Another address is another chance: going back from a broken page shows the previous one again.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { error: null, location: props.location };
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}

/** What a route's errorElement does in React Router's data mode, for the <BrowserRouter> in use. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary location={useLocation()}>{children}</ErrorBoundary>;
}
