import { MESSAGES } from '@qist/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authContent, fail, meContent, ok, renderApp, sentBodies, stubServer, preloadPanels } from '@/testing/render-app';

const CODE_LABEL = 'Qist admin verification code';

async function openSignUp(role = 'sme') {
  const app = renderApp(`/auth/register/${role}`);
  await screen.findByRole('button', { name: 'Create Account' });
  return app;
}

type App = Awaited<ReturnType<typeof openSignUp>>;

async function fillValidForm({ user }: App, code = 'SME-DEMO-CODE') {
  await user.type(screen.getByLabelText('Email'), 'new.sme@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-pass');
  await user.type(screen.getByLabelText('Confirm password'), 'secret-pass');
  await user.type(screen.getByLabelText(CODE_LABEL), code);
  await user.click(screen.getByRole('checkbox', { name: /terms/ }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled());
}


// The areas a test signs into are lazy chunks: load them before, so a slow machine waits on nothing but the app.
beforeAll(() => preloadPanels('sme', 'provider'));
describe('sign-up form', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('names the configured address for sign-up codes, else the company mailbox, and never a malformed one', async () => {
    vi.stubEnv('VITE_SIGNUP_CODE_EMAIL', 'codes@qist.test');
    vi.stubEnv('VITE_CONTACT_EMAIL', 'hello@qist.test');
    const first = await openSignUp();
    expect(screen.getByRole('link', { name: 'codes@qist.test' })).toHaveAttribute('href', 'mailto:codes@qist.test');
    first.unmount();

    vi.stubEnv('VITE_SIGNUP_CODE_EMAIL', 'codes at qist');
    await openSignUp();
    expect(screen.getByRole('link', { name: 'hello@qist.test' })).toHaveAttribute('href', 'mailto:hello@qist.test');
    expect(screen.queryByText(/codes at qist/)).not.toBeInTheDocument();
  });

  it('shows the fields, the hint and no message on mount, with Create Account disabled', async () => {
    await openSignUp();
    for (const label of ['Email', 'Password', 'Confirm password', CODE_LABEL]) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
    expect(screen.getByRole('checkbox', { name: /terms/ })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/terms');
    // no address configured for sign-up codes: the hint sends to the Contact Us page
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact-us');
    expect(screen.queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Already have an account? Sign in' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('radio', { name: 'SME' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeDisabled();
    for (const message of [
      'enter your email',
      'enter your password',
      'confirm your password',
      'enter Qist admin verification code',
      'accept terms is required',
    ]) {
      expect(screen.queryByText(message)).not.toBeInTheDocument();
    }
  });

  it('shows each required message once its field is left empty', async () => {
    const { user } = await openSignUp();
    for (const label of ['Email', 'Password', 'Confirm password', CODE_LABEL]) {
      await user.click(screen.getByLabelText(label));
    }
    await user.click(document.body);
    expect(await screen.findByText('enter your email')).toBeInTheDocument();
    expect(screen.getByText('enter your password')).toBeInTheDocument();
    expect(screen.getByText('confirm your password')).toBeInTheDocument();
    expect(screen.getByText('enter Qist admin verification code')).toBeInTheDocument();
  });

  it('checks the email, password length and matching passwords as the user types', async () => {
    const { user } = await openSignUp();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(document.body);
    expect(await screen.findByText('email is incorrect')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(document.body);
    expect(await screen.findByText('password is too short')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), '-but-now-long');
    await waitFor(() => expect(screen.queryByText('password is too short')).not.toBeInTheDocument());

    await user.type(screen.getByLabelText('Confirm password'), 'something-else');
    await user.click(document.body);
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'short-but-now-long');
    await waitFor(() => expect(screen.queryByText('Passwords must match')).not.toBeInTheDocument());

    // changing the password again re-checks the confirmation
    await user.type(screen.getByLabelText('Password'), '!');
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
  });

  it('requires the terms to be accepted', async () => {
    const { user } = await openSignUp();
    const agree = screen.getByRole('checkbox', { name: /terms/ });
    await user.click(agree);
    await user.click(agree);
    await user.click(document.body);
    expect(await screen.findByText('accept terms is required')).toBeInTheDocument();
    await user.click(agree);
    await waitFor(() => expect(screen.queryByText('accept terms is required')).not.toBeInTheDocument());
  });

  it('enables Create Account only once every field is valid', async () => {
    const app = await openSignUp();
    await fillValidForm(app);
    await app.user.click(screen.getByRole('checkbox', { name: /terms/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create Account' })).toBeDisabled());
  });

  it('resets the form and changes the address when the role toggle changes', async () => {
    const app = await openSignUp();
    await app.user.type(screen.getByLabelText('Email'), 'typed@example.com');
    await app.user.click(screen.getByRole('checkbox', { name: /terms/ }));
    await app.user.click(screen.getByRole('radio', { name: 'SUPPLIER' }));

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/auth/register/provider'));
    expect(screen.getByRole('radio', { name: 'SUPPLIER' })).toBeChecked();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: /terms/ })).not.toBeChecked();
  });

  it('asks to confirm the role, and No discards the submission', async () => {
    const fetchMock = stubServer({});
    const app = await openSignUp();
    await fillValidForm(app);
    await app.user.click(screen.getByRole('button', { name: 'Create Account' }));

    const dialog = await screen.findByRole('dialog', { name: 'Do you want to continue as SME ?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(app.router.state.location.pathname).toBe('/auth/register/sme');
  });

  it('names the supplier role SUPPLIER in the dialog', async () => {
    const app = await openSignUp('provider');
    await fillValidForm(app, 'SUPPLIER-DEMO-CODE');
    await app.user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('dialog', { name: 'Do you want to continue as SUPPLIER ?' })).toBeInTheDocument();
  });

  it('puts a wrong-code answer on the code field and asks to contact us', async () => {
    const fetchMock = stubServer({
      'POST /api/v1/auth/register': fail(400, 'admin verification code is wrong.'),
    });
    const app = await openSignUp();
    await fillValidForm(app, 'GUESSED-CODE');
    await app.user.click(screen.getByRole('button', { name: 'Create Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Do you want to continue as SME ?' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(screen.getByLabelText(CODE_LABEL)).toHaveAccessibleDescription(/admin verification code is wrong\./));
    // shown once, on the field (not again as a toast), with the warning toast beside it
    expect(screen.getAllByText('admin verification code is wrong.')).toHaveLength(1);
    expect(await screen.findByText('contact us with email')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/auth/register')).toEqual([
      { email: 'new.sme@example.com', password: 'secret-pass', role: 'sme', code: 'GUESSED-CODE', language: 'en' },
    ]);
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(app.router.state.location.pathname).toBe('/auth/register/sme');
  });

  it('puts an already registered email on the email field', async () => {
    stubServer({ 'POST /api/v1/auth/register': fail(409, 'this email is already registered') });
    const app = await openSignUp();
    await fillValidForm(app);
    await app.user.click(screen.getByRole('button', { name: 'Create Account' }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('this email is already registered'),
    );
    expect(screen.getAllByText('this email is already registered')).toHaveLength(1);
  });

  it('puts a too common password on the password field', async () => {
    stubServer({ 'POST /api/v1/auth/register': fail(400, MESSAGES.passwordTooCommon) });
    const app = await openSignUp();
    await fillValidForm(app);
    await app.user.click(screen.getByRole('button', { name: 'Create Account' }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.getByLabelText('Password', { exact: true })).toHaveAccessibleDescription(MESSAGES.passwordTooCommon));
  });

  it('shows any other failure as a toast', async () => {
    stubServer({ 'POST /api/v1/auth/register': fail(429, 'too many sign-ups from this address, please try again later') });
    const app = await openSignUp();
    await fillValidForm(app);
    await app.user.click(screen.getByRole('button', { name: 'Create Account' }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('too many sign-ups from this address, please try again later')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('new.sme@example.com');
  });

  it('stores the session with LEVEL 0 and opens the area after Yes', async () => {
    stubServer({
      'POST /api/v1/auth/register': ok(authContent('sme', 0, 'new.sme@example.com')),
      'GET /api/v1/auth/me': ok(meContent('sme', 0, 'new.sme@example.com')),
    });
    const app = await openSignUp();
    await fillValidForm(app);
    await app.user.click(screen.getByRole('button', { name: 'Create Account' }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText('login successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Verification' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/sme/verification');
    expect(window.localStorage.getItem('LEVEL')).toBe('0');
    expect(window.localStorage.getItem('role')).toBe('sme');
    expect(window.localStorage.getItem('email')).toBe('new.sme@example.com');
  });

  it('sends any other role in the address back to the SME form', async () => {
    const app = renderApp('/auth/register/admin');
    await screen.findByRole('button', { name: 'Create Account' });
    expect(app.router.state.location.pathname).toBe('/auth/register/sme');
  });
});
