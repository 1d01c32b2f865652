// Who may call what, generated: every /api route of the OpenAPI document × every caller, checked
// against the explicit table below, plus every route that takes another party's object (a profile
// id, a document file name, a doc id, an SME's timeline) asked for each party's object.
//
// The policy encoded here:
// (1) a party sees only its own onboarding data (documents, timeline, profile) and deletes only its own documents;
// (2) a document file is served to exactly the parties that may see its owner's profile: the owner;
//     admin for every SME and supplier; bank for the SMEs the admin passed (level 5 on) and those it
//     rejected at its step (not SMEs still before the admin, not suppliers' KYC files); an insurance
//     user only for the SMEs in its queue (level 6 and its company is the first by priority that has
//     not declined) or the SMEs it has decided on — not other SMEs and not suppliers;
// (3) the same visibility for the back-office profile and timeline routes;
// (4) unknown routes answer 404 in the envelope; HEAD on a GET with side effects answers 405 and acts not.
//
// EXPECTED TO FAIL until the server is fixed (the security review's findings; 19 cells on commit 1024cee):
// - policy (2): the file route serves every file to every back-office role, so the cells where bank
//   asks for a supplier's file and where either insurance caller asks for a file outside its queue
//   and its decisions answer 200 instead of 404;
// - HEAD on GET /api/v1/{sme,provider}/email/resend runs the handler and issues a code.
// (5) an activated SME sees verified suppliers' business cards (the marketplace), never their files or
//     timeline, and never an unverified supplier; its orders and payments are its own (foreign ids 404);
// (6) an invoice file is served to its order's SME and supplier, the admin and the bank (the
//     fulfilment tests check each); a verified supplier sees its own orders that reached it (from waiting on, declined ones kept).
// (7) a payment receipt is its SME's (and the admin's and the bank's), a remittance advice its order's
//     supplier's; either is not found for anyone else, as an unknown one is (receipts.test.ts checks each).
// Policy (3) is checked by the "back-office profiles and timelines" cells, from both insurance
// companies' side (a visibility of "every SME at level 6" fails them); they pass on 1024cee.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACK_OFFICE_ROLES, MESSAGES, ROLES, type BackOfficeRole, type Role } from '@qist/domain';
import { uploadsDir } from '../../src/config.js';
import { documents, outboxMessages, verificationCodes } from '../../src/db/schema/index.js';
import { signLink } from '../../src/lib/signed-links.js';
import { createLocalStorage } from '../../src/modules/files/storage.js';
import { bearer, createAccount, loginAs, useTestApp } from '../helpers.js';
import {
  CALLERS,
  PARTY_NAMES,
  ROLE_OF,
  buildWorld,
  expectEnvelope,
  expectNoForeignData,
  expectRefusal,
  foreignMarkers,
  kindOf,
  maySee,
  type Caller,
  type PartyName,
  type World,
} from './support.js';

const ctx = useTestApp();
let world: World;

beforeAll(async () => {
  world = await buildWorld(ctx);
});

type Access = 'public' | readonly Role[];
type Json = Record<string, unknown>;

interface Rule {
  access: Access;
  /** The body every caller sends: `{}` where the route takes one, so an admitted call fails validation and changes nothing. */
  payload?: Json;
  /** The URL of a route with path parameters (or a query), for this caller. */
  url?: (w: World, caller: Caller) => string;
  /** The status an admitted caller gets (default 200). */
  admitted?: number | ((caller: Caller) => number);
  /** What an admitted caller's answer must also show. */
  check?: (body: any, caller: Caller, w: World) => void;
  /** Each cell signs in afresh (the call ends its session). */
  freshSession?: true;
  /** The answer is the marketplace: a verified supplier's business card (email, id, company title), never its files or timeline. */
  showsSupplierCard?: true;
}

const ADMIN = ['admin'] as const;
const UNKNOWN_ID = '0b5f2a8e-3c1d-4e7f-9a6b-2d4c8e1f3a5b';
const filePath = (party: PartyName, kind = kindOf(party)) => `/api/v1/pub/${kind}/doc/file/${world.parties[party].doc.fileName}`;
const partyOfCaller = (caller: Caller) => world.parties[caller as PartyName];

