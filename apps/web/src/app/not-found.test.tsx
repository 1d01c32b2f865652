import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { meContent, ok, preloadPanels, renderApp, signIn, stubServer } from '@/testing/render-app';

beforeAll(() => preloadPanels('sme', 'admin'));

describe('an unknown address', () => {
  it('shows the not-found page in the public frame, with the way home, and stays where it is', async () => {
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no/such/page');
  });

  it('is in Arabic too', async () => {
    await setLanguage('ar');
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى الرئيسية' })).toHaveAttribute('href', '/');
  });

  it("inside a panel: the not-found screen with the way back to the panel's first page", async () => {
    signIn('admin', null);
    const { router } = renderApp('/admin/whatever');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the Admin Panel' })).toHaveAttribute('href', '/admin');
    expect(router.state.location.pathname).toBe('/admin/whatever');
  });

  it('inside a panel, in Arabic', async () => {
    await setLanguage('ar');
    signIn('sme', 8);
    stubServer({ 'GET /api/v1/auth/me': ok(meContent('sme', 8)) });
    renderApp('/sme/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى لوحة المنشأة' })).toHaveAttribute('href', '/sme');
  });

  it('in the sign-in area too, while /auth itself still leads to sign-in', async () => {
    const unknown = renderApp('/auth/nothing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    unknown.unmount();
    const { router } = renderApp('/auth');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });
});

describe('sign-in and sign-up with a session', () => {
  it.each(['/auth/login', '/auth/register/sme'])('%s sends a signed-in SME to its area', async (path) => {
    signIn('sme', 8);
    stubServer({ 'GET /api/v1/auth/me': ok(meContent('sme', 8)) });
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { name: 'SME Panel' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sme/profile'));
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });
});
