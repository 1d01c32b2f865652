// GET /api/v1/pub/{sme|provider}/doc/file/{file}: a party document, to its owner and the back office
// (bearer token), or to anyone holding a signed link that has not expired. Never to the public.
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BACK_OFFICE_ROLES, MESSAGES } from '@qist/domain';
import type { Db } from '../../db/client.js';
import { documents, users } from '../../db/schema/index.js';
import { notFound, unauthorized } from '../../errors.js';
import { verifyLink } from '../../lib/signed-links.js';
import type { AuthService } from '../auth/service.js';
import { documentPath } from '../onboarding/service.js';
import type { FileStorage } from './storage.js';

export const fileRoutes: FastifyPluginAsyncZod<{ db: Db; auth: AuthService; storage: FileStorage; secret: string }> = async (
  app,
  { db, auth, storage, secret },
) => {
  app.get(
    '/pub/:kind/doc/file/:file',
    {
      // Public at the gate: the handler admits a signed link or an allowed bearer.
      config: { access: 'public' },
      schema: {
        tags: ['files'],
        summary: 'A party document (owner, back office, or signed link)',
        params: z.object({ kind: z.enum(['sme', 'provider']), file: z.string().max(64) }),
        querystring: z.object({ exp: z.string().optional(), sig: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const { kind, file } = request.params;
      const [doc] = await db
        .select({ userId: documents.userId, mime: documents.mime, fileName: documents.fileName })
        .from(documents)
        .innerJoin(users, eq(users.id, documents.userId))
        .where(and(eq(documents.fileName, file), eq(users.role, kind)));

      let allowed = verifyLink(documentPath(kind, file), request.query.exp, request.query.sig, secret);
      if (!allowed) {
        const header = request.headers.authorization;
        const token = header?.toLowerCase().startsWith('bearer ') ? header.slice(7) : undefined;
        const principal = token ? await auth.authenticate(token) : null;
        if (!principal) throw unauthorized(MESSAGES.loginRequired);
        allowed = (BACK_OFFICE_ROLES as readonly string[]).includes(principal.role) || principal.userId === doc?.userId;
      }
      // Someone else's file answers like a missing one, so its existence does not leak.
      if (!allowed || !doc) throw notFound(MESSAGES.fileNotFound);
      const bytes = await storage.read(doc.fileName);
      if (!bytes) throw notFound(MESSAGES.fileNotFound);
      return reply
        .header('content-type', doc.mime)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=300')
        .send(bytes);
    },
  );
};
