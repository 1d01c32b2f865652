import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { meContent, ok, renderApp, signIn, stubServer, preloadPanels } from '@/testing/render-app';


// The areas a test signs into are lazy chunks: load them before, so a slow machine waits on nothing but the app.
beforeAll(() => preloadPanels('sme', 'provider', 'admin'));
describe('role areas', () => {
  it('send a visitor without a session to the sign-in page', async () => {
    const app = renderApp('/sme/dashboard');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/auth/login');
  });

  it("send a signed-in user of another role to the user's own area", async () => {
    signIn('bank', null);
    const app = renderApp('/admin/settings');
    expect(await screen.findByRole('heading', { name: 'Bank Panel' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/bank/dashboard');
  });

  it('keep an SME below level 8 to verification and profile', async () => {
    signIn('sme', 3);
    stubServer({ 'GET /api/v1/auth/me': ok(meContent('sme', 3)) });
    const app = renderApp('/sme/dashboard');
    expect(await screen.findByRole('heading', { name: 'Verification' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Verification Timeline' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/sme/verification');
    expect(screen.getByRole('heading', { name: 'SME Panel' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verification' })).toHaveAttribute('href', '/sme/verification');
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/sme/profile');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Orders' })).not.toBeInTheDocument();
  });

  it('give an activated SME (level 8) its full menu and send verification to the profile', async () => {
    signIn('sme', 8);
    stubServer({ 'GET /api/v1/auth/me': ok(meContent('sme', 8)) });
    const app = renderApp('/sme/verification');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/sme/profile');
    for (const [name, href] of [
      ['Profile', '/sme/profile'],
      ['Dashboard', '/sme/dashboard'],
      ['Suppliers', '/sme/supplier'],
      ['Orders', '/sme/orders'],
    ] as const) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(screen.queryByRole('link', { name: 'Verification' })).not.toBeInTheDocument();
  });

  it('follow the level from the server rather than a stale stored one', async () => {
    signIn('sme', 7);
    stubServer({ 'GET /api/v1/auth/me': ok(meContent('sme', 8)) });
    const app = renderApp('/sme/orders');
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/sme/orders');
    await waitFor(() => expect(window.localStorage.getItem('LEVEL')).toBe('8'));
  });

  it('open the order routes of a verified supplier and send others to verification', async () => {
    signIn('provider', 5);
    stubServer({ 'GET /api/v1/auth/me': ok(meContent('provider', 5)) });
    const app = renderApp('/provider/order/abc');
    expect(await screen.findByRole('heading', { name: 'Order' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Supplier Panel' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/provider/order/abc');
  });

  it('keep an unverified supplier to verification and profile', async () => {
    signIn('provider', 2);
    stubServer({ 'GET /api/v1/auth/me': ok(meContent('provider', 2)) });
    const app = renderApp('/provider/orders');
    expect(await screen.findByRole('heading', { name: 'Verification' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/provider/verification');
  });

  it("show the admin menu and send the panel's own address to the dashboard", async () => {
    signIn('admin', null);
    const app = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/admin/dashboard');
    for (const [name, href] of [
      ['Dashboard', '/admin/dashboard'],
      ['Pre-Registered', '/admin/pre-registered'],
      ['SMEs', '/admin/sme'],
      ['Suppliers', '/admin/supplier'],
      ['Orders', '/admin/orders'],
      ['Instalments', '/admin/installments'],
      ['Settings', '/admin/settings'],
    ] as const) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('show the insurance menu without installments', async () => {
    signIn('insurance', null);
    renderApp('/insurance');
    expect(await screen.findByRole('heading', { name: 'Insurance Panel' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'SMEs' })).toHaveAttribute('href', '/insurance/sme');
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/insurance/orders');
    expect(screen.queryByRole('link', { name: 'Instalments' })).not.toBeInTheDocument();
  });

  it('end the session when the server answers 401', async () => {
    signIn('sme', 8);
    stubServer({ 'GET /api/v1/auth/me': { status: 401, body: { status: false, msg: 'your session has expired, please login again' } } });
    const app = renderApp('/sme/profile');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/auth/login');
    expect(await screen.findByText('your session has expired, please login again')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
