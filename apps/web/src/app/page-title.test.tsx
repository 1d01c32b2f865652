import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { findPageTitle } from '@/config/page-titles';
import { setLanguage } from '@/i18n';
import { preloadPanels, renderApp, signIn, stubServer } from '@/testing/render-app';

beforeAll(() => preloadPanels('admin'));

describe('the page title', () => {
  it.each([
    ['/', 'Home · Qist'],
    ['/faq', 'Help & FAQ · Qist'],
    ['/auth/login', 'Sign in · Qist'],
    ['/auth/register/provider', 'Create your account · Qist'],
    ['/terms', 'Terms & Conditions · Qist'],
    ['/gateway/sandbox/tx-1', 'Payment · Qist'],
    ['/no/such/page', 'Page not found · Qist'],
  ])('%s is "%s"', async (path, title) => {
    stubServer({});
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('names every page of paths.ts and nothing else', () => {
    expect(findPageTitle('/sme/orders')).toBe('orders');
    expect(findPageTitle('/admin/sme/abc/documents')).toBe('smeDocuments');
    expect(findPageTitle('/admin/supplier/s-1/verification_timeline')).toBe('supplierTimeline');
    expect(findPageTitle('/bank/installments')).toBe('instalments');
    expect(findPageTitle('/provider')).toBe('profile');
    expect(findPageTitle('/sme/order/1/receipt/2')).toBe('receipt');
    expect(findPageTitle('/provider/order/1/remittance')).toBe('remittance');
    expect(findPageTitle('/provider/order/1/receipt/2')).toBeNull();
    expect(findPageTitle('/insurance/installments')).toBeNull();
    expect(findPageTitle('/sme/order/1/extra')).toBeNull();
  });

  it('is Arabic in Arabic, with the brand as Arabic writes it', async () => {
    await setLanguage('ar');
    renderApp('/about-us');
    await waitFor(() => expect(document.title).toBe('من نحن · قسط'));
  });

  it('follows navigation and the language switch', async () => {
    signIn('admin', null);
    stubServer({});
    const { user } = renderApp('/admin/dashboard');
    await waitFor(() => expect(document.title).toBe('Dashboard · Qist'));

    await user.click(await screen.findByRole('link', { name: /^Orders/ }));
    await waitFor(() => expect(document.title).toBe('Orders · Qist'));

    await user.click(within(screen.getByRole('group', { name: 'Language' })).getByRole('button', { name: 'العربية' }));
    await waitFor(() => expect(document.title).toBe('الطلبات · قسط'));

    await user.click(await screen.findByRole('link', { name: /^الإعدادات/ }));
    await waitFor(() => expect(document.title).toBe('الإعدادات · قسط'));
  });
});
