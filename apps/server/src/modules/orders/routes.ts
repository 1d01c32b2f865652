// The SME's supplier, order and payment calls, and the payment gateway's public endpoints (DESIGN.md §7).
import {
  MESSAGES,
  errorEnvelope,
  gatewayWebhookResponse,
  idParams,
  invoiceListQuery,
  invoiceListResponse,
  orderListQuery,
  orderCancelResponse,
  orderCreateResponse,
  orderIdRequest,
  orderListResponse,
  orderShowResponse,
  paginationQuery,
  payStartResponse,
  payVerifyResponse,
  providerCardsResponse,
  providerDetailResponse,
  sandboxCompleteRequest,
  sandboxCompleteResponse,
  sandboxTransactionResponse,
  transactionParams,
  transactionRequest,
  createOrderRequest,
} from '@qist/domain';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden, unauthorized } from '../../errors.js';
import { readLagging } from '../../db/read-replica.js';
import { principalOf } from '../../plugins/access.js';
import { CALLBACK_SIGNATURE_HEADER } from './gateway.js';
import { MYFATOORAH_SIGNATURE_HEADER, type MyFatoorahGateway } from './myfatoorah-gateway.js';
import type { SandboxGateway } from './sandbox-gateway.js';
import type { OrdersService } from './service.js';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
const security = [{ bearerAuth: [] }];
const sme = { access: ['sme'] as const };
/** The SME's calls that take credit or start a payment honour an Idempotency-Key header (plugins/idempotency.ts). */
const smeIdempotent = { access: ['sme'] as const, idempotent: true as const };
/** A call that reaches the payment gateway: it refused (502) or did not answer clearly (503, nothing decided). */
const gatewayErrors = { ...errors, 502: errorEnvelope, 503: errorEnvelope };
const idempotentErrors = { ...gatewayErrors, 422: errorEnvelope };
const ok = <T>(content: T) => ({ status: true as const, content });

export const smeOrderRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  const tags = ['sme orders'];

  app.get(
    '/sme/provider/list',
    { config: sme, schema: { tags, security, summary: 'Verified suppliers', querystring: paginationQuery, response: { 200: providerCardsResponse, ...errors } } },
    async (request) => ok(await readLagging(request, (reader) => orders.listProviders(principalOf(request), request.query, reader))),
  );

  app.get(
    '/sme/provider/show/:id',
    { config: sme, schema: { tags, security, summary: 'A verified supplier', params: idParams, response: { 200: providerDetailResponse, ...errors } } },
    async (request) => ok({ provider: await orders.showProvider(principalOf(request), request.params.id) }),
  );

  app.post(
    '/sme/order/create',
    { config: smeIdempotent, schema: { tags, security, summary: 'Create an order on credit', body: createOrderRequest, response: { 200: orderCreateResponse, ...idempotentErrors } } },
    async (request) => ok({ order: await orders.createOrder(principalOf(request), request.body) }),
  );

  app.post(
    '/sme/order/cancel',
    { config: sme, schema: { tags, security, summary: 'Cancel an order before its payment', body: orderIdRequest, response: { 200: orderCancelResponse, ...errors } } },
    async (request) => ok({ order: await orders.cancelOrder(principalOf(request), request.body.orderId) }),
  );

  app.get(
    '/sme/order/list',
    { config: sme, schema: { tags, security, summary: 'The SME’s orders', querystring: orderListQuery, response: { 200: orderListResponse, ...errors } } },
    async (request) => ok(await readLagging(request, (reader) => orders.listSmeOrders(principalOf(request), request.query, reader))),
  );

  app.get(
    '/sme/invoice/list',
    { config: sme, schema: { tags, security, summary: 'The SME’s invoices (its orders with an uploaded invoice)', querystring: invoiceListQuery, response: { 200: invoiceListResponse, ...errors } } },
    async (request) => ok(await readLagging(request, (reader) => orders.listSmeInvoices(principalOf(request), request.query, reader))),
  );

  app.get(
    '/sme/order/show/:id',
    { config: sme, schema: { tags, security, summary: 'One of the SME’s orders', params: idParams, response: { 200: orderShowResponse, ...errors } } },
    async (request) => ok({ order: await orders.showSmeOrder(principalOf(request), request.params.id) }),
  );

  app.post(
    '/sme/pay/init',
    { config: smeIdempotent, schema: { tags, security, summary: 'Start paying the first instalment', body: orderIdRequest, response: { 200: payStartResponse, ...idempotentErrors } } },
    async (request) => ok(await orders.startPayment(principalOf(request), request.body.orderId, 'first')),
  );

  app.post(
    '/sme/pay/installment',
    { config: smeIdempotent, schema: { tags, security, summary: 'Start paying the earliest unpaid instalment', body: orderIdRequest, response: { 200: payStartResponse, ...idempotentErrors } } },
    async (request) => ok(await orders.startPayment(principalOf(request), request.body.orderId, 'next')),
  );

  app.post(
    '/sme/pay/verify',
    { config: sme, schema: { tags, security, summary: 'Settle a payment by the gateway’s word (idempotent)', body: transactionRequest, response: { 200: payVerifyResponse, ...gatewayErrors } } },
    async (request) => ok(await orders.verifyPayment(principalOf(request), request.body.transactionId)),
  );
};

