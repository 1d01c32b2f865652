import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderApp, sentBodies, signIn, stubServer } from '@/testing/render-app';
import { areaRoutes, smeProfile } from '@/testing/fixtures/onboarding';

async function openEmailStep(role: 'sme' | 'provider' = 'sme', extra = {}) {
  signIn(role, 0);
  const fetchMock = stubServer({ ...areaRoutes(role, 0), ...extra });
  const app = renderApp(`/${role}/verification`);
  await screen.findByRole('heading', { name: 'Verify your email' }, { timeout: 5000 });
  return { ...app, fetchMock };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the email step', () => {
  it('is the first of the four steps at level 0', async () => {
    await openEmailStep();
    for (const step of ['Email', 'Phone', 'Information', 'Documents']) {
      expect(screen.getByRole('button', { name: new RegExp(step) })).toBeInTheDocument();
    }
    expect(screen.getByRole('textbox', { name: 'Email code' })).toHaveValue('');
    expect(screen.queryByRole('textbox', { name: 'Phone number' })).not.toBeInTheDocument();
  });

  it("shows the demo code in an alert and counts 20 seconds down on a disabled 'Get Code'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    const { user } = await openEmailStep('sme', {
      'GET /api/v1/sme/email/resend': ok({ sent: true, retryAfter: 20, code: '123456' }),
    });
    await user.click(screen.getByRole('button', { name: 'Get Code' }));

    const alert = await screen.findByRole('dialog', { name: 'Your code is: 123456' });
    const counting = screen.getByRole('button', { name: /^Get Code \(\d+s\)$/ });
    expect(counting).toBeDisabled();
    expect(counting).toHaveTextContent(/Get Code \((20|19)s\)/);
    await user.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(screen.getByRole('button', { name: /^Get Code \(1[01]s\)$/ })).toBeDisabled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(11_000);
    });
    expect(screen.getByRole('button', { name: 'Get Code' })).toBeEnabled();
  });

  it('shows no alert when the server sends the code by email', async () => {
    const { user } = await openEmailStep('provider', {
      'GET /api/v1/provider/email/resend': ok({ sent: true, retryAfter: 20 }),
    });
    await user.click(screen.getByRole('button', { name: 'Get Code' }));
    expect(await screen.findByRole('button', { name: /^Get Code \(\d+s\)$/ })).toBeDisabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("toasts the server's refusal to send another code too soon", async () => {
    const { user } = await openEmailStep('sme', {
      'GET /api/v1/sme/email/resend': fail(429, 'please wait before requesting another code'),
    });
    await user.click(screen.getByRole('button', { name: 'Get Code' }));
    expect(await screen.findByText('please wait before requesting another code')).toBeInTheDocument();
  });

  it('keeps Submit disabled until the code has exactly 6 characters, spaces trimmed', async () => {
    const { user } = await openEmailStep();
    const input = screen.getByRole('textbox', { name: 'Email code' });
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await user.type(input, '12345');
    expect(submit).toBeDisabled();
    await user.type(input, '6');
    expect(submit).toBeEnabled();
    await user.type(input, '7');
    expect(submit).toBeDisabled();
    await user.clear(input);
    await user.type(input, ' 123 456 ');
    expect(submit).toBeEnabled();
  });

  it('marks an empty code once the field is left', async () => {
    const { user } = await openEmailStep();
    await user.click(screen.getByRole('textbox', { name: 'Email code' }));
    await user.click(document.body);
    expect(await screen.findByText('the code must be 6 digits')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email code' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the trimmed code, then moves to the phone step and stores the new level', async () => {
    let level = 0;
    const { user, fetchMock } = await openEmailStep('sme', {
      'GET /api/v1/sme/profile/get': () => ok({ sme: smeProfile(level) }),
      'POST /api/v1/sme/email/validate': () => {
        level = 1;
        return ok({ level: 1 });
      },
    });
    await user.type(screen.getByRole('textbox', { name: 'Email code' }), '123 456');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('heading', { name: 'Verify your phone' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST', '/api/v1/sme/email/validate')).toEqual([{ code: '123456' }]);
    await waitFor(() => expect(window.localStorage.getItem('LEVEL')).toBe('1'));
  });

  it("puts a refused code's message on the field", async () => {
    const { user } = await openEmailStep('sme', {
      'POST /api/v1/sme/email/validate': fail(400, 'the code is incorrect'),
    });
    await user.type(screen.getByRole('textbox', { name: 'Email code' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Email code' })).toHaveAccessibleDescription('the code is incorrect'),
    );
  });
});
