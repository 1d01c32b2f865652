import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderApp, sentBodies, signIn, stubServer, type FakeRoutes } from '@/testing/render-app';
import { areaRoutes, CATEGORIES, profileOf, providerProfile, smeProfile } from '@/testing/fixtures/onboarding';

type Role = 'sme' | 'provider';

async function openInfoStep(role: Role, extra: FakeRoutes = {}, level = 2) {
  signIn(role, level);
  const fetchMock = stubServer({ ...areaRoutes(role, level), ...extra });
  const app = renderApp(`/${role}/verification`);
  await screen.findByRole('heading', { name: role === 'sme' ? 'SME Add Information' : 'Supplier Add Information' }, { timeout: 5000 });
  return { ...app, fetchMock };
}

const textbox = (name: string) => screen.getByRole('textbox', { name });

afterEach(() => {
  vi.useRealTimers();
});

describe('the information form', () => {
  it("is titled 'SME Add Information' for an SME, with the requested credit and no supplier fields", async () => {
    await openInfoStep('sme');
    expect(screen.queryByText('PROVIDER Add Information')).not.toBeInTheDocument();
    for (const name of ['First name', 'Last name', 'Company title', 'Company description', 'Address', 'Request credit']) {
      expect(textbox(name)).toHaveValue('');
    }
    expect(screen.queryByRole('textbox', { name: 'Company VAT' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Website' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Information' })).toHaveAttribute('data-progress');
  });

  it("shows each of the SME form's messages", async () => {
    const { user, fetchMock } = await openInfoStep('sme');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    for (const message of [
      'What is your first name ?',
      'What is your last name ?',
      'What is Your Company Title ?',
      'What is Your Company Description ?',
      'What is Your Company Address ?',
      'What is Your Request Credit ?',
      'Select your categories',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.type(textbox('Request credit'), '0');
    expect(await screen.findByText('request credit must be more than 0')).toBeInTheDocument();
    await user.type(textbox('Email 2'), 'not-an-email');
    await user.type(textbox('Phone 2'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('second email is incorrect')).toBeInTheDocument();
    expect(await screen.findByText('phone number is incorrect')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/sme/info/add')).toEqual([]);
  });

  it("shows each of the supplier form's messages", async () => {
    const { user } = await openInfoStep('provider');
    expect(screen.queryByRole('textbox', { name: 'Request credit' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    for (const message of [
      'What is your first name ?',
      'What is your last name ?',
      'What is Your Company Title ?',
      'What is Your Company Description ?',
      'What is Your Company VAT ?',
      'What is Your Company Address ?',
      'What is Your Website Address ?',
      'Select your categories',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.type(textbox('Website'), 'not a website');
    expect(await screen.findByText('website address is incorrect')).toBeInTheDocument();
  });

  it('sends the SME payload (credit as a number, category ids), then moves to the documents', async () => {
    let level = 2;
    const { user, fetchMock } = await openInfoStep('sme', {
      'GET /api/v1/sme/profile/get': () => ok({ sme: smeProfile(level) }),
      'POST /api/v1/sme/info/add': () => {
        level = 3;
        return ok({ level: 3 });
      },
    });
    await user.type(textbox('First name'), ' Sara ');
    await user.type(textbox('Last name'), 'Al-Sabah');
    await user.type(textbox('Company title'), 'Sara Trading');
    await user.type(textbox('Company description'), 'Office supplies');
    await user.type(textbox('Address'), 'Kuwait City');
    await user.type(textbox('Request credit'), '15,000');
    await user.type(textbox('Phone 2'), '5555 0000');
    await user.click(screen.getByRole('button', { name: 'Select categories' }));
    const modal = await screen.findByRole('dialog', { name: 'Select categories' });
    await user.click(await within(modal).findByRole('checkbox', { name: /Wholesale/ }));
    await user.click(within(modal).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByRole('list', { name: 'Categories' })).getByText('Wholesale')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('combobox', { name: 'Document title' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/sme/info/add')).toEqual([
      {
        firstname: 'Sara',
        lastname: 'Al-Sabah',
        companyTile: 'Sara Trading',
        companyDesc: 'Office supplies',
        address: 'Kuwait City',
        categoriesSelected: [CATEGORIES[1]!._id],
        requestCredit: 15000,
        phone2: { phone: '55550000', countryCode: '965' },
      },
    ]);
  });

  it('sends the supplier payload with VAT and website', async () => {
    const { user, fetchMock } = await openInfoStep('provider', {
      'POST /api/v1/provider/info/add': ok({ level: 3 }),
    });
    await user.type(textbox('First name'), 'Khalid');
    await user.type(textbox('Last name'), 'Al-Rashid');
    await user.type(textbox('Company title'), 'Desert Office');
    await user.type(textbox('Company description'), 'Furniture');
    await user.type(textbox('Address'), 'Salmiya');
    await user.type(textbox('Company VAT'), 'KW-1');
    await user.type(textbox('Website'), 'desert.example.com');
    await user.type(textbox('Instagram'), '@desert');
    await user.click(screen.getByRole('button', { name: 'Select categories' }));
    const modal = await screen.findByRole('dialog', { name: 'Select categories' });
    await user.click(await within(modal).findByRole('checkbox', { name: /Retail/ }));
    await user.click(within(modal).getByRole('checkbox', { name: /Food/ }));
    await user.click(within(modal).getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST', '/api/v1/provider/info/add')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'POST', '/api/v1/provider/info/add')[0]).toEqual({
      firstname: 'Khalid',
      lastname: 'Al-Rashid',
      companyTile: 'Desert Office',
      companyDesc: 'Furniture',
      address: 'Salmiya',
      companyVAT: 'KW-1',
      website: 'desert.example.com',
      instagram: '@desert',
      categoriesSelected: [CATEGORIES[0]!._id, CATEGORIES[2]!._id],
    });
  });

  it("shows 'Waiting for categories' while the list loads", async () => {
    const fetchMock = stubServer(areaRoutes('sme', 2));
    const answer = fetchMock.getMockImplementation()!;
    let release: () => void = () => {};
    fetchMock.mockImplementation((input, init) =>
      String(input).endsWith('/categories/list')
        ? new Promise((resolve) => (release = () => resolve(answer(input, init))))
        : answer(input, init),
    );
    signIn('sme', 2);
    const { user } = renderApp('/sme/verification');
    await user.click(await screen.findByRole('button', { name: 'Select categories' }));
    expect(await screen.findByText('Waiting for categories')).toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByRole('checkbox', { name: /Retail/ })).toBeInTheDocument();
    expect(screen.queryByText('Waiting for categories')).not.toBeInTheDocument();
  });

  it("shows 'Request failed' with Retry when the categories fail", async () => {
    let failing = true;
    const { user } = await openInfoStep('sme', {
      'GET /api/v1/sme/categories/list': () => (failing ? fail(500, 'something went wrong, please try again') : ok({ categories: CATEGORIES })),
    });
    await user.click(screen.getByRole('button', { name: 'Select categories' }));
    expect(await screen.findByText('Request failed')).toBeInTheDocument();
    // the list fails quietly inside the picker: no toast
    expect(screen.queryByText('something went wrong, please try again')).not.toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('checkbox', { name: /Retail/ })).toBeInTheDocument();
  });

  it('tries the categories again by itself every 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    let failing = true;
    const { user } = await openInfoStep('provider', {
      'GET /api/v1/provider/categories/list': () => (failing ? fail(500, 'down') : ok({ categories: CATEGORIES })),
    });
    await user.click(screen.getByRole('button', { name: 'Select categories' }));
    expect(await screen.findByText('Request failed')).toBeInTheDocument();
    failing = false;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_100);
    });
    expect(await screen.findByRole('checkbox', { name: /Retail/ })).toBeInTheDocument();
  });

  it('is prefilled from the profile at -2, under the downgrade alert', async () => {
    const { user, fetchMock } = await openInfoStep(
      'provider',
      { 'POST /api/v1/provider/info/add': ok({ level: 3 }) },
      -2,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Your documents are not applied. Your level is downgraded !');
    const profile = providerProfile(-2);
    expect(textbox('First name')).toHaveValue(profile.info.firstname);
    expect(textbox('Company title')).toHaveValue(profile.desc.title);
    expect(textbox('Company description')).toHaveValue(profile.desc.text);
    expect(textbox('Website')).toHaveValue(profile.info.website);
    expect(textbox('Company VAT')).toHaveValue(profile.info.companyVAT);
    expect(textbox('Email 2')).toHaveValue(profile.info.email2);
    expect(within(screen.getByRole('list', { name: 'Categories' })).getByText('Retail')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST', '/api/v1/provider/info/add')).toHaveLength(1));
    expect(sentBodies(fetchMock, 'POST', '/api/v1/provider/info/add')[0]).toMatchObject({
      firstname: 'Fatima',
      companyTile: 'Al Noor Trading',
      categoriesSelected: [CATEGORIES[0]!._id],
    });
  });

  it("prefills an SME's requested credit at -2", async () => {
    await openInfoStep('sme', {}, -2);
    expect(textbox('Request credit')).toHaveValue(String((profileOf('sme', -2) as ReturnType<typeof smeProfile>).credit.request));
    expect(screen.getByText('Your documents are not applied. Your level is downgraded !')).toBeInTheDocument();
  });
});
