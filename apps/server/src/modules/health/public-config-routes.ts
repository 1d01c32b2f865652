// GET /api/v1/pub/config: what a client needs before it shows anything (DESIGN §8), the platform's
// currency and its decimals. The web reads it before its first render.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigResponse, type Currency } from '@qist/domain';

export const publicConfigRoutes: FastifyPluginAsyncZod<{ currency: Currency }> = async (app, { currency }) => {
  const content = { currency: currency.code, minorUnit: currency.minorUnit };
  app.get(
    '/pub/config',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: publicConfigResponse } },
    },
    async (_request, reply) => {
      // It changes only with a restart under another database; a client may keep it while it runs.
      reply.header('cache-control', 'no-cache');
      return { status: true as const, content };
    },
  );
};
