import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { ORDER_ID, preloadOrderScreens, smeAreaRoutes, TRANSACTION_ID } from '@/testing/fixtures/orders';
import { authContent, fail, ok, renderApp, sentBodies, signIn, stubServer } from '@/testing/render-app';

const SANDBOX = `/api/v1/pub/gateway/sandbox/${TRANSACTION_ID}`;

const smeArea = smeAreaRoutes();

beforeAll(preloadOrderScreens);

describe('the payment result page', () => {
  it.each([
    { payStatus: true, text: 'payment succeeded!' },
    { payStatus: false, text: 'payment failed!' },
  ])('verifies the payment once and says $text', async ({ payStatus, text }) => {
    signIn('sme', 8);
    const fetchMock = stubServer({ ...smeArea, 'POST /api/v1/sme/pay/verify': ok({ payStatus, orderId: ORDER_ID }) });
    renderApp(`/sme/payment-result/${TRANSACTION_ID}`);
    expect(await screen.findByRole('heading', { name: text })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the order' })).toHaveAttribute('href', `/sme/order/${ORDER_ID}`);
    expect(screen.getByRole('link', { name: 'See Orders' })).toHaveAttribute('href', '/sme/orders');
    expect(sentBodies(fetchMock, 'POST', '/api/v1/sme/pay/verify')).toEqual([{ transactionId: TRANSACTION_ID }]);
    if (payStatus) expect(await screen.findByText('payment is done successfully')).toBeInTheDocument();
    else expect(screen.queryByText('payment is done successfully')).not.toBeInTheDocument();
  });

  it("shows 'loading ...' while the platform answers", async () => {
    signIn('sme', 8);
    stubServer({ ...smeArea, 'POST /api/v1/sme/pay/verify': ok({ payStatus: true, orderId: ORDER_ID }) });
    renderApp(`/sme/payment-result/${TRANSACTION_ID}`);
    expect(await screen.findByText('loading ...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'payment succeeded!' })).toBeInTheDocument();
  });
});

describe('the payment links /pay-order and /pay-instalment', () => {
  it("without orderId says 'your data is incorrect' and goes home", async () => {
    const fetchMock = stubServer({});
    const { router } = renderApp('/pay-order');
    expect(await screen.findByText('your data is incorrect')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/pay/'))).toEqual([]);
  });

  it("asks a visitor to sign in as an SME, and refuses another role without storing anything", async () => {
    const fetchMock = stubServer({
      'POST /api/v1/auth/login': ok(authContent('provider', 5)),
      'POST /api/v1/auth/logout': ok({}),
    });
    const { user } = renderApp(`/pay-instalment?orderId=${ORDER_ID}`);
    expect(await screen.findByText('login as sme to payment')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'supplier@example.com');
    await user.type(screen.getByLabelText('Password'), 'demo12345');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('you must login as SME')).toBeInTheDocument();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('role')).toBeNull();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/pay/'))).toEqual([]);
  });

  it('signs an SME in, starts the instalment payment and goes to the payment page', async () => {
    const fetchMock = stubServer({
      'POST /api/v1/auth/login': ok(authContent('sme', 8)),
      'POST /api/v1/sme/pay/installment': ok({ transactionId: TRANSACTION_ID, paymentUrl: `/gateway/sandbox/${TRANSACTION_ID}` }),
      [`GET ${SANDBOX}`]: ok({ transactionId: TRANSACTION_ID, amount: 250, description: 'Gulf Foods', status: 'pending' }),
    });
    const { user, router } = renderApp(`/pay-instalment?orderId=${ORDER_ID}`);
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'sme@example.com');
    await user.type(screen.getByLabelText('Password'), 'demo12345');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/gateway/sandbox/${TRANSACTION_ID}`));
    expect(window.localStorage.getItem('role')).toBe('sme');
    expect(sentBodies(fetchMock, 'POST', '/api/v1/sme/pay/installment')).toEqual([{ orderId: ORDER_ID }]);
    expect(await screen.findByText('$250.00')).toBeInTheDocument();
  });

  it("starts at once for a signed-in SME; a refusal shows the msg, 'payment is done' and goes to /sme", async () => {
    signIn('sme', 8);
    const fetchMock = stubServer({
      ...smeArea,
      'POST /api/v1/sme/pay/init': fail(409, 'this is not possible while the order is waiting'),
    });
    const { router } = renderApp(`/pay-order?orderId=${ORDER_ID}`);
    expect(await screen.findByText('this is not possible while the order is Waiting')).toBeInTheDocument();
    expect(await screen.findByText('payment is done')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/sme/));
    expect(sentBodies(fetchMock, 'POST', '/api/v1/sme/pay/init')).toEqual([{ orderId: ORDER_ID }]);
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/pay/init'))!;
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the sandbox gateway page', () => {
  it('is a test page in Arabic too (right to left), and approving goes to the result page', async () => {
    await i18n.changeLanguage('ar');
    const fetchMock = stubServer({
      [`GET ${SANDBOX}`]: ok({ transactionId: TRANSACTION_ID, amount: 1250.5, description: 'تمور', status: 'pending' }),
      'POST /api/v1/pub/gateway/sandbox/complete': ok({ redirectUrl: `/sme/payment-result/${TRANSACTION_ID}` }),
    });
    const { user, router } = renderApp(`/gateway/sandbox/${TRANSACTION_ID}`);
    expect(await screen.findByText('صفحة دفع تجريبية — لا تُنقل أي أموال حقيقية.')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { name: 'الدفع' })).toBeInTheDocument();
    expect(await screen.findByText('1,250.50 دولار أمريكي')).toBeInTheDocument();
    expect(screen.getByText('تمور')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'موافقة' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/sme/payment-result/${TRANSACTION_ID}`));
    expect(sentBodies(fetchMock, 'POST', '/api/v1/pub/gateway/sandbox/complete')).toEqual([{ transactionId: TRANSACTION_ID, approve: true }]);
  });

  it('says when the payment is no longer pending and links to its result', async () => {
    stubServer({ [`GET ${SANDBOX}`]: ok({ transactionId: TRANSACTION_ID, amount: 250, description: 'rice', status: 'declined' }) });
    renderApp(`/gateway/sandbox/${TRANSACTION_ID}`);
    expect(await screen.findByText('This payment is already declined.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the payment result' })).toHaveAttribute('href', `/sme/payment-result/${TRANSACTION_ID}`);
    expect(within(screen.getByRole('note')).getByText('Test payment page — no real money moves.')).toBeInTheDocument();
  });

  it('says an expired payment expired, not that it was declined, and leads to the orders to start again', async () => {
    stubServer({ [`GET ${SANDBOX}`]: ok({ transactionId: TRANSACTION_ID, amount: 250, description: 'rice', status: 'expired' }) });
    renderApp(`/gateway/sandbox/${TRANSACTION_ID}`);
    expect(await screen.findByText('This payment has expired; start the payment again from your order.')).toBeInTheDocument();
    expect(screen.queryByText('This payment is already declined.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my orders' })).toHaveAttribute('href', '/sme/orders');
  });

  it('says so in Arabic too', async () => {
    await i18n.changeLanguage('ar');
    stubServer({ [`GET ${SANDBOX}`]: ok({ transactionId: TRANSACTION_ID, amount: 250, description: 'rice', status: 'expired' }) });
    renderApp(`/gateway/sandbox/${TRANSACTION_ID}`);
    expect(await screen.findByText('انتهت صلاحية هذه الدفعة؛ ابدأ الدفع من جديد من صفحة طلبك.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'الذهاب إلى طلباتي' })).toHaveAttribute('href', '/sme/orders');
  });

  it('says a refunded payment was refunded', async () => {
    stubServer({ [`GET ${SANDBOX}`]: ok({ transactionId: TRANSACTION_ID, amount: 250, description: 'rice', status: 'refunded' }) });
    renderApp(`/gateway/sandbox/${TRANSACTION_ID}`);
    expect(await screen.findByText('This payment was approved, then refunded.')).toBeInTheDocument();
  });

  it("shows the server's sentence for an unknown transaction", async () => {
    stubServer({ [`GET ${SANDBOX}`]: fail(404, 'payment not found') });
    renderApp(`/gateway/sandbox/${TRANSACTION_ID}`);
    expect(await screen.findByText('payment not found')).toBeInTheDocument();
  });
});
