// The admin's Reconciliation screen: a day's figures and lists with links to the orders, marking the
// differences as looked at after a confirmation, a clean day, a gateway that does not answer, the
// dashboard's flag linking to the day, and the screen in Arabic.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Reconciliation } from '@qist/domain';
import { i18n } from '@/i18n';
import { ADMIN_DASHBOARD } from '@/testing/fixtures/dashboards';
import { fail, ok, preloadPanels, renderApp, sentBodies, signIn, stubServer } from '@/testing/render-app';
import { yesterdayUtc } from './reconciliation-page';

beforeAll(async () => {
  await preloadPanels('admin');
  await import('./reconciliation-page');
});

const ORDER = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
const day = (over: Partial<Reconciliation> = {}): Reconciliation => ({
  date: '2026-03-10',
  currency: 'USD',
  gateway: 'sandbox',
  matched: 12,
  missingInLedger: [{ transactionId: 'sbx_lost', orderId: ORDER, gatewayAmount: 75, ledgerAmount: null }],
  missingAtGateway: [],
  amountMismatch: [{ transactionId: 'sbx_odd', orderId: null, gatewayAmount: 50.01, ledgerAmount: 50 }],
  refunded: [],
  differences: 2,
  checkedAt: '2026-03-11T01:00:00.000Z',
  reviewed: null,
  ...over,
});

describe('the reconciliation screen', () => {
  it('shows the day asked for: its figures, each difference with its order and both amounts; marking them looked at asks first', async () => {
    signIn('admin', null);
    const fetchMock = stubServer({
      'GET /api/v1/admin/reconciliation': ok(day()),
      'POST /api/v1/admin/reconciliation/review': ok(day({ reviewed: { at: '2026-03-11T09:00:00.000Z', by: 'finance@example.com' } })),
    });
    const { user } = renderApp('/admin/reconciliation?date=2026-03-10');
    const missing = await screen.findByRole('table', { name: 'Missing in the ledger' });
    expect(screen.getByRole('link', { name: 'Reconciliation' })).toHaveAttribute('href', '/admin/reconciliation');
    expect(screen.getByLabelText('Day (UTC)')).toHaveValue('2026-03-10');
    expect(within(missing).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Transaction', 'Order', 'At the gateway', 'In the ledger']);
    const cells = (table: HTMLElement) => Array.from(within(table).getAllByRole('row')[1]!.querySelectorAll('td'), (td) => td.textContent);
    expect(cells(missing)).toEqual(['sbx_lost', 'See order', '$75.00', '—']);
    expect(within(missing).getByRole('link', { name: 'See order' })).toHaveAttribute('href', `/admin/order/${ORDER}`);
    expect(cells(screen.getByRole('table', { name: 'Amount mismatches' }))).toEqual(['sbx_odd', 'Not a payment of this platform', '$50.01', '$50.00']);
    expect(screen.queryByRole('table', { name: 'Refunded' })).toBeNull();
    expect(screen.getByText('Differences not looked at yet: 2')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Mark as looked at' }));
    expect(sentBodies(fetchMock, 'POST', '/api/v1/admin/reconciliation/review')).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Differences looked at: 2')).toBeVisible();
    expect(screen.getByText('finance@example.com')).toBeVisible();
    expect(await screen.findByText(MESSAGES.reconciliationReviewed)).toBeVisible();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/admin/reconciliation/review')).toEqual([{ date: '2026-03-10' }]);
  });

  it('opens yesterday by default, says when a day is clean, and picks another day', async () => {
    signIn('admin', null);
    const fetchMock = stubServer({
      'GET /api/v1/admin/reconciliation': ok(day({ missingInLedger: [], amountMismatch: [], differences: 0 })),
    });
    renderApp('/admin/reconciliation?date=not-a-day');
    expect(await screen.findByText('No differences: every payment matches')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Mark as looked at' })).toBeNull();
    const input = screen.getByLabelText('Day (UTC)');
    expect(input).toHaveValue(yesterdayUtc());
    fireEvent.change(input, { target: { value: '2026-02-01' } });
    await waitFor(() => expect(input).toHaveValue('2026-02-01'));
    const asked = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/reconciliation'));
    expect(asked[0]).toBe(`/api/v1/admin/reconciliation?date=${yesterdayUtc()}`);
    expect(asked.at(-1)).toBe('/api/v1/admin/reconciliation?date=2026-02-01');
  });

  it('says so when the gateway does not answer, and tries again', async () => {
    signIn('admin', null);
    const fetchMock = stubServer({ 'GET /api/v1/admin/reconciliation': fail(503, MESSAGES.reconciliationUnavailable) });
    const { user } = renderApp('/admin/reconciliation?date=2026-03-10');
    const alert = await screen.findByRole('alert', { name: 'This day could not be reconciled' });
    expect(within(alert).getByText(MESSAGES.reconciliationUnavailable)).toBeVisible();
    const asked = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/reconciliation')).length;
    expect(asked()).toBe(1);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(asked()).toBe(2));
  });

  it('reads in Arabic, amounts included', async () => {
    await i18n.changeLanguage('ar');
    signIn('admin', null);
    stubServer({ 'GET /api/v1/admin/reconciliation': ok(day()) });
    renderApp('/admin/reconciliation?date=2026-03-10');
    const missing = await screen.findByRole('table', { name: 'غير موجودة في دفتر الأستاذ' });
    expect(within(missing).getByRole('link', { name: 'عرض الطلب' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'تعليم بأنها رُوجعت' })).toBeVisible();
    expect(within(missing).getByText(/75\.00/)).toBeVisible();
  });
});

describe('the admin dashboard', () => {
  it('flags the days with differences nobody has looked at, each linking to its reconciliation', async () => {
    signIn('admin', null);
    stubServer({ 'GET /api/v1/admin/dashboard': ok(ADMIN_DASHBOARD) });
    renderApp('/admin/dashboard');
    const flag = await screen.findByRole('region', { name: 'Reconciliation differences not looked at' });
    expect(within(flag).getByRole('link', { name: '2025-01-14: 2' })).toHaveAttribute('href', '/admin/reconciliation?date=2025-01-14');
  });
});
