import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, renderApp, sentBodies, signIn, stubServer } from '@/testing/render-app';
import { areaRoutes, profileOf } from '@/testing/fixtures/onboarding';

async function openPhoneStep(role: 'sme' | 'provider', extra = {}) {
  signIn(role, 1);
  const fetchMock = stubServer({ ...areaRoutes(role, 1), ...extra });
  const app = renderApp(`/${role}/verification`);
  await screen.findByRole('heading', { name: 'Verify your phone' }, { timeout: 5000 });
  return { ...app, fetchMock };
}

describe('the phone step', () => {
  it('offers the six Gulf country codes, Kuwait first', async () => {
    const { user } = await openPhoneStep('sme');
    const country = screen.getByRole('combobox', { name: 'Country code' });
    expect(country).toHaveValue('Kuwait (+965)');
    await user.click(country);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Kuwait (+965)',
      'Qatar (+974)',
      'Bahrain (+973)',
      'Oman (+968)',
      'UAE (+971)',
      'Saudi Arabia (+966)',
    ]);
  });

  it('needs a phone number before Get Code, then sends it with the country code and shows the demo code', async () => {
    const { user, fetchMock } = await openPhoneStep('sme', {
      'POST /api/v1/sme/phone/add': ok({ sent: true, retryAfter: 20, otp: '4321' }),
    });
    expect(screen.getByRole('button', { name: 'Get Code' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Country code' }));
    await user.click(await screen.findByRole('option', { name: 'Qatar (+974)' }));
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '5555 1234');
    await user.click(screen.getByRole('button', { name: 'Get Code' }));

    const alert = await screen.findByRole('dialog', { name: 'Your code is: 4321' });
    expect(sentBodies(fetchMock, 'POST', '/api/v1/sme/phone/add')).toEqual([{ phone: '55551234', countryCode: '974' }]);
    expect(screen.getByRole('button', { name: /^Get Code \(\d+s\)$/ })).toBeDisabled();
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when the number is not a phone number', async () => {
    const { user, fetchMock } = await openPhoneStep('provider');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), 'abc');
    await user.click(screen.getByRole('button', { name: 'Get Code' }));
    expect(await screen.findByText('phone number is incorrect')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/provider/phone/add')).toEqual([]);
  });

  it('lets an SME submit only a 4-digit code, sent as a number', async () => {
    let level = 1;
    const { user, fetchMock } = await openPhoneStep('sme', {
      'GET /api/v1/sme/profile/get': () => ok({ sme: profileOf('sme', level) }),
      'POST /api/v1/sme/phone/validate': () => {
        level = 2;
        return ok({ level: 2 });
      },
    });
    const code = screen.getByRole('textbox', { name: 'Phone code' });
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.type(code, '123');
    expect(submit).toBeDisabled();
    await user.type(code, '4');
    expect(submit).toBeEnabled();
    await user.click(submit);

    expect(await screen.findByRole('heading', { name: 'SME Add Information' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/sme/phone/validate')).toEqual([{ otp: 1234 }]);
  });

  it("has no length check on the supplier's code", async () => {
    const { user, fetchMock } = await openPhoneStep('provider', {
      'POST /api/v1/provider/phone/validate': fail(400, 'the code is incorrect'),
    });
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Phone code' }), '12');
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Phone code' })).toHaveAccessibleDescription('the code is incorrect'),
    );
    expect(sentBodies(fetchMock, 'POST', '/api/v1/provider/phone/validate')).toEqual([{ otp: 12 }]);
  });
});
