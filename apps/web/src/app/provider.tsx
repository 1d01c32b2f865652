// Everything the app runs inside: i18n, direction, Mantine (theme, toasts) and the slot of TanStack
// Query's client (the query provider itself comes with the areas that fetch: lib/lazy-with-queries).
import './mantine-critical.css';
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { applyDocumentLanguage, currentLanguage, directionOf, i18n } from '@/i18n';
import { withFullStyles } from '@/lib/full-styles';
import { createQueryClientSlot, QueryClientSlotContext } from '@/lib/query-client-slot';
import { cssVariablesResolver, theme } from './theme';

const Notifications = lazy(
  withFullStyles(() => import('@/components/ui/toast-container').then((m) => ({ default: m.Notifications }))),
);

/**
 * The toasts' container, loaded with the first toast: most visits show none, and the container brings
 * its transition library. Toasts shown before it arrives wait in Mantine's store and appear with it.
 */
function Toasts() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Notifications position="top-center" limit={4} />
    </Suspense>
  ) : null;
}

/** Keeps Mantine's direction (and the html element) in step with the interface language. */
function DirectionSync() {
  const { i18n: instance } = useTranslation();
  const { setDirection } = useDirection();
  const language = instance.resolvedLanguage;
  useEffect(() => {
    const current = currentLanguage();
    applyDocumentLanguage(current);
    setDirection(directionOf(current));
  }, [language, setDirection]);
  return null;
}

export type AppProviderProps = {
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals (component tests). */
  env?: 'default' | 'test';
};

export function AppProvider({ children, env = 'default' }: AppProviderProps) {
  const [queryClientSlot] = useState(createQueryClientSlot);
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={directionOf(currentLanguage())} detectDirection={false}>
        <DirectionSync />
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
          <Toasts />
          <QueryClientSlotContext value={queryClientSlot}>{children}</QueryClientSlotContext>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
