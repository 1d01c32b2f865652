// Everything the app runs inside: i18n, direction, Mantine (theme, toasts) and TanStack Query.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { applyDocumentLanguage, currentLanguage, directionOf, i18n } from '@/i18n';
import { createQueryClient } from '@/lib/react-query';
import { theme } from './theme';

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
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={directionOf(currentLanguage())} detectDirection={false}>
        <DirectionSync />
        <MantineProvider theme={theme} env={env}>
          <Notifications position="top-center" limit={4} />
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
