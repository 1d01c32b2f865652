// GET /api/v1/pub/{sme|provider}/doc/file/{file}: a party document, to its owner and to exactly the
// back-office users who may see the owner's profile (bearer token), or to anyone holding a signed
// link that has not expired. Never to the public.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUDIT_ACTIONS, MESSAGES, type SelfRegisterRole } from '@qist/domain';
import { withTransaction, type Db } from '../../db/transaction.js';
import { notFound } from '../../errors.js';
import type { Authenticator, Principal } from '../../lib/principal.js';
import { verifyLink } from '../../lib/signed-links.js';
import { bearerPrincipal } from '../../plugins/access.js';
import { actorOf, isBackOffice, recordAudit } from '../audit/record.js';
import { documentPath } from '../parties/projections.js';
import { findDocumentFile, findReader } from './repository.js';
import type { FileStorage } from './storage.js';

/** Stored files are named by the platform: a uuid and the type's extension. */
const STORED_FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|png|jpg|webp)$/;

export interface FileRoutesOptions {
  db: Db;
  auth: Authenticator;
  storage: FileStorage;
  secret: string;
  /** Whether a back-office principal may see this party's profile (and so its files). */
  canSeeParty: (principal: Principal, kind: SelfRegisterRole, userId: string) => Promise<boolean>;
}

export const fileRoutes: FastifyPluginAsyncZod<FileRoutesOptions> = async (app, { db, auth, storage, secret, canSeeParty }) => {
  app.get(
    '/pub/:kind/doc/file/:file',
    {
      // Public at the gate: the handler admits a signed link or an allowed bearer. A back-office
      // download writes an audit event, so HEAD here answers 405 rather than act.
      config: { access: 'public', acts: true },
      schema: {
        tags: ['files'],
        summary: 'A party document (owner, back office, or signed link)',
        params: z.object({ kind: z.enum(['sme', 'provider']), file: z.string().regex(STORED_FILE_NAME, { error: MESSAGES.fileNotFound }) }),
        querystring: z.object({ exp: z.string().optional(), by: z.uuid().optional(), sig: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const { kind, file } = request.params;
      const doc = await findDocumentFile(db, kind, file);

      let allowed = verifyLink(documentPath(kind, file), request.query.exp, request.query.sig, secret, Date.now(), request.query.by);
      // A link made for a reader names it; a bearer request is its own reader.
      let reader: Principal | Pick<Principal, 'userId' | 'email' | 'role'> | undefined = allowed && request.query.by ? await findReader(db, request.query.by) : undefined;
      if (!allowed) {
        const principal = await bearerPrincipal(request, auth);
        allowed = doc !== undefined && (principal.userId === doc.userId || (await canSeeParty(principal, kind, doc.userId)));
        reader = principal;
      }
      // Someone else's file answers like a missing one, so its existence does not leak.
      if (!allowed || !doc) throw notFound(MESSAGES.fileNotFound);
      const bytes = await storage.read(doc.fileName);
      if (!bytes) throw notFound(MESSAGES.fileNotFound);
      if (reader && isBackOffice(reader)) {
        const by = reader;
        await withTransaction(db, (tx) =>
          recordAudit(tx, {
            action: AUDIT_ACTIONS.documentDownloaded,
            actor: actorOf(by),
            target: { type: 'document', id: file },
            ip: request.ip,
            detail: { kind, owner: doc.userId, via: request.query.by ? 'signed-link' : 'session' },
          }),
        );
      }
      return reply
        .header('content-type', doc.mime)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );
};
