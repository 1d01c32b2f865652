import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import {
  ADMIN_DASHBOARD,
  BANK_DASHBOARD,
  EMPTY_ADMIN_DASHBOARD,
  EMPTY_BANK_DASHBOARD,
  EMPTY_INSURANCE_DASHBOARD,
  EMPTY_PROVIDER_DASHBOARD,
  EMPTY_SME_DASHBOARD,
  INSURANCE_DASHBOARD,
  NEXT_ORDER_ID,
  preloadDashboards,
  PROVIDER_DASHBOARD,
  SME_DASHBOARD,
} from '@/testing/fixtures/dashboards';
import { backofficeAreaRoutes, providerAreaRoutes, smeAreaRoutes } from '@/testing/fixtures/orders';
import { fail, ok, renderApp, signIn, stubServer, type FakeAnswer, type FakeRoutes } from '@/testing/render-app';

type Role = 'sme' | 'provider' | 'admin' | 'bank' | 'insurance';

beforeAll(preloadDashboards);

// jsdom lays nothing out, so recharts warns that each chart is 0 × 0: that one warning is expected.
beforeEach(() => {
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('of chart should be greater than 0')) return;
    warn(...args);
  });
});

const AREA: Record<Role, { level: number | null; routes: () => FakeRoutes }> = {
  sme: { level: 8, routes: () => smeAreaRoutes() },
  provider: { level: 5, routes: providerAreaRoutes },
  admin: { level: null, routes: () => backofficeAreaRoutes('admin') },
  bank: { level: null, routes: () => backofficeAreaRoutes('bank') },
  insurance: { level: null, routes: () => backofficeAreaRoutes('insurance') },
};

/**
 * Opens /{role}/dashboard with the dashboard answering `answer` (or each of `answers` in turn); with
 * `gate`, the answer waits for it, so the loading state can be seen.
 */
function openDashboard(role: Role, answer: FakeAnswer | (() => FakeAnswer), gate?: Promise<void>) {
  signIn(role, AREA[role].level);
  const fetchMock = stubServer({ ...AREA[role].routes(), [`GET /api/v1/${role}/dashboard`]: typeof answer === 'function' ? answer : () => answer });
  const inner = fetchMock.getMockImplementation()!;
  if (gate) {
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/dashboard')) await gate;
      return inner(input, init);
    });
  }
  return { ...renderApp(`/${role}/dashboard`), fetchMock };
}

