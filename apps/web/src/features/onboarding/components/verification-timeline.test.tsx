import { screen, waitFor, within } from '@testing-library/react';
import type { VerificationLog } from '@qist/domain';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/i18n';
import { ok, renderApp, signIn, stubServer } from '@/testing/render-app';
import { areaRoutes } from '@/testing/fixtures/onboarding';

const NOTE = 'good history — سجل سداد جيد';
const LOGS: VerificationLog[] = [
  { _id: 'log-1', createdAt: '2025-01-01T09:00:00.000Z', desc: '', code: 'accountCreated', params: {}, level: 0, operator: { role: 'sme' } },
  {
    _id: 'log-2',
    createdAt: '2025-01-05T09:00:00.000Z',
    desc: NOTE,
    code: 'creditGranted',
    params: { amount: 5000, company: 'Gulf Insurance' },
    level: 7,
    operator: { role: 'insurance' },
  },
  // An old row no code fitted: its words are shown as written.
  { _id: 'log-3', createdAt: '2025-01-06T09:00:00.000Z', desc: 'checked by phone', code: null, params: {}, level: 7, operator: { role: 'insurance' } },
];

async function openTimeline() {
  signIn('sme', 7);
  stubServer({ ...areaRoutes('sme', 7), 'GET /api/v1/sme/log/list': ok({ logs: LOGS }) });
  renderApp('/sme/verification');
}

describe('the verification timeline', () => {
  it('says what the platform did in Arabic, with its amount and company, then the note as written', async () => {
    window.localStorage.setItem('lang', 'ar');
    await i18n.changeLanguage('ar');
    await openTimeline();
    const timeline = await screen.findByRole('region', { name: 'سجل التحقق' });
    const cards = await within(timeline).findAllByRole('listitem');
    expect(cards).toHaveLength(3);
    await waitFor(() => expect(cards[0]).toHaveTextContent('تم إنشاء الحساب'));

    const said = within(cards[1]!).getByTestId('log-said');
    // The company and the amount are isolated (U+2068 … U+2069) so they keep their own direction.
    expect(said.textContent).toBe('منحت \u2068Gulf Insurance\u2069 ائتمانًا بقيمة \u20685,000.00 دولار أمريكي\u2069');
    const note = within(cards[1]!).getByTestId('log-note');
    expect(note.tagName).toBe('BDI');
    expect(note.textContent).toBe(NOTE);
    expect(cards[1]).not.toHaveTextContent('Credit of');

    expect(within(cards[2]!).queryByTestId('log-said')).not.toBeInTheDocument();
    expect(within(cards[2]!).getByTestId('log-note').textContent).toBe('checked by phone');
  });

  it('says the same in English on English pages, wrapping between words', async () => {
    await openTimeline();
    const timeline = await screen.findByRole('region', { name: 'Verification Timeline' });
    const cards = await within(timeline).findAllByRole('listitem');
    expect(within(cards[1]!).getByTestId('log-said').textContent).toBe('Credit of \u2068$5,000.00\u2069 granted by \u2068Gulf Insurance\u2069');
    const entry = within(cards[1]!).getByTestId('log-said').parentElement!;
    expect(entry).toHaveStyle({ overflowWrap: 'break-word', whiteSpace: 'normal' });
  });
});
