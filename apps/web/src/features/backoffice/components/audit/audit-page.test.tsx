import { screen, waitFor, within } from '@testing-library/react';
import { AUDIT_ACTIONS } from '@qist/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, preloadPanels, renderApp, signIn, stubServer } from '@/testing/render-app';

beforeAll(() => preloadPanels('admin'));

const HASH = 'ab'.repeat(32);

function event(seq: number, overrides: Record<string, unknown> = {}) {
  return {
    _id: `event-${seq}`,
    seq,
    at: '2026-03-04T10:00:00.000Z',
    actor: { _id: 'admin-id', email: 'admin@example.com', role: 'admin' },
    action: AUDIT_ACTIONS.smeVerified,
    target: { type: 'sme', id: `sme-${seq}` },
    ip: '203.0.113.7',
    detail: { from: 4, to: 5, desc: 'documents in order' },
    prevHash: '0'.repeat(64),
    hash: HASH,
    ...overrides,
  };
}

const auditCalls = (fetchMock: ReturnType<typeof stubServer>) => fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/audit/'));

describe("the admin's audit trail", () => {
  it('is in the menu; shows time, actor, action, target and address; filters; opens an event with its detail and hash', async () => {
    signIn('admin', null);
    const fetchMock = stubServer({
      'GET /api/v1/admin/audit/list': ok({
        events: [event(2), event(1, { actor: null, action: AUDIT_ACTIONS.documentDownloaded, target: { type: 'document', id: 'file.png' }, ip: null })],
        count: 2,
      }),
    });
    const { user } = renderApp('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    expect(screen.getByRole('link', { name: 'Audit' })).toHaveAttribute('href', '/admin/audit');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Time', 'Actor', 'Action', 'Target', 'IP address', 'Details']);
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('td'), (td) => td.textContent);
    expect(cells(rows[0]!).slice(1, 5)).toEqual(['admin@example.com', 'SME verified', 'SME sme-2', '203.0.113.7']);
    expect(cells(rows[1]!).slice(1, 5)).toEqual(['Anonymous', 'KYC document opened', 'Document file.png', '—']);

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Credit granted' }));
    await user.type(screen.getByRole('textbox', { name: /Actor/ }), 'bank@example.com');
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(auditCalls(fetchMock)).toEqual([
        '/api/v1/admin/audit/list?page=1&perPage=10',
        '/api/v1/admin/audit/list?action=sme.credit-granted&actor=bank%40example.com&from=2026-03-01&page=1&perPage=10',
      ]),
    );

    await user.click(within(rows[0]!).getByRole('button', { name: /^Details of SME verified/ }));
    const dialog = await screen.findByRole('dialog', { name: 'SME verified' });
    expect(within(dialog).getByTestId('audit-detail').textContent).toBe(JSON.stringify({ from: 4, to: 5, desc: 'documents in order' }, null, 2));
    expect(within(dialog).getByText(HASH)).toBeInTheDocument();
    expect(within(dialog).getByText('Event number 2')).toBeInTheDocument();
  });

  it("offers every recorded action in the filter, a direct payout among them and no admin cancel, in English and Arabic", async () => {
    signIn('admin', null);
    const fetchMock = stubServer({ 'GET /api/v1/admin/audit/list': ok({ events: [event(1, { action: AUDIT_ACTIONS.payoutPaid, target: { type: 'order', id: 'order-1' } })], count: 1 }) });
    const { user } = renderApp('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    expect(within(table).getByText('Paid out (below the threshold)')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toHaveLength(Object.keys(AUDIT_ACTIONS).length);
    expect(options).toContain('Paid out (below the threshold)');
    expect(options.filter((name) => /cancel/i.test(name ?? ''))).toEqual([]);
    await user.click(screen.getByRole('option', { name: 'Paid out (below the threshold)' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(auditCalls(fetchMock).at(-1)).toBe('/api/v1/admin/audit/list?action=payout.paid&page=1&perPage=10'));

    await user.click(screen.getByRole('button', { name: 'العربية' }));
    expect(await within(await screen.findByRole('table', { name: 'سجل التدقيق' })).findByText('صرف مباشر (دون حد الموافقة)')).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    signIn('admin', null);
    stubServer({ 'GET /api/v1/admin/audit/list': ok({ events: [], count: 0 }) });
    renderApp('/admin/audit');
    expect(await screen.findByText('no data')).toBeInTheDocument();
  });

  it('reads right to left in Arabic, with the action names translated', async () => {
    signIn('admin', null);
    stubServer({ 'GET /api/v1/admin/audit/list': ok({ events: [event(1)], count: 1 }) });
    const { user } = renderApp('/admin/audit');
    await user.click(await screen.findByRole('button', { name: 'العربية' }));
    const table = await screen.findByRole('table', { name: 'سجل التدقيق' });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(within(table).getByText('توثيق منشأة')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تطبيق' })).toBeInTheDocument();
  });
});
