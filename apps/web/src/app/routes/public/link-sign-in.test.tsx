// The link pages' sign-in with two-step sign-in: the code step on the page itself, so the payment or
// delivery link carries on; a session of another role through the code step is ended and refused,
// with nothing stored, as after a password-only sign-in.
import { MESSAGES } from '@qist/domain';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_ID, order, preloadFulfilmentScreens, preloadOrderScreens, providerAreaRoutes, TRANSACTION_ID } from '@/testing/fixtures/orders';
import { authContent, fail, ok, renderApp, sentBodies, stubServer } from '@/testing/render-app';

beforeAll(() => Promise.all([preloadOrderScreens(), preloadFulfilmentScreens(), import('@/features/auth/components/mfa-code-step')]));

const CHALLENGE = { mfaRequired: true, mfaToken: 'mfa-token-1' };
const VERIFY = '/api/v1/auth/mfa/verify';
const CODE_HINT = 'Enter the 6-digit code your authenticator app shows for Qist.';

async function signInWithPassword(user: ReturnType<typeof renderApp>['user'], email: string) {
  await user.type(await screen.findByRole('textbox', { name: 'Email' }), email);
  await user.type(screen.getByLabelText('Password'), 'demo12345');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

/** The Authorization headers the logout calls carried: the sessions ended. */
const loggedOut = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url).endsWith('/api/v1/auth/logout') && init?.method === 'POST')
    .map(([, init]) => new Headers(init?.headers).get('Authorization'));

describe('the sign-in of a payment link, for an account with two-step sign-in', () => {
  it('asks for the code on the page, then signs the SME in and starts the payment', async () => {
    const fetchMock = stubServer({
      'POST /api/v1/auth/login': ok(CHALLENGE),
      [`POST ${VERIFY}`]: ok(authContent('sme', 8)),
      'POST /api/v1/sme/pay/installment': ok({ transactionId: TRANSACTION_ID, paymentUrl: `/gateway/sandbox/${TRANSACTION_ID}` }),
      [`GET /api/v1/pub/gateway/sandbox/${TRANSACTION_ID}`]: ok({ transactionId: TRANSACTION_ID, amount: 250, description: 'Gulf Foods', status: 'pending' }),
    });
    const { user, router } = renderApp(`/pay-instalment?orderId=${ORDER_ID}`);
    await signInWithPassword(user, 'sme@example.com');

    expect(await screen.findByText(CODE_HINT)).toBeInTheDocument();
    // still the link's page, its address and its order; nothing stored before the code
    expect(router.state.location.pathname).toBe('/pay-instalment');
    expect(router.state.location.search).toBe(`?orderId=${ORDER_ID}`);
    expect(screen.getByText('login as sme to payment')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();

    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/gateway/sandbox/${TRANSACTION_ID}`));
    expect(window.localStorage.getItem('token')).toBe('token-sme');
    expect(window.localStorage.getItem('role')).toBe('sme');
    expect(sentBodies(fetchMock, 'POST', VERIFY)).toEqual([{ mfaToken: 'mfa-token-1', code: '123456' }]);
    expect(sentBodies(fetchMock, 'POST', '/api/v1/sme/pay/installment')).toEqual([{ orderId: ORDER_ID }]);
  });

  it('ends the session the code step opened for another role, says so, stores nothing and asks for email and password again', async () => {
    const fetchMock = stubServer({
      'POST /api/v1/auth/login': ok(CHALLENGE),
      [`POST ${VERIFY}`]: ok(authContent('provider', 5)),
      'POST /api/v1/auth/logout': ok({}),
    });
    const { user, router } = renderApp(`/pay-order?orderId=${ORDER_ID}`);
    await signInWithPassword(user, 'supplier@example.com');
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText(MESSAGES.mustLoginAsSme)).toBeInTheDocument();
    await waitFor(() => expect(loggedOut(fetchMock)).toEqual(['Bearer token-provider']));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('role')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pay-order');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/pay/'))).toEqual([]);
  });

  it('goes back to email and password on the page when the code step expired', async () => {
    stubServer({
      'POST /api/v1/auth/login': ok(CHALLENGE),
      [`POST ${VERIFY}`]: fail(401, MESSAGES.mfaSignInExpired),
    });
    const { user, router } = renderApp(`/pay-order?orderId=${ORDER_ID}`);
    await signInWithPassword(user, 'sme@example.com');
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.click(await screen.findByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pay-order');
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});

describe('the sign-in of a delivery link, for an account with two-step sign-in', () => {
  const LINK = `/delivered-order?orderId=${ORDER_ID}&verifyCode=K7Q2ZP`;

  it('takes a recovery code on the page, then confirms the delivery', async () => {
    const fetchMock = stubServer({
      'POST /api/v1/auth/login': ok(CHALLENGE),
      [`POST ${VERIFY}`]: ok(authContent('provider', 5)),
      ...providerAreaRoutes(),
      [`GET /api/v1/provider/order/show/${ORDER_ID}`]: ok({ order: order(3, 1) }),
      'POST /api/v1/provider/order/delivered': ok({ order: { _id: ORDER_ID, status: 3 } }),
    });
    const { user, router } = renderApp(LINK);
    await signInWithPassword(user, 'supplier@example.com');
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcd-efgh-jkmn');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/provider/order/${ORDER_ID}`));
    expect(window.localStorage.getItem('role')).toBe('provider');
    expect(sentBodies(fetchMock, 'POST', VERIFY)).toEqual([{ mfaToken: 'mfa-token-1', code: 'abcd-efgh-jkmn' }]);
    expect(sentBodies(fetchMock, 'POST', '/api/v1/provider/order/delivered')).toEqual([{ orderId: ORDER_ID, verifyCode: 'K7Q2ZP' }]);
  });

  it('refuses an SME through the code step, storing nothing', async () => {
    const fetchMock = stubServer({
      'POST /api/v1/auth/login': ok(CHALLENGE),
      [`POST ${VERIFY}`]: ok(authContent('sme', 8)),
      'POST /api/v1/auth/logout': ok({}),
    });
    const { user } = renderApp(LINK);
    await signInWithPassword(user, 'sme@example.com');
    await user.type(await screen.findByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MESSAGES.mustLoginAsSupplier)).toBeInTheDocument();
    await waitFor(() => expect(loggedOut(fetchMock)).toEqual(['Bearer token-sme']));
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/provider/order/delivered')).toEqual([]);
  });
});