function onboardingRules(kind: 'sme' | 'provider'): Record<string, Rule> {
  const access = [kind] as const;
  const base = `/api/v1/${kind}`;
  return {
    [`GET ${base}/email/resend`]: { access, admitted: 409 },
    [`POST ${base}/email/validate`]: { access, payload: {}, admitted: 400 },
    [`POST ${base}/phone/add`]: { access, payload: {}, admitted: 400 },
    [`POST ${base}/phone/validate`]: { access, payload: {}, admitted: 400 },
    [`POST ${base}/info/add`]: { access, payload: {}, admitted: 400 },
    [`GET ${base}/categories/list`]: { access },
    // Not multipart: refused before any file is read.
    [`POST ${base}/doc/upload`]: { access, payload: {}, admitted: 400 },
    [`DELETE ${base}/doc/upload`]: { access, payload: {}, admitted: 400 },
    [`GET ${base}/doc/list`]: {
      access,
      check: (body, caller) => expect(body.content.docs.map((d: { file: string }) => d.file)).toContain(partyOfCaller(caller).doc.fileName),
    },
    // Verified parties are past this step; the early ones still miss 'Article of association'.
    [`POST ${base}/doc/confirm`]: { access, admitted: (caller) => (caller.endsWith('Early') ? 400 : 409) },
    [`GET ${base}/log/list`]: {
      access,
      check: (body, caller) => expect(body.content.logs.map((l: { desc: string }) => l.desc)).toContain(partyOfCaller(caller).logDesc),
    },
    [`GET ${base}/profile/get`]: {
      access,
      check: (body, caller) => expect(body.content[kind].auth_id.email).toBe(partyOfCaller(caller).account.email),
    },
  };
}

/** An SME the caller may see: smeDeclined is in the second insurer's queue and decided on by the first. */
const visibleSme = (w: World) => w.parties.smeDeclined;

function backOfficeSmeRules(role: 'admin' | 'bank' | 'insurance'): Record<string, Rule> {
  const access = [role] as const;
  return {
    [`GET /api/v1/${role}/sme/list`]: {
      access,
      url: () => `/api/v1/${role}/sme/list?perPage=100`,
      check: (body, caller, w) =>
        expect(body.content.smes.map((s: { _id: string }) => s._id)).toEqual(
          expect.arrayContaining(PARTY_NAMES.filter((p) => kindOf(p) === 'sme' && maySee(caller, p)).map((p) => w.parties[p].profileId)),
        ),
    },
    [`GET /api/v1/${role}/sme/show/{id}`]: {
      access,
      url: (w) => `/api/v1/${role}/sme/show/${visibleSme(w).profileId}`,
      check: (body, _caller, w) => expect(body.content.sme.auth_id.email).toBe(visibleSme(w).account.email),
    },
    [`GET /api/v1/${role}/sme/log/list/{id}`]: {
      access,
      url: (w) => `/api/v1/${role}/sme/log/list/${visibleSme(w).profileId}`,
      check: (body, _caller, w) => expect(body.content.logs.map((l: { desc: string }) => l.desc)).toContain(visibleSme(w).logDesc),
    },
  };
}

