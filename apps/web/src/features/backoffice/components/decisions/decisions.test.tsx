import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fail, ok, preloadPanels, renderApp, sentBodies, signIn, stubServer, type FakeRoutes } from '@/testing/render-app';
import { PROVIDER_ID, SME_ID, providerProfile, smeProfile } from '@/testing/fixtures/backoffice';

beforeAll(() => preloadPanels('admin', 'bank', 'insurance'));

type Role = 'admin' | 'bank' | 'insurance';

function openSme(role: Role, level: number, extra: FakeRoutes = {}, overrides: Parameters<typeof smeProfile>[0] = {}) {
  signIn(role, null);
  const fetchMock = stubServer({
    [`GET /api/v1/${role}/sme/show/${SME_ID}`]: ok({ sme: smeProfile({ level, ...overrides }) }),
    [`GET /api/v1/${role}/sme/list`]: ok({ smes: [], count: 0, cursors: { first: null, last: null } }),
    [`GET /api/v1/${role}/sme/log/list/${SME_ID}`]: ok({ logs: [] }),
    ...extra,
  });
  const view = renderApp(`/${role}/sme/${SME_ID}/info`);
  return { ...view, fetchMock };
}

async function profileLoaded() {
  await screen.findByRole('region', { name: 'Al Noor Trading' });
}

describe('which decision form a profile shows', () => {
  const cases: [Role, number, string][] = [
    ['admin', 4, 'Verify'],
    ['admin', 5, 'none'],
    ['admin', 6, 'none'],
    ['admin', 7, 'Set instalments'],
    ['admin', 8, 'none'],
    ['bank', 4, 'none'],
    ['bank', 5, 'Verify'],
    ['bank', 7, 'none'],
    ['insurance', 5, 'none'],
    ['insurance', 6, 'Verify'],
    ['insurance', -6, 'none'],
  ];
  it.each(cases)('%s at level %i: %s', async (role, level, button) => {
    openSme(role, level);
    await profileLoaded();
    const decisionButtons = ['Verify', 'Reject', 'Full reject', 'Set instalments'].filter((name) =>
      screen.queryByRole('button', { name }),
    );
    if (button === 'Verify') expect(decisionButtons).toEqual(['Verify', 'Reject', 'Full reject']);
    else if (button === 'none') expect(decisionButtons).toEqual([]);
    else expect(decisionButtons).toEqual([button]);
    if (role === 'insurance' && level === 6) {
      // the only field named Credit: no credit panel before a limit is granted
      expect(screen.getByLabelText(/credit/i)).toHaveAccessibleName('Credit');
    }
  });
});

