// An invitation's page: the first password twice under the sign-up policy, sent with the link's token;
// a used or expired invitation says to ask an administrator. English and Arabic (RTL).
import { MESSAGES } from '@qist/domain';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { fail, ok, preloadAuthPages, renderApp, sentBodies, stubServer } from '@/testing/render-app';

const SET = '/api/v1/auth/password/set';
const TOKEN = 'Inv1tat10nT0k3n_abcdefghijklmnopqrstuvwxyz01';

beforeAll(() => preloadAuthPages());

describe('the invitation page', () => {
  async function fill(user: ReturnType<typeof renderApp>['user'], password: string, confirm = password) {
    await user.type(await screen.findByLabelText('Password'), password);
    await user.type(screen.getByLabelText('Confirm password'), confirm);
    await user.tab();
  }

  it('says to open the invitation link when the address has no token', async () => {
    renderApp('/auth/set-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This address has no invitation link in it.');
    expect(screen.getByText('Ask an administrator to invite you again.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('checks the policy and the match, sends token and password, then leads to sign-in with a toast', async () => {
    const fetchMock = stubServer({ [`POST ${SET}`]: ok({}) });
    const { user, router } = renderApp(`/auth/set-password?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();
    await fill(user, 'short', 'shorter');
    expect(await screen.findByText(MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordsMustMatch)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set password' })).toBeDisabled();

    await user.clear(screen.getByLabelText('Password'));
    await user.clear(screen.getByLabelText('Confirm password'));
    await fill(user, 'quiet-harbour-lantern-7');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set password' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await screen.findByText(MESSAGES.passwordSet)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(sentBodies(fetchMock, 'POST', SET)).toEqual([{ token: TOKEN, password: 'quiet-harbour-lantern-7' }]);
  });

  it('shows a used or expired invitation in an alert that points to an administrator', async () => {
    stubServer({ [`POST ${SET}`]: fail(400, MESSAGES.inviteLinkInvalid) });
    const { user, router } = renderApp(`/auth/set-password?token=${TOKEN}`);
    await fill(user, 'quiet-harbour-lantern-7');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set password' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Ask an administrator to invite you again.')).toBeInTheDocument();
    expect(screen.getAllByRole('alert').filter((a) => a.textContent?.includes(MESSAGES.inviteLinkInvalid))).toHaveLength(2);
    expect(router.state.location.pathname).toBe('/auth/set-password');
  });

  it('speaks Arabic, right to left', async () => {
    await i18n.changeLanguage('ar');
    const { user } = renderApp(`/auth/set-password?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'اختر كلمة المرور' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    await user.type(screen.getByLabelText('كلمة المرور'), 'short');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'other');
    await user.tab();
    expect(await screen.findByText('كلمة المرور قصيرة جدًا')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تعيين كلمة المرور' })).toBeDisabled();
  });
});
