import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@qist/domain';
import { i18n } from '@/i18n';
import { BREAKDOWN, installmentItem, ORDER_ID, order, preloadFulfilmentScreens } from '@/testing/fixtures/orders';
import { fail, ok, renderApp, sentBodies, signIn, stubServer, type FakeRoutes } from '@/testing/render-app';

type Role = 'admin' | 'bank' | 'insurance';

beforeAll(preloadFulfilmentScreens);

function openOrder(role: Role, shown: Order, routes: FakeRoutes = {}) {
  signIn(role, null);
  const fetchMock = stubServer({ [`GET /api/v1/${role}/order/show/${ORDER_ID}`]: ok({ order: shown }), ...routes });
  return { ...renderApp(`/${role}/order/${ORDER_ID}`), fetchMock };
}

const loaded = () => screen.findByRole('region', { name: 'Order Detail' });
const button = (name: string) => screen.queryByRole('button', { name });

describe("the admin's order page", () => {
  it('shows the breakdown exactly as the server sends it', async () => {
    openOrder('admin', order(2, 1, { breakdown: BREAKDOWN }));
    await loaded();
    const breakdown = within(screen.getByRole('region', { name: 'Breakdown' }));
    const value = (label: string) => breakdown.getByText(label).nextElementSibling?.textContent;
    expect(value('Discount rate')).toBe('10%');
    expect(value('Discount')).toBe('$100.00');
    expect(value('Bank share rate')).toBe('40%');
    expect(value('Total bank share')).toBe('$40.01');
    expect(value('Platform share rate')).toBe('60%');
    expect(value('Total platform share')).toBe('$59.99');
    expect(value('Supplier payout')).toBe('$900.00');
    // both parties are named
    const detail = within(screen.getByRole('region', { name: 'Order Detail' }));
    expect(detail.getByText('Gulf Foods')).toBeInTheDocument();
    expect(detail.getByText('Al Noor Trading')).toBeInTheDocument();
  });

  it.each([1, 3, 4, 5, 6])('at status %i offers Verify Invoice only at 4', async (status) => {
    openOrder('admin', order(status, 1, { breakdown: BREAKDOWN }));
    await loaded();
    expect(button('Verify Invoice') !== null).toBe(status === 4);
  });

  it("verifies the invoice: one call, 'invoice verified successfully' and back to the list", async () => {
    const { user, router, fetchMock } = openOrder('admin', order(4, 3, { breakdown: BREAKDOWN }), {
      'POST /api/v1/admin/order/invoice/verify': ok({ order: { _id: ORDER_ID, status: 5 } }),
      'GET /api/v1/admin/order/list': ok({ orders: [order(5, 3)], count: 1, cursors: { first: null, last: null } }),
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Verify Invoice' }));
    expect(await screen.findByText('invoice verified successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'));
    expect(sentBodies(fetchMock, 'POST', '/api/v1/admin/order/invoice/verify')).toEqual([{ orderId: ORDER_ID }]);
  });
});

/** Below the payout approval threshold (the order is $1,000): the bank pays at once. */
const HIGH_THRESHOLD = { 'GET /api/v1/admin/payout/approval-threshold': ok({ threshold: 5000 }) };
/** At or above it: the bank's Pay is a payout request for a second bank user. */
const LOW_THRESHOLD = { 'GET /api/v1/admin/payout/approval-threshold': ok({ threshold: 1000 }) };

const PENDING = {
  _id: 'b3c1d2e4-0000-4000-8000-000000000001',
  amount: 1000,
  requestedBy: 'id-bank1',
  requester: { _id: 'id-bank1', email: 'bank1@example.com' },
  requestedAt: '2025-02-03T09:15:00.000Z',
};

describe("the bank's order page", () => {
  it.each([4, 5, 6])('at status %i offers Pay only at 5', async (status) => {
    openOrder('bank', order(status, 1, { breakdown: BREAKDOWN }), HIGH_THRESHOLD);
    await loaded();
    if (status === 5) expect(await screen.findByRole('button', { name: 'Pay' })).toBeInTheDocument();
    else expect(button('Pay')).toBeNull();
    expect(button('Request payout')).toBeNull();
    expect(screen.getByRole('region', { name: 'Breakdown' })).toBeInTheDocument();
  });

  it("asks first, showing the supplier's payout; pays after Yes and goes back", async () => {
    const { user, router, fetchMock } = openOrder('bank', order(5, 3, { breakdown: { ...BREAKDOWN, supplierPayout: 899.5 } }), {
      ...HIGH_THRESHOLD,
      'POST /api/v1/bank/order/pay': ok({ order: { _id: ORDER_ID, status: 6 } }),
      'GET /api/v1/bank/order/list': ok({ orders: [order(6, 3)], count: 1, cursors: { first: null, last: null } }),
    });
    await loaded();
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Are you sure to pay this order ?' }));
    expect(dialog.getByText('$899.50')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'No' }));
    expect(sentBodies(fetchMock, 'POST', '/api/v1/bank/order/pay')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Pay' }));
    dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('order paid successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/bank/orders'));
    expect(sentBodies(fetchMock, 'POST', '/api/v1/bank/order/pay')).toEqual([{ orderId: ORDER_ID }]);
  });

  it("shows the server's refusal and stays", async () => {
    const { user, router } = openOrder('bank', order(5, 3, { breakdown: BREAKDOWN }), {
      ...HIGH_THRESHOLD,
      'POST /api/v1/bank/order/pay': fail(409, 'this is not possible while the order is paidByBank'),
    });
    await loaded();
    await user.click(await screen.findByRole('button', { name: 'Pay' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('this is not possible while the order is Paid by bank')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/bank/order/${ORDER_ID}`);
  });

  it('at the threshold offers Request payout: asks, requests, says a second bank user must approve, counts it in the menu and stays', async () => {
    let shown = order(5, 3, { breakdown: BREAKDOWN, pendingPayout: null });
    let pending = 0;
    const { user, router, fetchMock } = openOrder('bank', shown, {
      ...LOW_THRESHOLD,
      [`GET /api/v1/bank/order/show/${ORDER_ID}`]: () => ok({ order: shown }),
      'GET /api/v1/bank/approval/list': () => ok({ approvals: [], count: pending }),
      'POST /api/v1/bank/order/pay': () => {
        shown = { ...shown, pendingPayout: PENDING };
        pending = 1;
        return ok({ approval: { ...PENDING, orderId: ORDER_ID, status: 'pending', decidedBy: null, decidedAt: null, reason: null } });
      },
    });
    await loaded();
    await user.click(await screen.findByRole('button', { name: 'Request payout' }));
    expect(button('Pay')).toBeNull();
    let dialog = within(await screen.findByRole('dialog', { name: 'Request the payout of this order? A second bank user must approve it.' }));
    expect(dialog.getByText('$900.00')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'No' }));
    expect(sentBodies(fetchMock, 'POST', '/api/v1/bank/order/pay')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Request payout' }));
    dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('payout requested; a second bank user must approve it')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/bank/order/pay')).toEqual([{ orderId: ORDER_ID }]);
    // The page stays and shows the request; nothing more to press.
    const notice = await screen.findByRole('status', { name: 'Payout waiting for approval' });
    expect(notice).toHaveTextContent('bank1@example.com requested the payout of $1,000.00');
    expect(button('Request payout')).toBeNull();
    expect(router.state.location.pathname).toBe(`/bank/order/${ORDER_ID}`);
    // The menu's Approvals counts it at once.
    const approvals = within(screen.getByRole('navigation', { name: 'Menu' })).getByRole('link', { name: /^Approvals/ });
    await waitFor(() => expect(approvals).toContainElement(screen.getByRole('status', { name: '1 waiting' })));
  });
});

describe('a pending payout request on the order page', () => {
  it.each(['admin', 'bank', 'insurance'] as const)('is shown to %s with its requester and time', async (role) => {
    openOrder(role, order(5, 3, { breakdown: BREAKDOWN, pendingPayout: PENDING }), LOW_THRESHOLD);
    await loaded();
    const notice = await screen.findByRole('status', { name: 'Payout waiting for approval' });
    expect(notice).toHaveTextContent('bank1@example.com requested the payout of $1,000.00 on 3 Feb 2025');
    expect(notice).toHaveTextContent('a second bank user must approve it');
    expect(button('Pay')).toBeNull();
    expect(button('Request payout')).toBeNull();
  });

  it('is not shown when there is none', async () => {
    openOrder('admin', order(5, 3, { breakdown: BREAKDOWN, pendingPayout: null }));
    await loaded();
    expect(screen.queryByRole('status', { name: 'Payout waiting for approval' })).toBeNull();
  });
});

describe("the insurance company's order page", () => {
  it('has no breakdown, no invoice and no buttons, even if the answer carried them', async () => {
    openOrder('insurance', order(5, 3, { breakdown: BREAKDOWN, invoice: { file: 'inv.png' } }));
    await loaded();
    expect(screen.queryByRole('region', { name: 'Breakdown' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Order Invoice' })).not.toBeInTheDocument();
    expect(button('Pay')).not.toBeInTheDocument();
    expect(button('Verify Invoice')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Installments' })).toBeInTheDocument();
  });
});

describe("the back office's order list", () => {
  it.each(['admin', 'bank', 'insurance'] as const)('%s: "Orders" with SME and Supplier', async (role) => {
    signIn(role, null);
    const fetchMock = stubServer({ [`GET /api/v1/${role}/order/list`]: ok({ orders: [order(4, 3)], count: 1, cursors: { first: null, last: null } }) });
    renderApp(`/${role}/orders?status=4`);
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['SME', 'Supplier', 'Amount', 'Status', 'Actions']);
    expect(within(table).getByRole('link', { name: /Show the order of \$1,000\.00/ })).toHaveAttribute('href', `/${role}/order/${ORDER_ID}`);
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('order/list'))).toEqual([
      `/api/v1/${role}/order/list?page=1&perPage=10&status=4`,
    ]);
  });
});

describe('the late switch of the order lists', () => {
  const listCalls = (fetchMock: ReturnType<typeof stubServer>) =>
    fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('order/list'));

  it('opens on ?late=true as the late cards lead there', async () => {
    signIn('admin', null);
    const fetchMock = stubServer({ 'GET /api/v1/admin/order/list': ok({ orders: [order(2, 3)], count: 1, cursors: { first: null, last: null } }) });
    renderApp('/admin/orders?late=true&status=2');
    await screen.findByRole('table', { name: 'Orders' });
    expect(screen.getByRole('switch', { name: 'Late instalments only' })).toBeChecked();
    expect(listCalls(fetchMock)).toEqual(['/api/v1/admin/order/list?page=1&perPage=10&status=2&late=true']);
  });

  it('switching it on and off asks for the late orders from page 1, then for all again', async () => {
    signIn('bank', null);
    const fetchMock = stubServer({ 'GET /api/v1/bank/order/list': ok({ orders: [order(5, 3)], count: 15, cursors: { first: null, last: null } }) });
    const { user, router } = renderApp('/bank/orders?page=2');
    await screen.findByRole('table', { name: 'Orders' });
    const late = screen.getByRole('switch', { name: 'Late instalments only' });
    expect(late).not.toBeChecked();

    await user.click(late);
    await waitFor(() => expect(router.state.location.search).toBe('?late=true'));
    expect(late).toBeChecked();
    await waitFor(() => expect(listCalls(fetchMock)).toContain('/api/v1/bank/order/list?page=1&perPage=10&late=true'));

    await user.click(late);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(listCalls(fetchMock)).toEqual([
      '/api/v1/bank/order/list?page=2&perPage=10',
      '/api/v1/bank/order/list?page=1&perPage=10&late=true',
      '/api/v1/bank/order/list?page=1&perPage=10',
    ]);
  });

  it('is offered to the SME too, in Arabic', async () => {
    await i18n.changeLanguage('ar');
    signIn('sme', 8);
    stubServer({ 'GET /api/v1/sme/order/list': ok({ orders: [], count: 0, cursors: { first: null, last: null } }) });
    renderApp('/sme/orders?late=true');
    expect(await screen.findByRole('switch', { name: 'ذات الأقساط المتأخرة فقط' })).toBeChecked();
  });
});

describe('the order list’s First, Previous, Next and Last', () => {
  const listCalls = (fetchMock: ReturnType<typeof stubServer>) =>
    fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('order/list'));

  it('steps by the cursors of the page on screen, keeps the page number shown, and jumps by number without them', async () => {
    signIn('admin', null);
    const fetchMock = stubServer({
      'GET /api/v1/admin/order/list': ok({ orders: [order(5, 3)], count: 95, cursors: { first: 'top-row', last: 'bottom-row' } }),
    });
    const { user, router } = renderApp('/admin/orders?status=5');
    await screen.findByRole('table', { name: 'Orders' });
    const pager = () => within(screen.getByRole('navigation', { name: 'Pages' }));
    const current = () => pager().getByRole('button', { current: 'page' }).textContent;

    await user.click(pager().getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=5&page=2&after=bottom-row'));
    await waitFor(() => expect(current()).toBe('2'));
    await user.click(pager().getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(current()).toBe('3'));
    await user.click(pager().getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=5&page=2&before=top-row'));
    await user.click(pager().getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=5&page=10&last=true'));
    await waitFor(() => expect(current()).toBe('10'));
    await user.click(pager().getByRole('button', { name: '9' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=5&page=9'));
    await user.click(pager().getByRole('button', { name: 'First page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=5'));
    await waitFor(() => expect(current()).toBe('1'));

    expect(listCalls(fetchMock)).toEqual([
      '/api/v1/admin/order/list?page=1&perPage=10&status=5',
      '/api/v1/admin/order/list?page=2&perPage=10&status=5&after=bottom-row',
      '/api/v1/admin/order/list?page=3&perPage=10&status=5&after=bottom-row',
      '/api/v1/admin/order/list?page=2&perPage=10&status=5&before=top-row',
      '/api/v1/admin/order/list?page=10&perPage=10&status=5&last=true',
      '/api/v1/admin/order/list?page=9&perPage=10&status=5',
      '/api/v1/admin/order/list?page=1&perPage=10&status=5',
    ]);
  });

  it('reads page 1 by number when Previous reaches it, and a change of filter forgets the cursor', async () => {
    signIn('bank', null);
    const fetchMock = stubServer({
      'GET /api/v1/bank/order/list': ok({ orders: [order(5, 3)], count: 25, cursors: { first: 'top-row', last: 'bottom-row' } }),
    });
    const { user, router } = renderApp('/bank/orders?page=2&after=somewhere');
    await screen.findByRole('table', { name: 'Orders' });
    await user.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3&last=true'));
    await user.click(screen.getByRole('switch', { name: 'Late instalments only' }));
    await waitFor(() => expect(router.state.location.search).toBe('?late=true'));
    expect(listCalls(fetchMock)).toEqual([
      '/api/v1/bank/order/list?page=2&perPage=10&after=somewhere',
      '/api/v1/bank/order/list?page=1&perPage=10',
      '/api/v1/bank/order/list?page=3&perPage=10&last=true',
      '/api/v1/bank/order/list?page=1&perPage=10&late=true',
    ]);
  });
});

describe('the instalment list', () => {
  it.each(['admin', 'bank'] as const)('%s: #, Percent, Amount, status, Deadline and See Order, ten a page', async (role) => {
    signIn(role, null);
    const other = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
    const fetchMock = stubServer({
      [`GET /api/v1/${role}/installment/list`]: ok({
        installments: [installmentItem(0, '2025-01-12T08:00:00.000Z'), installmentItem(1, null, other)],
        count: 25, cursors: { first: null, last: null },
      }),
    });
    renderApp(`/${role}/installments`);
    const table = await screen.findByRole('table', { name: 'Instalments' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '#',
      'Percent',
      'Amount',
      'status',
      'Deadline',
      'Actions',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    const first = within(rows[0]!);
    expect(first.getByText('1')).toBeInTheDocument();
    expect(first.getByText('25%')).toBeInTheDocument();
    expect(first.getByText('$250.00')).toBeInTheDocument();
    expect(first.getByText('paid')).toBeInTheDocument();
    expect(first.getByText(/^Friday,? 10 January 2025$/)).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('paid')).not.toBeInTheDocument();
    const links = within(table).getAllByRole('link', { name: /See Order/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([`/${role}/order/${ORDER_ID}`, `/${role}/order/${other}`]);
    // 25 instalments: three pages
    const pager = within(screen.getByRole('navigation', { name: 'Pages' }));
    expect(pager.getByRole('button', { name: '3' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('installment/list'))).toEqual([
      `/api/v1/${role}/installment/list?page=1&perPage=10`,
    ]);
  });

  it('steps by the cursors of the page on screen, numbers its rows in the whole list, and jumps by number without them', async () => {
    signIn('admin', null);
    const fetchMock = stubServer({
      'GET /api/v1/admin/installment/list': ok({
        installments: [installmentItem(0, null), installmentItem(1, null)],
        count: 45,
        cursors: { first: 'top-row', last: 'bottom-row' },
      }),
    });
    const { user, router } = renderApp('/admin/installments');
    await screen.findByRole('table', { name: 'Instalments' });
    const pager = () => within(screen.getByRole('navigation', { name: 'Pages' }));
    const current = () => pager().getByRole('button', { current: 'page' }).textContent;

    await user.click(pager().getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2&after=bottom-row'));
    await waitFor(() => expect(current()).toBe('2'));
    expect(within(screen.getByRole('table', { name: 'Instalments' })).getAllByRole('row')[1]).toHaveTextContent(/^11/);
    await user.click(pager().getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.click(pager().getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=5&last=true'));
    await user.click(pager().getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=4&before=top-row'));
    await user.click(pager().getByRole('button', { name: '2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));

    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('installment/list'))).toEqual([
      '/api/v1/admin/installment/list?page=1&perPage=10',
      '/api/v1/admin/installment/list?page=2&perPage=10&after=bottom-row',
      '/api/v1/admin/installment/list?page=1&perPage=10',
      '/api/v1/admin/installment/list?page=5&perPage=10&last=true',
      '/api/v1/admin/installment/list?page=4&perPage=10&before=top-row',
      '/api/v1/admin/installment/list?page=2&perPage=10',
    ]);
  });
});

describe('in Arabic', () => {
  it('shows the bank order page right to left, with its breakdown and Pay', async () => {
    await i18n.changeLanguage('ar');
    openOrder('bank', order(5, 3, { breakdown: BREAKDOWN }), HIGH_THRESHOLD);
    expect(await screen.findByRole('region', { name: 'تفاصيل الطلب' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const breakdown = within(screen.getByRole('region', { name: 'التفصيل المالي' }));
    expect(breakdown.getByText('900.00 دولار أمريكي')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'دفع' })).toBeInTheDocument();
  });

  it('offers Request payout and shows a pending request in Arabic', async () => {
    await i18n.changeLanguage('ar');
    openOrder('bank', order(5, 3, { breakdown: BREAKDOWN }), LOW_THRESHOLD);
    expect(await screen.findByRole('button', { name: 'طلب الدفع' })).toBeInTheDocument();
    cleanup();
    openOrder('insurance', order(5, 3, { pendingPayout: PENDING }));
    const notice = await screen.findByRole('status', { name: 'دفعة بانتظار الموافقة' });
    expect(notice).toHaveTextContent('طلب bank1@example.com دفع 1,000.00 دولار أمريكي');
  });
});
