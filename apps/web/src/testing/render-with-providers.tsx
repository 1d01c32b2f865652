// Renders one component inside the app's providers (i18n, direction, Mantine, toasts), for the tests
// of shared components, which do not reach into app/ themselves.
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { AppProvider } from '@/app/provider';

function TestProviders({ children }: { children: ReactNode }) {
  return <AppProvider env="test">{children}</AppProvider>;
}

/** Like Testing Library's render; `rerender` keeps the providers around the new element. */
export function renderWithProviders(ui: ReactElement, options: Omit<RenderOptions, 'wrapper'> = {}) {
  const user = userEvent.setup();
  return { user, ...render(ui, { ...options, wrapper: TestProviders }) };
}
