// Renders the real route tree in memory, with a fetch stub standing in for the server.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNSAFE_createMemoryHistory as createMemoryHistory, unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';

/**
 * The app's routes in an in-memory history. `router.state.location` is where the history is now,
 * updated the moment a navigation starts (as the app's <BrowserRouter> sees it), even while the next
 * page's code is still loading.
 */
export function renderApp(path: string) {
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  const router = {
    state: {
      get location() {
        return history.location;
      },
    },
  };
  const user = userEvent.setup();
  const view = render(
    <AppProvider env="test">
      <HistoryRouter history={history}>
        <AppRoutes />
      </HistoryRouter>
    </AppProvider>,
  );
  return { ...view, user, router };
}

const PANEL_ROUTES = {
  admin: () => import('@/app/routes/admin'),
  bank: () => import('@/app/routes/bank'),
  insurance: () => import('@/app/routes/insurance'),
  sme: () => import('@/app/routes/sme'),
  provider: () => import('@/app/routes/provider'),
};

/**
 * Loads panels' lazy route chunks before a test file's first test, so that test does not spend its
 * time budget on compiling them (features' tests go through here rather than importing app/).
 */
export async function preloadPanels(...panels: (keyof typeof PANEL_ROUTES)[]): Promise<void> {
  await Promise.all(panels.map((panel) => PANEL_ROUTES[panel]()));
}

/** Loads the auth area's lazy chunks (sign-in, and the password pages loaded apart from it). */
export async function preloadAuthPages(): Promise<void> {
  await Promise.all([import('@/app/routes/auth'), import('@/app/routes/auth-password')]);
}

export type FakeAnswer = { status?: number; body: unknown };
export type FakeRoutes = Record<string, FakeAnswer | ((body: unknown) => FakeAnswer)>;

/**
 * Stubs fetch with answers keyed by 'METHOD /path'; an unknown call fails the test loudly (404).
 * Returns the mock, so a test can check what was sent.
 */
export function stubServer(routes: FakeRoutes) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const key = `${method} ${new URL(url, 'http://localhost').pathname}`;
    const route = routes[key];
    const sent: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const answer = typeof route === 'function' ? route(sent) : route;
    const { status = 200, body } = answer ?? { status: 404, body: { status: false, msg: `no stub for ${key}` } };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to one endpoint, in order. */
export function sentBodies(fetchMock: ReturnType<typeof stubServer>, method: string, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input).endsWith(path) && (init?.method ?? 'GET').toUpperCase() === method)
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}

export const ok = (content: unknown): FakeAnswer => ({ status: 200, body: { status: true, content } });
export const fail = (status: number, msg: string): FakeAnswer => ({ status, body: { status: false, msg } });

export function authContent(role: string, level: number | null, email = `${role}@example.com`) {
  return {
    token: `token-${role}`,
    'user-role': role,
    user: { _id: `id-${role}`, name: email.split('@')[0] ?? role, level, auth_id: { email }, language: 'en' },
  };
}

/** What auth/me answers; the back office's roles need two-step sign-in unless `mfa` says otherwise (MFA_REQUIRED_ROLES' default). */
export function meContent(
  role: string,
  level: number | null,
  email = `${role}@example.com`,
  mfa: { mfa: boolean; mfaSetupRequired: boolean; mfaRequired?: boolean } = { mfa: false, mfaSetupRequired: false },
) {
  const user = { _id: `id-${role}`, name: email.split('@')[0] ?? role, level, auth_id: { email }, language: 'en' };
  return { role, user, mfaRequired: ['admin', 'bank', 'insurance'].includes(role), ...mfa };
}

/** Puts a session in localStorage as sign-in would. */
export function signIn(role: string, level: number | null) {
  window.localStorage.setItem('token', `token-${role}`);
  window.localStorage.setItem('role', role);
  window.localStorage.setItem('name', role);
  window.localStorage.setItem('email', `${role}@example.com`);
  if (level !== null) window.localStorage.setItem('LEVEL', String(level));
}
