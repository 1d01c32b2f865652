// Once per run, after the server is up and before any journey: the demo admin signs in with a code of
// the demo secret (two-step sign-in of the seeded back office, through the API) and invites the
// journeys' admin, which sets its password and turns two-step sign-in on. Its session, in
// E2E_ADMIN_TOKEN (the workers inherit it), invites every journey's own back-office accounts.
import { request, type FullConfig } from '@playwright/test';
import { DEMO_PASSWORD, api, createBackOfficeAccount, demoTotpCode } from './accounts';

export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  const context = await request.newContext({ baseURL });
  try {
    const email = 'admin@example.com';
    const challenge = await api<{ mfaRequired?: true; mfaToken?: string }>(context, 'POST', '/api/v1/auth/login', undefined, { email, password: DEMO_PASSWORD });
    if (!challenge.mfaRequired) throw new Error('the demo admin signed in without its code: two-step sign-in is off');
    const demo = await api<{ token: string }>(context, 'POST', '/api/v1/auth/mfa/verify', undefined, { mfaToken: challenge.mfaToken, code: await demoTotpCode(email) });
    const admin = await createBackOfficeAccount(context, demo.token, 'admin', { prefix: 'journeys-admin' });
    await api(context, 'POST', '/api/v1/auth/logout', demo.token, {});
    process.env.E2E_ADMIN_TOKEN = admin.token;
  } finally {
    await context.dispose();
  }
}
