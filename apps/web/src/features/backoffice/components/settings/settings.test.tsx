import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok, preloadPanels, renderApp, sentBodies, signIn, stubServer, type FakeRoutes } from '@/testing/render-app';

beforeAll(() => preloadPanels('admin'));

const GULF = { _id: 'ins-1', name: 'Gulf Insurance', priority: 1 };
const KUWAIT = { _id: 'ins-2', name: 'Kuwait Re', priority: 2 };
const OMAN = { _id: 'ins-3', name: 'Oman Cover', priority: 3 };

function openSettings(extra: FakeRoutes = {}) {
  signIn('admin', null);
  const fetchMock = stubServer({
    'GET /api/v1/admin/insurance/order': ok({ insurances: [GULF, KUWAIT, OMAN] }),
    'GET /api/v1/admin/bank/share-rate': ok({ rate: 0.1 }),
    'GET /api/v1/admin/payout/approval-threshold': ok({ threshold: 0 }),
    'GET /api/v1/admin/categories/list': ok({
      categories: [
        { _id: 'cat-1', title: 'Retail', desc: 'Shops and trading', titleAr: 'التجزئة', descAr: 'المتاجر والتجارة' },
        { _id: 'cat-2', title: 'Construction', desc: 'Building and contracting', titleAr: '', descAr: '' },
      ],
    }),
    'GET /api/v1/admin/signup-codes': ok({
      codes: [
        { role: 'sme', code: 'SME-DEMO-CODE' },
        { role: 'provider', code: 'SUPPLIER-DEMO-CODE' },
      ],
    }),
    ...extra,
  });
  return { ...renderApp('/admin/settings'), fetchMock };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('settings: bank share rate', () => {
  it('starts from the saved rate, refuses one above 0.99 and saves a valid one', async () => {
    const { user, fetchMock } = openSettings({ 'PUT /api/v1/admin/bank/share-rate': (body) => ok(body) });
    const input = await screen.findByRole('textbox', { name: 'Bank share rate' });
    expect(input).toHaveValue('0.1');
    expect(screen.getByText('Bank 10 % · platform 90 %')).toBeInTheDocument();
    const form = within(section('Bank share rate'));

    await user.clear(input);
    await user.type(input, '1.5');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('share rate must be between 0 and 0.99')).toBeInTheDocument();
    await user.clear(input);
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('share rate must be between 0 and 0.99')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT', '/api/v1/admin/bank/share-rate')).toEqual([]);

    await user.type(input, '0.25');
    expect(screen.getByText('Bank 25 % · platform 75 %')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('done!')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT', '/api/v1/admin/bank/share-rate')).toEqual([{ rate: 0.25 }]);
  });
});

describe('settings: payout approval threshold', () => {
  it('starts from the saved threshold, refuses a negative one or more than 2 decimals, saves a valid one with a toast', async () => {
    const { user, fetchMock } = openSettings({ 'PUT /api/v1/admin/payout/approval-threshold': (body) => ok(body) });
    const input = await screen.findByRole('textbox', { name: 'Approval threshold' });
    expect(input).toHaveValue('0');
    expect(screen.getByText('Every payout needs a second bank user')).toBeInTheDocument();
    const form = within(section('Payout approval threshold'));

    await user.clear(input);
    await user.type(input, '-5');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('the approval threshold must be 0 or more')).toBeInTheDocument();
    await user.clear(input);
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('the approval threshold must be 0 or more')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT', '/api/v1/admin/payout/approval-threshold')).toEqual([]);

    await user.type(input, '25000.5');
    expect(screen.getByText('Payouts from $25,000.50 need a second bank user')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('done!')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT', '/api/v1/admin/payout/approval-threshold')).toEqual([{ threshold: 25000.5 }]);
  });
});

describe('settings: industries', () => {
  it('lists the industries and creates one after checking the title and description', async () => {
    let created = false;
    const { user, fetchMock } = openSettings({
      'POST /api/v1/admin/category': (body) => {
        created = true;
        return ok({ category: { _id: 'cat-3', ...(body as object) } });
      },
    });
    const table = await screen.findByRole('table', { name: 'Industries' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Title', 'Description', 'Actions']);
    expect(within(table).getByText('Shops and trading')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create an industry' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('enter your title')).toBeInTheDocument();
    expect(within(dialog).getByText('enter your description')).toBeInTheDocument();
    expect(created).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Healthcare');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Clinics and pharmacies');
    await user.type(within(dialog).getByRole('textbox', { name: 'Title in Arabic' }), 'الرعاية الصحية');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description in Arabic' }), 'العيادات والصيدليات');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('done!')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/admin/category')).toEqual([
      { title: 'Healthcare', desc: 'Clinics and pharmacies', titleAr: 'الرعاية الصحية', descAr: 'العيادات والصيدليات' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // the list is fetched again
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/api/v1/admin/categories/list')).toHaveLength(2),
    );
  });

  it('edits an industry: prefilled, title required, sends its id', async () => {
    const { user, fetchMock } = openSettings({
      'PUT /api/v1/admin/category': (body) => ok({ category: { _id: 'cat-2', title: 'x', desc: 'y', ...(body as object) } }),
    });
    const table = await screen.findByRole('table', { name: 'Industries' });
    const row = within(table).getByText('Construction').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the industry' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    expect(title).toHaveValue('Construction');
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue('Building and contracting');

    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('enter your title')).toBeInTheDocument();
    await user.type(title, 'Construction & real estate');
    const titleAr = within(dialog).getByRole('textbox', { name: 'Title in Arabic' });
    expect(titleAr).toHaveValue('');
    // written right to left whatever the interface language (Mantine puts dir on the input's wrapper)
    expect(titleAr.closest('[dir="rtl"]')).not.toBeNull();
    await user.type(titleAr, 'البناء والعقارات');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('done!')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT', '/api/v1/admin/category')).toEqual([
      { categoryId: 'cat-2', title: 'Construction & real estate', desc: 'Building and contracting', titleAr: 'البناء والعقارات', descAr: '' },
    ]);
  });
});

