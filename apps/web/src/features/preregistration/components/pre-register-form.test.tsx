import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { fail, ok, renderApp, sentBodies, stubServer } from '@/testing/render-app';

const ENDPOINT = '/api/v1/ads/form/register';
const THIS_YEAR = new Date().getUTCFullYear();

const SAVED = {
  form: {
    _id: 'form-1',
    CompanyName: 'Al-Noor Trading',
    BusinessSector: 'Retail',
    YearOfEstablishment: 2015,
    CompanyEmail: 'owner@alnoor.example.com',
    CompanyPhone: '+965 5555 1234',
    LoanAmount: 25000.5,
    createdAt: '2025-01-01T00:00:00.000Z',
  },
};

async function openPreRegister() {
  const app = renderApp('/pre-register');
  await screen.findByRole('button', { name: 'Pre-register Now' });
  return app;
}

type App = Awaited<ReturnType<typeof openPreRegister>>;

const field = {
  companyName: () => screen.getByRole('textbox', { name: 'Company name' }),
  sector: () => screen.getByRole('combobox', { name: 'Business sector' }),
  year: () => screen.getByRole('combobox', { name: 'Year of establishment' }),
  email: () => screen.getByRole('textbox', { name: 'Company email' }),
  telephone: () => screen.getByRole('textbox', { name: 'Telephone' }),
  loanAmount: () => screen.getByRole('textbox', { name: 'Loan amount' }),
};