/** The dashboard's figures, once they are in. */
const loaded = () => screen.findByRole('heading', { level: 1, name: 'Dashboard' }).then(() => screen.findAllByText(/\$/));
const kpiLink = (name: RegExp) => screen.getByRole('link', { name });
/** The chart's figures as screen readers get them: the hidden table captioned with the chart's title. */
const chartRows = (title: string) =>
  within(screen.getByRole('table', { name: title }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe("the SME's dashboard", () => {
  it('shows credit, the next instalment with Pay, due, late and waiting figures, and the charts', async () => {
    openDashboard('sme', ok(SME_DASHBOARD));
    const credit = within(await screen.findByRole('region', { name: 'Credit' }));
    expect(credit.getByText('$10,000.00')).toBeInTheDocument();
    expect(credit.getByText('$4,250.50')).toBeInTheDocument();
    expect(credit.getByText('$5,749.50')).toBeInTheDocument();
    expect(credit.getByRole('progressbar', { name: '43% of your credit limit is used' })).toBeInTheDocument();

    const next = within(screen.getByRole('region', { name: 'Next instalment' }));
    expect(next.getByText('$312.50')).toBeInTheDocument();
    expect(next.getByText('Due Saturday, 1 February 2025')).toBeInTheDocument();
    expect(next.getByRole('link', { name: 'Pay the instalment of $312.50 due Saturday, 1 February 2025' })).toHaveAttribute(
      'href',
      `/pay-instalment?orderId=${NEXT_ORDER_ID}`,
    );

    expect(kpiLink(/Orders waiting/)).toHaveAttribute('href', '/sme/orders?status=1');
    expect(kpiLink(/Orders waiting/)).toHaveTextContent('3');
    expect(kpiLink(/Late instalments/)).toHaveAttribute('href', '/sme/orders?late=true');
    expect(kpiLink(/Late instalments/)).toHaveTextContent('$1,250.00Instalments: 2');
    expect(screen.getByText('Due within 30 days').parentElement).toHaveTextContent('$312.50Instalments: 1');
    expect(screen.getByText('Due within 60 days').parentElement).toHaveTextContent('$1,125.00Instalments: 3');
    expect(screen.getByText('Due within 90 days').parentElement).toHaveTextContent('$2,062.75Instalments: 5');

    expect(chartRows('Orders by status')).toEqual([
      'Canceled1',
      'Created1',
      'Waiting3',
      'Sending1',
      'Delivered0',
      'Invoice uploaded0',
      'Invoice verified by admin0',
      'Paid by bank2',
    ]);
    expect(chartRows('Spending by supplier')).toEqual(['Gulf Foods$3,000.00', 'Desert Textiles$1,250.50']);
    // the charts themselves arrive with their own chunk
    await waitFor(() => expect(document.querySelectorAll('.recharts-responsive-container')).toHaveLength(2));
    expect(screen.queryByRole('region', { name: 'No orders yet' })).not.toBeInTheDocument();
  });

  it('shows skeletons while the figures load, then the figures', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    openDashboard('sme', ok(SME_DASHBOARD), gate);
    expect(await screen.findByRole('status', { name: 'Loading the dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Credit' })).not.toBeInTheDocument();
    open();
    expect(await screen.findByRole('region', { name: 'Credit' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading the dashboard' })).not.toBeInTheDocument();
  });

  it("a new account: a friendly sentence, the way to Suppliers, no instalment and no charts", async () => {
    openDashboard('sme', ok(EMPTY_SME_DASHBOARD));
    const empty = within(await screen.findByRole('region', { name: 'No orders yet' }));
    expect(empty.getByText(/Pick a supplier to place your first order/)).toBeInTheDocument();
    expect(empty.getByRole('link', { name: 'Browse Suppliers' })).toHaveAttribute('href', '/sme/supplier');
    expect(within(screen.getByRole('region', { name: 'Next instalment' })).getByText('No instalment due')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Orders by status' })).not.toBeInTheDocument();
  });

  it('a failure: the message and Retry, which fetches again', async () => {
    let calls = 0;
    const { user } = openDashboard('sme', () => (++calls === 1 ? fail(500, 'server error') : ok(SME_DASHBOARD)));
    expect(await screen.findByText('The dashboard could not be loaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Credit' })).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('in Arabic: right-to-left, translated, amounts with the currency written in Arabic', async () => {
    await i18n.changeLanguage('ar');
    openDashboard('sme', ok(SME_DASHBOARD));
    expect(await screen.findByRole('heading', { level: 1, name: 'لوحة المعلومات' })).toBeInTheDocument();
    const credit = within(await screen.findByRole('region', { name: 'الائتمان' }));
    expect(credit.getByText('10,000.00 دولار أمريكي')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('link', { name: /طلبات قيد الانتظار/ })).toHaveAttribute('href', '/sme/orders?status=1');
    expect(chartRows('الطلبات حسب الحالة')).toContain('بانتظار المورد3');
    const next = within(screen.getByRole('region', { name: 'القسط التالي' }));
    expect(next.getByText('يستحق في السبت، 1 فبراير 2025')).toBeInTheDocument();
    expect(next.getByRole('link', { name: 'ادفع القسط البالغ 312.50 دولار أمريكي المستحق في السبت، 1 فبراير 2025' })).toHaveAttribute(
      'href',
      `/pay-instalment?orderId=${NEXT_ORDER_ID}`,
    );
  });
});

describe("the supplier's dashboard", () => {
  it('shows what to accept, deliver and invoice (each a link to its list), expected payouts and the charts', async () => {
    openDashboard('provider', ok(PROVIDER_DASHBOARD));
    await loaded();
    expect(kpiLink(/To accept/)).toHaveAttribute('href', '/provider/orders?status=1');
    expect(kpiLink(/To accept/)).toHaveTextContent('4');
    expect(kpiLink(/To deliver/)).toHaveAttribute('href', '/provider/orders?status=2');
    expect(kpiLink(/To invoice/)).toHaveAttribute('href', '/provider/orders?status=3');
    expect(screen.getByText('Expected payouts').parentElement).toHaveTextContent('$12,345.67Orders: 7');
    // oldest month first
    expect(chartRows('Paid out by month')).toEqual(['Jan 2025$900.00', 'Feb 2025$1,800.00']);
    expect(chartRows('Orders by status')).toContain('Waiting4');
  });

  it("'To accept' opens the supplier's orders filtered on Waiting", async () => {
    const { user, router, fetchMock } = openDashboard('provider', ok(PROVIDER_DASHBOARD));
    fetchMock.mockClear();
    await loaded();
    await user.click(kpiLink(/To accept/));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/provider/orders?status=1'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/v1/provider/order/list?page=1&perPage=10&status=1'),
    );
  });

  it('a new account: the empty state and no charts', async () => {
    openDashboard('provider', ok(EMPTY_PROVIDER_DASHBOARD));
    expect(await screen.findByText(/they appear here as SMEs order from you/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Paid out by month' })).not.toBeInTheDocument();
  });
});

describe("the admin's dashboard", () => {
  it('shows invoices waiting (a link to status 4), late, fee income, volume and the verification funnel', async () => {
    openDashboard('admin', ok(ADMIN_DASHBOARD));
    await loaded();
    expect(kpiLink(/Invoices waiting/)).toHaveAttribute('href', '/admin/orders?status=4');
    expect(kpiLink(/Invoices waiting/)).toHaveTextContent('3');
    expect(kpiLink(/Late instalments/)).toHaveAttribute('href', '/admin/orders?late=true');
    expect(kpiLink(/Late instalments/)).toHaveTextContent('$2,750.25');
    expect(screen.getByText('Bank fee income').parentElement).toHaveTextContent('$1,600.40');
    expect(screen.getByText('Platform fee income').parentElement).toHaveTextContent('$2,400.60');
    expect(chartRows('Order volume by month')).toEqual(['Jan 2025$25,000.00']);
    const smes = chartRows('SMEs by level');
    expect(smes.slice(0, 2)).toEqual(['Registered3', 'Email Verified0']);
    expect(smes).toContain('Admin Activated5');
    expect(smes).toContain('Full Rejected1');
    expect(chartRows('Suppliers by level')).toContain('Admin Verified4');
  });

  it('flags payments to look at, each count a link to its tab of Payments, and only the counts above 0', async () => {
    openDashboard('admin', ok({ ...ADMIN_DASHBOARD, payments: { refundsNeedingAttention: 2, openAnomalies: 1 } }));
    const flag = await screen.findByRole('region', { name: 'Payments to look at' });
    expect(within(flag).getByRole('link', { name: 'Refunds needing attention: 2' })).toHaveAttribute('href', '/admin/payments');
    expect(within(flag).getByRole('link', { name: 'Payment anomalies: 1' })).toHaveAttribute('href', '/admin/payments?tab=anomalies');
  });

  it('shows no payments flag when nothing waits, and only the refunds line when no anomaly is open', async () => {
    const first = openDashboard('admin', ok({ ...ADMIN_DASHBOARD, payments: { refundsNeedingAttention: 0, openAnomalies: 0 } }));
    await loaded();
    expect(screen.queryByRole('region', { name: 'Payments to look at' })).not.toBeInTheDocument();
    first.unmount();
    openDashboard('admin', ok(ADMIN_DASHBOARD));
    const flag = await screen.findByRole('region', { name: 'Payments to look at' });
    expect(within(flag).getAllByRole('link').map((link) => link.textContent)).toEqual(['Refunds needing attention: 2']);
  });

  it('no orders yet: the empty state, the funnel still shown', async () => {
    openDashboard('admin', ok({ ...EMPTY_ADMIN_DASHBOARD, smesByLevel: { '0': 2 } }));
    expect(await screen.findByRole('region', { name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payments to look at' })).not.toBeInTheDocument();
    expect(chartRows('SMEs by level')).toContain('Registered2');
    expect(screen.queryByRole('region', { name: 'Orders by status' })).not.toBeInTheDocument();
  });
});

describe("the bank's dashboard", () => {
  it('shows awaiting payout (a link to status 5), share earned, receivables, late and payouts by month', async () => {
    openDashboard('bank', ok(BANK_DASHBOARD));
    await loaded();
    expect(kpiLink(/Awaiting payout/)).toHaveAttribute('href', '/bank/orders?status=5');
    expect(kpiLink(/Awaiting payout/)).toHaveTextContent('$1,800.00Orders: 2');
    expect(screen.getByText('Bank share earned').parentElement).toHaveTextContent('$160.04');
    expect(screen.getByText('Receivables').parentElement).toHaveTextContent('$7,500.00');
    expect(kpiLink(/Late instalments/)).toHaveAttribute('href', '/bank/orders?late=true');
    expect(chartRows('Payouts by month')).toEqual(['Jan 2025$3,600.00']);
  });

  it('no orders yet: the empty state', async () => {
    openDashboard('bank', ok(EMPTY_BANK_DASHBOARD));
    expect(await screen.findByText(/the figures appear here once SMEs place orders/)).toBeInTheDocument();
  });
});

describe("the insurance company's dashboard", () => {
  it('shows insured SMEs and its queue (links to the SME list), credit granted and used, late', async () => {
    openDashboard('insurance', ok(INSURANCE_DASHBOARD));
    await loaded();
    expect(kpiLink(/Insured SMEs/)).toHaveAttribute('href', '/insurance/sme?level=-10');
    expect(kpiLink(/Waiting for your decision/)).toHaveAttribute('href', '/insurance/sme?level=6');
    expect(kpiLink(/Waiting for your decision/)).toHaveTextContent('2');
    expect(screen.getByText('Credit granted').parentElement).toHaveTextContent('$40,000.00');
    expect(screen.getByRole('progressbar', { name: '25% of the credit granted is used' })).toBeInTheDocument();
    expect(kpiLink(/Late instalments/)).toHaveAttribute('href', '/insurance/orders?late=true');
    expect(chartRows('Orders by status')).toContain('Paid by bank3');
  });

  it('no orders yet: the empty state', async () => {
    openDashboard('insurance', ok(EMPTY_INSURANCE_DASHBOARD));
    expect(await screen.findByRole('region', { name: 'No orders yet' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Orders by status' })).not.toBeInTheDocument());
  });
});
