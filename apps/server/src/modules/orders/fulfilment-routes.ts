// The supplier's order calls, the back office's order and instalment views and steps, and the
// invoice file (DESIGN.md §7).
import {
  AUDIT_ACTIONS,
  MESSAGES,
  bankPayResponse,
  deliveredRequest,
  errorEnvelope,
  idParams,
  installmentListQuery,
  installmentListResponse,
  orderListFilterQuery,
  orderListQuery,
  orderIdRequest,
  orderListResponse,
  orderShowResponse,
  orderStepResponse,
  payoutApprovalIdRequest,
  payoutApprovalListQuery,
  payoutApprovalListResponse,
  payoutDecisionResponse,
  payoutRejectRequest,
} from '@qist/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTransaction, type Db } from '../../db/transaction.js';
import { badRequest, notFound } from '../../errors.js';
import { CSV_COMPRESSION, sendCsv } from '../../db/csv-export.js';
import { readLagging } from '../../db/read-replica.js';
import type { FileStorage } from '../../lib/file-storage.js';
import { readUpload } from '../../lib/multipart.js';
import type { Authenticator, Principal } from '../../lib/principal.js';
import { verifyLink } from '../../lib/signed-links.js';
import { bearerPrincipal, principalOf } from '../../plugins/access.js';
import { actorOf, isBackOffice, recordAudit } from '../audit/record.js';
import type { FulfilmentService } from './fulfilment.js';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 429: errorEnvelope };
const security = [{ bearerAuth: [] }];
const ok = <T>(content: T) => ({ status: true as const, content });

const INVOICE_FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|png|jpg|webp)$/;
const MIME_OF: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

export function invoicePath(file: string): string {
  return `/api/v1/pub/order/invoice/file/${file}`;
}