/** The gateway's callback, signed over its raw body: this scope keeps the body as text. */
export const gatewayCallbackRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));

  app.post(
    '/pub/gateway/callback',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payment gateway'],
        summary: 'Signed callback of the payment gateway',
        body: z.string(),
        response: { 200: payVerifyResponse, ...gatewayErrors },
      },
    },
    async (request) => {
      const signature = request.headers[CALLBACK_SIGNATURE_HEADER];
      return ok(await orders.handleCallback(request.body, typeof signature === 'string' ? signature : undefined));
    },
  );
};

/**
 * MyFatoorah's webhooks (version 2), read from the raw body with their signature. A verified notice only
 * makes the platform ask MyFatoorah itself (GetPaymentStatus, GetRefundStatus), so a replay changes
 * nothing; an ambiguous answer from MyFatoorah is a 503, which MyFatoorah retries.
 */
export const myfatoorahWebhookRoutes: FastifyPluginAsyncZod<{ orders: OrdersService; myfatoorah: MyFatoorahGateway | undefined }> = async (
  app,
  { orders, myfatoorah },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

  app.post(
    '/pub/gateway/myfatoorah/webhook',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payment gateway'],
        summary: 'Receive MyFatoorah’s signed webhooks',
        body: z.string(),
        response: { 200: gatewayWebhookResponse, ...gatewayErrors },
      },
    },
    async (request) => {
      if (!myfatoorah) throw forbidden(MESSAGES.gatewayNotInUse);
      const signature = request.headers[MYFATOORAH_SIGNATURE_HEADER];
      const notice = myfatoorah.readWebhook(request.body, typeof signature === 'string' ? signature : undefined);
      if (!notice) throw unauthorized(MESSAGES.callbackSignatureInvalid);
      if (notice.kind === 'payment') {
        const settled = await orders.settleByGatewayReference(notice.invoiceId, notice.paymentId);
        return ok({ received: true as const, payStatus: settled?.payStatus ?? false });
      }
      if (notice.kind === 'refund') await orders.refundChanged(notice.refundId);
      return ok({ received: true as const });
    },
  );
};

/**
 * The sandbox gateway's hosted page calls. With a real gateway configured they are refused and change
 * nothing: otherwise anyone could approve a payment by its id.
 */
export const sandboxGatewayRoutes: FastifyPluginAsyncZod<{ sandbox: SandboxGateway | undefined }> = async (app, { sandbox: inUse }) => {
  const tags = ['payment gateway'];
  const config = { access: 'public' as const };
  const sandboxOnly = (): SandboxGateway => {
    if (!inUse) throw forbidden(MESSAGES.sandboxNotInUse);
    return inUse;
  };

  app.get(
    '/pub/gateway/sandbox/:transactionId',
    { config, schema: { tags, summary: 'A sandbox payment, as its page shows it', params: transactionParams, response: { 200: sandboxTransactionResponse, ...errors } } },
    async (request) => ok(await sandboxOnly().show(request.params.transactionId)),
  );

  app.post(
    '/pub/gateway/sandbox/complete',
    { config, schema: { tags, summary: 'Approve or decline a sandbox payment', body: sandboxCompleteRequest, response: { 200: sandboxCompleteResponse, ...errors } } },
    async (request) => ok(await sandboxOnly().complete(request.body.transactionId, request.body.approve)),
  );
};