async function pick({ user }: App, input: HTMLElement, option: string, search?: string) {
  await user.click(input);
  if (search) await user.type(input, search);
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillValidForm(app: App) {
  const { user } = app;
  await user.type(field.companyName(), 'Al-Noor Trading');
  await pick(app, field.sector(), 'Retail', 'Reta');
  await pick(app, field.year(), '2015');
  await user.type(field.email(), 'owner@alnoor.example.com');
  await user.type(field.telephone(), '+965 5555 1234');
  await user.type(field.loanAmount(), '25000.50');
}

function expectEmptyForm() {
  for (const input of Object.values(field)) expect(input()).toHaveValue('');
}

describe('pre-registration form', () => {
  it('shows the six fields in order, empty, with no message on mount', async () => {
    await openPreRegister();
    const form = screen.getByRole('form', { name: 'Pre-register your business' });
    // the order of the fields (the two pickers keep their value in a hidden input of the same name)
    expect([...form.querySelectorAll('input[name]')].map((input) => input.getAttribute('name'))).toEqual([
      'companyName',
      'businessSector',
      'year',
      'email',
      'telephone',
      'loanAmount',
    ]);
    expect(within(form).getAllByRole('combobox')).toEqual([field.sector(), field.year()]);
    expectEmptyForm();
    for (const message of [
      'Company name is required',
      'Please select your business sector',
      'Please select year of establishment',
      'Email is required',
      'Telephone number is required',
      'Loan amount is required',
    ]) {
      expect(screen.queryByText(message)).not.toBeInTheDocument();
    }
  });

  it('shows each required message once its field has been touched', async () => {
    const { user } = await openPreRegister();
    const expectations: [() => HTMLElement, string][] = [
      [field.companyName, 'Company name is required'],
      [field.sector, 'Please select your business sector'],
      [field.year, 'Please select year of establishment'],
      [field.email, 'Email is required'],
      [field.telephone, 'Telephone number is required'],
      [field.loanAmount, 'Loan amount is required'],
    ];
    for (const [input, message] of expectations) {
      expect(screen.queryByText(message)).not.toBeInTheDocument();
      await user.click(input());
      await user.click(document.body);
      await waitFor(() => expect(input()).toHaveAccessibleDescription(expect.stringContaining(message)));
    }
  });

  it('checks the email, the telephone and the loan amount', async () => {
    const { user } = await openPreRegister();
    await user.type(field.email(), 'not-an-email');
    await user.click(document.body);
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();

    await user.type(field.telephone(), 'abc');
    await user.click(document.body);
    expect(await screen.findByText('Invalid telephone number')).toBeInTheDocument();
    await user.clear(field.telephone());
    await user.type(field.telephone(), '+965 (2200) 00-00');
    await waitFor(() => expect(screen.queryByText('Invalid telephone number')).not.toBeInTheDocument());

    await user.type(field.loanAmount(), '0');
    await user.click(document.body);
    expect(await screen.findByText('Loan amount must be greater than 0')).toBeInTheDocument();
    await user.type(field.loanAmount(), '5');
    await waitFor(() => expect(screen.queryByText('Loan amount must be greater than 0')).not.toBeInTheDocument());
  });

  it('offers this year and the 49 before it, newest first', async () => {
    const { user } = await openPreRegister();
    await user.click(field.year());
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toHaveLength(50);
    expect(options[0]).toBe(String(THIS_YEAR));
    expect(options[49]).toBe(String(THIS_YEAR - 49));
  });

  it('searches the business sectors, Other last', async () => {
    const { user } = await openPreRegister();
    await user.click(field.sector());
    const all = await screen.findAllByRole('option');
    expect(all.length).toBeGreaterThan(150);
    expect(all.at(-1)).toHaveTextContent('Other');
    await user.type(field.sector(), 'food');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Food & Beverage',
        'Food Processing',
        'Food Trading',
        'Seafood',
      ]),
    );
  });

  it('sends exactly the API payload, toasts and empties the form', async () => {
    const fetchMock = stubServer({ [`POST ${ENDPOINT}`]: ok(SAVED) });
    const app = await openPreRegister();
    await fillValidForm(app);
    await app.user.click(screen.getByRole('button', { name: 'Pre-register Now' }));

    expect(await screen.findByText('pre-register successfully')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', ENDPOINT)).toEqual([
      {
        CompanyName: 'Al-Noor Trading',
        BusinessSector: 'Retail',
        YearOfEstablishment: 2015,
        CompanyEmail: 'owner@alnoor.example.com',
        CompanyPhone: '+965 5555 1234',
        LoanAmount: 25000.5,
      },
    ]);
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.headers).not.toHaveProperty('Authorization');
    await waitFor(expectEmptyForm);
    // a fresh form: nothing is flagged as missing after the reset
    expect(screen.queryByText('Company name is required')).not.toBeInTheDocument();
  });

  it("reads '...' and is disabled while the request is pending", async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const app = await openPreRegister();
    await fillValidForm(app);
    await app.user.click(screen.getByRole('button', { name: 'Pre-register Now' }));

    const pending = await screen.findByRole('button', { name: '...' });
    expect(pending).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer(new Response(JSON.stringify({ status: true, content: SAVED }), { status: 200 }));
    expect(await screen.findByRole('button', { name: 'Pre-register Now' })).toBeEnabled();
    expect(await screen.findByText('pre-register successfully')).toBeInTheDocument();
  });

  it("keeps the values when the server refuses, showing the server's message", async () => {
    stubServer({
      [`POST ${ENDPOINT}`]: fail(429, 'too many pre-registrations from this address, please try again later'),
    });
    const app = await openPreRegister();
    await fillValidForm(app);
    await app.user.click(screen.getByRole('button', { name: 'Pre-register Now' }));
    expect(
      await screen.findByText('too many pre-registrations from this address, please try again later'),
    ).toBeInTheDocument();
    expect(field.companyName()).toHaveValue('Al-Noor Trading');
    expect(field.loanAmount()).toHaveValue('25000.50');
    expect(screen.queryByText('pre-register successfully')).not.toBeInTheDocument();
  });

  it('accepts Arabic-Indic digits and grouped amounts, sending plain numbers', async () => {
    const fetchMock = stubServer({ [`POST ${ENDPOINT}`]: ok(SAVED) });
    const app = await openPreRegister();
    await fillValidForm(app);
    await app.user.clear(field.telephone());
    await app.user.type(field.telephone(), '+٩٦٥ ٥٥٥٥ ١٢٣٤');
    await app.user.clear(field.loanAmount());
    await app.user.type(field.loanAmount(), '١٠,٠٠٠');
    await app.user.click(screen.getByRole('button', { name: 'Pre-register Now' }));
    await screen.findByText('pre-register successfully');
    expect(sentBodies(fetchMock, 'POST', ENDPOINT)[0]).toMatchObject({
      CompanyPhone: '+965 5555 1234',
      LoanAmount: 10000,
    });
  });

  it('speaks Arabic: labels, sectors (found by either name), messages and the toast', async () => {
    await i18n.changeLanguage('ar');
    stubServer({ [`POST ${ENDPOINT}`]: ok(SAVED) });
    const { user } = renderApp('/pre-register');
    const submit = await screen.findByRole('button', { name: 'سجّل مسبقًا الآن' });
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');

    const name = screen.getByRole('textbox', { name: 'اسم الشركة' });
    await user.click(name);
    await user.click(document.body);
    expect(await screen.findByText('اسم الشركة مطلوب')).toBeInTheDocument();

    const sector = screen.getByRole('combobox', { name: 'قطاع العمل' });
    await user.click(sector);
    expect((await screen.findAllByRole('option')).at(-1)).toHaveTextContent('أخرى');
    await user.type(sector, 'Retail');
    await user.click(await screen.findByRole('option', { name: 'تجارة التجزئة' }));
    expect(sector).toHaveValue('تجارة التجزئة');

    await user.type(name, 'النور للتجارة');
    await pick({ user } as App, screen.getByRole('combobox', { name: 'سنة التأسيس' }), '2015');
    await user.type(screen.getByRole('textbox', { name: 'البريد الإلكتروني للشركة' }), 'owner@alnoor.example.com');
    await user.type(screen.getByRole('textbox', { name: 'رقم الهاتف' }), '+965 5555 1234');
    await user.type(screen.getByRole('textbox', { name: 'مبلغ التمويل' }), '5000');
    await user.click(submit);
    expect(await screen.findByText('تم التسجيل المسبق بنجاح')).toBeInTheDocument();
  });

  it('links to the landing page', async () => {
    await openPreRegister();
    expect(screen.getByRole('link', { name: 'Visit our landing page' })).toHaveAttribute('href', '/landing');
    for (const benefit of ['Priority Updates', 'Early Access', 'Tailored Guidance', 'Streamlined Process']) {
      expect(screen.getByRole('heading', { name: benefit })).toBeInTheDocument();
    }
  });
});
