// The printable documents: the SME's receipt of a paid instalment and the supplier's remittance advice
// of a paid-out order, each linked from the order page, shown as the server sends them (in English and
// Arabic), printed with the browser's print, and their loading and failure states.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Receipt, Remittance } from '@qist/domain';
import { i18n } from '@/i18n';
import { formatDateTime } from '@/lib/dates';
import { ORDER_ID, TRANSACTION_ID, order, preloadFulfilmentScreens, preloadOrderScreens, providerAreaRoutes, smeAreaRoutes } from '@/testing/fixtures/orders';
import { fail, ok, renderApp, signIn, stubServer, type FakeRoutes } from '@/testing/render-app';

beforeAll(() => Promise.all([preloadOrderScreens(), preloadFulfilmentScreens()]));
afterEach(() => {
  vi.restoreAllMocks();
});

const PAID_AT = '2025-02-09T08:15:00.000Z';
const RECEIPT_URL = `/api/v1/sme/order/receipt/${ORDER_ID}/2`;
const REMITTANCE_URL = `/api/v1/provider/order/remittance/${ORDER_ID}`;

const RECEIPT: Receipt = {
  orderId: ORDER_ID,
  description: '200 boxes of dates',
  supplier: { name: 'Gulf Foods' },
  sme: { name: 'Al Noor Trading' },
  installment: { number: 2, count: 4, amount: 246.91, paidAt: PAID_AT },
  transactionId: TRANSACTION_ID,
  gateway: 'sandbox',
  currency: 'USD',
};

/** Figures that are not what a browser would work out from the order (10% of 1,000): shown as sent. */
const REMITTANCE: Remittance = {
  orderId: ORDER_ID,
  description: '200 boxes of dates',
  supplier: { name: 'Gulf Foods' },
  sme: { name: 'Al Noor Trading' },
  paidAt: PAID_AT,
  amount: 1000,
  discountRate: 0.075,
  discount: 75.01,
  paidToSupplier: 924.99,
  currency: 'USD',
  reference: '5d7b1c2e-8f3a-4b6d-9e0f-1a2b3c4d5e6f',
};

/** The document's lines as label → value text. */
function documentLines(): Record<string, string> {
  const sheet = screen.getByRole('article');
  const labels = within(sheet).getAllByRole('term');
  const values = within(sheet).getAllByRole('definition');
  return Object.fromEntries(labels.map((label, index) => [label.textContent ?? '', values[index]?.textContent ?? '']));
}

/** Intl writes a no-break space between a figure and its currency, and marks in Arabic; the tests read plain text. */
const plain = (text: string) => text.replace(/[\u00a0\u200f\u200e]/g, (c) => (c === '\u00a0' ? ' ' : ''));

function openReceipt(routes: FakeRoutes = {}, number = 2) {
  signIn('sme', 8);
  const fetchMock = stubServer({ ...smeAreaRoutes(), [`GET ${RECEIPT_URL}`]: ok({ receipt: RECEIPT }), ...routes });
  return { ...renderApp(`/sme/order/${ORDER_ID}/receipt/${number}`), fetchMock };
}

function openRemittance(routes: FakeRoutes = {}) {
  signIn('provider', 5);
  const fetchMock = stubServer({ ...providerAreaRoutes(), [`GET ${REMITTANCE_URL}`]: ok({ remittance: REMITTANCE }), ...routes });
  return { ...renderApp(`/provider/order/${ORDER_ID}/remittance`), fetchMock };
}

