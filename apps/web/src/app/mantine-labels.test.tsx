import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { renderApp } from '@/testing/render-app';

describe("Mantine's own controls", () => {
  it('name the password eye in English, and it shows the password when pressed', async () => {
    const { user } = renderApp('/auth/login');
    const eye = await screen.findByRole('button', { name: 'Show password' });
    expect(eye).toHaveAttribute('aria-pressed', 'false');
    await user.click(eye);
    expect(eye).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
  });

  it('name the password eye in Arabic on the Arabic sign-in and sign-up pages', async () => {
    await setLanguage('ar');
    const login = renderApp('/auth/login');
    expect(await screen.findByRole('button', { name: 'إظهار كلمة المرور' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /password/i })).not.toBeInTheDocument();
    login.unmount();

    renderApp('/auth/register/sme');
    // the password and its confirmation
    expect(await screen.findAllByRole('button', { name: 'إظهار كلمة المرور' })).toHaveLength(2);
  });

  it('follow the language switch', async () => {
    const { user } = renderApp('/auth/login');
    await screen.findByRole('button', { name: 'Show password' });
    await user.click(within(screen.getByRole('group', { name: 'Language' })).getByRole('button', { name: 'العربية' }));
    expect(await screen.findByRole('button', { name: 'إظهار كلمة المرور' })).toBeInTheDocument();
  });

  it("name a drawer's close button", async () => {
    await setLanguage('ar');
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'فتح القائمة' }));
    const drawer = await screen.findByRole('dialog', { name: 'القائمة' });
    expect(within(drawer).getByRole('button', { name: 'إغلاق' })).toBeInTheDocument();
  });
});
