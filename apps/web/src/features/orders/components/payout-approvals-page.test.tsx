import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PayoutApprovalListItem } from '@qist/domain';
import { i18n } from '@/i18n';
import { BREAKDOWN, ORDER_ID, preloadFulfilmentScreens } from '@/testing/fixtures/orders';
import { fail, meContent, ok, renderApp, sentBodies, signIn, stubServer, type FakeRoutes } from '@/testing/render-app';

beforeAll(preloadFulfilmentScreens);

const LIST = '/api/v1/bank/approval/list';

function approval(n: number, overrides: Partial<PayoutApprovalListItem> = {}): PayoutApprovalListItem {
  return {
    _id: `0000000${n}-aaaa-4bbb-8ccc-dddddddddddd`,
    orderId: ORDER_ID,
    amount: 1000,
    requestedBy: 'id-other',
    requester: { _id: 'id-other', email: 'bank1@example.com' },
    requestedAt: '2025-02-03T09:15:00.000Z',
    status: 'pending',
    decidedBy: null,
    decidedAt: null,
    reason: null,
    order: { _id: ORDER_ID, status: 5, description: `Order ${n}: 200 boxes of dates`, sme: 'Al Noor Trading', supplier: 'Gulf Foods' },
    breakdown: BREAKDOWN,
    ...overrides,
  };
}

/** The queue answering by the status asked for. */
function openApprovals(byStatus: Partial<Record<'pending' | 'approved' | 'rejected', PayoutApprovalListItem[]>>, extra: FakeRoutes = {}) {
  signIn('bank', null);
  const fetchMock = stubServer({ [`GET ${LIST}`]: ok({ approvals: [], count: 0 }), ...extra });
  // stubServer keys by path: answer by the query's status through the mock's own implementation
  const answer = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === LIST) {
      const status = (url.searchParams.get('status') ?? 'pending') as 'pending';
      const approvals = byStatus[status] ?? [];
      return new Response(JSON.stringify({ status: true, content: { approvals, count: approvals.length } }), { headers: { 'Content-Type': 'application/json' } });
    }
    return answer(input, init);
  });
  return { ...renderApp('/bank/approvals'), fetchMock };
}

const menuLink = (name: RegExp) => within(screen.getByRole('navigation', { name: 'Menu' })).getByRole('link', { name });

const card = async (description: string) => within(await screen.findByRole('article', { name: `Order ${description}` }));

