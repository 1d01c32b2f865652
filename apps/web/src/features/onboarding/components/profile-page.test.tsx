import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { meContent, ok, renderApp, sentBodies, signIn, stubServer, type FakeRoutes } from '@/testing/render-app';
import { areaRoutes, doc, providerProfile, smeProfile } from '@/testing/fixtures/onboarding';
import type { ProviderProfile, SmeProfile } from '@qist/domain';

function openProfile(role: 'sme' | 'provider', profile: SmeProfile | ProviderProfile, extra: FakeRoutes = {}) {
  signIn(role, profile.level);
  const answer = ok(role === 'sme' ? { sme: profile } : { provider: profile });
  const fetchMock = stubServer({ ...areaRoutes(role, profile.level), [`GET /api/v1/${role}/profile/get`]: answer, ...extra });
  return { ...renderApp(`/${role}/profile`), fetchMock };
}

const loaded = () => screen.findByRole('heading', { name: 'Al Noor Trading' }, { timeout: 5000 });

describe('the profile page', () => {
  it('shows the details, the requested credit and the credit of an SME', async () => {
    openProfile('sme', smeProfile(5));
    await loaded();
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByText('Household goods for retailers.')).toBeInTheDocument();
    expect(screen.getByText('Fatima')).toBeInTheDocument();
    expect(screen.getByText('Al-Sabah')).toBeInTheDocument();
    expect(screen.getByText('owner@alnoor.example.com')).toBeInTheDocument();
    expect(screen.getByText('+965 55501234')).toBeInTheDocument();
    expect(screen.getByText('accounts@alnoor.example.com')).toBeInTheDocument();
    expect(screen.getByText('@alnoor')).toBeInTheDocument();
    expect(screen.getByText('Request Credit')).toBeInTheDocument();
    expect(screen.getByText('$15,000.00')).toBeInTheDocument();
    expect(screen.getByText('$8,000.00')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Categories' })).getByText('Retail')).toBeInTheDocument();
    expect(screen.getByText('Admin Verified')).toBeInTheDocument();
    // the credit and instalments panel comes at Insurance Verified
    expect(screen.queryByRole('region', { name: 'Credit and instalments' })).not.toBeInTheDocument();
  });

  it('adds the credit and instalments panel from level 7 on', async () => {
    openProfile('sme', smeProfile(8));
    const panel = await screen.findByRole('region', { name: 'Credit and instalments' }, { timeout: 5000 });
    for (const [label, value] of [
      ['Requested credit', '$15,000.00'],
      ['Allocated credit', '$10,000.00'],
      ['Available credit', '$8,000.00'],
      ['Spent credit', '$2,000.00'],
    ] as const) {
      expect(within(panel).getByText(label).nextElementSibling).toHaveTextContent(value);
    }
    expect(within(within(panel).getByRole('list')).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '25%',
      '25%',
      '25%',
      '25%',
    ]);
  });

  it("shows a supplier's discount percent and website", async () => {
    openProfile('provider', providerProfile(5, { tax_rate: 0.12 }));
    await loaded();
    expect(screen.getByText('Discount Percent 12%')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'https://alnoor.example.com' })).toHaveAttribute('href', 'https://alnoor.example.com');
    expect(screen.queryByText('Request Credit')).not.toBeInTheDocument();
  });

  it('shows no discount before the admin sets one', async () => {
    openProfile('provider', providerProfile(4));
    await loaded();
    expect(screen.queryByText(/Discount Percent/)).not.toBeInTheDocument();
  });

  it("shows 'No Image' without documents", async () => {
    openProfile('sme', smeProfile(4));
    await loaded();
    expect(screen.getByText('No Image')).toBeInTheDocument();
  });

  it('shows the documents in a gallery with a full-screen preview', async () => {
    const image = doc('CR license', { mime: 'image/png', url: '/signed/cr.png' });
    const { user } = openProfile('sme', smeProfile(4, { docs: [image, doc('ID of shareholders')] }));
    await loaded();
    const gallery = screen.getByRole('list', { name: 'Documents' });
    expect(within(gallery).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(gallery).getByRole('button', { name: 'Preview CR license' }));
    const preview = await screen.findByRole('dialog', { name: 'CR license' });
    expect(within(preview).getByRole('img', { name: 'CR license' })).toHaveAttribute('src', '/signed/cr.png');
    expect(screen.queryByText('No Image')).not.toBeInTheDocument();
  });

  it("shows 'loading' while the profile loads", async () => {
    signIn('sme', 2);
    const fetchMock = stubServer(areaRoutes('sme', 2));
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      String(input).endsWith('/profile/get') ? new Promise<Response>(() => {}) : answer(input, init),
    );
    renderApp('/sme/profile');
    expect(await screen.findByText('loading', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('speaks Arabic', async () => {
    await i18n.changeLanguage('ar');
    openProfile('provider', providerProfile(5, { tax_rate: 0.12 }));
    expect(await screen.findByRole('heading', { name: 'الملف الشخصي' }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText('نسبة الخصم 12%')).toBeInTheDocument();
    expect(screen.getByText('الاسم الأول')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    // the industry's Arabic title
    expect(within(screen.getByRole('list', { name: 'القطاعات' })).getByText('التجزئة')).toBeInTheDocument();
  });

  it('saves the language of emails and SMS when it is changed, with a toast', async () => {
    let stored = 'en';
    const me = meContent('provider', 5);
    const { user, fetchMock } = openProfile('provider', providerProfile(5), {
      'GET /api/v1/auth/me': () => ok({ ...me, user: { ...me.user, language: stored } }),
      'PUT /api/v1/auth/language': (body) => {
        stored = (body as { language: string }).language;
        return ok({ language: stored });
      },
    });
    await loaded();
    const select = await screen.findByRole('combobox', { name: 'Language of emails and SMS' });
    await waitFor(() => expect(select).toHaveValue('en'));
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['English', 'Arabic']);

    await user.selectOptions(select, 'ar');
    expect(await screen.findByText('The language of your emails and SMS is saved')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT', '/api/v1/auth/language')).toEqual([{ language: 'ar' }]);
    await waitFor(() => expect(select).toHaveValue('ar'));
    // the interface stays in the language it is in
    expect(document.documentElement).toHaveAttribute('lang', 'en');
  });
});
