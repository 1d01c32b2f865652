import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signIn } from '@/testing/render-app';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('public layout', () => {
  it('shows the home page with both ways to sign up', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Qist' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register as SME' })).toHaveAttribute('href', '/auth/register/sme');
    expect(screen.getByRole('link', { name: 'Register as Supplier' })).toHaveAttribute('href', '/auth/register/provider');
  });

  it('links the bar to the four pages and offers Login / Register without a session', async () => {
    renderApp('/faq');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about-us');
    expect(within(nav).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact-us');
    expect(within(nav).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(within(nav).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(screen.getByRole('link', { name: 'Login / Register' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('heading', { name: 'Help & FAQ' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it("turns the button into 'account' leading to the stored role's area", async () => {
    signIn('provider', 5);
    renderApp('/about-us');
    expect(await screen.findByRole('link', { name: 'account' })).toHaveAttribute('href', '/provider');
    expect(screen.queryByRole('link', { name: 'Login / Register' })).not.toBeInTheDocument();
  });

  it('opens a drawer whose four links each lead to their own page', async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    const hrefs = within(drawer)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['About Us', '/about-us'],
      ['Contact Us', '/contact-us'],
      ['Terms', '/terms'],
      ['FAQ', '/faq'],
      ['Login / Register', '/auth/login'],
    ]);
    await user.click(within(drawer).getByRole('link', { name: 'Contact Us' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'Contact Us' })).toBeInTheDocument();
  });

  it('has both footers', async () => {
    renderApp('/terms');
    expect(await screen.findByText("Let's keep in touch!")).toBeInTheDocument();
    const useful = screen.getByRole('navigation', { name: 'Useful Links' });
    expect(within(useful).getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms');
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/about-us',
      '/contact-us',
      '/faq',
      '/terms',
    ]);
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} Qist`))).toBeInTheDocument();
  });

  it('shows unknown addresses the not-found page, with the way home', async () => {
    const app = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(app.router.state.location.pathname).toBe('/no/such/page');
  });

  it('keeps a way to sign in in the bar on phones, beside the menu button', async () => {
    renderApp('/');
    // jsdom applies no media queries: the phone's button is the one hidden from the sm breakpoint up
    const phoneButton = await screen.findByRole('link', { name: 'Sign in' });
    expect(phoneButton).toHaveAttribute('href', '/auth/login');
    expect(phoneButton.closest('header')).not.toBeNull();
    expect(phoneButton.className).toMatch(/hidden/);
  });

  it('renders no social link when none is configured', async () => {
    vi.stubEnv('VITE_SOCIAL_WHATSAPP_URL', '');
    vi.stubEnv('VITE_SOCIAL_LINKEDIN_URL', '');
    vi.stubEnv('VITE_SOCIAL_INSTAGRAM_URL', '');
    renderApp('/contact-us');
    expect(await screen.findByText("Let's keep in touch!")).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Follow us' })).not.toBeInTheDocument();
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href') ?? '');
    expect(hrefs.filter((href) => /whatsapp|linkedin|instagram|example\.com\//.test(href))).toEqual([]);
  });

  it('renders a configured social account, and only that one', async () => {
    vi.stubEnv('VITE_SOCIAL_WHATSAPP_URL', '');
    vi.stubEnv('VITE_SOCIAL_LINKEDIN_URL', 'https://www.linkedin.com/company/qist-test');
    // not https: treated as not configured
    vi.stubEnv('VITE_SOCIAL_INSTAGRAM_URL', 'http://instagram.test/qist');
    renderApp('/terms');
    const social = await screen.findByRole('list', { name: 'Follow us' });
    const links = within(social).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAccessibleName('Qist on LinkedIn (opens in a new tab)');
    expect(links[0]).toHaveAttribute('href', 'https://www.linkedin.com/company/qist-test');
    expect(links[0]).toHaveAttribute('target', '_blank');
  });
});