describe('settings: insurance priority', () => {
  // jsdom has no layout: give each row of the reorder list a place, so dnd-kit's keyboard sensor can
  // find the row below the one it moves.
  function layOutRows() {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const item = this.closest('li');
      const list = item?.parentElement;
      const index = item && list ? Array.from(list.children).indexOf(item) : -1;
      const top = index < 0 ? 0 : index * 60;
      const height = index < 0 ? 0 : 50;
      return { x: 0, y: top, top, left: 0, width: 300, height, bottom: top + height, right: 300, toJSON: () => ({}) } as DOMRect;
    });
  }

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the priority table, reorders with the keyboard in the modal and posts the new order', async () => {
    layOutRows();
    const { user, fetchMock } = openSettings({
      'POST /api/v1/admin/insurance/order': (body) => {
        const ids = (body as { insuranceList: string[] }).insuranceList;
        const byId = new Map([GULF, KUWAIT, OMAN].map((c) => [c._id, c]));
        return ok({ insurances: ids.map((id, i) => ({ ...byId.get(id)!, priority: i + 1 })) });
      },
    });
    const table = await screen.findByRole('table', { name: 'Insurance priority' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Priority', 'Name']);
    const names = () => within(table).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(names()).toEqual(['1Gulf Insurance', '2Kuwait Re', '3Oman Cover']);

    await user.click(screen.getByRole('button', { name: 'Reorder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reorder the insurance companies' });
    const list = within(dialog).getByRole('list', { name: 'Insurance companies in priority order' });
    const order = () => within(list).getAllByRole('listitem').map((li) => li.textContent);
    expect(order()).toEqual(['Gulf Insurance', 'Kuwait Re', 'Oman Cover']);

    within(dialog).getByRole('button', { name: 'Drag Gulf Insurance' }).focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowDown]');
    await user.keyboard('[Space]');
    await waitFor(() => expect(order()).toEqual(['Kuwait Re', 'Gulf Insurance', 'Oman Cover']));

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('done!')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/admin/insurance/order')).toEqual([{ insuranceList: ['ins-2', 'ins-1', 'ins-3'] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(names()).toEqual(['1Kuwait Re', '2Gulf Insurance', '3Oman Cover']);
  });

  it('Cancel keeps the saved order', async () => {
    layOutRows();
    const { user, fetchMock } = openSettings();
    await screen.findByRole('table', { name: 'Insurance priority' });
    await user.click(screen.getByRole('button', { name: 'Reorder' }));
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByRole('button', { name: 'Drag Kuwait Re' }).focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowDown]');
    await user.keyboard('[Space]');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Reorder' }));
    const again = await screen.findByRole('dialog');
    expect(within(again).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Gulf Insurance', 'Kuwait Re', 'Oman Cover']);
    expect(sentBodies(fetchMock, 'POST', '/api/v1/admin/insurance/order')).toEqual([]);
  });
});

describe('settings: sign-up codes', () => {
  it('shows both codes and saves one after checking its length', async () => {
    const { user, fetchMock } = openSettings({
      'PUT /api/v1/admin/signup-codes': (body) => ok({ codes: [body, { role: 'provider', code: 'SUPPLIER-DEMO-CODE' }] }),
    });
    const sme = await screen.findByRole('textbox', { name: 'SME sign-up code' });
    expect(sme).toHaveValue('SME-DEMO-CODE');
    expect(screen.getByRole('textbox', { name: 'Supplier sign-up code' })).toHaveValue('SUPPLIER-DEMO-CODE');
    const form = within(screen.getByRole('form', { name: 'SME sign-up code' }));

    await user.clear(sme);
    await user.type(sme, 'abc');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('the sign-up code must be 6 to 64 characters')).toBeInTheDocument();
    await user.clear(sme);
    await user.type(sme, 'SPRING-2026');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('done!')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'PUT', '/api/v1/admin/signup-codes')).toEqual([{ role: 'sme', code: 'SPRING-2026' }]);
  });
});