describe('the admin and bank decisions on an SME', () => {
  it("needs a description ('enter description'), then verifies, toasts 'Done!' and goes back to the list", async () => {
    const { user, router, fetchMock } = openSme('admin', 4, { 'POST /api/v1/admin/sme/verify': ok({ level: 5 }) });
    await profileLoaded();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('enter description')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/admin/sme/verify')).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'all documents in order');
    expect(screen.queryByText('enter description')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Done!')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/admin/sme/verify')).toEqual([{ smeId: SME_ID, desc: 'all documents in order' }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/sme'));
    expect(await screen.findByRole('heading', { name: 'SMEs' })).toBeInTheDocument();
  });

  it('asks before a reject: No sends nothing; a confirmed full reject sends full: true', async () => {
    const { user, router, fetchMock } = openSme('bank', 5, { 'POST /api/v1/bank/sme/reject': ok({ level: -2 }) });
    await profileLoaded();
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'IBAN certificate missing');

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this SME back to edit its information?' });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodies(fetchMock, 'POST', '/api/v1/bank/sme/reject')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Full reject' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reject this SME for good? It cannot continue its verification.' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Done!')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/bank/sme/reject')).toEqual([
      { smeId: SME_ID, desc: 'IBAN certificate missing', full: true },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/bank/sme'));
  });

  it('sends a plain reject with full: false', async () => {
    const { user, fetchMock } = openSme('admin', 4, { 'POST /api/v1/admin/sme/reject': ok({ level: -2 }) });
    await profileLoaded();
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'please add the CR license');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST', '/api/v1/admin/sme/reject')).toEqual([
        { smeId: SME_ID, desc: 'please add the CR license', full: false },
      ]),
    );
  });

  it("shows the server's refusal and stays on the profile", async () => {
    const { user, router } = openSme('admin', 4, {
      'POST /api/v1/admin/sme/verify': fail(409, 'this decision is not possible at the current level'),
    });
    await profileLoaded();
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'ok');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('this decision is not possible at the current level')).toBeInTheDocument();
    expect(screen.queryByText('Done!')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/admin/sme/${SME_ID}/info`);
  });
});

describe("an insurance company's decision", () => {
  it('verifies with the credit (prefilled with the request, required) and the optional description', async () => {
    const { user, router, fetchMock } = openSme('insurance', 6, { 'POST /api/v1/insurance/sme/verify': ok({ level: 7 }) });
    await profileLoaded();
    const credit = screen.getByRole('textbox', { name: 'Credit' });
    expect(credit).toHaveValue('5,000');
    await user.clear(credit);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('enter the credit amount')).toBeInTheDocument();

    await user.type(credit, '4500');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Done!')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/insurance/sme/verify')).toEqual([{ smeId: SME_ID, desc: '', credit: 4500 }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/insurance/sme'));
  });

  it('toasts and goes back once the decision is saved, while the profile refreshes to its new level (which shows no form)', async () => {
    let decided = false;
    const { user, router } = openSme('insurance', 6, {
      [`GET /api/v1/insurance/sme/show/${SME_ID}`]: () => ok({ sme: smeProfile({ level: decided ? 7 : 6 }) }),
      'POST /api/v1/insurance/sme/verify': () => {
        decided = true;
        return ok({ level: 7 });
      },
    });
    await profileLoaded();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Done!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/insurance/sme'));
  });

  it('needs a description for a plain reject, and sends the typed one', async () => {
    const { user, fetchMock } = openSme('insurance', 6, { 'POST /api/v1/insurance/sme/reject': ok({ level: -2 }) });
    await profileLoaded();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('enter description')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'financial statement unreadable');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST', '/api/v1/insurance/sme/reject')).toEqual([
        { smeId: SME_ID, desc: 'financial statement unreadable', full: false },
      ]),
    );
  });

  it('sends a full reject with full: true and the fixed description, without asking for one', async () => {
    const { user, router, fetchMock } = openSme('insurance', 6, { 'POST /api/v1/insurance/sme/reject': ok({ level: 6 }) });
    await profileLoaded();
    await user.click(screen.getByRole('button', { name: 'Full reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this SME? It passes to the next insurance company.' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Done!')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/insurance/sme/reject')).toEqual([
      { smeId: SME_ID, desc: 'declined by the insurance company', full: true },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/insurance/sme'));
  });

  it('shows the underwriting summary above the decision: the request, company, categories, documents and the notes', async () => {
    const note = (id: string, level: number, role: string, desc: string) => ({
      _id: id,
      createdAt: '2026-01-05T10:00:00.000Z',
      desc,
      code: 'verified',
      params: {},
      level,
      operator: { role },
    });
    openSme(
      'insurance',
      6,
      {
        [`GET /api/v1/insurance/sme/log/list/${SME_ID}`]: ok({
          logs: [note('l1', 4, 'sme', ''), note('l2', 5, 'admin', 'CR and shareholder IDs match'), note('l3', 6, 'bank', 'IBAN confirmed with the holder')],
        }),
      },
      { credit: { request: 12000, limit: 0, amount: 0, spend: 0 } },
    );
    const summary = await screen.findByRole('region', { name: 'Underwriting summary' });
    const inSummary = within(summary);
    expect(inSummary.getByText('$12,000.00')).toBeInTheDocument();
    expect(inSummary.getByText('Al Noor Trading')).toBeInTheDocument();
    expect(inSummary.getByText('Retail')).toBeInTheDocument();
    expect(inSummary.getByText('Education')).toBeInTheDocument();
    expect(inSummary.getByRole('link', { name: 'CR license' })).toHaveAttribute('href', '/api/v1/pub/sme/doc/file/cr.png?sig=x');
    expect(await inSummary.findByText('CR and shareholder IDs match')).toBeInTheDocument();
    expect(inSummary.getByText('IBAN confirmed with the holder')).toBeInTheDocument();
    expect(inSummary.queryByText('No note')).not.toBeInTheDocument();
    // read before deciding: the summary comes first
    const decision = screen.getByRole('region', { name: 'Decision' });
    expect(summary.compareDocumentPosition(decision) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("says 'No note' in the summary when the admin and the bank left none", async () => {
    openSme('insurance', 6);
    const summary = await screen.findByRole('region', { name: 'Underwriting summary' });
    expect(await within(summary).findAllByText('No note')).toHaveLength(2);
  });

  it("says when the SME is in another company's queue", async () => {
    const { user } = openSme('insurance', 6, {
      'POST /api/v1/insurance/sme/verify': fail(409, 'this SME is in the queue of another insurance company'),
    });
    await profileLoaded();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('this SME is in the queue of another insurance company')).toBeInTheDocument();
  });
});

describe('the installment-set form (admin, level 7)', () => {
  const percentInput = (n: number) => screen.getByRole('textbox', { name: `Installment ${n}` });

  /** The example order's rows as the admin reads them: #, share, amount, due. */
  const previewRows = () =>
    within(screen.getByRole('table', { name: 'An order of $1,000.00 under this plan' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

  it('opens on 25/25/25/25 when the SME has no plan, previews an order of $1,000.00, adds rows of 10 % and removes them', async () => {
    const { user } = openSme('admin', 7);
    await profileLoaded();
    expect(screen.getByRole('heading', { name: 'Set instalments' })).toBeInTheDocument();
    expect([1, 2, 3, 4].map((n) => (percentInput(n) as HTMLInputElement).value)).toEqual(['25 %', '25 %', '25 %', '25 %']);
    expect(screen.getByText('Total: 100 %')).toBeInTheDocument();
    expect(previewRows()).toEqual([
      ['1', '25 %', '$250.00', 'At ordering'],
      ['2', '25 %', '$250.00', '30 days after ordering'],
      ['3', '25 %', '$250.00', '60 days after ordering'],
      ['4', '25 %', '$250.00', '90 days after ordering'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Add row' }));
    expect(percentInput(5)).toHaveValue('10 %');
    expect(screen.getByText('Total: 110 %')).toBeInTheDocument();
    // no order can be split by a plan that is not whole: the example waits for it
    expect(screen.queryByRole('table', { name: 'An order of $1,000.00 under this plan' })).not.toBeInTheDocument();
    expect(screen.getByText('The example appears once the parts add up to 100 %.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove row 2' }));
    expect(screen.queryByRole('textbox', { name: 'Installment 5' })).not.toBeInTheDocument();
    expect(screen.getByText('Total: 85 %')).toBeInTheDocument();
  });

  it("shows an existing plan ×100 and previews it as it is typed", async () => {
    const { user } = openSme('admin', 7, {}, { installments: [0.25, 0.25, 0.5] });
    await profileLoaded();
    expect([1, 2, 3].map((n) => (percentInput(n) as HTMLInputElement).value)).toEqual(['25 %', '25 %', '50 %']);
    expect(screen.getByRole('button', { name: 'Remove row 1' })).toBeEnabled();
    expect(previewRows()).toEqual([
      ['1', '25 %', '$250.00', 'At ordering'],
      ['2', '25 %', '$250.00', '30 days after ordering'],
      ['3', '50 %', '$500.00', '60 days after ordering'],
    ]);
    // the preview follows the rows as they are typed
    await user.clear(percentInput(1));
    await user.type(percentInput(1), '12.5');
    await user.clear(percentInput(3));
    await user.type(percentInput(3), '62.5');
    expect(previewRows().map((row) => row.slice(1, 3))).toEqual([
      ['12.5 %', '$125.00'],
      ['25 %', '$250.00'],
      ['62.5 %', '$625.00'],
    ]);
  });

  it('checks each row and the sum, then sends 70/10/10/10 as fractions', async () => {
    const { user, router, fetchMock } = openSme('admin', 7, { 'POST /api/v1/admin/sme/active': ok({ level: 8 }) });
    await profileLoaded();
    for (const n of [3, 4]) {
      await user.clear(percentInput(n));
      await user.type(percentInput(n), '10');
    }
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'plan agreed');

    await user.clear(percentInput(1));
    await user.clear(percentInput(2));
    await user.type(percentInput(2), '0');
    await user.click(screen.getByRole('button', { name: 'Set instalments' }));
    expect(await screen.findByText('please be careful in enter installments')).toBeInTheDocument();
    expect(screen.getByText('zero percent is invalid')).toBeInTheDocument();
    expect(screen.queryByText('sum of installments should be 100 %')).not.toBeInTheDocument();

    await user.type(percentInput(1), '60');
    await user.clear(percentInput(2));
    await user.type(percentInput(2), '10');
    await user.click(screen.getByRole('button', { name: 'Set instalments' }));
    expect(await screen.findByText('sum of installments should be 100 %')).toBeInTheDocument();
    expect(screen.queryByText('please be careful in enter installments')).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/admin/sme/active')).toEqual([]);

    await user.clear(percentInput(1));
    await user.type(percentInput(1), '70');
    expect(screen.getByText('Total: 100 %')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set instalments' }));
    expect(await screen.findByText('Done!')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/admin/sme/active')).toEqual([
      { smeId: SME_ID, desc: 'plan agreed', installments: [0.7, 0.1, 0.1, 0.1] },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/sme'));
  });

  it('compares the sum in basis points: 33.33 + 33.33 + 33.34 is whole', async () => {
    const { user, fetchMock } = openSme('admin', 7, { 'POST /api/v1/admin/sme/active': ok({ level: 8 }) });
    await profileLoaded();
    await user.click(screen.getByRole('button', { name: 'Remove row 4' }));
    for (const [n, value] of [[1, '33.33'], [2, '33.33'], [3, '33.34']] as const) {
      await user.clear(percentInput(n));
      await user.type(percentInput(n), value);
    }
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'thirds');
    await user.click(screen.getByRole('button', { name: 'Set instalments' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST', '/api/v1/admin/sme/active')).toEqual([
        { smeId: SME_ID, desc: 'thirds', installments: [0.3333, 0.3333, 0.3334] },
      ]),
    );
  });
});

describe("the admin's decision on a supplier (level 4)", () => {
  function openSupplier(extra: FakeRoutes = {}) {
    signIn('admin', null);
    const fetchMock = stubServer({
      [`GET /api/v1/admin/provider/show/${PROVIDER_ID}`]: ok({ provider: providerProfile({ level: 4 }) }),
      'GET /api/v1/admin/provider/list': ok({ providers: [], count: 0, cursors: { first: null, last: null } }),
      ...extra,
    });
    return { ...renderApp(`/admin/supplier/${PROVIDER_ID}/info`), fetchMock };
  }

  it("checks the discount rate ('invalid discount rate'), then sends 12 % as taxRate 0.12 and goes back", async () => {
    const { user, router, fetchMock } = openSupplier({ 'POST /api/v1/admin/provider/verify': ok({ level: 5 }) });
    const rate = await screen.findByRole('textbox', { name: 'Discount rate (%)' });
    expect(rate).toHaveValue('10');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'documents in order');

    await user.clear(rate);
    await user.type(rate, '150');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('invalid discount rate')).toBeInTheDocument();
    await user.clear(rate);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('invalid discount rate')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/admin/provider/verify')).toEqual([]);

    await user.type(rate, '12');
    expect(screen.queryByText('invalid discount rate')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Done!')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/admin/provider/verify')).toEqual([
      { providerId: PROVIDER_ID, desc: 'documents in order', taxRate: 0.12 },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/supplier'));
  });

  it('rejects without needing a valid discount rate, after asking', async () => {
    const { user, fetchMock } = openSupplier({ 'POST /api/v1/admin/provider/reject': ok({ level: -1 }) });
    const rate = await screen.findByRole('textbox', { name: 'Discount rate (%)' });
    await user.clear(rate);
    await user.click(screen.getByRole('button', { name: 'Full reject' }));
    expect(await screen.findByText('enter description')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'forged license');
    await user.click(screen.getByRole('button', { name: 'Full reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this supplier for good? It cannot continue its verification.' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, 'POST', '/api/v1/admin/provider/reject')).toEqual([
        { providerId: PROVIDER_ID, desc: 'forged license', full: true },
      ]),
    );
  });
});
