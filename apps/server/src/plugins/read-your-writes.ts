// A user reads its own writes although lists, dashboards and exports read a replica (ADR 37): the
// answer of every write that succeeded carries the primary's WAL position after it (the step has
// committed by then) in `x-qist-read-after`, which the web app echoes on its next requests, and the
// process keeps it for the signed-in user too. A read fenced by a position the replica has not
// replayed is served by the primary (db/read-replica.ts). Registered only when a replica is set.
import type { FastifyInstance } from 'fastify';
import { READ_AFTER_HEADER, formatLsn, type ReadRouting } from '../db/read-replica.js';

/** Methods that read only: their answers carry no position. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerReadYourWrites(app: FastifyInstance, reads: ReadRouting): void {
  if (!reads.hasReplica) return;
  app.addHook('onSend', async (request, reply, payload) => {
    if (READ_METHODS.has(request.method) || reply.statusCode >= 400 || !request.url.startsWith('/api/')) return payload;
    try {
      const position = await reads.noteWrite(request.principal?.userId);
      if (position !== undefined) reply.header(READ_AFTER_HEADER, formatLsn(position));
    } catch (error) {
      // The write is done; without its position the user's next reads may lag, they do not fail.
      request.log.warn({ err: error }, 'the primary’s WAL position after a write could not be read');
    }
    return payload;
  });
}
