import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '@qist/domain';
import { ORDER_ID, order, preloadOrderScreens, smeAreaRoutes, TRANSACTION_ID } from '@/testing/fixtures/orders';
import { ok, renderApp, sentBodies, signIn, stubServer, type FakeRoutes } from '@/testing/render-app';

const SHOW = `GET /api/v1/sme/order/show/${ORDER_ID}`;

beforeAll(preloadOrderScreens);

function openOrder(shown: Order, routes: FakeRoutes = {}) {
  signIn('sme', 8);
  const fetchMock = stubServer({ ...smeAreaRoutes(), [SHOW]: ok({ order: shown }), ...routes });
  return { ...renderApp(`/sme/order/${ORDER_ID}`), fetchMock };
}

const loaded = () => screen.findByRole('region', { name: 'Order Detail' });
const button = (name: string) => screen.queryByRole('button', { name });
const deadline = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'full' });

describe('the order detail', () => {
  it('lists the instalments latest first, with rate, amount, en-GB deadline and paid badges', async () => {
    const shown = order(3, 2);
    openOrder(shown);
    await loaded();
    const list = screen.getByRole('list', { name: 'Installments' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^Instalment/).textContent)).toEqual([
      'Instalment 4 of 4',
      'Instalment 3 of 4',
      'Instalment 2 of 4',
      'Instalment 1 of 4',
    ]);
    expect(items.map((item) => within(item).queryByText('paid') !== null)).toEqual([false, false, true, true]);
    const latest = within(items[0]!);
    expect(latest.getByText('25%')).toBeInTheDocument();
    expect(latest.getByText('$250.00')).toBeInTheDocument();
    expect(latest.getByText(deadline(shown.installments[3]!.paid.deadline))).toBeInTheDocument();
    expect(deadline(shown.installments[3]!.paid.deadline)).toMatch(/^Thursday,? 10 April 2025$/);

    const detail = within(screen.getByRole('region', { name: 'Order Detail' }));
    expect(detail.getByText('Gulf Foods')).toBeInTheDocument();
    expect(detail.getByText('$1,000.00')).toBeInTheDocument();
    expect(detail.getByText('Delivered')).toBeInTheDocument();
    expect(detail.getByText('10%')).toBeInTheDocument();
    expect(detail.getByText('200 boxes of dates')).toBeInTheDocument();
    expect(detail.queryByText('finished')).not.toBeInTheDocument();
    const payment = within(screen.getByRole('region', { name: 'Payment Status' }));
    expect(payment.getByText('No instalment is overdue')).toBeInTheDocument();
    expect(payment.getByText('Never late')).toBeInTheDocument();
  });

  it.each([
    { status: -1, paid: 0, buttons: [] },
    { status: 0, paid: 0, buttons: ['Pay first instalment', 'Cancel order'] },
    { status: 1, paid: 1, buttons: ['Pay next instalment'] },
    { status: 4, paid: 3, buttons: ['Pay next instalment'] },
    { status: 6, paid: 4, buttons: [] },
  ])('at status $status with $paid paid shows $buttons', async ({ status, paid, buttons }) => {
    openOrder(order(status, paid));
    await loaded();
    const all = ['Pay first instalment', 'Pay next instalment', 'Cancel order'];
    expect(all.filter((name) => button(name))).toEqual(buttons);
    // the instalments show only beyond created
    expect(screen.queryByRole('region', { name: 'Installments' }) !== null).toBe(status > 0);
    if (paid === 4) expect(screen.getByText('finished')).toBeInTheDocument();
  });

  it('says when a payment is late, in words', async () => {
    openOrder(order(2, 1, { latePay: { active: true, once: true } }));
    await loaded();
    const payment = within(screen.getByRole('region', { name: 'Payment Status' }));
    expect(payment.getByText('An instalment is overdue')).toBeInTheDocument();
    expect(payment.getByText('An instalment was paid late')).toBeInTheDocument();
  });

  it('pays the next instalment: starts the payment and goes to the gateway page', async () => {
    const transactionId = TRANSACTION_ID;
    const { user, router, fetchMock } = openOrder(order(2, 1), {
      'POST /api/v1/sme/pay/installment': ok({ transactionId, paymentUrl: `/gateway/sandbox/${transactionId}` }),
      [`GET /api/v1/pub/gateway/sandbox/${transactionId}`]: ok({ transactionId, amount: 250, description: 'Gulf Foods', status: 'pending' }),
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Pay next instalment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/gateway/sandbox/${transactionId}`));
    expect(sentBodies(fetchMock, 'POST', '/api/v1/sme/pay/installment')).toEqual([{ orderId: ORDER_ID }]);
    expect(await screen.findByText('Test payment page — no real money moves.')).toBeInTheDocument();
  });

  it('cancels a created order after a Yes', async () => {
    const { user, fetchMock } = openOrder(order(0), {
      'POST /api/v1/sme/order/cancel': ok({ order: { _id: ORDER_ID, status: -1 } }),
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure to cancel this order ?' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(sentBodies(fetchMock, 'POST', '/api/v1/sme/order/cancel')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('the order is canceled')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/sme/order/cancel')).toEqual([{ orderId: ORDER_ID }]);
  });

  it('shows the delivery QR code of the delivery link once the order has a verify code', async () => {
    openOrder(order(2, 1, { verify_code: 'K7Q2ZP' }));
    await loaded();
    const qr = await screen.findByRole('img', { name: 'Delivery QR code of this order' });
    expect(qr).toHaveAttribute('data-value', `${window.location.origin}/delivered-order?orderId=${ORDER_ID}&verifyCode=K7Q2ZP`);
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByText('K7Q2ZP')).toBeInTheDocument();
  });

  describe('the invoice', () => {
    afterEach(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });

    it('shows the uploaded invoice, fetched with the session (an <img> cannot send it)', async () => {
      // jsdom has no blob URLs
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:invoice-1'), revokeObjectURL: vi.fn() });
      const { fetchMock } = openOrder(order(4, 3, { invoice: { file: 'f1e2d3c4-0000-4000-8000-000000000001.png' } }));
      const served = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        String(input).includes('/invoice/file/')
          ? new Response('png', { status: 200, headers: { 'Content-Type': 'image/png' } })
          : fetchMock(input, init),
      );
      vi.stubGlobal('fetch', served);
      const section = within(await screen.findByRole('region', { name: 'Order Invoice' }));
      expect(await section.findByRole('img', { name: 'Invoice of this order' })).toHaveAttribute('src', 'blob:invoice-1');
      expect(section.getByRole('link', { name: 'Open the invoice' })).toHaveAttribute('href', 'blob:invoice-1');
      const call = served.mock.calls.find(([input]) => String(input).includes('/invoice/file/'));
      expect(String(call?.[0])).toBe('/api/v1/pub/order/invoice/file/f1e2d3c4-0000-4000-8000-000000000001.png');
      expect(call?.[1]?.headers).toEqual({ Authorization: 'Bearer token-sme' });
    });
  });

  it("shows the server's sentence when the order cannot be shown", async () => {
    signIn('sme', 8);
    stubServer({ ...smeAreaRoutes(), [SHOW]: { status: 404, body: { status: false, msg: 'order not found' } } });
    renderApp(`/sme/order/${ORDER_ID}`);
    expect(await screen.findByText('order not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe("the SME's order list", () => {
  it('shows supplier, amount, status and a link; the status filter goes into the address and the call', async () => {
    signIn('sme', 8);
    const fetchMock = stubServer({
      ...smeAreaRoutes(),
      'GET /api/v1/sme/order/list': ok({ orders: [order(1, 1), { ...order(6, 4), _id: 'order-2' }], count: 2, cursors: { first: null, last: null } }),
    });
    const { user, router } = renderApp('/sme/orders');
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Supplier', 'Amount', 'Status', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Waiting')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Paid by bank')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('finished')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Show the order of $1,000.00 with Gulf Foods' })).toHaveAttribute(
      'href',
      `/sme/order/${ORDER_ID}`,
    );

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All',
      'Canceled',
      'Created',
      'Waiting',
      'Sending',
      'Delivered',
      'Invoice uploaded',
      'Invoice verified by admin',
      'Paid by bank',
    ]);
    await user.click(screen.getByRole('option', { name: 'Delivered' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=3'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('order/list'))).toEqual([
        '/api/v1/sme/order/list?page=1&perPage=10',
        '/api/v1/sme/order/list?page=1&perPage=10&status=3',
      ]),
    );
  });

  it("says 'no data' without orders", async () => {
    signIn('sme', 8);
    stubServer({ ...smeAreaRoutes(), 'GET /api/v1/sme/order/list': ok({ orders: [], count: 0, cursors: { first: null, last: null } }) });
    renderApp('/sme/orders?status=-1');
    expect(await screen.findByText('no data')).toBeInTheDocument();
  });
});
