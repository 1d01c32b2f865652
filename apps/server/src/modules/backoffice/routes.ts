// The admin, bank and insurance calls of part 2 §7 (lists, profiles, logs, decisions, the outbox), and
// the counts of what waits for each role.
// The admin's settings are the settings module's routes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminQueueCountsResponse,
  bankQueueCountsResponse,
  decisionResponse,
  errorEnvelope,
  idParams,
  insuranceQueueCountsResponse,
  insuranceRejectRequest,
  insuranceVerifyRequest,
  logsResponse,
  outboxQuery,
  outboxResponse,
  partyListFilterQuery,
  partyListQuery,
  providerListResponse,
  providerProfileResponse,
  providerRejectRequest,
  providerVerifyRequest,
  smeActivateRequest,
  smeListResponse,
  smeProfileResponse,
  smeRejectRequest,
  smeVerifyRequest,
} from '@qist/domain';
import { CSV_COMPRESSION, sendCsv } from '../../db/csv-export.js';
import { readLagging } from '../../db/read-replica.js';
import { principalOf } from '../../plugins/access.js';
import type { BackofficeService } from './service.js';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
const security = [{ bearerAuth: [] }];

export const backofficeRoutes: FastifyPluginAsyncZod<{ backoffice: BackofficeService }> = async (app, { backoffice }) => {
  // ---- SMEs: lists, profiles and the decisions of each role at its level
  for (const role of ['admin', 'bank', 'insurance'] as const) {
    const config = { access: [role] as const };
    const tags = [`${role} SMEs`];

    app.get(
      `/${role}/sme/list`,
      { config, schema: { tags, security, summary: "SMEs (insurance: its queue and its decisions)", querystring: partyListQuery, response: { 200: smeListResponse, ...errors } } },
      async (request) => ({ status: true as const, content: await readLagging(request, (reader) => backoffice.listSmes(principalOf(request), request.query, reader)) }),
    );

    app.get(
      `/${role}/sme/export`,
      { config, compress: CSV_COMPRESSION, schema: { tags, security, summary: 'The SME list as CSV (same filter and access)', querystring: partyListFilterQuery, produces: ['text/csv'] } },
      async (request, reply) => sendCsv(request, reply, 'smes', backoffice.exportSmes(principalOf(request), request.query)),
    );

    app.get(
      `/${role}/sme/show/:id`,
      { config, schema: { tags, security, summary: 'An SME profile', params: idParams, response: { 200: smeProfileResponse, ...errors } } },
      async (request) => ({ status: true as const, content: { sme: await backoffice.smeProfile(principalOf(request), request.params.id) } }),
    );

    app.get(
      `/${role}/sme/log/list/:id`,
      { config, schema: { tags, security, summary: "An SME's verification timeline, oldest first", params: idParams, response: { 200: logsResponse, ...errors } } },
      async (request) => ({ status: true as const, content: { logs: await backoffice.smeLogs(principalOf(request), request.params.id) } }),
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
      async (request) => ({ status: true as const, content: await backoffice.verifySme(principalOf(request), request.body, request.ip) }),
    );
    app.post(
      `/${role}/sme/reject`,
      { config, schema: { tags, ...decision('Reject an SME: to -2 (edit and resubmit), or -1 when full'), body: smeRejectRequest } },
      async (request) => ({ status: true as const, content: await backoffice.rejectSme(principalOf(request), request.body, request.ip) }),
    );
  }

  app.post(
    '/insurance/sme/verify',
    { config: { access: ['insurance'] }, schema: { tags: ['insurance SMEs'], ...decision('Grant credit to the SME in this company\'s queue (6 → 7)'), body: insuranceVerifyRequest } },
    async (request) => ({ status: true as const, content: await backoffice.insuranceVerify(principalOf(request), request.body, request.ip) }),
  );
  app.post(
    '/insurance/sme/reject',
    {
      config: { access: ['insurance'] },
      schema: { tags: ['insurance SMEs'], ...decision('Reject (-2), or decline in full: the next company gets the SME, -6 when none is left'), body: insuranceRejectRequest },
    },
    async (request) => ({ status: true as const, content: await backoffice.insuranceReject(principalOf(request), request.body, request.ip) }),
  );
  app.post(
    '/admin/sme/active',
    { config: { access: ['admin'] }, schema: { tags: ['admin SMEs'], ...decision('Set the instalment plan and activate the SME (7 → 8)'), body: smeActivateRequest } },
    async (request) => ({ status: true as const, content: await backoffice.activateSme(principalOf(request), request.body, request.ip) }),
  );

  // ---- what waits for each role: the counts beside its menu entries
  app.get(
    '/admin/queue/counts',
    {
      config: { access: ['admin'] },
      schema: { tags: ['admin queue'], security, summary: 'SMEs and suppliers at level 4, invoices to verify (orders at status 4)', response: { 200: adminQueueCountsResponse, ...errors } },
    },
    async () => ({ status: true as const, content: await backoffice.adminQueueCounts() }),
  );
  app.get(
    '/bank/queue/counts',
    {
      config: { access: ['bank'] },
      schema: { tags: ['bank queue'], security, summary: 'SMEs at level 5, orders awaiting payout (status 5)', response: { 200: bankQueueCountsResponse, ...errors } },
    },
    async () => ({ status: true as const, content: await backoffice.bankQueueCounts() }),
  );
  app.get(
    '/insurance/queue/counts',
    {
      config: { access: ['insurance'] },
      schema: { tags: ['insurance queue'], security, summary: "The SMEs of this company's queue (level 6, its turn)", response: { 200: insuranceQueueCountsResponse, ...errors } },
    },
    async (request) => ({ status: true as const, content: await backoffice.insuranceQueueCounts(principalOf(request)) }),
  );

  // ---- suppliers
  const adminOnly = { access: ['admin'] as const };
  app.get(
    '/admin/provider/export',
    {
      config: { access: ['admin'] },
      compress: CSV_COMPRESSION, schema: { tags: ['admin suppliers'], security, summary: 'The supplier list as CSV (same filter)', querystring: partyListFilterQuery, produces: ['text/csv'] },
    },
    async (request, reply) => sendCsv(request, reply, 'suppliers', backoffice.exportProviders(request.query)),
  );

  app.get(
    '/admin/provider/list',
    { config: adminOnly, schema: { tags: ['admin suppliers'], security, querystring: partyListQuery, response: { 200: providerListResponse, ...errors } } },
    async (request) => ({ status: true as const, content: await readLagging(request, (reader) => backoffice.listProviders(request.query, reader)) }),
  );
  app.get(
    '/admin/provider/show/:id',
    { config: adminOnly, schema: { tags: ['admin suppliers'], security, params: idParams, response: { 200: providerProfileResponse, ...errors } } },
    async (request) => ({ status: true as const, content: { provider: await backoffice.providerProfile(principalOf(request), request.params.id) } }),
  );
  app.get(
    '/admin/provider/log/list/:id',
    { config: adminOnly, schema: { tags: ['admin suppliers'], security, params: idParams, response: { 200: logsResponse, ...errors } } },
    async (request) => ({ status: true as const, content: { logs: await backoffice.providerLogs(request.params.id) } }),
  );
  app.post(
    '/admin/provider/verify',
    { config: adminOnly, schema: { tags: ['admin suppliers'], ...decision('Verify a supplier with its discount rate (4 → 5)'), body: providerVerifyRequest } },
    async (request) => ({ status: true as const, content: await backoffice.verifyProvider(principalOf(request), request.body, request.ip) }),
  );
  app.post(
    '/admin/provider/reject',
    { config: adminOnly, schema: { tags: ['admin suppliers'], ...decision('Reject a supplier: -2, or -1 when full'), body: providerRejectRequest } },
    async (request) => ({ status: true as const, content: await backoffice.rejectProvider(principalOf(request), request.body, request.ip) }),
  );

  // ---- outbox
  app.get(
    '/admin/outbox/list',
    { config: adminOnly, schema: { tags: ['admin outbox'], security, summary: 'Messages sent or kept in the demo outbox', querystring: outboxQuery, response: { 200: outboxResponse, ...errors } } },
    async (request) => ({ status: true as const, content: await backoffice.outbox(request.query.page, request.query.perPage) }),
  );
};
