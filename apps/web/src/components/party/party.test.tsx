import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { CreditPanel } from './credit-panel';
import { DocumentGallery } from './document-gallery';
import { formatFullDate, formatPercent } from './format';
import { LevelBadge } from './level-badge';
import { PartyDetails } from './party-details';
import { doc, providerProfile, smeProfile } from '@/testing/fixtures/party';
import { renderWithProviders } from '@/testing/render-with-providers';

function renderIn(ui: ReactElement) {
  return renderWithProviders(ui);
}

describe('the shared party views', () => {
  it('LevelBadge names the level and colours it', () => {
    renderIn(
      <>
        <LevelBadge level={8} role="sme" />
        <LevelBadge level={5} role="provider" />
        <LevelBadge level={5} role="sme" />
        <LevelBadge level={-2} role="sme" />
        <LevelBadge level={42} role="sme" />
      </>,
    );
    expect(screen.getByText('Admin Activated').closest('[data-level]')).toHaveAttribute('data-level', '8');
    expect(screen.getAllByText('Admin Verified')).toHaveLength(2);
    expect(screen.getByText('Conditional Rejected')).toBeInTheDocument();
    expect(screen.getByText('Level 42')).toBeInTheDocument();
    const color = (text: string, index = 0) => screen.getAllByText(text)[index]!.closest('[data-level]')!.getAttribute('style');
    expect(color('Admin Activated')).toContain('green');
    expect(color('Admin Verified', 0)).toContain('green');
    expect(color('Admin Verified', 1)).toContain('blue');
    expect(color('Conditional Rejected')).toContain('red');
  });

  it('PartyDetails shows the fields, the flags and the categories; the website for suppliers only', () => {
    const { rerender } = renderIn(<PartyDetails profile={smeProfile(6)} role="sme" />);
    const list = screen.getByText('First name').closest('dl');
    expect(list).not.toBeNull();
    for (const label of ['First name', 'Last name', 'Email', 'Phone', 'Email 2', 'Phone 2', 'Address', 'Address 2', 'Instagram', 'Created at', 'Last updated', 'Verified by admin', 'Verified by bank']) {
      expect(within(list!).getByText(label)).toBeInTheDocument();
    }
    expect(within(list!).getByText(formatFullDate('2025-01-01T09:00:00.000Z'))).toBeInTheDocument();
    expect(screen.getByText('Verified by bank').nextElementSibling).toHaveTextContent('yes');
    expect(screen.queryByText('Website')).not.toBeInTheDocument();
    rerender(<PartyDetails profile={providerProfile(4)} role="provider" />);
    expect(screen.getByText('Website')).toBeInTheDocument();
    expect(screen.getByText('Verified by admin').nextElementSibling).toHaveTextContent('no');
  });

  it("DocumentGallery says 'No Image' when empty and previews a PDF in a frame", async () => {
    const { user, rerender } = renderIn(<DocumentGallery docs={[]} />);
    expect(screen.getByText('No Image')).toBeInTheDocument();
    rerender(<DocumentGallery docs={[doc('CR license', { url: '/signed/cr.pdf' })]} />);
    await user.click(screen.getByRole('button', { name: 'Preview CR license' }));
    const preview = await screen.findByRole('dialog', { name: 'CR license' });
    expect(within(preview).getByTitle('Document CR license')).toHaveAttribute('src', '/signed/cr.pdf');
  });

  it('CreditPanel shows the four amounts and the plan in percent', () => {
    renderIn(<CreditPanel sme={smeProfile(8, { installments: [0.1, 0.2, 0.3, 0.4] })} />);
    const panel = screen.getByRole('region', { name: 'Credit and instalments' });
    expect(within(panel).getByText('Allocated credit').nextElementSibling).toHaveTextContent('$10,000.00');
    expect(within(panel).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['10%', '20%', '30%', '40%']);
    expect(formatPercent(0.075)).toBe('7.5%');
  });

  it('keeps a Latin value under its Arabic label on the reading side, isolated in its own direction', async () => {
    await i18n.changeLanguage('ar');
    renderIn(<PartyDetails profile={smeProfile(6)} role="sme" />);
    const firstName = screen.getByText('الاسم الأول').nextElementSibling!;
    // the value's box follows the page (right to left); only the name inside is isolated
    expect(firstName.tagName).toBe('DD');
    expect(firstName).not.toHaveAttribute('dir');
    expect(firstName.querySelector('bdi')).toHaveTextContent(smeProfile(6).info.firstname!);
  });

  it('speaks Arabic', async () => {
    await i18n.changeLanguage('ar');
    renderIn(
      <>
        <LevelBadge level={-1} role="sme" />
        <DocumentGallery docs={[]} />
      </>,
    );
    expect(screen.getByText('مرفوض نهائيًا')).toBeInTheDocument();
    expect(screen.getByText('لا توجد صور')).toBeInTheDocument();
  });
});
