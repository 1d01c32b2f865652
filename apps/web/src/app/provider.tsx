// Everything the app runs inside: i18n, direction, Mantine (theme, toasts) and the slot of TanStack
// Query's client (the query provider itself comes with the areas that fetch: lib/lazy-with-queries).
import './mantine-critical.css';
import { DirectionProvider, MantineProvider, mergeThemeOverrides, useDirection } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
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

/**
 * The theme with Mantine's own control names in the interface language: Mantine names a modal's or a
 * drawer's close button nothing and the password eye in English only. Set here once, they apply to every
 * modal, drawer and password field, and change with the language.
 */
function useLocalizedTheme() {
  // t changes with the language, and with it the theme
  const { t } = useTranslation();
  return useMemo(() => {
    const close = { closeButtonProps: { 'aria-label': t('a11y.close') } };
    return mergeThemeOverrides(theme, {
      components: {
        Modal: { defaultProps: close },
        Drawer: { defaultProps: close },
        PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('a11y.showPassword') } } },
      },
    });
  }, [t]);
}

function LocalizedMantineProvider({ children, env }: { children: ReactNode; env: 'default' | 'test' }) {
  return (
    <MantineProvider theme={useLocalizedTheme()} cssVariablesResolver={cssVariablesResolver} env={env}>
      {children}
    </MantineProvider>
  );
}

export function AppProvider({ children, env = 'default' }: AppProviderProps) {
  const [queryClientSlot] = useState(createQueryClientSlot);
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={directionOf(currentLanguage())} detectDirection={false}>
        <DirectionSync />
        <LocalizedMantineProvider env={env}>
          <Toasts />
          <QueryClientSlotContext value={queryClientSlot}>{children}</QueryClientSlotContext>
        </LocalizedMantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