/** THE TABLE: every /api route of the OpenAPI document (and /metrics), who may call it and what an admitted call answers. */
const ROUTES: Record<string, Rule> = {
  'GET /api/health': { access: 'public' },
  // Outside the sessions: the operator's METRICS_TOKEN only. Unset here, so it answers as an unknown route
  // does, whoever calls (metrics.test.ts checks the token's 401 and 200).
  'GET /metrics': { access: 'public', admitted: 404 },
  'POST /api/v1/auth/register': { access: 'public', payload: {}, admitted: 400 },
  'POST /api/v1/auth/login': { access: 'public', payload: {}, admitted: 400 },
  'POST /api/v1/auth/logout': { access: ROLES, freshSession: true },
  'GET /api/v1/auth/me': {
    access: ROLES,
    check: (body, caller, w) => expect(body.content.user.auth_id.email).toBe(w.accounts[caller as Exclude<Caller, 'anonymous'>].email),
  },
  // Any signed-in role sets its own language; an empty body is refused by the schema and changes nothing.
  'PUT /api/v1/auth/language': { access: ROLES, payload: {}, admitted: 400 },
  // Passwords: an empty body is refused by the schema, so no link is sent and no password changes.
  'POST /api/v1/auth/password/forgot': { access: 'public', payload: {}, admitted: 400 },
  'POST /api/v1/auth/password/reset': { access: 'public', payload: {}, admitted: 400 },
  'POST /api/v1/auth/password/change': { access: ROLES, payload: {}, admitted: 400 },
  'POST /api/v1/auth/password/set': { access: 'public', payload: {}, admitted: 400 },
  // Two-step sign-in: an empty body is refused by the schema. Back-office callers have it on
  // already (their role needs it), so a new set-up is refused; SMEs and suppliers may start one.
  'POST /api/v1/auth/mfa/verify': { access: 'public', payload: {}, admitted: 400 },
  'POST /api/v1/auth/mfa/setup': {
    access: ROLES,
    admitted: (caller) => (caller !== 'anonymous' && BACK_OFFICE_ROLES.includes(ROLE_OF[caller] as BackOfficeRole) ? 409 : 200),
    check: (body) => expect(body.content.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Qist:/),
  },
  'POST /api/v1/auth/mfa/enable': { access: ROLES, payload: {}, admitted: 400 },
  'POST /api/v1/auth/mfa/disable': { access: ROLES, payload: {}, admitted: 400 },
  'POST /api/v1/ads/form/register': { access: 'public', payload: {}, admitted: 400 },
  'GET /api/v1/admin/form/list': { access: ADMIN },
  ...onboardingRules('sme'),
  ...onboardingRules('provider'),
  // Public at the gate; the handler decides (policy 2). The file here is the active SME's.
  'GET /api/v1/pub/{kind}/doc/file/{file}': {
    access: 'public',
    url: () => filePath('sme'),
    admitted: (caller) => (caller === 'anonymous' ? 401 : maySee(caller, 'sme') ? 200 : 404),
  },
  ...backOfficeSmeRules('admin'),
  ...backOfficeSmeRules('bank'),
  ...backOfficeSmeRules('insurance'),
  'POST /api/v1/admin/sme/verify': { access: ADMIN, payload: {}, admitted: 400 },
  'POST /api/v1/admin/sme/reject': { access: ADMIN, payload: {}, admitted: 400 },
  'POST /api/v1/bank/sme/verify': { access: ['bank'], payload: {}, admitted: 400 },
  'POST /api/v1/bank/sme/reject': { access: ['bank'], payload: {}, admitted: 400 },
  'POST /api/v1/insurance/sme/verify': { access: ['insurance'], payload: {}, admitted: 400 },
  'POST /api/v1/insurance/sme/reject': { access: ['insurance'], payload: {}, admitted: 400 },
  'POST /api/v1/admin/sme/active': { access: ADMIN, payload: {}, admitted: 400 },
  'GET /api/v1/admin/provider/list': {
    access: ADMIN,
    url: () => '/api/v1/admin/provider/list?perPage=100',
    check: (body, _caller, w) =>
      expect(body.content.providers.map((p: { _id: string }) => p._id)).toEqual(expect.arrayContaining([w.parties.provider.profileId, w.parties.providerEarly.profileId])),
  },
  'GET /api/v1/admin/provider/show/{id}': {
    access: ADMIN,
    url: (w) => `/api/v1/admin/provider/show/${w.parties.provider.profileId}`,
    check: (body, _caller, w) => expect(body.content.provider.auth_id.email).toBe(w.parties.provider.account.email),
  },
  'GET /api/v1/admin/provider/log/list/{id}': {
    access: ADMIN,
    url: (w) => `/api/v1/admin/provider/log/list/${w.parties.provider.profileId}`,
    check: (body, _caller, w) => expect(body.content.logs.map((l: { desc: string }) => l.desc)).toContain(w.parties.provider.logDesc),
  },
  'POST /api/v1/admin/provider/verify': { access: ADMIN, payload: {}, admitted: 400 },
  'POST /api/v1/admin/provider/reject': { access: ADMIN, payload: {}, admitted: 400 },
  'GET /api/v1/admin/categories/list': { access: ADMIN },
  'GET /api/v1/admin/category': { access: ADMIN },
  'POST /api/v1/admin/category': { access: ADMIN, payload: {}, admitted: 400 },
  'PUT /api/v1/admin/category': { access: ADMIN, payload: {}, admitted: 400 },
  'GET /api/v1/admin/bank/share-rate': { access: ADMIN },
  'PUT /api/v1/admin/bank/share-rate': { access: ADMIN, payload: {}, admitted: 400 },
  // The bank reads the payout approval threshold (its order page offers Pay or Request payout by it).
  'GET /api/v1/admin/payout/approval-threshold': { access: ['admin', 'bank'], check: (body) => expect(body.content.threshold).toBeGreaterThanOrEqual(0) },
  'PUT /api/v1/admin/payout/approval-threshold': { access: ADMIN, payload: {}, admitted: 400 },
  'GET /api/v1/admin/insurance/order': { access: ADMIN },
  'POST /api/v1/admin/insurance/order': { access: ADMIN, payload: {}, admitted: 400 },
  // Back-office users: an empty body is refused by the schema, so nobody is invited, disabled or enabled.
  'GET /api/v1/admin/user/list': { access: ADMIN, check: (b) => expect(b.content.users.length).toBe(b.content.count) },
  'POST /api/v1/admin/user/invite': { access: ADMIN, payload: {}, admitted: 400 },
  'POST /api/v1/admin/user/disable': { access: ADMIN, payload: {}, admitted: 400 },
  'POST /api/v1/admin/user/enable': { access: ADMIN, payload: {}, admitted: 400 },
  'GET /api/v1/admin/signup-codes': { access: ADMIN },
  'PUT /api/v1/admin/signup-codes': { access: ADMIN, payload: {}, admitted: 400 },
  'GET /api/v1/admin/outbox/list': { access: ADMIN },
  'GET /api/v1/admin/audit/list': { access: ADMIN, check: (body) => expect(body.content).toEqual({ events: expect.any(Array), count: expect.any(Number) }) },
  'GET /api/v1/admin/audit/export': { access: ADMIN },
  // What waits for each role, counted as its lists count (the menu badges).
  'GET /api/v1/admin/queue/counts': {
    access: ADMIN,
    // smeAdminReview (SMEs) and nothing else at level 4 or at status 4
    check: (body) => expect(body.content).toEqual({ smes: 1, providers: 0, invoices: 0 }),
  },
  'GET /api/v1/bank/queue/counts': { access: ['bank'], check: (body) => expect(body.content).toEqual({ smes: 1, payouts: 0 }) },
  'GET /api/v1/insurance/queue/counts': {
    access: ['insurance'],
    // the first company's queue is smeQueue; smeDeclined is the second's turn
    check: (body) => expect(body.content).toEqual({ smes: 1 }),
  },
  // Orders and payments: suppliers are shown to activated SMEs only; the early SME is refused.
  'GET /api/v1/sme/provider/list': {
    access: ['sme'],
    admitted: (caller) => (caller === 'smeEarly' ? 403 : 200),
    showsSupplierCard: true,
    check: (body, _caller, w) => expect(body.content.providers.map((p: { _id: string }) => p._id)).toContain(w.parties.provider.profileId),
  },
  'GET /api/v1/sme/provider/show/{id}': {
    access: ['sme'],
    url: (w) => `/api/v1/sme/provider/show/${w.parties.provider.profileId}`,
    admitted: (caller) => (caller === 'smeEarly' ? 403 : 200),
    showsSupplierCard: true,
    check: (body, _caller, w) => expect(body.content.provider.auth_id.email).toBe(w.parties.provider.account.email),
  },
  'POST /api/v1/sme/order/create': { access: ['sme'], payload: {}, admitted: 400 },
  'POST /api/v1/sme/order/cancel': { access: ['sme'], payload: {}, admitted: 400 },
  'GET /api/v1/sme/invoice/list': { access: ['sme'], check: (body) => expect(body.content).toMatchObject({ invoices: [], count: 0 }) },
  'GET /api/v1/sme/order/list': { access: ['sme'], check: (body) => expect(body.content).toMatchObject({ orders: [], count: 0 }) },
  'GET /api/v1/sme/order/show/{id}': { access: ['sme'], url: () => `/api/v1/sme/order/show/${UNKNOWN_ID}`, admitted: 404 },
  'POST /api/v1/sme/pay/init': { access: ['sme'], payload: {}, admitted: 400 },
  'POST /api/v1/sme/pay/installment': { access: ['sme'], payload: {}, admitted: 400 },
  'POST /api/v1/sme/pay/verify': { access: ['sme'], payload: {}, admitted: 400 },
  'GET /api/v1/pub/config': { access: 'public', check: (body) => expect(body.content).toEqual({ currency: 'USD', minorUnit: 2 }) },
  // Public at the gate; without the gateway's signature nothing is read.
  'POST /api/v1/pub/gateway/callback': { access: 'public', payload: {}, admitted: 401 },
  // Public at the gate; here the sandbox is the gateway, so MyFatoorah's webhook is refused for everyone.
  'POST /api/v1/pub/gateway/myfatoorah/webhook': { access: 'public', payload: {}, admitted: 403 },
  'GET /api/v1/pub/gateway/sandbox/{transactionId}': { access: 'public', url: () => '/api/v1/pub/gateway/sandbox/sbx_no_such_transaction_here', admitted: 404 },
  'POST /api/v1/pub/gateway/sandbox/complete': { access: 'public', payload: {}, admitted: 400 },
  'GET /api/v1/admin/ledger/balances': { access: ADMIN, check: (body) => expect(body.content.total).toBe(0) },
  'GET /api/v1/admin/payment/anomaly/list': { access: ADMIN, check: (body) => expect(body.content).toEqual({ anomalies: [], count: 0 }) },
  'GET /api/v1/admin/refund/list': { access: ADMIN, check: (body) => expect(body.content).toEqual({ refunds: [], count: 0 }) },
  'GET /api/v1/admin/reconciliation': {
    access: ADMIN,
    url: () => '/api/v1/admin/reconciliation?date=2020-01-01',
    check: (body) => expect(body.content).toMatchObject({ date: '2020-01-01', matched: 0, differences: 0, missingInLedger: [], reviewed: null }),
  },
  // An empty body is refused by the schema: nothing is marked.
  'POST /api/v1/admin/reconciliation/review': { access: ADMIN, payload: {}, admitted: 400 },
  'POST /api/v1/admin/refund/retry': { access: ADMIN, payload: {}, admitted: 400 },
  // Fulfilment: a supplier takes orders once verified; the early one is refused.
  'GET /api/v1/provider/order/list': { access: ['provider'], admitted: (caller) => (caller === 'providerEarly' ? 403 : 200) },
  'GET /api/v1/provider/order/show/{id}': {
    access: ['provider'],
    url: () => `/api/v1/provider/order/show/${UNKNOWN_ID}`,
    admitted: (caller) => (caller === 'providerEarly' ? 403 : 404),
  },
  'POST /api/v1/provider/order/accept': { access: ['provider'], payload: {}, admitted: 400 },
  'POST /api/v1/provider/order/decline': { access: ['provider'], payload: {}, admitted: 400 },
  'POST /api/v1/provider/order/delivered': { access: ['provider'], payload: {}, admitted: 400 },
  // Not multipart: refused before anything is read.
  'POST /api/v1/provider/order/invoice/upload': { access: ['provider'], payload: {}, admitted: 400 },
  ...Object.fromEntries(
    (['admin', 'bank', 'insurance'] as const).flatMap((role) => [
      [`GET /api/v1/${role}/order/list`, { access: [role] }],
      [`GET /api/v1/${role}/order/show/{id}`, { access: [role], url: () => `/api/v1/${role}/order/show/${UNKNOWN_ID}`, admitted: 404 }],
    ]),
  ),
  'GET /api/v1/admin/installment/list': { access: ADMIN },
  'GET /api/v1/admin/installment/export': { access: ADMIN },
  'GET /api/v1/admin/sme/export': { access: ADMIN },
  'GET /api/v1/bank/sme/export': { access: ['bank'] },
  'GET /api/v1/insurance/sme/export': { access: ['insurance'] },
  'GET /api/v1/admin/provider/export': { access: ADMIN },
  'GET /api/v1/admin/form/export': { access: ADMIN },
  'GET /api/v1/bank/installment/export': { access: ['bank'] },
  'GET /api/v1/admin/order/export': { access: ADMIN },
  'GET /api/v1/bank/order/export': { access: ['bank'] },
  'GET /api/v1/insurance/order/export': { access: ['insurance'] },
  // Dashboards: each role its own; the early parties' are empty, the supplier's refused until verified.
  'GET /api/v1/sme/dashboard': { access: ['sme'], check: (body) => expect(body.content.credit.limit).toBeGreaterThanOrEqual(0) },
  'GET /api/v1/provider/dashboard': { access: ['provider'], check: (body) => expect(body.content.toAccept).toBe(0) },
  'GET /api/v1/admin/dashboard': { access: ADMIN },
  'GET /api/v1/bank/dashboard': { access: ['bank'] },
  'GET /api/v1/insurance/dashboard': { access: ['insurance'] },
  'GET /api/v1/bank/installment/list': { access: ['bank'] },
  'POST /api/v1/admin/order/invoice/verify': { access: ADMIN, payload: {}, admitted: 400 },
  'POST /api/v1/bank/order/pay': { access: ['bank'], payload: {}, admitted: 400 },
  'GET /api/v1/bank/approval/list': { access: ['bank'] },
  'POST /api/v1/bank/approval/approve': { access: ['bank'], payload: {}, admitted: 400 },
  'POST /api/v1/bank/approval/reject': { access: ['bank'], payload: {}, admitted: 400 },
  // Receipts and remittance advice (issue 19): an unknown order's document is not found for whoever may ask.
  ...Object.fromEntries(
    (['sme', 'admin', 'bank'] as const).map((role) => [
      `GET /api/v1/${role}/order/receipt/{orderId}/{installment}`,
      { access: [role], url: () => `/api/v1/${role}/order/receipt/${UNKNOWN_ID}/1`, admitted: 404 },
    ]),
  ),
  'GET /api/v1/provider/order/remittance/{orderId}': { access: ['provider'], url: () => `/api/v1/provider/order/remittance/${UNKNOWN_ID}`, admitted: 404 },
  // Public at the gate; the handler admits the order's parties, the admin and the bank (policy 6).
  'GET /api/v1/pub/order/invoice/file/{file}': {
    access: 'public',
    url: () => `/api/v1/pub/order/invoice/file/${UNKNOWN_ID}.pdf`,
    admitted: (caller) => (caller === 'anonymous' ? 401 : 404),
  },
};

