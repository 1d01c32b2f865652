// /api/v1/admin/…: the admin's platform settings (industries, bank share rate, payout approval threshold, insurers' priority, sign-up codes).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoriesResponse,
  categoryCreateRequest,
  categoryResponse,
  categoryUpdateRequest,
  errorEnvelope,
  insuranceOrderRequest,
  insuranceOrderResponse,
  payoutThresholdRequest,
  payoutThresholdResponse,
  shareRateRequest,
  shareRateResponse,
  signupCodeUpdateRequest,
  signupCodesResponse,
} from '@qist/domain';
import { auditByOf } from '../audit/record.js';
import type { SettingsService } from './service.js';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
const security = [{ bearerAuth: [] }];

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (app, { settings }) => {
  const adminOnly = { access: ['admin'] as const };
  const docs = { tags: ['admin settings'], security };

  for (const url of ['/admin/categories/list', '/admin/category']) {
    app.get(url, { config: adminOnly, schema: { ...docs, response: { 200: categoriesResponse, ...errors } } }, async () => ({
      status: true as const,
      content: { categories: await settings.listCategories() },
    }));
  }
  app.post(
    '/admin/category',
    { config: adminOnly, schema: { ...docs, summary: 'Create an industry', body: categoryCreateRequest, response: { 200: categoryResponse, ...errors } } },
    async (request) => ({ status: true as const, content: { category: await settings.createCategory(request.body, auditByOf(request)) } }),
  );
  app.put(
    '/admin/category',
    { config: adminOnly, schema: { ...docs, summary: 'Edit an industry', body: categoryUpdateRequest, response: { 200: categoryResponse, ...errors } } },
    async (request) => ({ status: true as const, content: { category: await settings.updateCategory(request.body, auditByOf(request)) } }),
  );
  app.get(
    '/admin/bank/share-rate',
    { config: adminOnly, schema: { ...docs, summary: "The bank's share of supplier discounts", response: { 200: shareRateResponse, ...errors } } },
    async () => ({ status: true as const, content: await settings.shareRate() }),
  );
  app.put(
    '/admin/bank/share-rate',
    { config: adminOnly, schema: { ...docs, body: shareRateRequest, response: { 200: shareRateResponse, ...errors } } },
    async (request) => ({ status: true as const, content: await settings.setShareRate(request.body.rate, auditByOf(request)) }),
  );
  // The bank reads the threshold too: its order page offers Pay or Request payout by it.
  app.get(
    '/admin/payout/approval-threshold',
    {
      config: { access: ['admin', 'bank'] as const },
      schema: { ...docs, summary: 'The payout approval threshold (admin and bank)', response: { 200: payoutThresholdResponse, ...errors } },
    },
    async () => ({ status: true as const, content: await settings.payoutApprovalThreshold() }),
  );
  app.put(
    '/admin/payout/approval-threshold',
    { config: adminOnly, schema: { ...docs, summary: 'Set the payout approval threshold', body: payoutThresholdRequest, response: { 200: payoutThresholdResponse, ...errors } } },
    async (request) => ({ status: true as const, content: await settings.setPayoutApprovalThreshold(request.body.threshold, auditByOf(request)) }),
  );
  app.get(
    '/admin/insurance/order',
    { config: adminOnly, schema: { ...docs, summary: 'Insurance companies in priority order', response: { 200: insuranceOrderResponse, ...errors } } },
    async () => ({ status: true as const, content: await settings.insuranceOrder() }),
  );
  app.post(
    '/admin/insurance/order',
    { config: adminOnly, schema: { ...docs, summary: 'Reorder the insurance companies', body: insuranceOrderRequest, response: { 200: insuranceOrderResponse, ...errors } } },
    async (request) => ({ status: true as const, content: await settings.setInsuranceOrder(request.body.insuranceList, auditByOf(request)) }),
  );
  app.get(
    '/admin/signup-codes',
    { config: adminOnly, schema: { ...docs, summary: 'The sign-up codes of SMEs and suppliers', response: { 200: signupCodesResponse, ...errors } } },
    async () => ({ status: true as const, content: await settings.signupCodes() }),
  );
  app.put(
    '/admin/signup-codes',
    { config: adminOnly, schema: { ...docs, summary: "Change a role's sign-up code", body: signupCodeUpdateRequest, response: { 200: signupCodesResponse, ...errors } } },
    async (request) => ({ status: true as const, content: await settings.setSignupCode(request.body.role, request.body.code, auditByOf(request)) }),
  );
};
