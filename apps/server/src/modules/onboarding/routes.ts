// /api/v1/{sme|provider}/…: the onboarding calls of part 1 §7, the same routes for both kinds of party.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoriesResponse,
  documentDeleteRequest,
  documentResponse,
  documentsResponse,
  emailResendResponse,
  emailValidateRequest,
  errorEnvelope,
  levelResponse,
  logsResponse,
  okEnvelope,
  phoneAddRequest,
  phoneAddResponse,
  phoneValidateRequest,
  providerInfoRequest,
  providerProfileResponse,
  smeInfoRequest,
  smeProfileResponse,
} from '@qist/domain';
import { readUpload } from '../../lib/multipart.js';
import { principalOf } from '../../plugins/access.js';
import type { OnboardingService, PartyKind, UploadInput } from './service.js';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 429: errorEnvelope };

export const onboardingRoutes: FastifyPluginAsyncZod<{ onboarding: OnboardingService; kind: PartyKind }> = async (
  app,
  { onboarding, kind },
) => {
  const access = [kind] as const;
  const tags = [kind === 'sme' ? 'sme onboarding' : 'supplier onboarding'];
  const security = [{ bearerAuth: [] }];
  const common = { config: { access } };

  // Acts (sends a code), so HEAD on it answers 405 rather than sending one (plugins/head.ts).
  app.get(
    '/email/resend',
    { config: { access, acts: true }, schema: { tags, security, summary: 'Send a new email code (at most every 20 s)', response: { 200: emailResendResponse, ...errors } } },
    async (request) => ({ status: true as const, content: await onboarding.resendEmailCode(principalOf(request)) }),
  );

  app.post(
    '/email/validate',
    { ...common, schema: { tags, security, summary: 'Check the email code: level 0 → 1', body: emailValidateRequest, response: { 200: levelResponse, ...errors } } },
    async (request) => ({ status: true as const, content: await onboarding.validateEmailCode(principalOf(request), request.body.code) }),
  );

  app.post(
    '/phone/add',
    { ...common, schema: { tags, security, summary: 'Send a code to a Gulf phone number', body: phoneAddRequest, response: { 200: phoneAddResponse, ...errors } } },
    async (request) => ({ status: true as const, content: await onboarding.addPhone(principalOf(request), request.body) }),
  );

  app.post(
    '/phone/validate',
    { ...common, schema: { tags, security, summary: 'Check the phone code: level 1 → 2', body: phoneValidateRequest, response: { 200: levelResponse, ...errors } } },
    async (request) => ({ status: true as const, content: await onboarding.validatePhone(principalOf(request), request.body.otp) }),
  );

  app.post(
    '/info/add',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Add (or, after a conditional rejection, edit) the company information: level 2 or -2 → 3',
        body: kind === 'sme' ? smeInfoRequest : providerInfoRequest,
        response: { 200: levelResponse, ...errors },
      },
    },
    async (request) => ({ status: true as const, content: await onboarding.addInfo(principalOf(request), request.body) }),
  );

  app.get(
    '/categories/list',
    { ...common, schema: { tags, security, summary: 'The industries a party may pick', response: { 200: categoriesResponse, ...errors } } },
    async () => ({ status: true as const, content: { categories: await onboarding.listCategories() } }),
  );

  app.post(
    '/doc/upload',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: `Upload one document (multipart: title, ${kind}Doc; PDF, PNG, JPEG or WebP, at most 10 MB)`,
        consumes: ['multipart/form-data'],
        response: { 200: documentResponse, ...errors, 413: errorEnvelope },
      },
    },
    async (request) => {
      const { fields, file } = await readUpload(request, [`${kind}Doc`, 'file']);
      const input: UploadInput = { title: fields.title, description: fields.description ?? fields.desc, file };
      return { status: true as const, content: { doc: await onboarding.uploadDocument(principalOf(request), input) } };
    },
  );

  app.delete(
    '/doc/upload',
    {
      ...common,
      schema: { tags, security, summary: 'Delete an own document before confirmation', body: documentDeleteRequest, response: { 200: okEnvelope(z.object({})), ...errors } },
    },
    async (request) => {
      await onboarding.deleteDocument(principalOf(request), request.body.docId);
      return { status: true as const, content: {} };
    },
  );

  app.get(
    '/doc/list',
    { ...common, schema: { tags, security, summary: 'Own documents, with signed links', response: { 200: documentsResponse, ...errors } } },
    async (request) => ({ status: true as const, content: { docs: await onboarding.listDocuments(principalOf(request)) } }),
  );

  app.post(
    '/doc/confirm',
    { ...common, schema: { tags, security, summary: 'Confirm the documents (every required title present): level 3 → 4', response: { 200: levelResponse, ...errors } } },
    async (request) => ({ status: true as const, content: await onboarding.confirmDocuments(principalOf(request)) }),
  );

  app.get(
    '/log/list',
    { ...common, schema: { tags, security, summary: 'The verification timeline', response: { 200: logsResponse, ...errors } } },
    async (request) => ({ status: true as const, content: { logs: await onboarding.listLogs(principalOf(request).userId) } }),
  );

  if (kind === 'sme') {
    app.get(
      '/profile/get',
      { ...common, schema: { tags, security, summary: 'The SME profile', response: { 200: smeProfileResponse, ...errors } } },
      async (request) => ({ status: true as const, content: { sme: await onboarding.smeProfile(principalOf(request).userId) } }),
    );
  } else {
    app.get(
      '/profile/get',
      { ...common, schema: { tags, security, summary: 'The supplier profile', response: { 200: providerProfileResponse, ...errors } } },
      async (request) => ({ status: true as const, content: { provider: await onboarding.providerProfile(principalOf(request).userId) } }),
    );
  }
};
