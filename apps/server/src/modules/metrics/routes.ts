// GET /metrics: the Prometheus text, only to the bearer of METRICS_TOKEN. Outside the session roles
// (public at the session gate): without the setting it answers as an unknown route does.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';
import { MESSAGES } from '@qist/domain';

export const METRICS_PATH = '/metrics';

/** Compared as SHA-256 digests: equal lengths, in constant time, so neither the token nor its length leaks. */
function isSameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function bearerOf(request: FastifyRequest): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

export const metricsRoutes: FastifyPluginAsync<{
  token: string | undefined;
  registry: Registry;
  /** The text to answer instead of this registry's alone (the worker processes' aggregate). */
  render?: (local: Registry) => Promise<string>;
}> = async (app, { token, registry, render }) => {
  app.get(METRICS_PATH, { config: { access: 'public' }, schema: { tags: ['operations'] } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!token) return reply.code(404).send({ status: false, msg: MESSAGES.notFound });
    const given = bearerOf(request);
    if (!given || !isSameToken(given, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ status: false, msg: MESSAGES.metricsTokenInvalid });
    }
    const text = render ? await render(registry) : await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
};
