// The pay buttons send an Idempotency-Key: one per press, the same on every send of that press.
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_ID, order, preloadOrderScreens, smeAreaRoutes, TRANSACTION_ID } from '@/testing/fixtures/orders';
import { fail, ok, renderApp, signIn, stubServer, type FakeRoutes } from '@/testing/render-app';

beforeAll(preloadOrderScreens);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function openOrder(status: number, paid: number, routes: FakeRoutes) {
  signIn('sme', 8);
  const fetchMock = stubServer({
    ...smeAreaRoutes(),
    [`GET /api/v1/sme/order/show/${ORDER_ID}`]: ok({ order: order(status, paid) }),
    [`GET /api/v1/pub/gateway/sandbox/${TRANSACTION_ID}`]: ok({ transactionId: TRANSACTION_ID, amount: 250, description: 'Gulf Foods', status: 'pending' }),
    ...routes,
  });
  return { ...renderApp(`/sme/order/${ORDER_ID}`), fetchMock };
}

/** The Idempotency-Key of every call to a path, in order (undefined where none was sent). */
function keysSentTo(fetchMock: ReturnType<typeof stubServer>, path: string): (string | undefined)[] {
  return fetchMock.mock.calls
    .filter(([input]) => String(input).endsWith(path))
    .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']);
}

const started = ok({ transactionId: TRANSACTION_ID, paymentUrl: `/gateway/sandbox/${TRANSACTION_ID}` });

describe('the pay buttons', () => {
  it('send a new key with each press: a second press after a refusal is a new submission', async () => {
    let calls = 0;
    const { user, router, fetchMock } = openOrder(0, 0, {
      'POST /api/v1/sme/pay/init': () => (++calls === 1 ? fail(503, 'the payment gateway did not answer; please try again in a moment') : started),
    });
    await user.click(await screen.findByRole('button', { name: 'Pay first instalment' }));
    expect(await screen.findByText('the payment gateway did not answer; please try again in a moment')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay first instalment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/gateway/sandbox/${TRANSACTION_ID}`));

    const keys = keysSentTo(fetchMock, '/api/v1/sme/pay/init');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toMatch(UUID);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('send the same key again when the answer to a press was lost, so the payment starts once', async () => {
    const { user, router, fetchMock } = openOrder(2, 1, { 'POST /api/v1/sme/pay/installment': started });
    const answer = fetchMock.getMockImplementation()!;
    let lost = 1;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/pay/installment') && lost-- > 0) throw new TypeError('Failed to fetch');
      return answer(input, init);
    });
    await user.click(await screen.findByRole('button', { name: 'Pay next instalment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/gateway/sandbox/${TRANSACTION_ID}`));
    const keys = keysSentTo(fetchMock, '/api/v1/sme/pay/installment');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
    // nothing went wrong as far as the SME can tell
    expect(screen.queryByText('something went wrong, please try again')).not.toBeInTheDocument();
  });
});
