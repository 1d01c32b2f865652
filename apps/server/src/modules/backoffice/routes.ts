// The admin, bank and insurance calls of part 2 §7 (lists, profiles, logs, decisions, settings).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoriesResponse,
  categoryCreateRequest,
  categoryResponse,
  categoryUpdateRequest,
  decisionResponse,
  errorEnvelope,
  idParams,
  insuranceOrderRequest,
  insuranceOrderResponse,
  insuranceRejectRequest,
  insuranceVerifyRequest,
  logsResponse,
  outboxQuery,
  outboxResponse,
  partyListQuery,
  providerListResponse,
  providerProfileResponse,
  providerRejectRequest,
  providerVerifyRequest,
  shareRateRequest,
  shareRateResponse,
  signupCodeUpdateRequest,
  signupCodesResponse,
  smeActivateRequest,
  smeListResponse,
  smeProfileResponse,
  smeRejectRequest,
  smeVerifyRequest,
} from '@qist/domain';
import { principalOf } from '../../plugins/access.js';
import type { OnboardingService } from '../onboarding/service.js';
import type { BackofficeService } from './service.js';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
const security = [{ bearerAuth: [] }];

export const backofficeRoutes: FastifyPluginAsyncZod<{ backoffice: BackofficeService; onboarding: OnboardingService }> = async (
  app,
  { backoffice, onboarding },
) => {
  // ---- SMEs: lists, profiles and the decisions of each role at its level
  for (const role of ['admin', 'bank', 'insurance'] as const) {
    const config = { access: [role] as const };
    const tags = [`${role} SMEs`];

    app.get(
      `/${role}/sme/list`,
      { config, schema: { tags, security, summary: "SMEs (insurance: its queue and its decisions)", querystring: partyListQuery, response: { 200: smeListResponse, ...errors } } },
      async (request) => ({ status: true as const, content: await backoffice.listSmes(principalOf(request), request.query) }),
    );

    app.get(
      `/${role}/sme/show/:id`,
      { config, schema: { tags, security, summary: 'An SME profile', params: idParams, response: { 200: smeProfileResponse, ...errors } } },
      async (request) => {
        // The row that says this principal may see the SME is the one its profile is made of.
        const sme = await backoffice.visibleSme(principalOf(request), request.params.id);
        return { status: true as const, content: { sme: await onboarding.smeProfile(sme.userId, sme) } };
      },
    );

    app.get(
      `/${role}/sme/log/list/:id`,
      { config, schema: { tags, security, summary: "An SME's verification timeline, oldest first", params: idParams, response: { 200: logsResponse, ...errors } } },
      async (request) => {
        const userId = await backoffice.smeUserId(principalOf(request), request.params.id);
        return { status: true as const, content: { logs: await onboarding.listLogs(userId) } };
      },
    );
  }

  const decision = (summary: string) => ({ security, summary, response: { 200: decisionResponse, ...errors } });

  for (const role of ['admin', 'bank'] as const) {
    const config = { access: [role] as const };
    const tags = [`${role} SMEs`];
    const level = role === 'admin' ? '4 → 5' : '5 → 6';
    app.post(
      `/${role}/sme/verify`,
      { config, schema: { tags, ...decision(`Verify an SME (level ${level})`), body: smeVerifyRequest } },
      async (request) => ({ status: true as const, content: await backoffice.verifySme(principalOf(request), request.body) }),
    );
    app.post(
      `/${role}/sme/reject`,
      { config, schema: { tags, ...decision('Reject an SME: to -2 (edit and resubmit), or -1 when full'), body: smeRejectRequest } },
      async (request) => ({ status: true as const, content: await backoffice.rejectSme(principalOf(request), request.body) }),
    );
  }

  app.post(
    '/insurance/sme/verify',
    { config: { access: ['insurance'] }, schema: { tags: ['insurance SMEs'], ...decision('Grant credit to the SME in this company\'s queue (6 → 7)'), body: insuranceVerifyRequest } },
    async (request) => ({ status: true as const, content: await backoffice.insuranceVerify(principalOf(request), request.body) }),
  );
  app.post(
    '/insurance/sme/reject',
    {
      config: { access: ['insurance'] },
      schema: { tags: ['insurance SMEs'], ...decision('Reject (-2), or decline in full: the next company gets the SME, -6 when none is left'), body: insuranceRejectRequest },
    },
    async (request) => ({ status: true as const, content: await backoffice.insuranceReject(principalOf(request), request.body) }),
  );
  app.post(
    '/admin/sme/active',
    { config: { access: ['admin'] }, schema: { tags: ['admin SMEs'], ...decision('Set the instalment plan and activate the SME (7 → 8)'), body: smeActivateRequest } },
    async (request) => ({ status: true as const, content: await backoffice.activateSme(principalOf(request), request.body) }),
  );

  // ---- suppliers
  const adminOnly = { access: ['admin'] as const };
  app.get(
    '/admin/provider/list',
    { config: adminOnly, schema: { tags: ['admin suppliers'], security, querystring: partyListQuery, response: { 200: providerListResponse, ...errors } } },
    async (request) => ({ status: true as const, content: await backoffice.listProviders(request.query) }),
  );
  app.get(
    '/admin/provider/show/:id',
    { config: adminOnly, schema: { tags: ['admin suppliers'], security, params: idParams, response: { 200: providerProfileResponse, ...errors } } },
    async (request) => ({
      status: true as const,
      content: { provider: await onboarding.providerProfile(await backoffice.providerUserId(request.params.id)) },
    }),
  );
  app.get(
    '/admin/provider/log/list/:id',
    { config: adminOnly, schema: { tags: ['admin suppliers'], security, params: idParams, response: { 200: logsResponse, ...errors } } },
    async (request) => ({
      status: true as const,
      content: { logs: await onboarding.listLogs(await backoffice.providerUserId(request.params.id)) },
    }),
  );
  app.post(
    '/admin/provider/verify',
    { config: adminOnly, schema: { tags: ['admin suppliers'], ...decision('Verify a supplier with its discount rate (4 → 5)'), body: providerVerifyRequest } },
    async (request) => ({ status: true as const, content: await backoffice.verifyProvider(principalOf(request), request.body) }),
  );
  app.post(
    '/admin/provider/reject',
    { config: adminOnly, schema: { tags: ['admin suppliers'], ...decision('Reject a supplier: -2, or -1 when full'), body: providerRejectRequest } },
    async (request) => ({ status: true as const, content: await backoffice.rejectProvider(principalOf(request), request.body) }),
  );

  // ---- settings
  const settings = { tags: ['admin settings'], security };
  for (const url of ['/admin/categories/list', '/admin/category']) {
    app.get(url, { config: adminOnly, schema: { ...settings, response: { 200: categoriesResponse, ...errors } } }, async () => ({
      status: true as const,
      content: { categories: await backoffice.listCategories() },
    }));
  }
  app.post(
    '/admin/category',
    { config: adminOnly, schema: { ...settings, summary: 'Create an industry', body: categoryCreateRequest, response: { 200: categoryResponse, ...errors } } },
    async (request) => ({ status: true as const, content: { category: await backoffice.createCategory(request.body) } }),
  );
  app.put(
    '/admin/category',
    { config: adminOnly, schema: { ...settings, summary: 'Edit an industry', body: categoryUpdateRequest, response: { 200: categoryResponse, ...errors } } },
    async (request) => ({ status: true as const, content: { category: await backoffice.updateCategory(request.body) } }),
  );
  app.get(
    '/admin/bank/share-rate',
    { config: adminOnly, schema: { ...settings, summary: "The bank's share of supplier discounts", response: { 200: shareRateResponse, ...errors } } },
    async () => ({ status: true as const, content: await backoffice.shareRate() }),
  );
  app.put(
    '/admin/bank/share-rate',
    { config: adminOnly, schema: { ...settings, body: shareRateRequest, response: { 200: shareRateResponse, ...errors } } },
    async (request) => ({ status: true as const, content: await backoffice.setShareRate(request.body.rate) }),
  );
  app.get(
    '/admin/insurance/order',
    { config: adminOnly, schema: { ...settings, summary: 'Insurance companies in priority order', response: { 200: insuranceOrderResponse, ...errors } } },
    async () => ({ status: true as const, content: await backoffice.insuranceOrder() }),
  );
  app.post(
    '/admin/insurance/order',
    { config: adminOnly, schema: { ...settings, summary: 'Reorder the insurance companies', body: insuranceOrderRequest, response: { 200: insuranceOrderResponse, ...errors } } },
    async (request) => ({ status: true as const, content: await backoffice.setInsuranceOrder(request.body.insuranceList) }),
  );
  app.get(
    '/admin/signup-codes',
    { config: adminOnly, schema: { ...settings, summary: 'The sign-up codes of SMEs and suppliers', response: { 200: signupCodesResponse, ...errors } } },
    async () => ({ status: true as const, content: await backoffice.signupCodes() }),
  );
  app.put(
    '/admin/signup-codes',
    { config: adminOnly, schema: { ...settings, summary: "Change a role's sign-up code", body: signupCodeUpdateRequest, response: { 200: signupCodesResponse, ...errors } } },
    async (request) => ({ status: true as const, content: await backoffice.setSignupCode(request.body.role, request.body.code) }),
  );
  app.get(
    '/admin/outbox/list',
    { config: adminOnly, schema: { tags: ['admin outbox'], security, summary: 'Messages sent or kept in the demo outbox', querystring: outboxQuery, response: { 200: outboxResponse, ...errors } } },
    async (request) => ({ status: true as const, content: await backoffice.outbox(request.query.page, request.query.perPage) }),
  );
};
