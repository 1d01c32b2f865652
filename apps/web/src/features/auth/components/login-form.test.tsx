import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { authContent, fail, meContent, ok, renderApp, sentBodies, stubServer, preloadPanels } from '@/testing/render-app';

async function openLogin() {
  const app = renderApp('/auth/login');
  await screen.findByRole('button', { name: 'Sign In' });
  return app;
}


// The areas a test signs into are lazy chunks: load them before, so a slow machine waits on nothing but the app.
beforeAll(() => preloadPanels('sme'));
describe('sign-in form', () => {
  it('shows no message on mount and keeps Sign In disabled', async () => {
    await openLogin();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.queryByText('enter your email')).not.toBeInTheDocument();
    expect(screen.queryByText('enter your password')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Create new account' })).toHaveAttribute('href', '/auth/register/sme');
  });

  it('validates a field once it is left, then on every change', async () => {
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Password'), 'short');
    expect(screen.queryByText('password is too short')).not.toBeInTheDocument();
    await user.click(document.body);
    expect(await screen.findByText('password is too short')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Password'));
    expect(await screen.findByText('enter your password')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await waitFor(() => expect(screen.queryByText('enter your password')).not.toBeInTheDocument());
    expect(screen.queryByText('password is too short')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Email'));
    await user.click(document.body);
    expect(await screen.findByText('enter your email')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'someone');
    expect(await screen.findByText('email is incorrect')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), '@example.com');
    await waitFor(() => expect(screen.queryByText('email is incorrect')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('signs in with Enter in the password field once both fields are valid', async () => {
    const fetchMock = stubServer({ 'POST /api/v1/auth/login': fail(401, 'email or password is incorrect') });
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'sme@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled());
    await user.type(screen.getByLabelText('Password'), '{Enter}');
    expect(await screen.findByText('email or password is incorrect')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/auth/login')).toEqual([
      { email: 'sme@example.com', password: 'wrong-password' },
    ]);
  });

  it('shows the server message when the credentials are wrong and stays on the page', async () => {
    stubServer({ 'POST /api/v1/auth/login': fail(401, 'email or password is incorrect') });
    const { user, router } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'sme@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('email or password is incorrect')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('stores the session and opens the role area on success', async () => {
    const fetchMock = stubServer({
      'POST /api/v1/auth/login': ok(authContent('sme', 8)),
      'GET /api/v1/auth/me': ok(meContent('sme', 8)),
    });
    const { user, router } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'sme@example.com');
    await user.type(screen.getByLabelText('Password'), 'demo12345');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('login successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sme/profile');
    expect(sentBodies(fetchMock, 'POST', '/api/v1/auth/login')).toEqual([
      { email: 'sme@example.com', password: 'demo12345' },
    ]);
    expect(window.localStorage.getItem('token')).toBe('token-sme');
    expect(window.localStorage.getItem('role')).toBe('sme');
    expect(window.localStorage.getItem('LEVEL')).toBe('8');
    expect(window.localStorage.getItem('email')).toBe('sme@example.com');
    expect(window.localStorage.getItem('name')).toBe('sme');
  });
});
