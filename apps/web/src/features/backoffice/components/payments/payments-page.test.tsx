import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '@/components/data-table/data-table';
import { setLanguage } from '@/i18n';
import { fakeMediaQueryList } from '@/testing/media-query';
import { fail, ok, preloadPanels, renderApp, sentBodies, signIn, stubServer } from '@/testing/render-app';

beforeAll(() => preloadPanels('admin'));

const ORDER_ID = '6f1c2a3b-4d5e-4f60-8a71-92b3c4d5e6f7';

function refund(i: number, overrides: Record<string, unknown> = {}) {
  return {
    _id: `00000000-0000-4000-8000-00000000000${i}`,
    orderId: ORDER_ID,
    paymentId: `payment-${i}`,
    sme: { _id: 'sme-1', title: 'Gulf Bakery', email: 'bakery@example.com' },
    gateway: 'sandbox',
    transactionId: `sbx_${i}`,
    amount: 20,
    reason: 'declined',
    status: 'pending',
    gatewayRefundId: null,
    attempts: 1,
    lastError: 'the gateway timed out',
    nextAttemptAt: '2026-01-02T10:00:30.000Z',
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

const FAILED = refund(2, {
  status: 'failed',
  amount: 37.5,
  reason: 'order_canceled',
  lastError: 'the card account is closed',
  nextAttemptAt: null,
  sme: { _id: 'sme-2', title: null, email: 'noname@example.com' },
});

function anomaly(overrides: Record<string, unknown> = {}) {
  return {
    _id: 'anomaly-1',
    orderId: ORDER_ID,
    paymentId: 'payment-9',
    sme: { _id: 'sme-1', title: 'Gulf Bakery', email: 'bakery@example.com' },
    gateway: 'myfatoorah',
    transactionId: 'mf_123456',
    kind: 'amount_mismatch',
    expected: { amount: 25, currency: 'USD' },
    gatewayAnswer: { status: 'approved', amount: 24.99, currency: 'USD', detail: null },
    paymentStatus: 'pending',
    occurrences: 2,
    firstSeenAt: '2026-01-02T10:00:00.000Z',
    lastSeenAt: '2026-01-03T11:00:00.000Z',
    ...overrides,
  };
}

const listCalls = (fetchMock: ReturnType<typeof stubServer>, part: string) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes(part));
/** A row's cells as read (the non-breaking space an amount's currency code takes as a plain one). */
const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('td'), (td) => td.textContent.replace(/\u00a0/g, ' '));

