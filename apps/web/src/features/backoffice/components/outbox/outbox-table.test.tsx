import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, preloadPanels, renderApp, signIn, stubServer } from '@/testing/render-app';

beforeAll(() => preloadPanels('admin'));

function message(i: number, overrides: Record<string, unknown> = {}) {
  return {
    _id: `msg-${i}`,
    channel: 'email',
    recipient: `user${i}@example.com`,
    subject: 'Your Qist verification code',
    body: `Your code is 12345${i}`,
    status: 'demo',
    createdAt: '2026-01-02T10:00:00.000Z',
    sentAt: null,
    ...overrides,
  };
}

describe("the admin's demo outbox", () => {
  it('is in the menu and shows recipient, channel, subject, text, status and time, ten a page', async () => {
    signIn('admin', null);
    const fetchMock = stubServer({
      'GET /api/v1/admin/outbox/list': ok({
        messages: [
          message(1),
          message(2, { channel: 'sms', recipient: '+96555551234', subject: 'Phone code', status: 'sent', sentAt: '2026-01-02T10:00:01.000Z' }),
          message(3, { status: 'failed' }),
        ],
        count: 23,
      }),
    });
    const { user } = renderApp('/admin/outbox');
    const table = await screen.findByRole('table', { name: 'Outbox' });
    expect(screen.getByRole('link', { name: 'Outbox' })).toHaveAttribute('href', '/admin/outbox');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Recipient',
      'Channel',
      'Subject',
      'Text',
      'Status',
      'Created',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('td'), (td) => td.textContent);
    expect(cells(rows[1]!).slice(0, 5)).toEqual(['+96555551234', 'SMS', 'Phone code', 'Your code is 123452', 'sent']);
    expect(cells(rows[0]!)[4]).toBe('demo');
    expect(cells(rows[2]!)[4]).toBe('failed');
    expect(cells(rows[0]!)[5]).toMatch(/^Friday, 2 January 2026 at \d{2}:\d{2}$/);

    await user.click(screen.getByRole('button', { name: '3' }));
    // the list's own calls (the menu asks for its queue counts besides)
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/outbox/'))).toEqual([
      '/api/v1/admin/outbox/list?page=1&perPage=10',
      '/api/v1/admin/outbox/list?page=3&perPage=10',
    ]);
  });
});
