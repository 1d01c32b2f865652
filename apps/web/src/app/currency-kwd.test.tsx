// The web in Kuwaiti dinars: the currency read from the server before the first render, every figure
// with three decimals and the currency in English and in Arabic, and amount inputs taking fils.
import { activeCurrency, configureCurrency, type Order } from '@qist/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { loadCurrency } from '@/lib/currency-config';
import { preloadDashboards, SME_DASHBOARD } from '@/testing/fixtures/dashboards';
import { ORDER_ID, order, preloadOrderScreens, smeAreaRoutes, SUPPLIER, SUPPLIER_ID } from '@/testing/fixtures/orders';
import { ok, renderApp, sentBodies, signIn, stubServer } from '@/testing/render-app';

/** Intl writes a no-break space between a code and its figure, and marks in Arabic; the tests read plain text. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u200f]/g, (c) => (c === '\u00a0' ? ' ' : ''));

beforeAll(async () => {
  await Promise.all([preloadOrderScreens(), preloadDashboards()]);
  stubServer({ 'GET /api/v1/pub/config': ok({ currency: 'KWD', minorUnit: 3 }) });
  await loadCurrency();
});
afterAll(() => {
  configureCurrency('USD');
});

// jsdom lays nothing out, so recharts warns that each chart is 0 × 0: that one warning is expected.
beforeEach(() => {
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('of chart should be greater than 0')) return;
    warn(...args);
  });
});

/** An order of 1,234.567 KWD in four instalments, the fils left over on the last. */
function dinarOrder(): Order {
  const shown = order(1, 1, { amount: 1234.567 });
  return { ...shown, installments: shown.installments.map((i, index) => ({ ...i, amount: index === 3 ? 308.644 : 308.641 })) };
}

function openOrder() {
  signIn('sme', 8);
  stubServer({ ...smeAreaRoutes(), [`GET /api/v1/sme/order/show/${ORDER_ID}`]: ok({ order: dinarOrder() }) });
  return renderApp(`/sme/order/${ORDER_ID}`);
}

describe('the currency', () => {
  it('comes from GET /api/v1/pub/config before the first render', () => {
    expect(activeCurrency()).toEqual({ code: 'KWD', minorUnit: 3, minorPerUnit: 1000 });
  });
});

describe('an order in dinars', () => {
  it('shows the amount and every instalment with three decimals and KWD, in English', async () => {
    openOrder();
    const detail = await screen.findByRole('region', { name: 'Order Detail' });
    expect(plain(detail.textContent)).toContain('KWD 1,234.567');
    const items = within(screen.getByRole('list', { name: 'Installments' })).getAllByRole('listitem');
    expect(items.map((item) => plain(item.textContent).match(/KWD [\d,]+\.\d+/)?.[0])).toEqual(['KWD 308.644', 'KWD 308.641', 'KWD 308.641', 'KWD 308.641']);
  });

  it('shows them with three decimals and د.ك. in Arabic, right to left', async () => {
    await i18n.changeLanguage('ar');
    openOrder();
    const detail = await screen.findByRole('region', { name: 'تفاصيل الطلب' });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(plain(detail.textContent)).toContain('1,234.567 د.ك.');
    const items = within(screen.getByRole('list', { name: 'الأقساط' })).getAllByRole('listitem');
    expect(items.map((item) => plain(item.textContent).match(/[\d,]+\.\d+ د\.ك\./)?.[0])).toEqual(['308.644 د.ك.', '308.641 د.ك.', '308.641 د.ك.', '308.641 د.ك.']);
    expect(plain(detail.textContent)).not.toMatch(/KWD|\$/);
  });
});

describe("the SME's dashboard in dinars", () => {
  const open = () => {
    signIn('sme', 8);
    stubServer({ ...smeAreaRoutes(), 'GET /api/v1/sme/dashboard': ok(SME_DASHBOARD) });
    return renderApp('/sme/dashboard');
  };

  it('writes the credit, the next instalment and the chart figures with three decimals, in both languages', async () => {
    open();
    const credit = within(await screen.findByRole('region', { name: 'Credit' }));
    expect(plain(credit.getByText(/10,000/).textContent)).toBe('KWD 10,000.000');
    const next = within(screen.getByRole('region', { name: 'Next instalment' }));
    expect(plain(next.getByText(/312/).textContent)).toBe('KWD 312.500');
    const chart = screen.getByRole('table', { name: 'Spending by supplier' });
    expect(within(chart).getAllByRole('cell').map((cell) => plain(cell.textContent))).toEqual(['KWD 3,000.000', 'KWD 1,250.500']);

    await i18n.changeLanguage('ar');
    const creditAr = within(await screen.findByRole('region', { name: 'الائتمان' }));
    expect(plain(creditAr.getByText(/10,000/).textContent)).toBe('10,000.000 د.ك.');
    const nextAr = within(screen.getByRole('region', { name: 'القسط التالي' }));
    expect(plain(nextAr.getByRole('link').getAttribute('aria-label'))).toContain('312.500 د.ك.');
  });
});

describe('the Create Order form in dinars', () => {
  const open = async () => {
    signIn('sme', 8);
    const fetchMock = stubServer({
      ...smeAreaRoutes(() => 8000.25),
      [`GET /api/v1/sme/provider/show/${SUPPLIER_ID}`]: ok({ provider: SUPPLIER }),
      'POST /api/v1/sme/order/create': ok({ order: { _id: ORDER_ID } }),
    });
    const { user } = renderApp(`/sme/supplier/${SUPPLIER_ID}`);
    await user.click(await screen.findByRole('button', { name: i18n.language === 'ar' ? 'إنشاء طلب' : 'Create Order' }));
    return { user, fetchMock, dialog: within(await screen.findByRole('dialog')) };
  };

  it('takes fils, refuses a fourth decimal naming three, and writes the bounds in dinars', async () => {
    const { user, fetchMock, dialog } = await open();
    expect(plain((await dialog.findByText(/8,000/)).textContent)).toBe('KWD 8,000.250');
    const amount = dialog.getByRole('textbox', { name: 'Amount (KWD)' });
    await user.type(amount, '12.3456');
    await user.tab(); // the form judges a field once it is left
    expect(await dialog.findByText('the amount can have at most 3 decimals')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '0.999');
    expect(plain((await dialog.findByText(/must be more than/)).textContent)).toBe('must be more than KWD 1.000');
    await user.clear(amount);
    await user.type(amount, '8000.251');
    expect(plain((await dialog.findByText(/must be less than/)).textContent)).toBe('must be less than KWD 8,000.250');
    await user.clear(amount);
    await user.type(amount, '12.345');
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'Tape');
    await user.click(dialog.getByRole('button', { name: 'Create Order' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST', '/api/v1/sme/order/create')).toEqual([{ providerId: SUPPLIER_ID, amount: 12.345, description: 'Tape' }]));
  });

  it('says the same in Arabic', async () => {
    await i18n.changeLanguage('ar');
    const { user, dialog } = await open();
    const amount = dialog.getByRole('textbox', { name: /^المبلغ \(د\.ك\./ });
    await user.type(amount, '12.3456');
    await user.tab();
    expect(await dialog.findByText('يمكن أن يحتوي المبلغ على 3 منازل عشرية كحد أقصى')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '8000.251');
    expect(plain((await dialog.findByText(/كحد أقصى/)).textContent)).toBe('يجب أن يكون المبلغ 8,000.250 د.ك. كحد أقصى');
  });
});
