import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '@qist/domain';
import { i18n } from '@/i18n';
import { ORDER_ID, order, preloadFulfilmentScreens, providerAreaRoutes } from '@/testing/fixtures/orders';
import { authContent, fail, ok, renderApp, sentBodies, signIn, stubServer, type FakeRoutes } from '@/testing/render-app';

const SHOW = `GET /api/v1/provider/order/show/${ORDER_ID}`;

beforeAll(preloadFulfilmentScreens);

/** The supplier's view of an order: no verify code, no breakdown. */
const supplierOrder = (status: number, paid = 1, overrides: Partial<Order> = {}) => order(status, paid, overrides);

function openOrder(shown: Order | (() => Order), routes: FakeRoutes = {}) {
  signIn('provider', 5);
  const fetchMock = stubServer({
    ...providerAreaRoutes(),
    [SHOW]: () => ok({ order: typeof shown === 'function' ? shown() : shown }),
    ...routes,
  });
  return { ...renderApp(`/provider/order/${ORDER_ID}`), fetchMock };
}

const loaded = () => screen.findByRole('region', { name: 'Order Detail' });
const button = (name: string) => screen.queryByRole('button', { name });
const showCalls = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith(`/provider/order/show/${ORDER_ID}`)).length;

describe("the supplier's order page", () => {
  it.each([
    { status: -1, buttons: [], upload: false },
    { status: 1, buttons: ['Accept', 'Decline'], upload: false },
    { status: 2, buttons: [], upload: false },
    { status: 3, buttons: [], upload: true },
    { status: 4, buttons: [], upload: false },
    { status: 6, buttons: [], upload: false },
  ])('at status $status shows $buttons and the upload section: $upload', async ({ status, buttons, upload }) => {
    openOrder(supplierOrder(status));
    await loaded();
    expect(['Accept', 'Decline'].filter((name) => button(name))).toEqual(buttons);
    expect(screen.queryByRole('region', { name: 'Upload invoice' }) !== null).toBe(upload);
  });

  it('shows the SME (not itself), the discount rate and what it will receive', async () => {
    openOrder(supplierOrder(2, 1, { amount: 1234.56, tax_rate: 0.075 }));
    await loaded();
    const detail = within(screen.getByRole('region', { name: 'Order Detail' }));
    expect(detail.getByText('Al Noor Trading')).toBeInTheDocument();
    expect(detail.queryByText('Gulf Foods')).not.toBeInTheDocument();
    const share = within(screen.getByRole('region', { name: 'Your share' }));
    expect(share.getByText('7.5%')).toBeInTheDocument();
    expect(share.getByText('$1,234.56')).toBeInTheDocument();
    // 123456 cents less floor(123456 × 750 / 10000) = 9259 cents
    expect(share.getByText('$1,141.97')).toBeInTheDocument();
  });

  it("accepts a waiting order: one call, 'order accepted successfully', then the order again", async () => {
    let status = 1;
    const { user, fetchMock } = openOrder(() => supplierOrder(status), {
      'POST /api/v1/provider/order/accept': () => {
        status = 2;
        return ok({ order: { _id: ORDER_ID, status: 2 } });
      },
    });
    await loaded();
    const before = showCalls(fetchMock);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('order accepted successfully')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/provider/order/accept')).toEqual([{ orderId: ORDER_ID }]);
    await waitFor(() => expect(showCalls(fetchMock)).toBeGreaterThan(before));
    await waitFor(() => expect(button('Accept')).not.toBeInTheDocument());
    expect(within(screen.getByRole('region', { name: 'Order Detail' })).getByText('Sending')).toBeInTheDocument();
  });

  it('declines only after a Yes, then shows the supplier its list', async () => {
    const { user, fetchMock, router } = openOrder(supplierOrder(1), {
      'POST /api/v1/provider/order/decline': ok({ order: { _id: ORDER_ID, status: -1 } }),
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure to decline this order ?' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(sentBodies(fetchMock, 'POST', '/api/v1/provider/order/decline')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('order declined, the paid instalment is refunded')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/provider/order/decline')).toEqual([{ orderId: ORDER_ID }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/provider/orders'));
  });

  it("shows the server's refusal of a step", async () => {
    const { user } = openOrder(supplierOrder(1), {
      'POST /api/v1/provider/order/accept': fail(409, 'this is not possible while the order is canceled'),
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('this is not possible while the order is Canceled')).toBeInTheDocument();
  });

  describe('the invoice upload', () => {
    const uploads = (fetchMock: ReturnType<typeof stubServer>) =>
      fetchMock.mock.calls
        .filter(([input, init]) => String(input).endsWith('/provider/order/invoice/upload') && init?.method === 'POST')
        .map(([, init]) => init?.body as FormData);

    it("refuses to send without a file: 'select file to upload'", async () => {
      const { user, fetchMock } = openOrder(supplierOrder(3));
      const section = within(await screen.findByRole('region', { name: 'Upload invoice' }));
      await user.click(section.getByRole('button', { name: 'Upload' }));
      expect(await section.findByText('select file to upload')).toBeInTheDocument();
      expect(uploads(fetchMock)).toEqual([]);
    });

    it('sends orderId then the file in orderInvoice, toasts, and fetches the order again', async () => {
      const { user, fetchMock } = openOrder(supplierOrder(3), {
        'POST /api/v1/provider/order/invoice/upload': ok({ order: { _id: ORDER_ID, status: 4 } }),
      });
      await screen.findByRole('region', { name: 'Upload invoice' });
      const before = showCalls(fetchMock);
      const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
      await user.upload(input, new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' }));
      await user.click(screen.getByRole('button', { name: 'Upload' }));
      expect(await screen.findByText('invoice uploaded successfully')).toBeInTheDocument();
      const [body] = uploads(fetchMock);
      expect([...body!.keys()]).toEqual(['orderId', 'orderInvoice']);
      expect(body!.get('orderId')).toBe(ORDER_ID);
      expect((body!.get('orderInvoice') as File).name).toBe('invoice.pdf');
      await waitFor(() => expect(showCalls(fetchMock)).toBeGreaterThan(before));
    });
  });
});

describe("the supplier's order list", () => {
  it('shows SME, Amount, Status and Actions, linking to the supplier area', async () => {
    signIn('provider', 5);
    const fetchMock = stubServer({
      ...providerAreaRoutes(),
      'GET /api/v1/provider/order/list': ok({ orders: [order(1, 1)], count: 1, cursors: { first: null, last: null } }),
    });
    renderApp('/provider/orders?status=1');
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['SME', 'Amount', 'Status', 'Actions']);
    expect(within(table).getByRole('link', { name: 'Show the order of $1,000.00 with Al Noor Trading' })).toHaveAttribute(
      'href',
      `/provider/order/${ORDER_ID}`,
    );
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('order/list'))).toEqual([
      '/api/v1/provider/order/list?page=1&perPage=10&status=1',
    ]);
  });

  it('filters on the orders it declined (Canceled), never offers Created, and shows them without the finished badge', async () => {
    signIn('provider', 5);
    const declined = { ...order(-1, 0), paid: false };
    const fetchMock = stubServer({
      ...providerAreaRoutes(),
      'GET /api/v1/provider/order/list': ok({ orders: [declined], count: 1, cursors: { first: null, last: null } }),
    });
    const { user, router } = renderApp('/provider/orders');
    await screen.findByRole('table', { name: 'Orders' });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All',
      'Canceled',
      'Waiting',
      'Sending',
      'Delivered',
      'Invoice uploaded',
      'Invoice verified by admin',
      'Paid by bank',
    ]);
    await user.click(screen.getByRole('option', { name: 'Canceled' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=-1'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('order/list'))).toEqual([
        '/api/v1/provider/order/list?page=1&perPage=10',
        '/api/v1/provider/order/list?page=1&perPage=10&status=-1',
      ]),
    );
    const table = await screen.findByRole('table', { name: 'Orders' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(within(row!).getByText('Canceled')).toBeInTheDocument();
    expect(within(row!).queryByText('finished')).not.toBeInTheDocument();
  });

  it('offers the same filter in Arabic', async () => {
    await i18n.changeLanguage('ar');
    signIn('provider', 5);
    stubServer({ ...providerAreaRoutes(), 'GET /api/v1/provider/order/list': ok({ orders: [], count: 0, cursors: { first: null, last: null } }) });
    const { user } = renderApp('/provider/orders');
    await user.click(await screen.findByRole('combobox', { name: 'الحالة' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options.slice(0, 3)).toEqual(['الكل', 'ملغى', 'بانتظار المورد']);
    expect(options).not.toContain('تم الإنشاء');
  });
});

describe('the delivery link /delivered-order', () => {
  const LINK = `/delivered-order?orderId=${ORDER_ID}&verifyCode=K7Q2ZP`;
  /** The page itself, not the public bar (which has an 'account' button of its own once signed in). */
  const page = () => within(screen.getByRole('heading', { name: 'Order delivery' }).parentElement!);

  it.each(['/delivered-order', `/delivered-order?orderId=${ORDER_ID}`, '/delivered-order?verifyCode=K7Q2ZP'])(
    "%s: 'your data is incorrect' and home, with no call",
    async (path) => {
      const fetchMock = stubServer({});
      const { router } = renderApp(path);
      expect(await screen.findByText('your data is incorrect')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(sentBodies(fetchMock, 'POST', '/api/v1/provider/order/delivered')).toEqual([]);
    },
  );

  it('asks a visitor to sign in as a supplier and refuses another role, storing nothing', async () => {
    const fetchMock = stubServer({
      'POST /api/v1/auth/login': ok(authContent('sme', 8)),
      'POST /api/v1/auth/logout': ok({}),
    });
    const { user } = renderApp(LINK);
    expect(await screen.findByText('login as supplier to verify delivery')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'sme@example.com');
    await user.type(screen.getByLabelText('Password'), 'demo12345');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('you must login as supplier')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/provider/order/delivered')).toEqual([]);
  });

  it("a wrong code: one call, 'your data is incorrect' on the page, and the account button", async () => {
    signIn('provider', 5);
    const fetchMock = stubServer({
      ...providerAreaRoutes(),
      'POST /api/v1/provider/order/delivered': fail(400, 'the verify code is not correct'),
    });
    const { router } = renderApp(LINK);
    expect(await screen.findByText('your data is incorrect')).toBeInTheDocument();
    expect(page().getByRole('link', { name: 'account' })).toHaveAttribute('href', '/provider');
    expect(sentBodies(fetchMock, 'POST', '/api/v1/provider/order/delivered')).toEqual([{ orderId: ORDER_ID, verifyCode: 'K7Q2ZP' }]);
    expect(router.state.location.pathname).toBe('/delivered-order');
  });

  it("signs a supplier in, confirms once ('delivering ...'), says so and opens the order", async () => {
    const fetchMock = stubServer({
      'POST /api/v1/auth/login': ok(authContent('provider', 5)),
      ...providerAreaRoutes(),
      [SHOW]: ok({ order: supplierOrder(3) }),
      'POST /api/v1/provider/order/delivered': ok({ order: { _id: ORDER_ID, status: 3 } }),
    });
    const { user, router } = renderApp(LINK);
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'supplier@example.com');
    await user.type(screen.getByLabelText('Password'), 'demo12345');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('img', { name: 'Delivered goods' })).toBeInTheDocument();
    expect(screen.getAllByText('Your order delivery is registered successfully').length).toBe(2); // the page and the toast
    await waitFor(() => expect(router.state.location.pathname).toBe(`/provider/order/${ORDER_ID}`));
    expect(sentBodies(fetchMock, 'POST', '/api/v1/provider/order/delivered')).toEqual([{ orderId: ORDER_ID, verifyCode: 'K7Q2ZP' }]);
    expect(window.localStorage.getItem('role')).toBe('provider');
  });

  it("shows 'loading ...' and 'delivering ...' while the platform answers", async () => {
    signIn('provider', 5);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = stubServer({ ...providerAreaRoutes(), [SHOW]: ok({ order: supplierOrder(3) }) });
    const delayed = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/order/delivered')) await gate;
      return fetchMock(input, init);
    };
    vi.stubGlobal('fetch', vi.fn(delayed));
    renderApp(LINK);
    expect(await screen.findByText('loading ...')).toBeInTheDocument();
    expect(page().getByRole('link', { name: 'delivering ...' })).toHaveAttribute('href', '/provider');
    release();
  });
});