function isAdmitted(access: Access, caller: Caller): boolean {
  if (access === 'public') return true;
  return caller !== 'anonymous' && access.includes(ROLE_OF[caller]);
}

async function headersFor(caller: Caller, fresh: boolean): Promise<Record<string, string>> {
  if (caller === 'anonymous') return {};
  return fresh ? bearer(await loginAs(ctx.app, world.accounts[caller])) : world.headers[caller];
}

describe('the table and the OpenAPI document', () => {
  it('list the same routes: a new route must be placed in the matrix, a removed one taken out', () => {
    const paths = (ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const documented = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/') || path === '/metrics')
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    const table = Object.keys(ROUTES);
    expect({ missingFromTable: documented.filter((r) => !table.includes(r)), goneFromApi: table.filter((r) => !documented.includes(r)) }).toEqual({
      missingFromTable: [],
      goneFromApi: [],
    });
  });
});

const routeCells = Object.entries(ROUTES).flatMap(([route, rule]) => CALLERS.map((caller) => [route, caller, rule] as const));

describe('every route × every caller', () => {
  it.each(routeCells)('%s by %s', async (route, caller, rule) => {
    const [method, path] = route.split(' ') as [string, string];
    const headers = await headersFor(caller, rule.freshSession === true);
    const response = await ctx.app.inject({
      method: method as 'GET',
      url: rule.url ? rule.url(world, caller) : path,
      headers,
      ...(rule.payload ? { payload: rule.payload } : {}),
    });
    if (!isAdmitted(rule.access, caller)) {
      if (caller === 'anonymous') expectRefusal(response, 401, MESSAGES.loginRequired);
      else expectRefusal(response, 403, MESSAGES.forbidden);
      return;
    }
    const expected = typeof rule.admitted === 'function' ? rule.admitted(caller) : (rule.admitted ?? 200);
    expect({ status: response.statusCode, body: response.body.slice(0, 300) }).toMatchObject({ status: expected });
    const card = world.parties.provider;
    const cardMarkers = rule.showsSupplierCard ? [card.account.email, card.profileId, card.companyTitle] : [];
    expectNoForeignData(response, foreignMarkers(world, caller).filter(({ marker }) => !cardMarkers.includes(marker)));
    if (String(response.headers['content-type']).startsWith('application/json')) expectEnvelope(response);
    if (expected === 200 && rule.check) rule.check(response.json(), caller, world);
    if (rule.freshSession) {
      const after = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers });
      expectRefusal(after, 401, MESSAGES.sessionExpired);
    }
  });
});

