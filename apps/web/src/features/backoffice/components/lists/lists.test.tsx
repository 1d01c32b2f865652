import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, preloadPanels, renderApp, signIn, stubServer } from '@/testing/render-app';
import { providerListItem, smeListItem } from '@/testing/fixtures/backoffice';

const listUrls = (fetchMock: ReturnType<typeof stubServer>, path: string) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith(path));

// the areas are lazy chunks: load them once up front, so the first test does not wait for the import
beforeAll(() => preloadPanels('admin', 'bank', 'insurance'));

describe('the SME list (admin, bank, insurance)', () => {
  it('shows the columns of the spec with a level badge, credit in the currency and a link to the profile', async () => {
    signIn('admin', null);
    stubServer({
      'GET /api/v1/admin/sme/list': ok({
        smes: [smeListItem(1), smeListItem(2, { level: 7, credit: { request: 8000, limit: 6000, amount: 6000, spend: 0 } })],
        count: 2, cursors: { first: null, last: null },
      }),
    });
    renderApp('/admin/sme');
    const table = await screen.findByRole('table', { name: 'SMEs' });
    expect(screen.getByRole('heading', { name: 'SMEs', level: 1 })).toBeInTheDocument();
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Email', 'Phone / Name', 'Verification Level', 'Request Credit / Credit', 'Actions']);

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const second = within(rows[1]!);
    expect(second.getByText('sme2@example.com')).toBeInTheDocument();
    expect(second.getByText('+965 55550002')).toBeInTheDocument();
    expect(second.getByText('Sara Ali 2')).toBeInTheDocument();
    expect(second.getByText('Insurance Verified')).toBeInTheDocument();
    expect(second.getByText('$8,000.00 / $6,000.00')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Docs Uploaded')).toBeInTheDocument();
    expect(second.getByRole('link', { name: 'Show sme2@example.com' })).toHaveAttribute('href', '/admin/sme/sme-2/info');
  });

  it('filters by level: the call carries &level=4, the address keeps it and the page starts again at 1', async () => {
    signIn('bank', null);
    const fetchMock = stubServer({
      'GET /api/v1/bank/sme/list': ok({ smes: Array.from({ length: 10 }, (_, i) => smeListItem(i + 1)), count: 35, cursors: { first: null, last: null } }),
    });
    const { user, router } = renderApp('/bank/sme');
    await screen.findByRole('table', { name: 'SMEs' });
    await user.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));

    await user.click(screen.getByRole('combobox', { name: 'Level' }));
    expect(screen.getByRole('option', { name: 'All' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'All Insurance Rejected' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Docs Uploaded' }));

    await waitFor(() => expect(router.state.location.search).toBe('?level=4'));
    const base = '/api/v1/bank/sme/list?';
    // the bank's list opens on its queue (level 5)
    await waitFor(() =>
      expect(listUrls(fetchMock, base)).toEqual([
        `${base}page=1&perPage=10&sortBy=createdAt&order=desc&level=5`,
        `${base}page=3&perPage=10&sortBy=createdAt&order=desc&level=5`,
        `${base}page=1&perPage=10&sortBy=createdAt&order=desc&level=4`,
      ]),
    );
    expect(screen.getByRole('combobox', { name: 'Level' })).toHaveValue('Docs Uploaded');
  });

  it('reads the level from the address and links insurance rows to the insurance profile', async () => {
    signIn('insurance', null);
    const fetchMock = stubServer({
      'GET /api/v1/insurance/sme/list': ok({ smes: [smeListItem(1, { level: 6 })], count: 1, cursors: { first: null, last: null } }),
    });
    renderApp('/insurance/sme?level=6');
    const link = await screen.findByRole('link', { name: 'Show sme1@example.com' });
    expect(link).toHaveAttribute('href', '/insurance/sme/sme-1/info');
    expect(listUrls(fetchMock, '/api/v1/insurance/sme/list')).toEqual([
      '/api/v1/insurance/sme/list?page=1&perPage=10&sortBy=createdAt&order=desc&level=6',
    ]);
  });

  it("says 'no data' when no SME matches", async () => {
    signIn('admin', null);
    stubServer({ 'GET /api/v1/admin/sme/list': ok({ smes: [], count: 0, cursors: { first: null, last: null } }) });
    renderApp('/admin/sme?level=-6');
    expect(await screen.findByText('no data')).toBeInTheDocument();
  });
});

describe('the SME and supplier lists’ First, Previous, Next and Last', () => {
  it('step by the cursors of the page on screen, and a change of level forgets the cursor', async () => {
    signIn('admin', null);
    const fetchMock = stubServer({
      'GET /api/v1/admin/sme/list': ok({ smes: [smeListItem(1)], count: 35, cursors: { first: 'top-row', last: 'bottom-row' } }),
    });
    const { user, router } = renderApp('/admin/sme?level=-10');
    await screen.findByRole('table', { name: 'SMEs' });
    const pager = () => within(screen.getByRole('navigation', { name: 'Pages' }));
    await user.click(pager().getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?level=-10&page=2&after=bottom-row'));
    await user.click(pager().getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?level=-10&page=4&last=true'));
    await user.click(pager().getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?level=-10&page=3&before=top-row'));
    await user.click(screen.getByRole('combobox', { name: 'Level' }));
    await user.click(screen.getByRole('option', { name: 'Docs Uploaded' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const base = '/api/v1/admin/sme/list?';
    await waitFor(() =>
      expect(listUrls(fetchMock, base)).toEqual([
        `${base}page=1&perPage=10&sortBy=createdAt&order=desc`,
        `${base}page=2&perPage=10&sortBy=createdAt&order=desc&after=bottom-row`,
        `${base}page=4&perPage=10&sortBy=createdAt&order=desc&last=true`,
        `${base}page=3&perPage=10&sortBy=createdAt&order=desc&before=top-row`,
        `${base}page=1&perPage=10&sortBy=createdAt&order=desc&level=4`,
      ]),
    );
  });

  it('the supplier list steps by its cursors too', async () => {
    signIn('admin', null);
    const fetchMock = stubServer({
      'GET /api/v1/admin/provider/list': ok({ providers: [providerListItem(1)], count: 25, cursors: { first: 'top-row', last: 'bottom-row' } }),
    });
    const { user, router } = renderApp('/admin/supplier?level=-10');
    await screen.findByRole('table', { name: 'Suppliers' });
    await user.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?level=-10&page=2&after=bottom-row'));
    await waitFor(() =>
      expect(listUrls(fetchMock, '/api/v1/admin/provider/list').at(-1)).toBe(
        '/api/v1/admin/provider/list?page=2&perPage=10&sortBy=createdAt&order=desc&after=bottom-row',
      ),
    );
  });
});

describe('the supplier list (admin)', () => {
  it('shows the discount rate (tax_rate × 100 %) in place of the credit and links to the supplier', async () => {
    signIn('admin', null);
    const fetchMock = stubServer({
      'GET /api/v1/admin/provider/list': ok({
        providers: [providerListItem(1), providerListItem(2, { level: 4, tax_rate: null })],
        count: 2, cursors: { first: null, last: null },
      }),
    });
    const { user } = renderApp('/admin/supplier');
    const table = await screen.findByRole('table', { name: 'Suppliers' });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Email', 'Phone / Name', 'Verification Level', 'Discount Rate', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('12%')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Admin Verified')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('-')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Show supplier2@example.com' })).toHaveAttribute(
      'href',
      '/admin/supplier/provider-2/info',
    );

    // the supplier filter offers supplier levels only
    await user.click(screen.getByRole('combobox', { name: 'Level' }));
    expect(screen.getByRole('option', { name: 'Admin Verified' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Bank Verified' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Full Rejected' }));
    await waitFor(() =>
      expect(listUrls(fetchMock, '/api/v1/admin/provider/list').at(-1)).toBe(
        '/api/v1/admin/provider/list?page=1&perPage=10&sortBy=createdAt&order=desc&level=-1',
      ),
    );
  });
});
