// A client of the API typed from its document, checked by tsc in `npm run test:openapi` (never run):
// openapi-typescript turns .test-output/openapi.json into .test-output/openapi-schema.d.ts, and each
// role below makes one call through openapi-fetch with it. Every @ts-expect-error line is a call the
// document must refuse, so a document that loses its types fails the check.
import createClient from 'openapi-fetch';
import type { components, paths } from '../../../.test-output/openapi-schema.js';

type ErrorEnvelope = components['schemas']['ErrorEnvelope'];
type LoginAnswer = paths['/api/v1/auth/login']['post']['responses'][200]['content']['application/json'];
type SmeDashboard = paths['/api/v1/sme/dashboard']['get']['responses'][200]['content']['application/json']['content'];

const api = createClient<paths>({ baseUrl: 'http://localhost:3000' });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Public: sign in (with the code step when the account has two-step sign-in), and read the health of the service. */
export async function signIn(email: string, password: string, code: () => string): Promise<string> {
  const { data, error } = await api.POST('/api/v1/auth/login', { body: { email, password } });
  if (error) throw new Error(error.msg);
  const answer: LoginAnswer = data;
  // @ts-expect-error the sign-in form has no `username`
  await api.POST('/api/v1/auth/login', { body: { username: email, password } });
  let content = answer.content;
  if ('mfaRequired' in content) {
    // @ts-expect-error the code step takes `mfaToken`, not `token`
    await api.POST('/api/v1/auth/mfa/verify', { body: { token: content.mfaToken, code: code() } });
    const verified = await api.POST('/api/v1/auth/mfa/verify', { body: { mfaToken: content.mfaToken, code: code() } });
    if (!verified.data) throw new Error(verified.error?.msg);
    content = verified.data.content;
  }
  if ('mfaRequired' in content) throw new Error('the code step answers a session');
  // @ts-expect-error the role is one of the five, never a free string
  const role: 'customer' = content['user-role'];
  const health = await api.GET('/api/health');
  const up: 'up' | undefined = health.data?.content.db;
  return `${content.token} ${role} ${up}`;
}

/** SME: its dashboard. */
export async function smeCredit(token: string): Promise<number> {
  const { data, error } = await api.GET('/api/v1/sme/dashboard', { headers: bearer(token) });
  const refusal: ErrorEnvelope | undefined = error;
  if (!data) throw new Error(refusal?.msg);
  const dashboard: SmeDashboard = data.content;
  // @ts-expect-error the credit has `available`, not `remaining`
  const remaining: number = dashboard.credit.remaining;
  return dashboard.credit.available + remaining;
}

/** Supplier: accept a waiting order. */
export async function supplierAccept(token: string, orderId: string): Promise<number> {
  const { data } = await api.POST('/api/v1/provider/order/accept', { headers: bearer(token), body: { orderId } });
  // @ts-expect-error the order to accept is named by `orderId`
  await api.POST('/api/v1/provider/order/accept', { headers: bearer(token), body: { id: orderId } });
  return data?.content.order.status ?? 0;
}

/** Admin: an SME's profile, by its id in the path. */
export async function adminSmeLevel(token: string, id: string): Promise<number> {
  const { data } = await api.GET('/api/v1/admin/sme/show/{id}', { headers: bearer(token), params: { path: { id } } });
  // @ts-expect-error the path needs the SME's id
  await api.GET('/api/v1/admin/sme/show/{id}', { headers: bearer(token), params: { path: {} } });
  return data?.content.sme.level ?? 0;
}

/** Bank: pay the supplier of a verified invoice (below the threshold) or request the payout (at or above it). */
export async function bankPay(token: string, orderId: string): Promise<number> {
  const { data } = await api.POST('/api/v1/bank/order/pay', { headers: bearer(token), body: { orderId } });
  // @ts-expect-error the bank has no route of the admin's name
  await api.POST('/api/v1/bank/order/invoice/verify', { headers: bearer(token), body: { orderId } });
  if (data?.content.approval) return data.content.approval.status === 'pending' ? 5 : 0;
  return data?.content.order?.status ?? 0;
}

/** Bank: approve another bank user's payout request. */
export async function bankApprovePayout(token: string, approvalId: string): Promise<number> {
  const { data } = await api.POST('/api/v1/bank/approval/approve', { headers: bearer(token), body: { approvalId } });
  // @ts-expect-error a rejection needs its reason
  await api.POST('/api/v1/bank/approval/reject', { headers: bearer(token), body: { approvalId } });
  return data?.content.order.status ?? 0;
}

/** Insurance: the SMEs waiting in the company's queue. */
export async function insuranceQueue(token: string): Promise<number> {
  const { data } = await api.GET('/api/v1/insurance/queue/counts', { headers: bearer(token) });
  // @ts-expect-error an insurer's queue counts SMEs only
  const providers: number = data?.content.providers ?? 0;
  return (data?.content.smes ?? 0) + providers;
}