describe("the admin's Payments screen", () => {
  it('is in the menu and opens on the refunds needing attention, each with its order, SME, amount, reason, status, attempts, error and next attempt', async () => {
    signIn('admin', null);
    const fetchMock = stubServer({ 'GET /api/v1/admin/refund/list': ok({ refunds: [refund(1), FAILED], count: 2 }) });
    renderApp('/admin/payments');
    const table = await screen.findByRole('table', { name: 'Refunds' });
    expect(screen.getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/admin/payments');
    expect(screen.getByRole('tab', { name: 'Refunds', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Needing attention (pending, requested, failed)');
    expect(listCalls(fetchMock, '/refund/')).toEqual(['/api/v1/admin/refund/list?status=attention&page=1&perPage=10']);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Created',
      'Order',
      'SME',
      'Amount',
      'Reason',
      'Status',
      'Attempts',
      'Last error',
      'Next attempt',
      'Actions',
    ]);
    const [pending, failed] = within(table).getAllByRole('row').slice(1);
    expect(cells(pending!).slice(1, 8)).toEqual(['6f1c2a3b', 'Gulf Bakery', '$20.00', 'Declined by the supplier', 'Pending', '1', 'the gateway timed out']);
    expect(cells(pending!)[0]).toMatch(/^Friday, 2 January 2026 at \d{2}:\d{2}$/);
    expect(cells(pending!)[8]).toMatch(/^Friday, 2 January 2026 at \d{2}:\d{2}$/);
    expect(within(pending!).getByRole('link', { name: `Order ${ORDER_ID}` })).toHaveAttribute('href', `/admin/order/${ORDER_ID}`);
    expect(within(pending!).queryByRole('button')).not.toBeInTheDocument();
    expect(cells(failed!).slice(1, 9)).toEqual([
      '6f1c2a3b',
      'noname@example.com',
      '$37.50',
      'Paid after the order was canceled',
      'Failed',
      '1',
      'the card account is closed',
      '—',
    ]);
    expect(within(failed!).getByRole('button', { name: 'Try again the refund of $37.50 to noname@example.com' })).toBeInTheDocument();
  });

  it('tries a failed refund again after a confirmation, with a toast, and shows it again as the list now has it', async () => {
    signIn('admin', null);
    let retried = false;
    const fetchMock = stubServer({
      'GET /api/v1/admin/refund/list': () => ok({ refunds: [retried ? { ...FAILED, status: 'pending', nextAttemptAt: '2026-01-04T09:00:00.000Z' } : FAILED], count: 1 }),
      'POST /api/v1/admin/refund/retry': () => {
        retried = true;
        return ok({ refund: { ...FAILED, status: 'pending', nextAttemptAt: '2026-01-04T09:00:00.000Z' } });
      },
    });
    const { user } = renderApp('/admin/payments');
    await user.click(await screen.findByRole('button', { name: /^Try again the refund of \$37\.50/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Try the refund of $37.50 to noname@example.com again? The platform asks the gateway once more.' });
    // No: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(sentBodies(fetchMock, 'POST', '/api/v1/admin/refund/retry')).toEqual([]);

    await user.click(screen.getByRole('button', { name: /^Try again the refund of \$37\.50/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('the refund will be tried again in a moment')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/admin/refund/retry')).toEqual([{ refundId: FAILED._id }]);
    const table = screen.getByRole('table', { name: 'Refunds' });
    await waitFor(() => expect(within(table).getByText('Pending')).toBeInTheDocument());
    expect(within(table).queryByRole('button', { name: /Try again/ })).not.toBeInTheDocument();
    expect(listCalls(fetchMock, '/refund/list')).toHaveLength(2);
  });

  it('says why a retry was refused, in the interface language', async () => {
    signIn('admin', null);
    stubServer({
      'GET /api/v1/admin/refund/list': ok({ refunds: [FAILED], count: 1 }),
      'POST /api/v1/admin/refund/retry': fail(409, 'only a failed refund can be tried again; this one is pending'),
    });
    const { user } = renderApp('/admin/payments');
    await user.click(await screen.findByRole('button', { name: /^Try again/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('only a failed refund can be tried again; this one is Pending')).toBeInTheDocument();
  });

  it('filters by status in the address, from page 1, and says when a filter has nothing', async () => {
    signIn('admin', null);
    const fetchMock = stubServer({ 'GET /api/v1/admin/refund/list': (_body) => ok({ refunds: [], count: 0 }) });
    const { user, router } = renderApp('/admin/payments?page=2');
    expect(await screen.findByText('No refund needs attention.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Succeeded' }));
    expect(await screen.findByText('No refund has succeeded yet.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=succeeded');
    expect(listCalls(fetchMock, '/refund/')).toEqual([
      '/api/v1/admin/refund/list?status=attention&page=2&perPage=10',
      '/api/v1/admin/refund/list?status=succeeded&page=1&perPage=10',
    ]);
  });

  it('shows the anomalies: kind, order, transaction, what was expected beside the gateway’s answer, times seen, first and last seen, payment', async () => {
    signIn('admin', null);
    const fetchMock = stubServer({
      'GET /api/v1/admin/refund/list': ok({ refunds: [], count: 0 }),
      'GET /api/v1/admin/payment/anomaly/list': ok({
        anomalies: [
          anomaly(),
          anomaly({
            _id: 'anomaly-2',
            kind: 'currency_mismatch',
            gatewayAnswer: { status: 'approved', amount: 25, currency: 'KWD', detail: null },
            occurrences: 1,
          }),
          anomaly({
            _id: 'anomaly-3',
            kind: 'unknown_state',
            gatewayAnswer: { status: 'unknown', amount: null, currency: null, detail: 'InvoiceStatus Frozen' },
            paymentStatus: 'expired',
          }),
        ],
        count: 3,
      }),
    });
    const { user, router } = renderApp('/admin/payments');
    await user.click(await screen.findByRole('tab', { name: 'Anomalies' }));
    const table = await screen.findByRole('table', { name: 'Payment anomalies' });
    expect(router.state.location.search).toBe('?tab=anomalies');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Kind',
      'Order',
      'Transaction',
      'Expected',
      'Gateway’s answer',
      'Times seen',
      'First seen',
      'Last seen',
      'Payment',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(cells(rows[0]!).slice(0, 6)).toEqual(['Amount mismatch', '6f1c2a3b', 'mf_123456', '$25.00', 'Approved · $24.99', '2']);
    expect(cells(rows[0]!)[8]).toBe('Pending');
    expect(cells(rows[1]!).slice(0, 1).concat(cells(rows[1]!).slice(4, 5))).toEqual(['Currency mismatch', 'Approved · KWD 25.000']);
    expect(cells(rows[2]!)[4]).toBe('Unknown · no amountInvoiceStatus Frozen');
    expect(cells(rows[2]!)[8]).toBe('Expired');
    expect(within(rows[0]!).getByRole('link', { name: `Order ${ORDER_ID}` })).toHaveAttribute('href', `/admin/order/${ORDER_ID}`);
    expect(listCalls(fetchMock, '/anomaly/')).toEqual(['/api/v1/admin/payment/anomaly/list?page=1&perPage=10']);
  });

  it('at phone width lists each refund as a card, its date as the heading and Try again at its foot', async () => {
    vi.stubGlobal('matchMedia', (query: string) => fakeMediaQueryList(query, query === PHONE_QUERY));
    signIn('admin', null);
    stubServer({ 'GET /api/v1/admin/refund/list': ok({ refunds: [FAILED], count: 1 }) });
    renderApp('/admin/payments');
    const list = await screen.findByRole('list', { name: 'Refunds' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [card] = within(list).getAllByRole('listitem');
    expect(within(card!).getByText('Amount').nextElementSibling).toHaveTextContent('$37.50');
    expect(within(card!).getByText('Last error').nextElementSibling).toHaveTextContent('the card account is closed');
    expect(within(card!).getByRole('button', { name: /^Try again/ })).toBeInTheDocument();
  });

  it('reads in Arabic, right to left', async () => {
    signIn('admin', null);
    stubServer({ 'GET /api/v1/admin/refund/list': ok({ refunds: [FAILED], count: 1 }) });
    await setLanguage('ar');
    renderApp('/admin/payments');
    const table = await screen.findByRole('table', { name: 'المبالغ المستردة' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('heading', { level: 1, name: 'المدفوعات' })).toBeInTheDocument();
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(cells(row!).slice(4, 6)).toEqual(['دُفع بعد إلغاء الطلب', 'فاشل']);
    expect(within(row!).getByRole('button', { name: /^إعادة محاولة استرداد/ })).toHaveTextContent('إعادة المحاولة');
  });
});
