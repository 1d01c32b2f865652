// Forgot password, the reset link's page and the account page's Change password: validation as the
// visitor types, what is sent, and what the answers lead to, in English and in Arabic (RTL).
import { MESSAGES } from '@qist/domain';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { fail, ok, preloadAuthPages, preloadPanels, renderApp, sentBodies, signIn, stubServer } from '@/testing/render-app';

const FORGOT = '/api/v1/auth/password/forgot';
const RESET = '/api/v1/auth/password/reset';
const CHANGE = '/api/v1/auth/password/change';
const TOKEN = 'k3yFr0mTh3Ema1l_abcdefghijklmnopqrstuvwxyz0';

beforeAll(() => Promise.all([preloadPanels('bank', 'sme'), preloadAuthPages()]));

describe('the sign-in page', () => {
  it('links to Forgot password', async () => {
    const { user, router } = renderApp('/auth/login');
    const link = await screen.findByRole('link', { name: 'Forgot password?' });
    expect(link).toHaveAttribute('href', '/auth/forgot-password');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/forgot-password');
  });
});

describe('Forgot password', () => {
  it('checks the email, sends it and shows the same confirmation whatever the answer says', async () => {
    const fetchMock = stubServer({ [`POST ${FORGOT}`]: ok({}) });
    const { user } = renderApp('/auth/forgot-password');
    const email = await screen.findByLabelText('Email');
    const submit = screen.getByRole('button', { name: 'Send link' });
    expect(submit).toBeDisabled();
    await user.type(email, 'not-an-email');
    await user.tab();
    expect(await screen.findByText(MESSAGES.emailInvalid)).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'owner@example.com');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.resetLinkSent);
    expect(screen.getByText('Check your inbox. The link works once, for 1 hour; ask again if it does not arrive.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', FORGOT)).toEqual([{ email: 'owner@example.com' }]);
  });

  it('shows a refusal (too many requests) as a toast, without the confirmation', async () => {
    stubServer({ [`POST ${FORGOT}`]: fail(429, MESSAGES.tooManyAttempts) });
    const { user } = renderApp('/auth/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'owner@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(MESSAGES.tooManyAttempts)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.resetLinkSent)).not.toBeInTheDocument();
  });
});

