import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { renderApp, stubServer } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllEnvs();
});

/** Every public page and its main heading, in English and in Arabic. */
const PAGES: [path: string, english: string, arabic: string][] = [
  ['/', 'Qist', 'قسط'],
  ['/landing', 'Qist', 'قسط'],
  ['/about-us', 'About Us', 'من نحن'],
  ['/contact-us', 'Contact Us', 'اتصل بنا'],
  ['/faq', 'Help & FAQ', 'المساعدة والأسئلة الشائعة'],
  ['/terms', 'Terms & Conditions', 'الشروط والأحكام'],
  ['/profile', 'Hessa Al-Ajmi', 'حصة العجمي'],
  ['/pre-register', 'Grow Your SME Business', 'نمِّ أعمال منشأتك'],
];

describe('public pages', () => {
  describe.each(PAGES)('%s', (path, english, arabic) => {
    it('shows its main heading in English', async () => {
      renderApp(path);
      const main = await screen.findByRole('main');
      expect(await within(main).findByRole('heading', { level: 1, name: english })).toBeInTheDocument();
      expect(within(main).getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    });

    it('shows its main heading in Arabic, right to left', async () => {
      await i18n.changeLanguage('ar');
      renderApp(path);
      const main = await screen.findByRole('main');
      expect(await within(main).findByRole('heading', { level: 1, name: arabic })).toBeInTheDocument();
      expect(document.documentElement).toHaveAttribute('dir', 'rtl');
      expect(document.documentElement).toHaveAttribute('lang', 'ar');
    });
  });

  it('switches a page between the languages in place', async () => {
    const { user } = renderApp('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms & Conditions' });
    await user.click(screen.getByRole('button', { name: 'العربية' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'الشروط والأحكام' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
  });
});

describe('landing page', () => {
  it('pitches to SMEs and to suppliers and links to sign-up, the other pages and pre-registration', async () => {
    renderApp('/landing');
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: 'Qist' });
    expect(
      within(main).getByRole('heading', { name: 'Stock up today, pay in interest-free monthly instalments' }),
    ).toBeInTheDocument();
    expect(within(main).getByRole('heading', { name: 'Sell on credit and get paid in 2-4 working days' })).toBeInTheDocument();

    const href = (name: string | RegExp) => within(main).getByRole('link', { name }).getAttribute('href');
    expect(href('Register as SME')).toBe('/auth/register/sme');
    expect(href('Register as Supplier')).toBe('/auth/register/provider');
    expect(href('Apply for credit')).toBe('/auth/register/sme');
    expect(href('Start selling on credit')).toBe('/auth/register/provider');
    expect(href('Read our story')).toBe('/about-us');
    expect(href('See all contacts')).toBe('/contact-us');
    expect(href('Pre-register your business')).toBe('/pre-register');
    expect(href('Pre-register now')).toBe('/pre-register');
  });

  it('shows the four services and the facts of the product', async () => {
    renderApp('/');
    const services = await screen.findByRole('region', { name: 'What we offer' });
    expect(within(services).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Interest-free loan',
      'Guided onboarding',
      'Credit score',
      'Online transactions',
    ]);
    const about = screen.getByRole('region', { name: 'About Us' });
    expect(within(about).getByText(/founded in 2023 in Kuwait/)).toBeInTheDocument();
    expect(within(about).getByText(/we arrange an alternative financial partner/)).toBeInTheDocument();
    expect(screen.getByText(/Pay the first instalment when you place the order and the rest monthly/)).toBeInTheDocument();
  });

  it('has a contact block with the configured Kuwait phone number and messaging and network links', async () => {
    vi.stubEnv('VITE_CONTACT_PHONE', '+965 1804 7478');
    vi.stubEnv('VITE_SOCIAL_WHATSAPP_URL', 'https://wa.me/96518047478');
    vi.stubEnv('VITE_SOCIAL_LINKEDIN_URL', 'https://www.linkedin.com/company/qist-test');
    renderApp('/');
    const contact = await screen.findByRole('region', { name: 'Talk to our team' });
    expect(within(contact).getByRole('link', { name: /Call us/ })).toHaveAttribute('href', 'tel:+96518047478');
    expect(within(contact).getByText('+965 1804 7478')).toBeInTheDocument();
    for (const [name, href] of [
      [/WhatsApp/, 'https://wa.me/96518047478'],
      [/LinkedIn/, 'https://www.linkedin.com/company/qist-test'],
    ] as const) {
      const link = within(contact).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });
});

describe('about us', () => {
  it('has the hero with Get started, four founder cards and a numbered list of names and roles', async () => {
    renderApp('/about-us');
    await screen.findByRole('heading', { level: 1, name: 'About Us' });
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/auth/register/sme');

    const founders = within(screen.getByRole('region', { name: 'Meet the founders' })).getAllByRole('article');
    expect(founders.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Mariam Al-Kandari',
      'Faisal Al-Enezi',
      'Dana Al-Rashed',
      'Yousef Al-Mutairi',
    ]);
    expect(within(founders[0]!).getByText('Chief Business Development Officer')).toBeInTheDocument();
    expect(within(founders[3]!).getByText('Chief Executive Officer')).toBeInTheDocument();

    const list = within(screen.getByRole('region', { name: 'Leadership at a glance' })).getByRole('list');
    expect(list.tagName).toBe('OL');
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Mariam Al-Kandari, Chief Business Development Officer',
      'Faisal Al-Enezi, Chief Financial Officer',
      'Dana Al-Rashed, Chief Operating Officer',
      'Yousef Al-Mutairi, Chief Executive Officer',
    ]);
  });
});