const fileCells = PARTY_NAMES.flatMap((owner) => CALLERS.map((caller) => [owner, caller] as const));

describe('document files (policy 2)', () => {
  it.each(fileCells)("the file of %s asked for by %s", async (owner, caller) => {
    const doc = world.parties[owner].doc;
    const response = await ctx.app.inject({ method: 'GET', url: filePath(owner), headers: world.headers[caller] });
    if (caller === 'anonymous') {
      expectRefusal(response, 401, MESSAGES.loginRequired);
    } else if (maySee(caller, owner)) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(doc.mime);
      expect(response.rawPayload.equals(doc.bytes)).toBe(true);
    } else {
      expect({ status: response.statusCode, served: response.rawPayload.includes(doc.bytes) }).toEqual({ status: 404, served: false });
      expectRefusal(response, 404, MESSAGES.fileNotFound);
    }
  });

  const isCaller = (name: string): name is Caller => (CALLERS as readonly string[]).includes(name);
  const wrongKindCells = PARTY_NAMES.flatMap((owner) => ['admin', owner].filter(isCaller).map((caller) => [owner, caller] as const));
  it.each(wrongKindCells)("the file of %s under the other kind's path is not found, even for %s", async (owner, caller) => {
    const other = kindOf(owner) === 'sme' ? 'provider' : 'sme';
    const response = await ctx.app.inject({ method: 'GET', url: filePath(owner, other), headers: world.headers[caller] });
    expectRefusal(response, 404, MESSAGES.fileNotFound);
  });

  it('a signed link opens its own file only, and not after it expires', async () => {
    const own = signLink(filePath('sme'), ctx.config.sessionSecret);
    const ok = await ctx.app.inject({ method: 'GET', url: own });
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.equals(world.parties.sme.doc.bytes)).toBe(true);

    // The same signature on another party's file.
    const query = own.slice(own.indexOf('?'));
    const moved = await ctx.app.inject({ method: 'GET', url: `${filePath('smeQueue')}${query}` });
    expectRefusal(moved, 401, MESSAGES.loginRequired);

    const expired = signLink(filePath('sme'), ctx.config.sessionSecret, Date.now() - 3_600_000);
    expectRefusal(await ctx.app.inject({ method: 'GET', url: expired }), 401, MESSAGES.loginRequired);
  });
});

