// HEAD answers wherever GET does: every GET route has a HEAD twin that runs it and sends GET's
// status and headers without the body. A few GETs of the spec act (GET …/email/resend sends a
// code); such a route says `config.acts`, and HEAD on it is checked like GET (access, then input)
// and then answers 405 with `Allow: GET` without running the handler: asking about it never acts.
// The OpenAPI document lists GET only (the swagger plugin leaves HEAD twins out).
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@qist/domain';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This GET acts (sends a message, issues a code, writes): HEAD on it answers 405. */
    acts?: true;
  }
}

export function registerHeadPolicy(app: FastifyInstance): void {
  app.addHook('preHandler', (request, reply, done) => {
    if (request.method !== 'HEAD' || !request.routeOptions.config.acts) return done();
    // Answered here, so the handler never runs (the chain stops without done()).
    void reply.code(405).header('allow', 'GET').send({ status: false, msg: MESSAGES.invalidRequest });
  });
}
