import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatFullDate } from '@/components/party/format';
import { i18n } from '@/i18n';
import { fail, ok, renderApp, signIn, stubServer } from '@/testing/render-app';
import { areaRoutes, LOGS, smeProfile } from '@/testing/fixtures/onboarding';

type Role = 'sme' | 'provider';

function openAt(role: Role, level: number, extra = {}) {
  signIn(role, level);
  stubServer({ ...areaRoutes(role, level), ...extra });
  return renderApp(`/${role}/verification`);
}

const heading = (name: string) => screen.findByRole('heading', { name }, { timeout: 5000 });

describe('the verification page', () => {
  it.each([
    [0, 'Email', 'Verify your email'],
    [1, 'Phone', 'Verify your phone'],
    [2, 'Information', 'SME Add Information'],
    [3, 'Documents', 'Upload your documents'],
    [-2, 'Information', 'SME Add Information'],
  ] as const)('shows the stepper at the step of level %i', async (level, step, title) => {
    openAt('sme', level);
    expect(await heading(title)).toBeInTheDocument();
    const steps = screen.getByLabelText('Verification steps');
    expect(within(steps).getByRole('button', { name: step })).toHaveAttribute('data-progress');
    expect(within(steps).getAllByRole('button', { name: /^(Email|Phone|Information|Documents)$/ })).toHaveLength(4);
  });

  it.each([
    ['sme', 4, 'Your account created successfully. Waiting for admin'],
    ['provider', 4, 'Your account created successfully. Waiting for admin'],
    ['sme', 5, 'You are verified by the Admin. Waiting for Bank'],
    ['sme', 6, 'You are verified by the Bank. Waiting for the Insurances'],
    ['sme', -1, 'Unfortunately you are banned !!!'],
    ['provider', -1, 'Unfortunately you are banned !!!'],
    ['sme', -6, 'Unfortunately you are rejected by the Insurances !'],
  ] as const)('shows the %s level %i screen instead of the stepper', async (role, level, sentence) => {
    openAt(role, level);
    expect(await heading(sentence)).toBeInTheDocument();
    expect(screen.queryByLabelText('Verification steps')).not.toBeInTheDocument();
  });

  it('shows the approval by an insurance with the granted credit at level 7', async () => {
    openAt('sme', 7, { 'GET /api/v1/sme/profile/get': ok({ sme: smeProfile(7, { credit: { request: 15000, limit: 12500, amount: 12500, spend: 0 } }) }) });
    expect(await heading('Approved by the insurance')).toBeInTheDocument();
    expect(screen.getByText('$12,500.00')).toBeInTheDocument();
  });

  it('renders the timeline as cards, oldest first', async () => {
    openAt('sme', 4);
    const timeline = await screen.findByRole('region', { name: 'Verification Timeline' });
    const cards = await within(timeline).findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent(formatFullDate(LOGS[0]!.createdAt));
    expect(cards[0]).toHaveTextContent('Account created');
    expect(cards[0]).toHaveTextContent('Registered');
    expect(cards[1]).toHaveTextContent('Email verified');
    expect(cards[1]).toHaveTextContent('Email Verified');
  });

  it("says 'no data' for an empty timeline", async () => {
    openAt('provider', 4, { 'GET /api/v1/provider/log/list': ok({ logs: [] }) });
    const timeline = await screen.findByRole('region', { name: 'Verification Timeline' });
    expect(await within(timeline).findByText('no data')).toBeInTheDocument();
  });

  it("shows 'Loading Logs' while the timeline loads", async () => {
    signIn('sme', 4);
    const fetchMock = stubServer(areaRoutes('sme', 4));
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input, init) =>
      String(input).endsWith('/log/list') ? new Promise<Response>(() => {}) : answer(input, init),
    );
    renderApp('/sme/verification');
    expect(await screen.findByText('Loading Logs', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("shows 'Request failed' with Retry when the timeline fails", async () => {
    let failing = true;
    const { user } = openAt('sme', 4, {
      'GET /api/v1/sme/log/list': () => (failing ? fail(500, 'down') : ok({ logs: LOGS })),
    });
    expect(await screen.findByText('Request failed', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('down')).not.toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Account created')).toBeInTheDocument();
  });

  it('speaks Arabic, right to left', async () => {
    await i18n.changeLanguage('ar');
    openAt('sme', 0);
    expect(await heading('التحقق')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('button', { name: 'احصل على الرمز' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'رمز البريد الإلكتروني' })).toBeInTheDocument();
    expect(await heading('سجل التحقق')).toBeInTheDocument();
    expect(await screen.findByText('مسجّل')).toBeInTheDocument();
  });

  it('shows the Arabic level sentence from the shared messages', async () => {
    await i18n.changeLanguage('ar');
    openAt('sme', -1);
    expect(await heading('للأسف تم حظرك !!!')).toBeInTheDocument();
  });
});

describe('the reason of a rejection', () => {
  const log = (id: string, level: number, role: string, desc: string) => ({
    _id: id,
    createdAt: `2025-02-0${id.length}T09:00:00.000Z`,
    desc,
    code: level < 0 ? 'rejected' : 'verified',
    params: {},
    level,
    operator: { role },
  });
  const history = [
    ...LOGS,
    log('r1', -2, 'admin', 'The CR license has expired.'),
    log('r12', 4, 'sme', ''),
    log('r123', -2, 'bank', 'The IBAN certificate is not for the business account.'),
  ];

  it.each([
    ['sme', -2],
    ['provider', -2],
    ['sme', -1],
    ['sme', -6],
  ] as const)('is read first by the %s at level %i: the latest rejection note, above the page', async (role, level) => {
    openAt(role, level, { [`GET /api/v1/${role}/log/list`]: ok({ logs: history }) });
    const note = await screen.findByText('The IBAN certificate is not for the business account.', { selector: '[role="alert"] *' });
    const alert = note.closest('[role="alert"]')!;
    expect(alert).toHaveTextContent('Reason for the rejection');
    expect(screen.getAllByRole('alert')[0]).toBe(alert);
    // above the timeline, which still lists every entry at the bottom
    const timeline = screen.getByRole('region', { name: 'Verification Timeline' });
    expect(alert.compareDocumentPosition(timeline) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText('The CR license has expired.', { selector: '[role="alert"] *' })).not.toBeInTheDocument();
  });

  it('is not shown once the party is back in the journey', async () => {
    openAt('sme', 4, { 'GET /api/v1/sme/log/list': ok({ logs: history }) });
    await heading('Your account created successfully. Waiting for admin');
    await screen.findAllByTestId('log-card');
    expect(screen.queryByText('Reason for the rejection')).not.toBeInTheDocument();
  });

  it('says nothing when the rejection carries no note', async () => {
    openAt('sme', -2, { 'GET /api/v1/sme/log/list': ok({ logs: [...LOGS, log('r1', -2, 'admin', '')] }) });
    await heading('SME Add Information');
    await screen.findAllByTestId('log-card');
    expect(screen.queryByText('Reason for the rejection')).not.toBeInTheDocument();
  });

  it('speaks Arabic', async () => {
    await i18n.changeLanguage('ar');
    openAt('sme', -2, { 'GET /api/v1/sme/log/list': ok({ logs: history }) });
    const note = await screen.findByText('The IBAN certificate is not for the business account.', { selector: '[role="alert"] *' });
    expect(note.closest('[role="alert"]')).toHaveTextContent('سبب الرفض');
  });
});