interface ObjectRoute {
  caller: 'admin' | 'bank' | 'insurance' | 'insurance2';
  kind: 'sme' | 'provider';
  what: 'show' | 'log/list';
}
const OBJECT_ROUTES: ObjectRoute[] = [
  ...(['admin', 'bank', 'insurance', 'insurance2'] as const).flatMap((caller) =>
    (['show', 'log/list'] as const).map((what) => ({ caller, kind: 'sme' as const, what })),
  ),
  { caller: 'admin', kind: 'provider', what: 'show' },
  { caller: 'admin', kind: 'provider', what: 'log/list' },
];
const objectCells = OBJECT_ROUTES.flatMap((r) =>
  PARTY_NAMES.map((target) => [`/api/v1/${ROLE_OF[r.caller]}/${r.kind}/${r.what}/{id}`, target, r.caller, r] as const),
);

describe('back-office profiles and timelines (policy 3)', () => {
  it.each(objectCells)('%s of %s asked for by %s', async (_route, target, caller, r) => {
    const party = world.parties[target];
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/${ROLE_OF[caller]}/${r.kind}/${r.what}/${party.profileId}`,
      headers: world.headers[caller],
    });
    if (kindOf(target) === r.kind && maySee(caller, target)) {
      expect({ status: response.statusCode, body: response.body.slice(0, 300) }).toMatchObject({ status: 200 });
      const content = (response.json() as { content: any }).content;
      if (r.what === 'show') expect(content[r.kind].auth_id.email).toBe(party.account.email);
      else expect(content.logs.map((l: { desc: string }) => l.desc)).toContain(party.logDesc);
    } else {
      expectRefusal(response, 404, r.kind === 'sme' ? MESSAGES.smeNotFound : MESSAGES.providerNotFound);
    }
    expectNoForeignData(response, foreignMarkers(world, caller));
  });
});

const deleteCells = (['sme', 'smeEarly', 'provider', 'providerEarly'] as const).flatMap((caller) =>
  PARTY_NAMES.filter((target) => target !== caller).map((target) => [caller, target] as const),
);

describe('deleting documents (policy 1)', () => {
  it.each(deleteCells)("%s cannot delete the document of %s", async (caller, target) => {
    const victim = world.parties[target].victimDoc;
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/${ROLE_OF[caller]}/doc/upload`,
      headers: world.headers[caller],
      payload: { docId: victim.id },
    });
    expectRefusal(response, 404, MESSAGES.documentNotFound);
    const rows = await ctx.db.select({ id: documents.id }).from(documents).where(eq(documents.id, victim.id));
    expect(rows).toHaveLength(1);
    expect(await createLocalStorage(uploadsDir(ctx.config)).read(victim.fileName)).not.toBeNull();
  });

  it.each(['sme', 'provider'] as const)('a verified %s cannot delete its own document any more', async (caller) => {
    const own = world.parties[caller].victimDoc;
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/${caller}/doc/upload`, headers: world.headers[caller], payload: { docId: own.id } });
    expectRefusal(response, 409, MESSAGES.documentsLocked);
    expect(await ctx.db.select({ id: documents.id }).from(documents).where(eq(documents.id, own.id))).toHaveLength(1);
  });

  it.each(['smeEarly', 'providerEarly'] as const)('%s deletes its own document, row and file', async (caller) => {
    const own = world.parties[caller].disposableDoc;
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/${ROLE_OF[caller]}/doc/upload`, headers: world.headers[caller], payload: { docId: own.id } });
    expect(response.json()).toEqual({ status: true, content: {} });
    expect(await ctx.db.select({ id: documents.id }).from(documents).where(eq(documents.id, own.id))).toHaveLength(0);
    expect(await createLocalStorage(uploadsDir(ctx.config)).read(own.fileName)).toBeNull();
  });
});

