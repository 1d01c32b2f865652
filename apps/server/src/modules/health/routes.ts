// GET /api/health: up once the database answers and carries the migrations.
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, healthResponse } from '@qist/domain';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: healthResponse, 503: errorEnvelope } },
    },
    async () => {
      try {
        await db.execute(sql`select 1 from drizzle.__drizzle_migrations limit 1`);
      } catch {
        throw new AppError(503, 'database is not ready');
      }
      return { status: true as const, content: { db: 'up' as const } };
    },
  );
};
