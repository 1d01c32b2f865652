// Idempotency keys on the calls that take money or credit (`config.idempotent`): a request sent with an
// `Idempotency-Key` header runs once per account and key; the same key with the same route and body
// within 24 hours answers the first answer (status and body, byte for byte, with
// `Idempotent-Replayed: true`), while it runs a repeat waits for it, and the same key with another
// request is refused. Keys live in PostgreSQL, so every API process sees them.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { MESSAGES } from '@qist/domain';
import type { Db } from '../db/transaction.js';
import { AppError, badRequest, conflict } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route honours an `Idempotency-Key` header. */
    idempotent?: true;
  }
  interface FastifyRequest {
    /** The key this request runs under, once it holds it (set by the idempotency plugin). */
    idempotency: { userId: string; key: string } | null;
    /** The hash of the route and body as received, before validation reshaped the body. */
    idempotencyHash: string | null;
  }
}

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key and its answer are kept. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;
/** A request that held a key this long without answering (its process died) no longer holds it. */
const TAKEOVER_AFTER_MS = 2 * 60_000;
/** How long a repeat waits for the first request under its key before it is told to try again. */
const WAIT_FOR_FIRST_MS = 20_000;
const POLL_MS = 25;

/** Printable ASCII without spaces at either end, as the header's convention (a UUID, usually) has it. */
const KEY_PATTERN = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;

/** JSON with object keys sorted, so the same body written in another key order hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw badRequest(MESSAGES.idempotencyKeyInvalid);
  return header;
}

type KeyRow = { request_hash: string; state: 'in_progress' | 'done'; response_status: number | null; response_body: string | null; locked_at: Date | string };

export function registerIdempotency(app: FastifyInstance, { db, clock = () => new Date() }: { db: Db; clock?: () => Date }): void {
  app.decorateRequest('idempotency', null);
  app.decorateRequest('idempotencyHash', null);

  // The body as received: hashed before validation trims or converts any of it.
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.config.idempotent || keyOf(request) === undefined) return;
    request.idempotencyHash = createHash('sha256')
      .update(canonicalJson({ method: request.method, route: request.routeOptions.url, body: request.body ?? null }))
      .digest('hex');
  });

  // After validation: a request that would be refused for its input holds no key.
  app.addHook('preHandler', async (request, reply) => {
    const key = request.routeOptions.config.idempotent ? keyOf(request) : undefined;
    const hash = request.idempotencyHash;
    const userId = request.principal?.userId;
    if (key === undefined || !hash || !userId) return;
    const waitUntil = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const now = clock();
      // A key past its 24 hours is a new key.
      await db.execute(sql`delete from idempotency_keys where user_id = ${userId} and key = ${key} and expires_at <= ${now}`);
      const claimed = await db.execute(
        sql`insert into idempotency_keys (user_id, key, request_hash, locked_at, created_at, expires_at)
            values (${userId}, ${key}, ${hash}, ${now}, ${now}, ${new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS)})
            on conflict (user_id, key) do nothing`,
      );
      if ((claimed.rowCount ?? 0) === 1) {
        request.idempotency = { userId, key };
        return;
      }
      const row = (await db.execute<KeyRow>(sql`select request_hash, state, response_status, response_body, locked_at from idempotency_keys where user_id = ${userId} and key = ${key}`))
        .rows[0];
      if (!row) continue; // expired and removed meanwhile: claim it afresh
      if (row.request_hash !== hash) throw new AppError(422, MESSAGES.idempotencyKeyReused);
      if (row.state === 'done' && row.response_status !== null && row.response_body !== null) {
        return reply
          .code(row.response_status)
          .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
          .type('application/json; charset=utf-8')
          .serializer((payload: unknown) => String(payload))
          .send(row.response_body);
      }
      // The first request under the key never answered (its process died): this one takes the key over.
      const stale = new Date(now.getTime() - TAKEOVER_AFTER_MS);
      const takenOver = await db.execute(
        sql`update idempotency_keys set locked_at = ${now} where user_id = ${userId} and key = ${key} and state = 'in_progress' and locked_at <= ${stale}`,
      );
      if ((takenOver.rowCount ?? 0) === 1) {
        request.idempotency = { userId, key };
        return;
      }
      if (Date.now() >= waitUntil) throw conflict(MESSAGES.idempotencyKeyInProgress);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  });

  // The answer is kept before it leaves, so a retry after it arrived always finds it; a server error
  // keeps nothing (the request may be retried under the same key).
  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotency;
    if (!held) return payload;
    request.idempotency = null;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
    if (reply.statusCode >= 500 || body === undefined) {
      await db.execute(sql`delete from idempotency_keys where user_id = ${held.userId} and key = ${held.key} and state = 'in_progress'`);
    } else {
      await db.execute(
        sql`update idempotency_keys set state = 'done', response_status = ${reply.statusCode}, response_body = ${body}
            where user_id = ${held.userId} and key = ${held.key}`,
      );
    }
    return payload;
  });
}

/** Drops keys past their 24 hours (a job), a batch at a time. */
export async function pruneIdempotencyKeys(db: Pick<Db, 'execute'>, now: Date, limit = 1000): Promise<number> {
  const result = await db.execute(
    sql`delete from idempotency_keys where (user_id, key) in (select user_id, key from idempotency_keys where expires_at <= ${now} limit ${limit})`,
  );
  return result.rowCount ?? 0;
}