const UNKNOWN = [
  ['GET', '/api'],
  ['GET', '/api/v1/nothing-here'],
  ['POST', '/api/v1/sme/profile'],
  ['DELETE', '/api/v1/auth/me'],
  ['PATCH', '/api/v1/admin/category'],
  ['GET', '/api/v1/admin/sme/show'],
] as const;
const unknownCells = UNKNOWN.flatMap(([method, url]) => CALLERS.map((caller) => [method, url, caller] as const));

describe('unknown routes', () => {
  it.each(unknownCells)('%s %s by %s answers the 404 envelope', async (method, url, caller) => {
    const response = await ctx.app.inject({ method, url, headers: world.headers[caller], ...(method === 'GET' ? {} : { payload: {} }) });
    expectRefusal(response, 404, MESSAGES.notFound);
  });
});

describe('HEAD on a GET with side effects', () => {
  it.each(['sme', 'provider'] as const)('HEAD /api/v1/%s/email/resend answers 405 and sends no code', async (kind) => {
    const account = await createAccount(ctx.db, { role: kind, level: 0 });
    const headers = bearer(await loginAs(ctx.app, account));
    const response = await ctx.app.inject({ method: 'HEAD', url: `/api/v1/${kind}/email/resend`, headers });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const codes = await ctx.db.select().from(verificationCodes).where(and(eq(verificationCodes.userId, account.id), eq(verificationCodes.purpose, 'email')));
    expect(codes).toEqual([]);
    expect(await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, account.email))).toEqual([]);
  });
});
