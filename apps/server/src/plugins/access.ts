// Who may call what. Every /api route states its access in `config.access`: 'public' or the
// roles allowed. A route without it fails at start, so no endpoint is open by omission.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES, type Role } from '@qist/domain';
import { forbidden, unauthorized } from '../errors.js';
import type { Authenticator, Principal } from '../lib/principal.js';

export type Access = 'public' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The route stays open to a session whose role needs two-step sign-in before it is set up
     * (auth/me, the set-up itself, sign-out, a password change). Every other route refuses it.
     */
    openBeforeMfa?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** Routes that plugins register for themselves (the API docs) and are public by nature. */
const SELF_DESCRIBED_PREFIXES = ['/api/docs'];

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * The principal behind the request's bearer token, for a public route that decides for itself
 * (a file served to its owners or to a signed link); 401 without a valid token.
 */
export async function bearerPrincipal(request: FastifyRequest, auth: Authenticator): Promise<Principal> {
  const token = bearerToken(request);
  const principal = token ? await auth.authenticate(token) : null;
  if (!principal) throw unauthorized(MESSAGES.loginRequired);
  if (principal.mfaSetupRequired) throw forbidden(MESSAGES.mfaSetupRequired);
  return principal;
}

/** The authenticated principal of a route that required one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized(MESSAGES.loginRequired);
  return request.principal;
}

export function registerAccessControl(app: FastifyInstance, auth: Authenticator): void {
  app.decorateRequest('principal', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || SELF_DESCRIBED_PREFIXES.some((p) => route.url.startsWith(p))) return;
    if (route.config?.access === undefined) {
      throw new Error(`route ${route.method.toString()} ${route.url} does not declare config.access`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const token = bearerToken(request);
    if (!token) throw unauthorized(MESSAGES.loginRequired);
    const principal = await auth.authenticate(token);
    if (!principal) throw unauthorized(MESSAGES.sessionExpired);
    if (!access.includes(principal.role)) throw forbidden(MESSAGES.forbidden);
    // A role that needs two-step sign-in reaches nothing but its set-up until it is on.
    if (principal.mfaSetupRequired && request.routeOptions.config.openBeforeMfa !== true) throw forbidden(MESSAGES.mfaSetupRequired);
    request.principal = principal;
  });
}
