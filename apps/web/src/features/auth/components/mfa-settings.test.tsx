// Two-step sign-in on the account page: whether it is on, Set up (an SME or a supplier by choice, back
// to the account page afterwards), Turn off with a code or a recovery code for the roles that may, and
// the line a role that needs it reads instead; in English and Arabic.
import { MESSAGES } from '@qist/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { fail, meContent, ok, preloadPanels, renderApp, sentBodies, signIn, stubServer } from '@/testing/render-app';
import { providerAreaRoutes, smeAreaRoutes } from '@/testing/fixtures/orders';

beforeAll(() => preloadPanels('sme', 'provider', 'admin', 'bank', 'insurance'));
afterAll(() => setLanguage('en'));

const ME = '/api/v1/auth/me';
const DISABLE = '/api/v1/auth/mfa/disable';
const card = async (name = 'Two-step sign-in') => within(await screen.findByRole('region', { name }));
const meCalls = (fetchMock: ReturnType<typeof stubServer>) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith(ME)).length;

describe('two-step sign-in on the account page', () => {
  it('lets an SME without it set it up by choice, and brings it back to its account page, where it is on', async () => {
    let enabled = false;
    signIn('sme', 8);
    const fetchMock = stubServer({
      ...smeAreaRoutes(),
      [`GET ${ME}`]: () => ok(meContent('sme', 8, 'sme@example.com', { mfa: enabled, mfaSetupRequired: false })),
      'POST /api/v1/auth/mfa/setup': ok({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Qist:sme%40example.com?secret=JBSWY3DPEHPK3PXP' }),
      'POST /api/v1/auth/mfa/enable': () => {
        enabled = true;
        return ok({ recoveryCodes: Array.from({ length: 10 }, (_, i) => `code-${i}aaa-bbbb`) });
      },
    });
    const { user, router } = renderApp('/sme/account');
    const off = await card();
    expect(await off.findByText('Off')).toBeInTheDocument();
    expect(off.getByText(/a stolen password alone cannot open your account/)).toBeInTheDocument();
    expect(off.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
    await user.click(off.getByRole('link', { name: 'Set up' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/two-step-setup'));
    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
    // By choice: no 'nothing else opens', no Sign out, a way back instead.
    expect(await screen.findByText(/^Signing in will ask for your password and a code/)).toBeInTheDocument();
    expect(screen.queryByText(/nothing else opens/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my account' })).toHaveAttribute('href', '/sme/account');

    await user.type(await screen.findByLabelText('2. Enter the 6-digit code the app shows'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    await user.click(await screen.findByRole('button', { name: 'I saved them, continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sme/account'));

    const on = await card();
    expect(await on.findByText('On')).toBeInTheDocument();
    expect(on.getByText('Signing in asks for your password and a code from your authenticator app.')).toBeInTheDocument();
    expect(on.getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/auth/mfa/enable')).toEqual([{ code: '123456' }]);
  });

  it('lets a supplier turn it off: a wrong code shows under the field, a recovery code turns it off, a toast, and it reads Off', async () => {
    let enabled = true;
    let attempts = 0;
    signIn('provider', 5);
    const fetchMock = stubServer({
      ...providerAreaRoutes(),
      [`GET ${ME}`]: () => ok(meContent('provider', 5, 'provider@example.com', { mfa: enabled, mfaSetupRequired: false })),
      [`POST ${DISABLE}`]: () => {
        attempts += 1;
        if (attempts === 1) return fail(400, MESSAGES.mfaCodeWrong);
        enabled = false;
        return ok({});
      },
    });
    const { user } = renderApp('/provider/account');
    const on = await card();
    expect(await on.findByText('On')).toBeInTheDocument();
    await user.click(on.getByRole('button', { name: 'Turn off' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Turn off two-step sign-in' }));
    const confirm = dialog.getByRole('button', { name: 'Turn off' });
    expect(confirm).toBeDisabled();
    await user.type(dialog.getByLabelText('Authentication code'), '111111');
    await user.click(confirm);
    expect(await dialog.findByText(MESSAGES.mfaCodeWrong)).toBeInTheDocument();
    expect(dialog.getByLabelText('Authentication code')).toHaveValue('');

    const before = meCalls(fetchMock);
    await user.click(dialog.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(dialog.getByLabelText('Recovery code'), ' abcd-efgh-jkmn ');
    await user.click(confirm);
    expect(await screen.findByText(MESSAGES.mfaTurnedOff)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await (await card()).findByText('Off')).toBeInTheDocument();
    expect((await card()).getByRole('link', { name: 'Set up' })).toHaveAttribute('href', '/two-step-setup');
    expect(meCalls(fetchMock)).toBeGreaterThan(before);
    expect(sentBodies(fetchMock, 'POST', DISABLE)).toEqual([{ code: '111111' }, { code: 'abcd-efgh-jkmn' }]);
  });

  it.each(['admin', 'bank', 'insurance'] as const)('tells %s its role needs it, with no Turn off', async (role) => {
    signIn(role, null);
    const fetchMock = stubServer({ [`GET ${ME}`]: ok(meContent(role, null, `${role}@example.com`, { mfa: true, mfaSetupRequired: false })) });
    renderApp(`/${role}/account`);
    const on = await card();
    expect(await on.findByText('On')).toBeInTheDocument();
    expect(on.getByText('Your role needs two-step sign-in, so it stays on.')).toBeInTheDocument();
    expect(on.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
    expect(on.queryByRole('link', { name: 'Set up' })).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', DISABLE)).toEqual([]);
  });

  it('follows the platform’s own rule: Turn off for an admin whose role does not need it here, none for an SME whose role does', async () => {
    signIn('admin', null);
    stubServer({ [`GET ${ME}`]: ok(meContent('admin', null, 'admin@example.com', { mfa: true, mfaSetupRequired: false, mfaRequired: false })) });
    const { unmount } = renderApp('/admin/account');
    expect(await (await card()).findByRole('button', { name: 'Turn off' })).toBeInTheDocument();
    unmount();

    signIn('sme', 8);
    stubServer({ [`GET ${ME}`]: ok(meContent('sme', 8, 'sme@example.com', { mfa: true, mfaSetupRequired: false, mfaRequired: true })) });
    renderApp('/sme/account');
    const on = await card();
    expect(await on.findByText('Your role needs two-step sign-in, so it stays on.')).toBeInTheDocument();
    expect(on.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });

  it('reads in Arabic, right to left, with a refusal of the server translated', async () => {
    await setLanguage('ar');
    signIn('sme', 8);
    stubServer({
      ...smeAreaRoutes(),
      [`GET ${ME}`]: ok(meContent('sme', 8, 'sme@example.com', { mfa: true, mfaSetupRequired: false })),
      [`POST ${DISABLE}`]: fail(403, MESSAGES.mfaRequiredForRole),
    });
    const { user } = renderApp('/sme/account');
    const on = await card('التحقق بخطوتين');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(await on.findByText('مفعّل')).toBeInTheDocument();
    await user.click(on.getByRole('button', { name: 'إيقاف' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'إيقاف التحقق بخطوتين' }));
    await user.type(dialog.getByLabelText('رمز التحقق'), '123456');
    await user.click(dialog.getByRole('button', { name: 'إيقاف' }));
    expect(await dialog.findByText('دورك يتطلب التحقق بخطوتين؛ ولا يمكن إيقافه')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'إلغاء' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
