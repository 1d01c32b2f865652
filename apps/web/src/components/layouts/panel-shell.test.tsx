import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as NavigationModule from '@/lib/navigation';
import { ok, renderApp, sentBodies, signIn, stubServer } from '@/testing/render-app';

const navigation = vi.hoisted(() => ({ reloads: [] as string[] }));

vi.mock('@/lib/navigation', async (importOriginal) => {
  const actual = await importOriginal<typeof NavigationModule>();
  return { ...actual, reloadAt: (to: string) => navigation.reloads.push(to) };
});

afterEach(() => {
  navigation.reloads.length = 0;
});

describe('panel shell logout', () => {
  it('asks first, and no keeps the session', async () => {
    signIn('bank', null);
    const fetchMock = stubServer({});
    const { user } = renderApp('/bank/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'are you sure for logout ?' });
    await user.click(within(dialog).getByRole('button', { name: 'no' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.localStorage.getItem('token')).toBe('token-bank');
    // nothing but the menu's counts (the queues, the pending payout requests) was asked for
    const menuCounts = ['/api/v1/bank/queue/counts', '/api/v1/bank/approval/list?status=pending&page=1&perPage=1'];
    expect(fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => !menuCounts.includes(url))).toEqual([]);
  });

  it('on yes tells the server, clears storage except the language, and reloads at sign-in', async () => {
    signIn('bank', null);
    window.localStorage.setItem('lang', 'en');
    window.localStorage.setItem('something-else', 'x');
    const fetchMock = stubServer({ 'POST /api/v1/auth/logout': ok({}) });
    const { user } = renderApp('/bank/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'are you sure for logout ?' });
    await user.click(within(dialog).getByRole('button', { name: 'yes' }));

    await waitFor(() => expect(navigation.reloads).toEqual(['/auth/login']));
    expect(sentBodies(fetchMock, 'POST', '/api/v1/auth/logout')).toHaveLength(1);
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer token-bank' });
    expect(Object.keys(window.localStorage)).toEqual(['lang']);
    expect(window.sessionStorage.getItem('qist.flash')).toBe('logout successfully');
  });

  it('still logs out when the server call fails', async () => {
    signIn('insurance', null);
    stubServer({ 'POST /api/v1/auth/logout': { status: 500, body: { status: false, msg: 'boom' } } });
    const { user } = renderApp('/insurance/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'yes' }));
    await waitFor(() => expect(navigation.reloads).toEqual(['/auth/login']));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });

  it("shows the queued 'logout successfully' after the reload", async () => {
    window.sessionStorage.setItem('qist.flash', 'logout successfully');
    renderApp('/auth/login');
    expect(await screen.findByText('logout successfully')).toBeInTheDocument();
    expect(window.sessionStorage.getItem('qist.flash')).toBeNull();
  });
});