describe('the reset link page', () => {
  async function fill(user: ReturnType<typeof renderApp>['user'], password: string, confirm = password) {
    await user.type(await screen.findByLabelText('New password'), password);
    await user.type(screen.getByLabelText('Confirm new password'), confirm);
    await user.tab();
  }

  it('asks for a new link when the address has no token', async () => {
    renderApp('/auth/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This address has no reset link in it. Ask for a new link.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/auth/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('checks length and match as the visitor types, then sends the token with the password and leads to sign-in', async () => {
    const fetchMock = stubServer({ [`POST ${RESET}`]: ok({}) });
    const { user, router } = renderApp(`/auth/reset-password?token=${TOKEN}`);
    await fill(user, 'short', 'shorter');
    expect(await screen.findByText(MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordsMustMatch)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save password' })).toBeDisabled();

    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm new password'));
    await fill(user, 'quiet-harbour-lantern-7');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save password' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save password' }));

    expect(await screen.findByText(MESSAGES.passwordReset)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(sentBodies(fetchMock, 'POST', RESET)).toEqual([{ token: TOKEN, password: 'quiet-harbour-lantern-7' }]);
  });

  it("puts the server's weak-password sentence on the field, and a refused link in an alert with the way to a new one", async () => {
    let answer = fail(400, MESSAGES.passwordTooCommon);
    stubServer({ [`POST ${RESET}`]: () => answer });
    const { user, router } = renderApp(`/auth/reset-password?token=${TOKEN}`);
    await fill(user, 'password123');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText(MESSAGES.passwordTooCommon)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(MESSAGES.passwordTooCommon);

    answer = fail(400, MESSAGES.resetLinkInvalid);
    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm new password'));
    await fill(user, 'quiet-harbour-lantern-7');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save password' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    // The form's alert (with the way to a new link) and the toast both say it.
    expect(await screen.findByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/auth/forgot-password');
    expect(screen.getAllByRole('alert').filter((a) => a.textContent?.includes(MESSAGES.resetLinkInvalid))).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/auth/reset-password');
  });

  it('speaks Arabic, right to left, with the policy sentences translated', async () => {
    await i18n.changeLanguage('ar');
    const { user } = renderApp(`/auth/reset-password?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'اختر كلمة مرور جديدة' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await user.type(screen.getByLabelText('كلمة المرور الجديدة'), 'short');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور الجديدة'), 'other');
    await user.tab();
    expect(await screen.findByText('كلمة المرور قصيرة جدًا')).toBeInTheDocument();
    expect(screen.getByText('كلمتا المرور غير متطابقتين')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'حفظ كلمة المرور' })).toBeDisabled();
  });
});

describe('Change password on the account page', () => {
  it('is reached from the panel menu, which every role shares', async () => {
    signIn('sme', 0);
    stubServer({});
    const { user, router } = renderApp('/sme/verification');
    const entries = await screen.findAllByRole('link', { name: 'Account' });
    await user.click(entries[0]!);
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sme/account');
  });

  it('checks the fields, sends current and new password, clears the form and toasts', async () => {
    signIn('bank', null);
    const fetchMock = stubServer({ [`POST ${CHANGE}`]: ok({}) });
    const { user } = renderApp('/bank/account');
    const current = await screen.findByLabelText('Current password');
    const next = screen.getByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');
    const submit = screen.getByRole('button', { name: 'Change password' });
    expect(screen.getByText('Signed in as bank@example.com')).toBeInTheDocument();

    await user.click(current);
    await user.tab();
    expect(await screen.findByText(MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    await user.type(current, 'correct-horse-battery');
    await user.type(next, 'correct-horse-battery');
    await user.type(confirm, 'something-else-entirely');
    await user.tab();
    expect(await screen.findByText(MESSAGES.newPasswordSameAsCurrent)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordsMustMatch)).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(next);
    await user.type(next, 'quiet-harbour-lantern-7');
    await user.clear(confirm);
    await user.type(confirm, 'quiet-harbour-lantern-7');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    expect(await screen.findByText(MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', CHANGE)).toEqual([{ currentPassword: 'correct-horse-battery', newPassword: 'quiet-harbour-lantern-7' }]);
    await waitFor(() => expect(current).toHaveValue(''));
    expect(next).toHaveValue('');
  });

  it('checks the confirmation again when the new password changes, as the reset page does', async () => {
    signIn('bank', null);
    stubServer({});
    const { user } = renderApp('/bank/account');
    const next = await screen.findByLabelText('New password');
    const confirm = screen.getByLabelText('Confirm new password');
    await user.type(next, 'quiet-harbour-lantern');
    await user.type(confirm, 'quiet-harbour-lantern-7');
    await user.tab();
    expect(await screen.findByText(MESSAGES.passwordsMustMatch)).toBeInTheDocument();
    await user.type(next, '-7');
    await waitFor(() => expect(screen.queryByText(MESSAGES.passwordsMustMatch)).not.toBeInTheDocument());
    expect(confirm).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('puts a wrong current password on its field and keeps the session', async () => {
    signIn('bank', null);
    stubServer({ [`POST ${CHANGE}`]: fail(400, MESSAGES.currentPasswordWrong) });
    const { user, router } = renderApp('/bank/account');
    await user.type(await screen.findByLabelText('Current password'), 'not-the-password');
    await user.type(screen.getByLabelText('New password'), 'quiet-harbour-lantern-7');
    await user.type(screen.getByLabelText('Confirm new password'), 'quiet-harbour-lantern-7');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(MESSAGES.currentPasswordWrong);
    expect(router.state.location.pathname).toBe('/bank/account');
    expect(window.localStorage.getItem('token')).toBe('token-bank');
  });
});
