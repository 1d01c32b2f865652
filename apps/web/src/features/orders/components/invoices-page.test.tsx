import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ORDER_ID, order, preloadOrderScreens, smeAreaRoutes } from '@/testing/fixtures/orders';
import { ok, renderApp, signIn, stubServer } from '@/testing/render-app';

const LIST = 'GET /api/v1/sme/invoice/list';
const FILE = 'f1e2d3c4-0000-4000-8000-000000000002.png';

beforeAll(preloadOrderScreens);
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe("the SME's invoices", () => {
  it('shows each invoice with its supplier, amount, order date and preview, and links to the order', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:invoice-2'), revokeObjectURL: vi.fn() });
    signIn('sme', 8);
    const withInvoice = order(4, 3, { invoice: { file: FILE } });
    const fetchMock = stubServer({ ...smeAreaRoutes(), [LIST]: ok({ invoices: [withInvoice], count: 1, cursors: { first: null, last: null } }) });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/invoice/file/') ? new Response('png', { status: 200, headers: { 'Content-Type': 'image/png' } }) : fetchMock(input, init),
    );
    renderApp('/sme/invoices');
    expect(await screen.findByRole('heading', { name: 'Invoices' })).toBeInTheDocument();
    const card = within(await screen.findByRole('article', { name: /^Invoice of the order with/ }));
    expect(card.getByText('$1,000.00')).toBeInTheDocument();
    expect(card.getByText(new RegExp(new Date(withInvoice.createdAt).toLocaleDateString('en-GB', { dateStyle: 'full' })))).toBeInTheDocument();
    expect(await card.findByRole('img', { name: 'Invoice of this order' })).toHaveAttribute('src', 'blob:invoice-2');
    expect(card.getByRole('link', { name: 'See the order' })).toHaveAttribute('href', `/sme/order/${ORDER_ID}`);
  });

  it('says so when there is no invoice yet', async () => {
    signIn('sme', 8);
    stubServer({ ...smeAreaRoutes(), [LIST]: ok({ invoices: [], count: 0, cursors: { first: null, last: null } }) });
    renderApp('/sme/invoices');
    expect(await screen.findByText('No invoice yet: a supplier uploads it once your order is delivered.')).toBeInTheDocument();
  });
});
