import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { ok, preloadPanels, renderApp, signIn, stubServer, type FakeRoutes } from '@/testing/render-app';
import { SME_ID, providerListItem, smeListItem, smeProfile } from '@/testing/fixtures/backoffice';

const listUrls = (fetchMock: ReturnType<typeof stubServer>, path: string) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith(path));

beforeAll(() => preloadPanels('admin', 'bank', 'insurance'));

type Role = 'admin' | 'bank' | 'insurance';

function openList(role: Role, path: string, extra: FakeRoutes = {}) {
  signIn(role, null);
  const fetchMock = stubServer({
    [`GET /api/v1/${role}/sme/list`]: ok({ smes: [smeListItem(1)], count: 1, cursors: { first: null, last: null } }),
    'GET /api/v1/admin/provider/list': ok({ providers: [providerListItem(1, { level: 4 })], count: 1, cursors: { first: null, last: null } }),
    ...extra,
  });
  return { ...renderApp(path), fetchMock };
}

describe('each role lands on its queue', () => {
  it.each([
    ['admin', 4, 'Docs Uploaded'],
    ['bank', 5, 'Admin Verified'],
    ['insurance', 6, 'Bank Verified'],
  ] as const)('%s opens its SME list on level %i (%s)', async (role, level, name) => {
    const { fetchMock, router } = openList(role, `/${role}/sme`);
    await screen.findByRole('table');
    expect(screen.getByRole('combobox', { name: 'Level' })).toHaveValue(name);
    expect(listUrls(fetchMock, `/api/v1/${role}/sme/list`)).toEqual([
      `/api/v1/${role}/sme/list?page=1&perPage=10&sortBy=createdAt&order=desc&level=${level}`,
    ]);
    // the queue is the clean address; the export follows the list's filter
    expect(router.state.location.search).toBe('');
  });

  it("still offers every level and 'All', which stays chosen in the address", async () => {
    const { fetchMock, router, user } = openList('admin', '/admin/sme');
    await screen.findByRole('table');
    await user.click(screen.getByRole('combobox', { name: 'Level' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual([
      'All',
      'Registered',
      'Email Verified',
      'Phone Verified',
      'Info Added',
      'Docs Uploaded',
      'Admin Verified',
      'Bank Verified',
      'Insurance Verified',
      'Admin Activated',
      'Full Rejected',
      'Conditional Rejected',
      'All Insurance Rejected',
    ]);
    await user.click(screen.getByRole('option', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toBe('?level=-10'));
    await waitFor(() =>
      expect(listUrls(fetchMock, '/api/v1/admin/sme/list').at(-1)).toBe('/api/v1/admin/sme/list?page=1&perPage=10&sortBy=createdAt&order=desc'),
    );
    expect(screen.getByRole('combobox', { name: 'Level' })).toHaveValue('All');

    // back to the queue's level: the address is clean again
    await user.click(screen.getByRole('combobox', { name: 'Level' }));
    await user.click(screen.getByRole('option', { name: 'Docs Uploaded' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('opens the supplier list on level 4', async () => {
    const { fetchMock } = openList('admin', '/admin/supplier');
    await screen.findByRole('table');
    expect(screen.getByRole('combobox', { name: 'Level' })).toHaveValue('Docs Uploaded');
    expect(listUrls(fetchMock, '/api/v1/admin/provider/list')).toEqual([
      '/api/v1/admin/provider/list?page=1&perPage=10&sortBy=createdAt&order=desc&level=4',
    ]);
  });
});

describe('the menu counts what waits', () => {
  const menuLink = (name: RegExp) => within(screen.getByRole('navigation', { name: 'Menu' })).getByRole('link', { name });

  it('shows the admin its SMEs, suppliers and invoices waiting, and nothing where none waits', async () => {
    openList('admin', '/admin/sme', { 'GET /api/v1/admin/queue/counts': ok({ smes: 3, providers: 2, invoices: 0 }) });
    expect(await screen.findByRole('status', { name: '3 waiting' })).toHaveTextContent('3');
    expect(menuLink(/^SMEs/)).toContainElement(screen.getByRole('status', { name: '3 waiting' }));
    expect(menuLink(/^Suppliers/)).toContainElement(screen.getByRole('status', { name: '2 waiting' }));
    expect(within(menuLink(/^Orders/)).queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the bank its SMEs and payouts waiting', async () => {
    openList('bank', '/bank/sme', { 'GET /api/v1/bank/queue/counts': ok({ smes: 4, payouts: 7 }) });
    expect(menuLink(/^SMEs/)).toContainElement(await screen.findByRole('status', { name: '4 waiting' }));
    expect(menuLink(/^Orders/)).toContainElement(screen.getByRole('status', { name: '7 waiting' }));
  });

  it("shows an insurer its queue, in Arabic too", async () => {
    await i18n.changeLanguage('ar');
    openList('insurance', '/insurance/sme', { 'GET /api/v1/insurance/queue/counts': ok({ smes: 5 }) });
    expect(await screen.findByRole('status', { name: '5 قيد الانتظار' })).toHaveTextContent('5');
  });

  it('refreshes the count after a decision', async () => {
    let verified = false;
    signIn('admin', null);
    stubServer({
      'GET /api/v1/admin/queue/counts': () => ok({ smes: verified ? 2 : 3, providers: 0, invoices: 0 }),
      [`GET /api/v1/admin/sme/show/${SME_ID}`]: ok({ sme: smeProfile({ level: 4 }) }),
      'GET /api/v1/admin/sme/list': ok({ smes: [], count: 0, cursors: { first: null, last: null } }),
      'POST /api/v1/admin/sme/verify': () => {
        verified = true;
        return ok({ level: 5 });
      },
    });
    const { user, router } = renderApp(`/admin/sme/${SME_ID}/info`);
    expect(await screen.findByRole('status', { name: '3 waiting' })).toBeInTheDocument();
    await user.type(await screen.findByRole('textbox', { name: 'Description' }), 'documents in order');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/sme'));
    expect(await screen.findByRole('status', { name: '2 waiting' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: '3 waiting' })).not.toBeInTheDocument();
  });
});
