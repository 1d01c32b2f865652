import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/testing/render-app';

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

  it('sends unknown addresses home', async () => {
    const app = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Qist' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/');
  });
});
