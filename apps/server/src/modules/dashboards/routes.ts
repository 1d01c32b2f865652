// GET /api/v1/{sme|provider|admin|bank|insurance}/dashboard (DESIGN.md §7).
import {
  adminDashboardResponse,
  bankDashboardResponse,
  errorEnvelope,
  insuranceDashboardResponse,
  providerDashboardResponse,
  smeDashboardResponse,
} from '@qist/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readLagging } from '../../db/read-replica.js';
import { principalOf } from '../../plugins/access.js';
import type { DashboardService } from './service.js';

const errors = { 401: errorEnvelope, 403: errorEnvelope };
const security = [{ bearerAuth: [] }];
const tags = ['dashboards'];
const ok = <T>(content: T) => ({ status: true as const, content });

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboards: DashboardService }> = async (app, { dashboards }) => {
  app.get(
    '/sme/dashboard',
    { config: { access: ['sme'] }, schema: { tags, security, summary: 'The SME’s credit, instalments and orders', response: { 200: smeDashboardResponse, ...errors } } },
    async (request) => ok(await readLagging(request, (reader) => dashboards.sme(principalOf(request), reader))),
  );
  app.get(
    '/provider/dashboard',
    { config: { access: ['provider'] }, schema: { tags, security, summary: 'The supplier’s orders to handle and its payouts', response: { 200: providerDashboardResponse, ...errors } } },
    async (request) => ok(await readLagging(request, (reader) => dashboards.provider(principalOf(request), reader))),
  );
  app.get(
    '/admin/dashboard',
    { config: { access: ['admin'] }, schema: { tags, security, summary: 'The platform at a glance', response: { 200: adminDashboardResponse, ...errors } } },
    async (request) => ok(await readLagging(request, (reader) => dashboards.admin(reader))),
  );
  app.get(
    '/bank/dashboard',
    { config: { access: ['bank'] }, schema: { tags, security, summary: 'Payouts, shares and exposure', response: { 200: bankDashboardResponse, ...errors } } },
    async (request) => ok(await readLagging(request, (reader) => dashboards.bank(reader))),
  );
  app.get(
    '/insurance/dashboard',
    { config: { access: ['insurance'] }, schema: { tags, security, summary: 'The company’s insured SMEs and its queue', response: { 200: insuranceDashboardResponse, ...errors } } },
    async (request) => ok(await readLagging(request, (reader) => dashboards.insurance(principalOf(request), reader))),
  );
};