describe('contact us', () => {
  it('has the contact table with mail and phone links, a map, and no social link that is not configured', async () => {
    vi.stubEnv('VITE_CONTACT_PHONE', '+965 1804 7478');
    vi.stubEnv('VITE_CONTACT_EMAIL', 'hello@qist.test');
    vi.stubEnv('VITE_CONTACT_BD_PHONE', '+965 1804 7479');
    vi.stubEnv('VITE_CONTACT_BD_EMAIL', 'partners@qist.test');
    vi.stubEnv('VITE_SOCIAL_WHATSAPP_URL', '');
    vi.stubEnv('VITE_SOCIAL_LINKEDIN_URL', '');
    vi.stubEnv('VITE_SOCIAL_INSTAGRAM_URL', '');
    renderApp('/contact-us');
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    const table = screen.getByRole('table', { name: 'Who to contact' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Role',
      'Name',
      'Email',
      'Phone',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Primary contact',
      'Business development',
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'hello@qist.test' })).toHaveAttribute('href', 'mailto:hello@qist.test');
    expect(within(rows[0]!).getByRole('link', { name: '+965 1804 7478' })).toHaveAttribute('href', 'tel:+96518047478');
    expect(within(rows[1]!).getByRole('link', { name: 'partners@qist.test' })).toHaveAttribute('href', 'mailto:partners@qist.test');
    expect(within(rows[1]!).getByRole('link', { name: '+965 1804 7479' })).toHaveAttribute('href', 'tel:+96518047479');

    expect(screen.getByRole('img', { name: /Map of Kuwait City/ })).toBeInTheDocument();
    const social = screen.getByRole('region', { name: 'Call, write or follow us' });
    expect(within(social).getByRole('link', { name: /Call us/ })).toHaveAttribute('href', 'tel:+96518047478');
    expect(within(social).getByRole('link', { name: /hello@qist\.test/ })).toHaveAttribute('href', 'mailto:hello@qist.test');
    for (const name of [/WhatsApp/, /LinkedIn/, /Instagram/]) {
      expect(within(social).queryByRole('link', { name })).not.toBeInTheDocument();
    }
  });

  it('lists only the channels configured: a person with none is left out, a malformed value is not shown', async () => {
    vi.stubEnv('VITE_CONTACT_PHONE', 'call me');
    vi.stubEnv('VITE_CONTACT_EMAIL', 'not-an-email');
    vi.stubEnv('VITE_CONTACT_BD_PHONE', '');
    vi.stubEnv('VITE_CONTACT_BD_EMAIL', 'partners@qist.test');
    renderApp('/contact-us');
    const table = await screen.findByRole('table', { name: 'Who to contact' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Business development', 'Mariam Al-Kandari', 'partners@qist.test', '—'],
    ]);
    expect(document.body.textContent).not.toMatch(/call me|not-an-email/);
    const social = screen.getByRole('region', { name: 'Call, write or follow us' });
    expect(within(social).queryByRole('link', { name: /Call us/ })).not.toBeInTheDocument();
  });

  it('with nothing configured: no table, no mail or phone link, and a way to be called back, in both languages', async () => {
    for (const name of ['VITE_CONTACT_PHONE', 'VITE_CONTACT_EMAIL', 'VITE_CONTACT_BD_PHONE', 'VITE_CONTACT_BD_EMAIL']) vi.stubEnv(name, '');
    renderApp('/contact-us');
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    expect(screen.queryByRole('table', { name: 'Who to contact' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'pre-registration form' })).toHaveAttribute('href', '/pre-register');
    expect(document.querySelectorAll('a[href^="mailto:"], a[href^="tel:"]')).toHaveLength(0);
    expect(document.body.innerHTML).not.toMatch(/example\.com/);

    await i18n.changeLanguage('ar');
    expect(await screen.findByRole('link', { name: 'نموذج التسجيل المسبق' })).toHaveAttribute('href', '/pre-register');
  });
});

describe('terms', () => {
  it('lists the plain terms under a hero with Get started', async () => {
    renderApp('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms & Conditions' });
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/auth/register/sme');
    const items = within(screen.getByRole('main')).getAllByRole('listitem');
    expect(items.length).toBeGreaterThanOrEqual(6);
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Eligibility and verification',
        'Credit limit and available credit',
        'Instalment plan and deadlines',
        'Late payment',
        'Supplier settlement',
        'Documents and data protection',
        'Termination',
        'Governing law',
      ]),
    );
    expect(screen.getByText(/The first instalment is paid when the order is created/)).toBeInTheDocument();
    expect(screen.getByText(/governed by the laws of the State of Kuwait/)).toBeInTheDocument();
  });
});

describe('demo profile', () => {
  it('is clearly a sample, with a location, counts and a Connect button that sends nothing', async () => {
    const fetchMock = stubServer({});
    const { user } = renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Hessa Al-Ajmi' });
    expect(screen.getByText('Sample team member profile')).toBeInTheDocument();
    expect(screen.getByText('Kuwait City, Kuwait')).toBeInTheDocument();
    expect(screen.getByText('Connections')).toBeInTheDocument();
    const connect = screen.getByRole('button', { name: 'Connect' });
    expect(connect).toHaveAttribute('aria-pressed', 'false');
    await user.click(connect);
    expect(screen.getByRole('button', { name: 'Request sent' })).toHaveAttribute('aria-pressed', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
