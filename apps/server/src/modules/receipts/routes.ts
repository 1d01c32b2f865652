// GET …/order/receipt/{orderId}/{installment} (the SME; the admin and the bank for any order) and
// GET /provider/order/remittance/{orderId} (the supplier): the documents of issue 19.
import { errorEnvelope, receiptParams, receiptResponse, remittanceParams, remittanceResponse } from '@qist/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.js';
import type { ReceiptsService } from './service.js';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
const security = [{ bearerAuth: [] }];
const ok = <T>(content: T) => ({ status: true as const, content });

export const receiptsRoutes: FastifyPluginAsyncZod<{ receipts: ReceiptsService }> = async (app, { receipts }) => {
  const readers = [
    { role: 'sme', tags: ['sme orders'], summary: 'The receipt of one of the SME’s paid instalments' },
    { role: 'admin', tags: ['admin orders'], summary: 'The receipt of a paid instalment of any order' },
    { role: 'bank', tags: ['bank orders'], summary: 'The receipt of a paid instalment of any order' },
  ] as const;
  for (const { role, tags, summary } of readers) {
    app.get(
      `/${role}/order/receipt/:orderId/:installment`,
      { config: { access: [role] }, schema: { tags, security, summary, params: receiptParams, response: { 200: receiptResponse, ...errors } } },
      async (request) => ok({ receipt: await receipts.receipt(principalOf(request), request.params) }),
    );
  }

  app.get(
    '/provider/order/remittance/:orderId',
    {
      config: { access: ['provider'] },
      schema: {
        tags: ['supplier orders'],
        security,
        summary: 'The remittance advice of the supplier’s paid-out order',
        params: remittanceParams,
        response: { 200: remittanceResponse, ...errors },
      },
    },
    async (request) => ok({ remittance: await receipts.remittance(principalOf(request), request.params.orderId) }),
  );
};
