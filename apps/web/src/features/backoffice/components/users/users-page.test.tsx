// The admin's Users screen: the table (role, company, two-step sign-in, status, last sign-in), the
// invitation modal's validation and what it sends, and Disable / Enable after a confirmation.
import { MESSAGES } from '@qist/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fail, ok, preloadPanels, renderApp, sentBodies, signIn, stubServer } from '@/testing/render-app';

beforeAll(() => preloadPanels('admin'));

const LIST = '/api/v1/admin/user/list';

function person(i: number, overrides: Record<string, unknown> = {}) {
  return {
    _id: `00000000-0000-4000-8000-00000000000${i}`,
    email: `user${i}@example.com`,
    role: 'bank',
    company: null,
    mfa: false,
    active: true,
    pending: false,
    lastSignInAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

const people = [
  person(1, { role: 'admin', mfa: true }),
  person(2, { role: 'insurance', company: 'Gulf Insurance', active: false }),
  person(3, { active: false, pending: true, lastSignInAt: null }),
];

describe("the admin's Users screen", () => {
  it('is in the menu and shows email, role, company, two-step sign-in, status and last sign-in', async () => {
    signIn('admin', null);
    const fetchMock = stubServer({ [`GET ${LIST}`]: ok({ users: people, count: 3 }) });
    renderApp('/admin/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Email',
      'Role',
      'Insurance company',
      'Two-step sign-in',
      'Status',
      'Last sign-in',
      'Actions',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('td'), (td) => td.textContent);
    expect(cells(rows[0]!).slice(0, 5)).toEqual(['user1@example.com', 'Admin', '—', 'On', 'Active']);
    expect(cells(rows[0]!)[5]).toMatch(/^Friday, 2 January 2026 at \d{2}:\d{2}$/);
    expect(cells(rows[1]!)).toEqual(['user2@example.com', 'Insurance', 'Gulf Insurance', 'Off', 'Disabled', expect.any(String), 'Enable']);
    expect(cells(rows[2]!).slice(4)).toEqual(['Invited', 'Never', 'Send a new invitation']);
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/user/'))).toEqual([`${LIST}?page=1&perPage=10`]);
  });

  it('shows the empty state', async () => {
    signIn('admin', null);
    stubServer({ [`GET ${LIST}`]: ok({ users: [], count: 0 }) });
    renderApp('/admin/users');
    expect(await screen.findByText('no data')).toBeInTheDocument();
  });

  it('validates the invitation (email, the company of an insurance user) and sends it', async () => {
    signIn('admin', null);
    const fetchMock = stubServer({
      [`GET ${LIST}`]: ok({ users: people, count: 3 }),
      'POST /api/v1/admin/user/invite': (body) => ok({ user: person(4, { ...(body as object), active: false, pending: true, lastSignInAt: null }) }),
    });
    const { user } = renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a back-office user' });
    await user.type(within(dialog).getByLabelText(/Email/), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(MESSAGES.emailInvalid)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/Email/));
    await user.type(within(dialog).getByLabelText(/Email/), 'claims@example.com');
    await user.click(within(dialog).getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Insurance' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(MESSAGES.companyRequiredForInsurance)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/admin/user/invite')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Insurance company/), 'Kuwait Re');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(MESSAGES.userInvited)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/admin/user/invite')).toEqual([{ email: 'claims@example.com', role: 'insurance', company: 'Kuwait Re' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('toasts a refused invitation and keeps the modal open', async () => {
    signIn('admin', null);
    stubServer({ [`GET ${LIST}`]: ok({ users: people, count: 3 }), 'POST /api/v1/admin/user/invite': fail(409, MESSAGES.emailTaken) });
    const { user } = renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a back-office user' });
    await user.type(within(dialog).getByLabelText(/Email/), 'user1@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(MESSAGES.emailTaken)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Invite a back-office user' })).toBeInTheDocument();
  });

  it('disables after a confirmation, and enables', async () => {
    signIn('admin', null);
    const fetchMock = stubServer({
      [`GET ${LIST}`]: ok({ users: people, count: 3 }),
      'POST /api/v1/admin/user/disable': ok({ user: person(1, { role: 'admin', active: false }) }),
      'POST /api/v1/admin/user/enable': ok({ user: person(2, { role: 'insurance', company: 'Gulf Insurance' }) }),
    });
    const { user } = renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Disable user1@example.com' }));
    expect(await screen.findByText('Disable user1@example.com? Every session of this user ends at once.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/admin/user/disable')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(MESSAGES.userDisabled)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/admin/user/disable')).toEqual([{ userId: people[0]!._id }]);

    await user.click(screen.getByRole('button', { name: 'Enable user2@example.com' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(MESSAGES.userEnabled)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/admin/user/enable')).toEqual([{ userId: people[1]!._id }]);
  });

  it('sends a new invitation to a user who has not accepted one', async () => {
    signIn('admin', null);
    const fetchMock = stubServer({
      [`GET ${LIST}`]: ok({ users: people, count: 3 }),
      'POST /api/v1/admin/user/invite': ok({ user: people[2] }),
    });
    const { user } = renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Send a new invitation user3@example.com' }));
    expect(await screen.findByText(MESSAGES.userInvited)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/admin/user/invite')).toEqual([{ email: 'user3@example.com', role: 'bank' }]);
  });
});
