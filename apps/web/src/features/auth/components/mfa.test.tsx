// Two-step sign-in in the browser: the code step after the password (a code, or a recovery code),
// and the set-up a role that needs it is sent to before anything else.
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { authContent, fail, meContent, ok, preloadPanels, renderApp, sentBodies, signIn, stubServer } from '@/testing/render-app';

beforeAll(() => preloadPanels('admin'));
afterAll(() => setLanguage('en'));

const CHALLENGE = { mfaRequired: true, mfaToken: 'mfa-token-1' };

async function passwordStep() {
  const app = renderApp('/auth/login');
  await screen.findByRole('button', { name: 'Sign In' });
  await app.user.type(screen.getByLabelText('Email'), 'admin@example.com');
  await app.user.type(screen.getByLabelText('Password'), 'demo12345');
  await app.user.click(screen.getByRole('button', { name: 'Sign In' }));
  return app;
}

describe('the code step of sign-in', () => {
  it('asks for the 6-digit code after the password, shows a wrong code, then signs in with a right one', async () => {
    let calls = 0;
    const fetchMock = stubServer({
      'POST /api/v1/auth/login': ok(CHALLENGE),
      'POST /api/v1/auth/mfa/verify': () => {
        calls += 1;
        return calls === 1 ? fail(401, 'this code is wrong or already used') : ok(authContent('admin', null));
      },
      'GET /api/v1/auth/me': ok(meContent('admin', null, 'admin@example.com', { mfa: true, mfaSetupRequired: false })),
    });
    const { user, router } = await passwordStep();
    expect(await screen.findByText('Enter the 6-digit code your authenticator app shows for Qist.')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();

    await user.type(screen.getByLabelText('Authentication code'), '111111');
    await waitFor(() => expect(verify).toBeEnabled());
    await user.click(verify);
    expect(await screen.findByText('this code is wrong or already used')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/admin/));
    expect(window.localStorage.getItem('token')).toBe('token-admin');
    expect(sentBodies(fetchMock, 'POST', '/api/v1/auth/mfa/verify')).toEqual([
      { mfaToken: 'mfa-token-1', code: '111111' },
      { mfaToken: 'mfa-token-1', code: '123456' },
    ]);
  });

  it('switches to a recovery code and back', async () => {
    const fetchMock = stubServer({
      'POST /api/v1/auth/login': ok(CHALLENGE),
      'POST /api/v1/auth/mfa/verify': ok(authContent('admin', null)),
    });
    const { user, router } = await passwordStep();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const input = screen.getByLabelText('Recovery code');
    await user.type(input, 'abcd-efgh-jkmn');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/admin/));
    expect(sentBodies(fetchMock, 'POST', '/api/v1/auth/mfa/verify')).toEqual([{ mfaToken: 'mfa-token-1', code: 'abcd-efgh-jkmn' }]);
  });

  it('offers to start again when the step expired', async () => {
    stubServer({
      'POST /api/v1/auth/login': ok(CHALLENGE),
      'POST /api/v1/auth/mfa/verify': fail(401, 'this sign-in has expired, please enter your email and password again'),
    });
    const { user } = await passwordStep();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.click(screen.getByRole('button', { name: 'Use the authenticator app' }));
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.click(await screen.findByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});

describe('setting up two-step sign-in', () => {
  it('sends a required role signed in without it to the set-up, then shows the recovery codes once', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `code-${i}aaa-bbbb`);
    const fetchMock = stubServer({
      'POST /api/v1/auth/login': ok(authContent('bank', null)),
      'GET /api/v1/auth/me': ok(meContent('bank', null, 'bank@example.com', { mfa: false, mfaSetupRequired: true })),
      'POST /api/v1/auth/mfa/setup': ok({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Qist:bank%40example.com?issuer=Qist&secret=JBSWY3DPEHPK3PXP' }),
      'POST /api/v1/auth/mfa/enable': ok({ recoveryCodes: codes }),
    });
    const app = renderApp('/auth/login');
    await screen.findByRole('button', { name: 'Sign In' });
    await app.user.type(screen.getByLabelText('Email'), 'bank@example.com');
    await app.user.type(screen.getByLabelText('Password'), 'demo12345');
    await app.user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/two-step-setup'));
    expect(window.localStorage.getItem('mfaSetupRequired')).toBe('true');

    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
    expect(await screen.findByTestId('mfa-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(await screen.findByRole('img', { name: 'QR code to add Qist to an authenticator app' })).toBeInTheDocument();
    // Its role needs it: nothing else opens, and the only way out is to sign out.
    expect(screen.getByText(/Until it is set up, nothing else opens\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to my account' })).not.toBeInTheDocument();

    await app.user.type(screen.getByLabelText('2. Enter the 6-digit code the app shows'), '123456');
    await app.user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    const list = await screen.findByTestId('recovery-codes');
    expect(within(list).getAllByText(/^code-/)).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/auth/mfa/enable')).toEqual([{ code: '123456' }]);

    await app.user.click(screen.getByRole('button', { name: 'I saved them, continue' }));
    await waitFor(() => expect(app.router.state.location.pathname).toMatch(/^\/bank/));
    expect(window.localStorage.getItem('mfaSetupRequired')).toBeNull();
  });

  it('shows a wrong confirmation code under the field, in Arabic too', async () => {
    await setLanguage('ar');
    signIn('admin', null);
    window.localStorage.setItem('mfaSetupRequired', 'true');
    stubServer({
      'POST /api/v1/auth/mfa/setup': ok({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Qist:admin%40example.com?secret=JBSWY3DPEHPK3PXP' }),
      'POST /api/v1/auth/mfa/enable': fail(400, 'this code is wrong or already used'),
    });
    const app = renderApp('/admin');
    // A required role without it reaches no area: the guard sends it to the set-up.
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/two-step-setup'));
    expect(await screen.findByRole('heading', { name: 'إعداد التحقق بخطوتين' })).toBeInTheDocument();
    await app.user.type(await screen.findByLabelText('2. أدخل الرمز المكوّن من 6 أرقام الذي يعرضه التطبيق'), '000000');
    await app.user.click(screen.getByRole('button', { name: 'تفعيل التحقق بخطوتين' }));
    expect(await screen.findByText('هذا الرمز غير صحيح أو سبق استخدامه')).toBeInTheDocument();
  });
});
