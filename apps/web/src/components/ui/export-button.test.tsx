// The back-office lists' "Download CSV": the export of the list as filtered, fetched with the session's
// token and saved under the server's file name; a refusal shows its message and saves nothing.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { order } from '@/testing/fixtures/orders';
import { fail, ok, preloadPanels, renderApp, signIn, stubServer } from '@/testing/render-app';

beforeAll(() => preloadPanels('admin', 'bank', 'insurance'));

const CSV = '\uFEFFid,amount\r\n1,1000.00\r\n';
let saved: { name: string; href: string }[];

beforeEach(() => {
  saved = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export-1'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});
afterEach(() => vi.restoreAllMocks());

/** The list's stub, and the export answering `exportAnswer` (a CSV by default). */
function serve(routes: Parameters<typeof stubServer>[0], exportAnswer?: Response) {
  const list = stubServer(routes);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).includes('/export')
      ? (exportAnswer ??
        new Response(CSV, { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="orders-2026-11-23.csv"' } }))
      : list(input, init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const exportCalls = (fetchMock: ReturnType<typeof serve>) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).includes('/export'))
    .map(([url, init]) => ({ url: String(url), authorization: (init?.headers as Record<string, string>).Authorization }));

describe('Download CSV', () => {
  it("exports the admin's orders with the list's status filter and saves the server's file", async () => {
    signIn('admin', null);
    const fetchMock = serve({ 'GET /api/v1/admin/order/list': ok({ orders: [order(4, 1)], count: 1, cursors: { first: null, last: null } }) });
    const { user } = renderApp('/admin/orders?status=4');
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('The CSV file is downloaded')).toBeInTheDocument();
    expect(exportCalls(fetchMock)).toEqual([{ url: '/api/v1/admin/order/export?status=4', authorization: 'Bearer token-admin' }]);
    expect(saved).toEqual([{ name: 'orders-2026-11-23.csv', href: 'blob:export-1' }]);
  });

  it('exports every order when the filter is All', async () => {
    signIn('bank', null);
    const fetchMock = serve({ 'GET /api/v1/bank/order/list': ok({ orders: [], count: 0, cursors: { first: null, last: null } }) });
    const { user } = renderApp('/bank/orders');
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(exportCalls(fetchMock).map((c) => c.url)).toEqual(['/api/v1/bank/order/export']);
  });

  it("exports only the late orders when the list's late switch is on", async () => {
    signIn('insurance', null);
    const fetchMock = serve({ 'GET /api/v1/insurance/order/list': ok({ orders: [order(2, 1)], count: 1, cursors: { first: null, last: null } }) });
    const { user } = renderApp('/insurance/orders?late=true');
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(exportCalls(fetchMock).map((c) => c.url)).toEqual(['/api/v1/insurance/order/export?late=true']);
  });

  it("exports the SME list at the list's level", async () => {
    signIn('admin', null);
    const fetchMock = serve({ 'GET /api/v1/admin/sme/list': ok({ smes: [], count: 0, cursors: { first: null, last: null } }) });
    const { user } = renderApp('/admin/sme?level=4');
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(exportCalls(fetchMock).map((c) => c.url)).toEqual(['/api/v1/admin/sme/export?level=4']);
  });

  it("shows the server's refusal and saves nothing", async () => {
    signIn('admin', null);
    serve(
      { 'GET /api/v1/admin/order/list': ok({ orders: [], count: 0, cursors: { first: null, last: null } }) },
      new Response(JSON.stringify(fail(403, 'you are not allowed to do this').body), { status: 403, headers: { 'content-type': 'application/json' } }),
    );
    const { user } = renderApp('/admin/orders');
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('you are not allowed to do this')).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });
});
