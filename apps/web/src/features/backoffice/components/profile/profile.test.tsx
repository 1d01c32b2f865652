import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fail, ok, preloadPanels, renderApp, signIn, stubServer } from '@/testing/render-app';
import { PROVIDER_ID, SME_ID, providerProfile, smeProfile } from '@/testing/fixtures/backoffice';

beforeAll(() => preloadPanels('admin', 'bank', 'insurance'));

describe('the SME profile', () => {
  it('shows the head (email, phone, level, credits, categories) and the info tab with the shared details', async () => {
    signIn('admin', null);
    stubServer({
      [`GET /api/v1/admin/sme/show/${SME_ID}`]: ok({
        sme: smeProfile({ level: 5, credit: { request: 5000, limit: 4000, amount: 4000, spend: 0 } }),
      }),
    });
    renderApp(`/admin/sme/${SME_ID}/info`);
    const head = await screen.findByRole('region', { name: 'Al Noor Trading' });
    expect(within(head).getByText('owner@alnoor.example')).toBeInTheDocument();
    expect(within(head).getByText('+965 55551234')).toBeInTheDocument();
    expect(within(head).getByText('Admin Verified')).toBeInTheDocument();
    expect(within(head).getByText('$5,000.00')).toBeInTheDocument();
    expect(within(head).getByText('$4,000.00')).toBeInTheDocument();
    expect(within(within(head).getByRole('list', { name: 'Categories' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Retail',
      'Education',
    ]);
    expect(screen.getByRole('tab', { name: 'Info' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Office supplies for schools.')).toBeInTheDocument();
    expect(screen.getByText('accounts@alnoor.example')).toBeInTheDocument();
    expect(screen.getByText('Kuwait City, Block 3')).toBeInTheDocument();
    // a granted limit: the shared credit panel too
    expect(screen.getByRole('heading', { name: 'Credit and instalments' })).toBeInTheDocument();
    // admin at level 5: the bank decides, not the admin
    expect(screen.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to SMEs' })).toHaveAttribute('href', '/admin/sme');
  });

  it('switches tabs through the address: documents, then the timeline oldest first as "role : description"', async () => {
    signIn('admin', null);
    stubServer({
      [`GET /api/v1/admin/sme/show/${SME_ID}`]: ok({ sme: smeProfile({ level: 6 }) }),
      [`GET /api/v1/admin/sme/log/list/${SME_ID}`]: ok({
        logs: [
          { _id: 'l1', createdAt: '2026-01-02T10:00:00.000Z', desc: '', code: 'documentsUploaded', params: {}, level: 4, operator: { role: 'sme' } },
          { _id: 'l2', createdAt: '2026-01-03T11:00:00.000Z', desc: 'papers in order', code: 'verified', params: {}, level: 5, operator: { role: 'admin' } },
          { _id: 'l3', createdAt: '2026-01-04T12:00:00.000Z', desc: 'account checked', code: 'verified', params: {}, level: 6, operator: { role: 'bank' } },
        ],
      }),
    });
    const { user, router } = renderApp(`/admin/sme/${SME_ID}/info`);
    await user.click(await screen.findByRole('tab', { name: 'Documents' }));
    expect(router.state.location.pathname).toBe(`/admin/sme/${SME_ID}/documents`);
    expect(await screen.findByRole('button', { name: 'Preview CR license' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Verification timeline' }));
    expect(router.state.location.pathname).toBe(`/admin/sme/${SME_ID}/verification_timeline`);
    const table = await screen.findByRole('table', { name: 'Verification timeline' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Time', 'Description']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelectorAll('td')[1]?.textContent)).toEqual([
      'SME : Documents uploaded',
      'Admin : Verified — papers in order',
      'Bank : Verified — account checked',
    ]);
    expect(rows[0]!.querySelectorAll('td')[0]?.textContent).toMatch(/^Friday, 2 January 2026 at \d{2}:\d{2}$/);
  });

  it("says 'no documents' when there are none, and the bank has no timeline tab", async () => {
    signIn('bank', null);
    stubServer({ [`GET /api/v1/bank/sme/show/${SME_ID}`]: ok({ sme: smeProfile({ level: 5, docs: [] }) }) });
    renderApp(`/bank/sme/${SME_ID}/documents`);
    expect(await screen.findByText('no documents')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Info', 'Documents']);
  });

  it('says so when the profile cannot be loaded', async () => {
    signIn('insurance', null);
    stubServer({ [`GET /api/v1/insurance/sme/show/${SME_ID}`]: fail(404, 'SME not found') });
    renderApp(`/insurance/sme/${SME_ID}/info`);
    expect(await screen.findByText('This profile could not be loaded.')).toBeInTheDocument();
    expect(await screen.findByText('SME not found')).toBeInTheDocument();
  });
});

describe('the supplier profile', () => {
  it('shows the discount percent, the shared details with the website, and the timeline tab', async () => {
    signIn('admin', null);
    stubServer({
      [`GET /api/v1/admin/provider/show/${PROVIDER_ID}`]: ok({ provider: providerProfile({ level: 5, tax_rate: 0.075 }) }),
      [`GET /api/v1/admin/provider/log/list/${PROVIDER_ID}`]: ok({
        logs: [{ _id: 'l1', createdAt: '2026-01-03T11:00:00.000Z', desc: '', code: 'verified', params: {}, level: 5, operator: { role: 'admin' } }],
      }),
    });
    const { user } = renderApp(`/admin/supplier/${PROVIDER_ID}/info`);
    const head = await screen.findByRole('region', { name: 'Gulf Paper' });
    expect(within(head).getByText('Discount Percent')).toBeInTheDocument();
    expect(within(head).getByText('7.5%')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'gulfpaper.example' })).toHaveAttribute('href', 'https://gulfpaper.example');
    expect(screen.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Documents' }));
    expect(await screen.findByText('no documents')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Verification timeline' }));
    expect(await screen.findByText((_, element) => element?.tagName === 'TD' && element.textContent === 'Admin : Verified')).toBeInTheDocument();
  });
});

describe('the back office in Arabic', () => {
  it('renders the SME list right-to-left with Arabic headings', async () => {
    window.localStorage.setItem('lang', 'ar');
    const { i18n } = await import('@/i18n');
    await i18n.changeLanguage('ar');
    signIn('admin', null);
    stubServer({ 'GET /api/v1/admin/sme/list': ok({ smes: [], count: 0, cursors: { first: null, last: null } }) });
    renderApp('/admin/sme');
    expect(await screen.findByRole('heading', { name: 'المنشآت', level: 1 })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    // the admin's list opens on its queue, the SMEs whose documents are in
    expect(screen.getByRole('combobox', { name: 'المستوى' })).toHaveValue('تم رفع المستندات');
    await waitFor(() => expect(screen.getByRole('link', { name: 'صندوق الصادر' })).toHaveAttribute('href', '/admin/outbox'));
  });
});
