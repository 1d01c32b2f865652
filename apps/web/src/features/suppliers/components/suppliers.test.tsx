import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { preloadOrderScreens, SUPPLIER, SUPPLIER_ID, smeAreaRoutes, supplierCard } from '@/testing/fixtures/orders';
import { fail, ok, renderApp, sentBodies, signIn, stubServer } from '@/testing/render-app';

const SHOW = `GET /api/v1/sme/provider/show/${SUPPLIER_ID}`;
const CREATE = 'POST /api/v1/sme/order/create';

// the SME area and its order pages are lazy chunks: load them once up front
beforeAll(preloadOrderScreens);

function openSupplier(routes: Parameters<typeof stubServer>[0] = {}, credit?: () => number) {
  signIn('sme', 8);
  const fetchMock = stubServer({ ...smeAreaRoutes(credit), [SHOW]: ok({ provider: SUPPLIER }), ...routes });
  return { ...renderApp(`/sme/supplier/${SUPPLIER_ID}`), fetchMock };
}

async function openModal(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Create Order' }));
  return screen.findByRole('dialog', { name: 'Create Order: Gulf Foods' });
}

describe("the SME's supplier list", () => {
  it('shows ten cards a page with title, text and categories, each linking to the supplier', async () => {
    signIn('sme', 8);
    const fetchMock = stubServer({
      ...smeAreaRoutes(),
      'GET /api/v1/sme/provider/list': ok({ providers: Array.from({ length: 10 }, (_, i) => supplierCard(i + 1)), count: 23 }),
    });
    const { user, router } = renderApp('/sme/supplier');
    const list = await screen.findByRole('list', { name: 'Suppliers' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(10);
    // one link a card, named by its visible title (and stretched over the card)
    const link = within(cards[1]!).getByRole('link');
    expect(link).toHaveAccessibleName('Supplier 2');
    expect(link).toHaveAttribute('href', `/sme/supplier/${supplierCard(2)._id}`);
    expect(within(cards[1]!).getByText('What supplier 2 sells.')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Retail')).toBeInTheDocument();
    expect(screen.getByText('23 in total')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('provider/list'))).toEqual([
        '/api/v1/sme/provider/list?page=1&perPage=10',
        '/api/v1/sme/provider/list?page=3&perPage=10',
      ]),
    );
  });

  it("says 'no data' when there is no supplier", async () => {
    signIn('sme', 8);
    stubServer({ ...smeAreaRoutes(), 'GET /api/v1/sme/provider/list': ok({ providers: [], count: 0 }) });
    renderApp('/sme/supplier');
    expect(await screen.findByText('no data')).toBeInTheDocument();
  });
});

describe("a supplier's page and the Create Order modal", () => {
  it("shows the supplier's details", async () => {
    openSupplier();
    expect(await screen.findByRole('heading', { name: 'Gulf Foods' })).toBeInTheDocument();
    expect(screen.getByText('Dates, rice and spices for the Gulf.')).toBeInTheDocument();
    const industries = screen.getByRole('list', { name: 'Industry categories' });
    expect(within(industries).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Food & Beverage', 'Wholesale']);
    for (const text of [
      'Omar',
      'Haddad',
      'supplier@example.com',
      'sales@gulffoods.example.com',
      '+965 55507777',
      '+974 33301234',
      'Shuwaikh Industrial Area',
      'Block 2, Street 24',
      '@gulffoods',
    ]) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'gulffoods.example.com' })).toHaveAttribute('href', 'https://gulffoods.example.com');
  });

  it('checks the amount against 1$, the available credit and 2 decimals, and needs a description', async () => {
    const { user, fetchMock } = openSupplier();
    const dialog = await openModal(user);
    expect(await within(dialog).findByText('$8,000.00')).toBeInTheDocument();
    const amount = within(dialog).getByRole('textbox', { name: 'Amount ($)' });
    const description = within(dialog).getByRole('textbox', { name: 'Description' });

    await user.click(within(dialog).getByRole('button', { name: 'Create Order' }));
    expect(await within(dialog).findByText('enter amount')).toBeInTheDocument();
    expect(within(dialog).getByText('enter description')).toBeInTheDocument();

    await user.type(amount, '0.5');
    expect(await within(dialog).findByText('must be more than 1$')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '8000.01');
    expect(await within(dialog).findByText('must be less than 8000$')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '10.123');
    expect(await within(dialog).findByText('the amount can have at most 2 decimals')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '8000');
    await waitFor(() => expect(within(dialog).queryByText(/must be|at most 2 decimals|enter amount/)).not.toBeInTheDocument());

    await user.type(description, '   ');
    expect(within(dialog).getByText('enter description')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/sme/order/create')).toEqual([]);
  });

  it('creates the order: two toasts, the credit is fetched again and the SME lands on its orders', async () => {
    let credit = 8000;
    const { user, router, fetchMock } = openSupplier(
      {
        [CREATE]: () => {
          credit -= 250.5;
          return ok({ order: { _id: 'c9d8e7f6-0000-4000-8000-000000000001' } });
        },
        'GET /api/v1/sme/order/list': ok({ orders: [], count: 0, cursors: { first: null, last: null } }),
      },
      () => credit,
    );
    const dialog = await openModal(user);
    await within(dialog).findByText('$8,000.00');
    const profileCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/v1/sme/profile/get').length;
    const before = profileCalls();

    // Arabic-Indic digits are read as the number they are
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount ($)' }), '٢٥٠٫٥');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), '200 boxes of dates');
    await user.click(within(dialog).getByRole('button', { name: 'Create Order' }));

    expect(await screen.findByText('payment link is sent by email and sms')).toBeInTheDocument();
    expect(screen.getByText('please check and do payment')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/sme/order/create')).toEqual([
      { providerId: SUPPLIER_ID, amount: 250.5, description: '200 boxes of dates' },
    ]);
    expect(profileCalls()).toBeGreaterThan(before);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sme/orders'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends an Idempotency-Key with each submission: a new one when the SME submits again after a refusal', async () => {
    let calls = 0;
    const { user, fetchMock } = openSupplier({
      [CREATE]: () => (++calls === 1 ? fail(400, 'this supplier is not available') : ok({ order: { _id: 'c9d8e7f6-0000-4000-8000-000000000002' } })),
      'GET /api/v1/sme/order/list': ok({ orders: [], count: 0, cursors: { first: null, last: null } }),
    });
    const dialog = await openModal(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount ($)' }), '100');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'rice');
    await user.click(within(dialog).getByRole('button', { name: 'Create Order' }));
    expect(await screen.findByText('this supplier is not available')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create Order' }));
    expect(await screen.findByText('payment link is sent by email and sms')).toBeInTheDocument();

    const keys = fetchMock.mock.calls
      .filter(([input]) => String(input).endsWith('/api/v1/sme/order/create'))
      .map(([, init]) => (init?.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[0]).not.toBe(keys[1]);
    // the key travels as a header, never in the body
    expect(sentBodies(fetchMock, 'POST', '/api/v1/sme/order/create')).toEqual([
      { providerId: SUPPLIER_ID, amount: 100, description: 'rice' },
      { providerId: SUPPLIER_ID, amount: 100, description: 'rice' },
    ]);
  });

  it("shows the server's refusal as a toast and keeps the form", async () => {
    const { user } = openSupplier({ [CREATE]: fail(409, 'this supplier is not available') });
    const dialog = await openModal(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount ($)' }), '100');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'rice');
    await user.click(within(dialog).getByRole('button', { name: 'Create Order' }));
    expect(await screen.findByText('this supplier is not available')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Amount ($)' })).toHaveValue('100');
    expect(screen.queryByText('payment link is sent by email and sms')).not.toBeInTheDocument();
  });
});