export const fulfilmentRoutes: FastifyPluginAsyncZod<{
  fulfilment: FulfilmentService;
  db: Db;
  auth: Authenticator;
  storage: FileStorage;
  secret: string;
}> = async (app, { fulfilment, db, auth, storage, secret }) => {
  // ---- the supplier
  const provider = { access: ['provider'] as const };
  const supplierTags = ['supplier orders'];

  app.get(
    '/provider/order/list',
    { config: provider, schema: { tags: supplierTags, security, summary: 'The supplier’s orders: those that reached it (waiting on, and those declined or canceled after)', querystring: orderListQuery, response: { 200: orderListResponse, ...errors } } },
    async (request) => ok(await readLagging(request, (reader) => fulfilment.listOrders(principalOf(request), request.query, reader))),
  );
  app.get(
    '/provider/order/show/:id',
    { config: provider, schema: { tags: supplierTags, security, summary: 'One of the supplier’s orders (a declined or canceled one read-only)', params: idParams, response: { 200: orderShowResponse, ...errors } } },
    async (request) => ok({ order: await fulfilment.showOrder(principalOf(request), request.params.id) }),
  );
  app.post(
    '/provider/order/accept',
    { config: provider, schema: { tags: supplierTags, security, summary: 'Accept a waiting order (1 → 2)', body: orderIdRequest, response: { 200: orderStepResponse, ...errors } } },
    async (request) => ok({ order: await fulfilment.accept(principalOf(request), request.body.orderId) }),
  );
  app.post(
    '/provider/order/decline',
    { config: provider, schema: { tags: supplierTags, security, summary: 'Decline a waiting order (1 → -1; refunds, releases the credit)', body: orderIdRequest, response: { 200: orderStepResponse, ...errors } } },
    async (request) => ok({ order: await fulfilment.decline(principalOf(request), request.body.orderId, request.ip) }),
  );
  app.post(
    '/provider/order/delivered',
    { config: provider, schema: { tags: supplierTags, security, summary: 'Confirm the delivery with the SME’s verify code (2 → 3)', body: deliveredRequest, response: { 200: orderStepResponse, ...errors } } },
    async (request) => ok({ order: await fulfilment.delivered(principalOf(request), request.body, request.ip) }),
  );
  app.post(
    '/provider/order/invoice/upload',
    {
      config: provider,
      schema: {
        tags: supplierTags,
        security,
        summary: 'Upload the invoice (multipart: orderId, orderInvoice; PDF, PNG, JPEG or WebP, at most 10 MB; 3 → 4)',
        consumes: ['multipart/form-data'],
        response: { 200: orderStepResponse, ...errors, 413: errorEnvelope },
      },
    },
    async (request) => {
      const { fields, file } = await readUpload(request, ['orderInvoice']);
      const orderId = z.string().uuid().safeParse(fields.orderId);
      if (!orderId.success) throw notFound(MESSAGES.orderNotFound);
      if (!file) throw badRequest(MESSAGES.selectFile);
      return ok({ order: await fulfilment.uploadInvoice(principalOf(request), orderId.data, file.bytes) });
    },
  );

  // ---- the back office
  for (const role of ['admin', 'bank', 'insurance'] as const) {
    const config = { access: [role] as const };
    const tags = [`${role} orders`];
    app.get(
      `/${role}/order/list`,
      { config, schema: { tags, security, summary: role === 'insurance' ? 'Orders of the SMEs the company insured' : 'Every order', querystring: orderListQuery, response: { 200: orderListResponse, ...errors } } },
      async (request) => ok(await readLagging(request, (reader) => fulfilment.listOrders(principalOf(request), request.query, reader))),
    );
    app.get(
      `/${role}/order/show/:id`,
      { config, schema: { tags, security, summary: 'An order (admin and bank: with its breakdown)', params: idParams, response: { 200: orderShowResponse, ...errors } } },
      async (request) => ok({ order: await fulfilment.showOrder(principalOf(request), request.params.id) }),
    );
  }
  for (const role of ['admin', 'bank', 'insurance'] as const) {
    app.get(
      `/${role}/order/export`,
      {
        config: { access: [role] as const },
        compress: CSV_COMPRESSION, schema: { tags: [`${role} orders`], security, summary: 'The order list as CSV (same filter and access)', querystring: orderListFilterQuery, produces: ['text/csv'] },
      },
      async (request, reply) => sendCsv(request, reply, 'orders', await fulfilment.exportOrders(principalOf(request), request.query)),
    );
  }
  for (const role of ['admin', 'bank'] as const) {
    app.get(
      `/${role}/installment/export`,
      { config: { access: [role] as const }, compress: CSV_COMPRESSION, schema: { tags: [`${role} orders`], security, summary: 'Every instalment as CSV', produces: ['text/csv'] } },
      async (request, reply) => sendCsv(request, reply, 'installments', fulfilment.exportInstallments()),
    );
    app.get(
      `/${role}/installment/list`,
      {
        config: { access: [role] as const },
        schema: { tags: [`${role} orders`], security, summary: 'Every instalment, with its order', querystring: installmentListQuery, response: { 200: installmentListResponse, ...errors } },
      },
      async (request) => ok(await readLagging(request, (reader) => fulfilment.listInstallments(request.query, reader))),
    );
  }
  app.post(
    '/admin/order/invoice/verify',
    { config: { access: ['admin'] }, schema: { tags: ['admin orders'], security, summary: 'Verify the invoice (4 → 5)', body: orderIdRequest, response: { 200: orderStepResponse, ...errors } } },
    async (request) => ok({ order: await fulfilment.verifyInvoice(principalOf(request), request.body.orderId, request.ip) }),
  );
  app.post(
    '/bank/order/pay',
    {
      config: { access: ['bank'] },
      schema: {
        tags: ['bank orders'],
        security,
        summary: 'Pay the supplier (5 → 6, once) below the approval threshold; at or above it, request the payout for a second bank user',
        body: orderIdRequest,
        response: { 200: bankPayResponse, ...errors },
      },
    },
    async (request) => ok(await fulfilment.payByBank(principalOf(request), request.body.orderId, request.ip)),
  );
  // ---- four eyes on payouts: the bank's approval queue
  const bankOnly = { access: ['bank'] as const };
  const approvalTags = ['bank payout approvals'];
  app.get(
    '/bank/approval/list',
    { config: bankOnly, schema: { tags: approvalTags, security, summary: 'Payout requests by status', querystring: payoutApprovalListQuery, response: { 200: payoutApprovalListResponse, ...errors } } },
    async (request) => ok(await fulfilment.listPayoutApprovals(request.query)),
  );
  app.post(
    '/bank/approval/approve',
    {
      config: bankOnly,
      schema: { tags: approvalTags, security, summary: 'Approve another bank user’s payout request: the supplier is paid (5 → 6, once)', body: payoutApprovalIdRequest, response: { 200: payoutDecisionResponse, ...errors } },
    },
    async (request) => ok(await fulfilment.approvePayout(principalOf(request), request.body.approvalId, request.ip)),
  );
  app.post(
    '/bank/approval/reject',
    {
      config: bankOnly,
      schema: { tags: approvalTags, security, summary: 'Reject a payout request with a reason (the order stays at 5)', body: payoutRejectRequest, response: { 200: payoutDecisionResponse, ...errors } },
    },
    async (request) => ok(await fulfilment.rejectPayout(principalOf(request), request.body.approvalId, request.body.reason, request.ip)),
  );

  // ---- the invoice file: its order's SME and supplier, the admin and the bank, or a signed link
  app.get(
    '/pub/order/invoice/file/:file',
    {
      // A back-office download writes an audit event, so HEAD here answers 405 rather than act.
      config: { access: 'public', acts: true },
      schema: {
        tags: ['files'],
        summary: 'An order’s invoice (owning SME and supplier, admin, bank, or signed link)',
        params: z.object({ file: z.string().regex(INVOICE_FILE_NAME, { error: MESSAGES.fileNotFound }) }),
        querystring: z.object({ exp: z.string().optional(), sig: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const owners = await db.execute<{ id: string; sme_user: string; provider_user: string }>(
        sql`select o.id, s.user_id as sme_user, p.user_id as provider_user from orders o
            join smes s on s.id = o.sme_id join providers p on p.id = o.provider_id where o.invoice_file = ${file}`,
      );
      const order = owners.rows[0];
      let allowed = verifyLink(invoicePath(file), request.query.exp, request.query.sig, secret);
      let reader: Principal | undefined;
      if (!allowed) {
        const principal = await bearerPrincipal(request, auth);
        reader = principal;
        allowed =
          order !== undefined &&
          (principal.role === 'admin' || principal.role === 'bank' || principal.userId === order.sme_user || principal.userId === order.provider_user);
      }
      if (!allowed || !order) throw notFound(MESSAGES.fileNotFound);
      const bytes = await storage.read(file);
      if (!bytes) throw notFound(MESSAGES.fileNotFound);
      if (reader && isBackOffice(reader)) {
        const by = reader;
        await withTransaction(db, (tx) =>
          recordAudit(tx, { action: AUDIT_ACTIONS.invoiceDownloaded, actor: actorOf(by), target: { type: 'invoice', id: file }, ip: request.ip, detail: { orderId: order.id } }),
        );
      }
      return reply
        .header('content-type', MIME_OF[file.split('.').pop() ?? ''] ?? 'application/octet-stream')
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );
};