describe('the receipt links of the order page', () => {
  it('gives each paid instalment of the SME’s order a link to its receipt, and none to an unpaid one', async () => {
    signIn('sme', 8);
    stubServer({ ...smeAreaRoutes(), [`GET /api/v1/sme/order/show/${ORDER_ID}`]: ok({ order: order(2, 2) }) });
    const { user, router } = renderApp(`/sme/order/${ORDER_ID}`);
    const list = await screen.findByRole('list', { name: 'Installments' });
    const links = within(list).getAllByRole('link', { name: /^Receipt of instalment/ });
    expect(links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['Receipt of instalment 2', `/sme/order/${ORDER_ID}/receipt/2`],
      ['Receipt of instalment 1', `/sme/order/${ORDER_ID}/receipt/1`],
    ]);
    expect(links[0]).toHaveTextContent('Receipt');

    stubServer({ ...smeAreaRoutes(), [`GET ${RECEIPT_URL}`]: ok({ receipt: RECEIPT }) });
    await user.click(links[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/sme/order/${ORDER_ID}/receipt/2`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment receipt' })).toBeInTheDocument();
  });

  it('gives the supplier no receipt links', async () => {
    signIn('provider', 5);
    stubServer({ ...providerAreaRoutes(), [`GET /api/v1/provider/order/show/${ORDER_ID}`]: ok({ order: order(4, 2) }) });
    renderApp(`/provider/order/${ORDER_ID}`);
    const list = await screen.findByRole('list', { name: 'Installments' });
    expect(within(list).getAllByText('paid')).toHaveLength(2);
    expect(within(list).queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('the payment receipt', () => {
  it('shows the platform, the title and every line as the server sent it, the amount paid last', async () => {
    openReceipt({ [`GET ${RECEIPT_URL}`]: ok({ receipt: RECEIPT }) });
    const sheet = await screen.findByRole('article', { name: 'Payment receipt' });
    expect(within(sheet).getByText('Qist')).toBeInTheDocument();
    expect(sheet).toHaveAttribute('data-printable-document');
    expect(documentLines()).toEqual({
      'Order number': ORDER_ID,
      Order: '200 boxes of dates',
      Supplier: 'Gulf Foods',
      SME: 'Al Noor Trading',
      Instalment: '2 of 4',
      'Paid on': formatDateTime(PAID_AT, 'en'),
      'Paid through': 'Test payment page',
      'Transaction number': TRANSACTION_ID,
      Currency: 'US dollars',
      'Amount paid': '$246.91',
    });
    expect(within(sheet).getByText(TRANSACTION_ID)).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('link', { name: 'Back to the order' })).toHaveAttribute('href', `/sme/order/${ORDER_ID}`);
  });

  it('prints with the browser’s print', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = openReceipt({ [`GET ${RECEIPT_URL}`]: ok({ receipt: RECEIPT }) });
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('names a gateway it does not know by the name the server gave it', async () => {
    openReceipt({ [`GET ${RECEIPT_URL}`]: ok({ receipt: { ...RECEIPT, gateway: 'knet' } }) });
    await screen.findByRole('article');
    expect(documentLines()['Paid through']).toBe('knet');
  });

  it('says it is loading until the receipt arrives', async () => {
    let answer: (value: Response) => void = () => {};
    const { fetchMock } = openReceipt();
    const stubbed = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      String(input).endsWith(RECEIPT_URL) ? new Promise<Response>((resolve) => (answer = resolve)) : stubbed(input, init),
    );
    expect(await screen.findByText('loading')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    answer(new Response(JSON.stringify({ status: true, content: { receipt: RECEIPT } }), { headers: { 'Content-Type': 'application/json' } }));
    expect(await screen.findByRole('article', { name: 'Payment receipt' })).toBeInTheDocument();
  });

  it('shows the server’s sentence with Retry when there is no receipt, and nothing to print', async () => {
    let answer = fail(404, 'receipt not found');
    const { user } = openReceipt({ [`GET ${RECEIPT_URL}`]: () => answer });
    expect(await screen.findByText('receipt not found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment receipt' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();

    answer = ok({ receipt: RECEIPT });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Payment receipt' })).toBeInTheDocument();
  });

  it('reads right to left in Arabic, every word Arabic, the amount in its Arabic form', async () => {
    await i18n.changeLanguage('ar');
    openReceipt({ [`GET ${RECEIPT_URL}`]: ok({ receipt: RECEIPT }) });
    const sheet = await screen.findByRole('article', { name: 'إيصال الدفع' });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(within(sheet).getByText('قسط')).toBeInTheDocument();
    const lines = documentLines();
    expect(Object.keys(lines)).toEqual(['رقم الطلب', 'الطلب', 'المورد', 'المنشأة', 'القسط', 'تاريخ الدفع', 'طريقة الدفع', 'رقم العملية', 'العملة', 'المبلغ المدفوع']);
    expect(lines['القسط']).toBe('2 من 4');
    expect(lines['تاريخ الدفع']).toBe(formatDateTime(PAID_AT, 'ar'));
    expect(lines['طريقة الدفع']).toBe('صفحة الدفع التجريبية');
    expect(lines['العملة']).toBe('دولار أمريكي');
    expect(plain(lines['المبلغ المدفوع']!)).toBe('246.91 دولار أمريكي');
    expect(screen.getByRole('button', { name: 'طباعة' })).toBeInTheDocument();
    // the words of the page are Arabic: only the identifiers, names and the order's own text are Latin
    const latin = [ORDER_ID, TRANSACTION_ID, '200 boxes of dates', 'Gulf Foods', 'Al Noor Trading'];
    const shown = sheet.cloneNode(true) as HTMLElement;
    shown.querySelectorAll('style').forEach((style) => style.remove());
    const rest = latin.reduce((text, value) => text.replace(value, ''), shown.textContent ?? '');
    expect(rest).not.toMatch(/[A-Za-z]/);
  });
});

describe('the remittance advice', () => {
  it('is linked from the supplier’s order once the bank paid it, and not before', async () => {
    signIn('provider', 5);
    let status = 5;
    stubServer({ ...providerAreaRoutes(), [`GET /api/v1/provider/order/show/${ORDER_ID}`]: () => ok({ order: order(status, 1) }) });
    const first = renderApp(`/provider/order/${ORDER_ID}`);
    await screen.findByRole('region', { name: 'Order Detail' });
    expect(screen.queryByRole('link', { name: 'Remittance advice' })).not.toBeInTheDocument();
    first.unmount();

    status = 6;
    const { user, router } = renderApp(`/provider/order/${ORDER_ID}`);
    const detail = await screen.findByRole('region', { name: 'Order Detail' });
    const link = await within(detail).findByRole('link', { name: 'Remittance advice' });
    expect(link).toHaveAttribute('href', `/provider/order/${ORDER_ID}/remittance`);
    stubServer({ ...providerAreaRoutes(), [`GET ${REMITTANCE_URL}`]: ok({ remittance: REMITTANCE }) });
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/provider/order/${ORDER_ID}/remittance`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Remittance advice' })).toBeInTheDocument();
  });

  it('shows the payout as the server sent it: the order amount, the discount taken and what was paid, last', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = openRemittance();
    const sheet = await screen.findByRole('article', { name: 'Remittance advice' });
    expect(within(sheet).getByText('Qist')).toBeInTheDocument();
    expect(documentLines()).toEqual({
      'Order number': ORDER_ID,
      Order: '200 boxes of dates',
      Supplier: 'Gulf Foods',
      SME: 'Al Noor Trading',
      'Paid on': formatDateTime(PAID_AT, 'en'),
      'Payout reference': REMITTANCE.reference,
      Currency: 'US dollars',
      'Order amount': '$1,000.00',
      'Discount (7.5%)': '-$75.01',
      'Paid to the supplier': '$924.99',
    });
    expect(screen.getByRole('link', { name: 'Back to the order' })).toHaveAttribute('href', `/provider/order/${ORDER_ID}`);
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says so in the reader’s language when there is none yet', async () => {
    await i18n.changeLanguage('ar');
    openRemittance({ [`GET ${REMITTANCE_URL}`]: fail(404, 'remittance advice not found') });
    expect(await screen.findByText('إشعار التحويل غير موجود')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'إشعار التحويل' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
  });
});
