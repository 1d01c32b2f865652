import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, renderApp, sentBodies, signIn, stubServer } from '@/testing/render-app';

describe('language switch', () => {
  it('turns the page Arabic and right-to-left, remembers it, and switches back', async () => {
    const { user } = renderApp('/');
    await screen.findByRole('link', { name: 'Register as SME' });
    const group = screen.getByRole('group', { name: 'Language' });
    await user.click(within(group).getByRole('button', { name: 'العربية' }));

    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(window.localStorage.getItem('lang')).toBe('ar');
    const nav = screen.getByRole('navigation', { name: 'القائمة الرئيسية' });
    expect(within(nav).getByRole('link', { name: 'من نحن' })).toHaveAttribute('href', '/about-us');
    expect(screen.getByRole('button', { name: 'العربية' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'EN' }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'ltr'));
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(window.localStorage.getItem('lang')).toBe('en');
  });

  it('translates form messages shown through their key', async () => {
    const { user } = renderApp('/auth/login');
    await user.click(await screen.findByRole('button', { name: 'العربية' }));
    await user.click(await screen.findByLabelText('البريد الإلكتروني'));
    await user.click(document.body);
    expect(await screen.findByText('أدخل بريدك الإلكتروني')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تسجيل الدخول' })).toBeDisabled();
  });

  it("saves a signed-in user's choice as the language of their emails and SMS, quietly", async () => {
    signIn('admin', null);
    const fetchMock = stubServer({ 'PUT /api/v1/auth/language': (body) => ok(body) });
    const { user } = renderApp('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'العربية' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'PUT', '/api/v1/auth/language')).toEqual([{ language: 'ar' }]));
    await user.click(await screen.findByRole('button', { name: 'EN' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'PUT', '/api/v1/auth/language')).toEqual([{ language: 'ar' }, { language: 'en' }]));
    // no toast on success (the page itself may show its own alerts: only notifications count here)
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();
  });

  it('saves nothing for a visitor who is not signed in', async () => {
    const fetchMock = stubServer({});
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'العربية' }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(sentBodies(fetchMock, 'PUT', '/api/v1/auth/language')).toEqual([]);
  });

  it('is in the panel menu too', async () => {
    signIn('admin', null);
    const { user } = renderApp('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'العربية' }));
    expect(await screen.findByRole('heading', { name: 'لوحة المسؤول' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