describe("the bank's payout approvals", () => {
  it('is in the bank menu and lists the pending requests with order, amount, breakdown and requester', async () => {
    openApprovals({ pending: [approval(1), approval(2, { amount: 250, requester: { _id: 'id-x', email: 'ops@example.com' } })] });
    expect(await screen.findByRole('heading', { name: 'Payout approvals' })).toBeInTheDocument();
    expect(menuLink(/^Approvals/)).toHaveAttribute('href', '/bank/approvals');
    expect(screen.getByRole('tab', { name: 'Pending', selected: true })).toBeInTheDocument();
    const first = await card('Order 1: 200 boxes of dates');
    const value = (label: string) => first.getByText(label).nextElementSibling?.textContent;
    expect(value('Amount')).toBe('$1,000.00');
    expect(value('Supplier payout')).toBe('$900.00');
    expect(value('Discount')).toBe('$100.00');
    expect(value('SME')).toBe('Al Noor Trading');
    expect(value('Supplier')).toBe('Gulf Foods');
    expect(value('Requested by')).toBe('bank1@example.com');
    expect(first.getByRole('link', { name: 'See the order' })).toHaveAttribute('href', `/bank/order/${ORDER_ID}`);
    expect((await card('Order 2: 200 boxes of dates')).getByText('$250.00')).toBeInTheDocument();
  });

  it('offers no Approve on the signed-in user’s own request', async () => {
    openApprovals({ pending: [approval(1, { requester: { _id: 'id-bank', email: 'bank@example.com' } })] });
    await screen.findByRole('heading', { name: 'Payout approvals' });
    const own = await card('Order 1: 200 boxes of dates');
    expect(await own.findByText('Your request: a second bank user must approve it.')).toBeInTheDocument();
    expect(own.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(own.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  });

  it('approves after showing the breakdown again: one call, a toast', async () => {
    const { user, fetchMock } = openApprovals(
      { pending: [approval(1)] },
      { 'POST /api/v1/bank/approval/approve': ok({ approval: { ...approval(1), status: 'approved' }, order: { _id: ORDER_ID, status: 6 } }) },
    );
    await screen.findByRole('heading', { name: 'Payout approvals' });
    await user.click(await (await card('Order 1: 200 boxes of dates')).findByRole('button', { name: 'Approve' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Approve this payout?' }));
    expect(dialog.getByText('The supplier is paid at once: $900.00.')).toBeInTheDocument();
    const breakdown = within(dialog.getByRole('region', { name: 'Breakdown' }));
    expect(breakdown.getByText('Total bank share').nextElementSibling?.textContent).toBe('$40.01');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(sentBodies(fetchMock, 'POST', '/api/v1/bank/approval/approve')).toEqual([]);

    await user.click((await card('Order 1: 200 boxes of dates')).getByRole('button', { name: 'Approve' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Approve this payout?' }));
    await user.click(dialog.getByRole('button', { name: 'Approve and pay' }));
    expect(await screen.findByText('payout approved and paid')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/bank/approval/approve')).toEqual([{ approvalId: approval(1)._id }]);
  });

  it("shows the server's refusal of an approval", async () => {
    const { user } = openApprovals({ pending: [approval(1)] }, { 'POST /api/v1/bank/approval/approve': fail(403, 'you requested this payout; a second bank user must approve it') });
    await screen.findByRole('heading', { name: 'Payout approvals' });
    await user.click(await (await card('Order 1: 200 boxes of dates')).findByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve and pay' }));
    expect(await screen.findByText('you requested this payout; a second bank user must approve it')).toBeInTheDocument();
  });

  it('rejects only with a reason: one call with it, a toast', async () => {
    const { user, fetchMock } = openApprovals(
      { pending: [approval(1)] },
      { 'POST /api/v1/bank/approval/reject': (body) => ok({ approval: { ...approval(1), status: 'rejected', reason: (body as { reason: string }).reason }, order: { _id: ORDER_ID, status: 5 } }) },
    );
    await screen.findByRole('heading', { name: 'Payout approvals' });
    await user.click(await (await card('Order 1: 200 boxes of dates')).findByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject this payout request?' }));
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await dialog.findByText('enter the reason for rejecting')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/bank/approval/reject')).toEqual([]);
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Invoice total does not match');
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('payout request rejected')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/bank/approval/reject')).toEqual([{ approvalId: approval(1)._id, reason: 'Invoice total does not match' }]);
  });

  it('switches tabs: decided requests show who decided and why, without buttons; an empty tab says so', async () => {
    const { user, fetchMock } = openApprovals({
      rejected: [approval(3, { status: 'rejected', decidedBy: { _id: 'id-y', email: 'bank2@example.com' }, decidedAt: '2025-02-04T10:00:00.000Z', reason: 'Wrong account' })],
    });
    expect(await screen.findByText('No payout is waiting for approval.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Rejected' }));
    const rejected = within(await screen.findByRole('article', { name: 'Order Order 3: 200 boxes of dates' }));
    expect(rejected.getByText('Reason').nextElementSibling?.textContent).toBe('Wrong account');
    expect(rejected.getByText('Decided by').nextElementSibling?.textContent).toContain('bank2@example.com');
    expect(rejected.queryByRole('button')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Approved' }));
    expect(await screen.findByText('No approved payout yet.')).toBeInTheDocument();
    // the page's lists, ten a page (the menu's count asks for one row)
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((u) => u.pathname === LIST && u.searchParams.get('perPage') === '10');
    expect(asked.map((u) => u.searchParams.get('status'))).toEqual(['pending', 'rejected', 'approved']);
  });

  it('reads right to left in Arabic', async () => {
    await i18n.changeLanguage('ar');
    openApprovals({ pending: [approval(1)] });
    expect(await screen.findByRole('heading', { name: 'موافقات الدفع' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('tab', { name: 'بانتظار الموافقة' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'موافقة' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'رفض' })).toBeInTheDocument();
  });
});

describe("the bank menu's count of pending payout requests", () => {
  const countCalls = (fetchMock: ReturnType<typeof stubServer>) =>
    fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => new URL(url, 'http://localhost').searchParams.get('perPage') === '1');

  it('shows the count of the pending list beside Approvals on every bank page, and none when nothing waits', async () => {
    signIn('bank', null);
    let pending = 3;
    const fetchMock = stubServer({
      'GET /api/v1/auth/me': ok(meContent('bank', null)),
      [`GET ${LIST}`]: () => ok({ approvals: [], count: pending }),
    });
    const { unmount } = renderApp('/bank/account');
    expect(await screen.findByRole('status', { name: '3 waiting' })).toHaveTextContent('3');
    expect(menuLink(/^Approvals/)).toContainElement(screen.getByRole('status', { name: '3 waiting' }));
    expect(countCalls(fetchMock)).toEqual([`${LIST}?status=pending&page=1&perPage=1`]);
    unmount();

    pending = 0;
    renderApp('/bank/account');
    await screen.findByRole('heading', { name: 'Change password' });
    await waitFor(() => expect(countCalls(fetchMock)).toHaveLength(2));
    expect(within(menuLink(/^Approvals/)).queryByRole('status')).not.toBeInTheDocument();
  });

  it('goes down after an approval and after a rejection', async () => {
    const pending = [approval(1), approval(2), approval(3)];
    const decide = (status: 'approved' | 'rejected') => (body: unknown) => {
      const { approvalId } = body as { approvalId: string };
      const [decided] = pending.splice(pending.findIndex((a) => a._id === approvalId), 1);
      return ok({ approval: { ...decided!, status }, order: { _id: ORDER_ID, status: status === 'approved' ? 6 : 5 } });
    };
    const { user } = openApprovals(
      { pending },
      { 'POST /api/v1/bank/approval/approve': decide('approved'), 'POST /api/v1/bank/approval/reject': decide('rejected') },
    );
    expect(await screen.findByRole('status', { name: '3 waiting' })).toBeInTheDocument();

    await user.click(await (await card('Order 1: 200 boxes of dates')).findByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve and pay' }));
    expect(await screen.findByRole('status', { name: '2 waiting' })).toBeInTheDocument();

    await user.click(await (await card('Order 2: 200 boxes of dates')).findByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject this payout request?' }));
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Invoice total does not match');
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('status', { name: '1 waiting' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: '2 waiting' })).not.toBeInTheDocument();
  });
});
