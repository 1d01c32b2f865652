// The API document (OpenAPI 3.0) as @fastify/swagger builds it from the routes, completed in one place:
// each operation's operationId and summary from the operation table, its security from the route's
// `config.access`, the error answers it can give in the envelope `{ status: false, msg }`, and the
// bodies that are not JSON (uploads, CSV exports, document files).
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRODUCT_NAME, READ_AFTER_HEADER, errorEnvelope } from '@qist/domain';
import type { Access } from '../plugins/access.js';
import { OPERATIONS, type OperationDoc } from './operations.js';

export const BEARER_SCHEME = 'bearerAuth';
/** The operator's token of GET /metrics (METRICS_TOKEN), apart from the users' sessions. */
export const METRICS_SCHEME = 'metricsToken';
/** The routes documented outside /api: the metrics a monitoring system scrapes. */
const DOCUMENTED_OUTSIDE_API = ['/metrics'];

/** What each error status means, wherever it is documented. */
export const ERROR_ANSWERS: Record<string, string> = {
  400: 'The request is malformed or a field failed validation; `msg` says what to correct',
  401: 'Not authenticated: the bearer token is missing, or its session expired or ended (sign in again), or a signature is invalid',
  403: 'Forbidden: the signed-in role may not call this, or the account is not yet at the level it needs',
  404: 'Nothing of that id exists, or the caller may not see it',
  409: 'The object is not at the step this call needs (for example, already decided or paid)',
  413: 'The upload is over 10 MB, or the request over its size limit',
  422: 'The Idempotency-Key was already used for a different request (another route or body)',
  429: 'Too many attempts from this account or address; wait and try again',
  502: 'The payment gateway refused the call; nothing was started',
  503: 'Not available right now: the database is unreachable or not migrated, or the payment gateway did not answer clearly (nothing was decided; the call may be made again)',
};

/** The file types a stored document or invoice is served in. */
const DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;

/** Every error answer refers to the one envelope, a named schema of the document. */
const ERROR_ENVELOPE = 'ErrorEnvelope';
const errorEnvelopeRef = { $ref: `#/components/schemas/${ERROR_ENVELOPE}` };

/** "METHOD /path" as the document spells it: path parameters in braces. */
export function operationKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;
}

/** A stand-in for a route missing from the table, derived from method and path (the API document's test fails on it). */
function derivedOperationId(key: string): string {
  const words = key.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  return words.map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join('');
}

/** The security requirement of an access rule: none for public routes, the bearer token otherwise. */
export function securityOf(access: Access | undefined, entry: OperationDoc | undefined): Record<string, string[]>[] {
  if (entry?.metricsToken) return [{ [METRICS_SCHEME]: [] }];
  if (entry?.bearerOrSignedLink) return [{ [BEARER_SCHEME]: [] }, {}];
  return access === undefined || access === 'public' ? [] : [{ [BEARER_SCHEME]: [] }];
}

type Responses = Record<string, unknown>;

/**
 * The route's answers, each with its description, plus the error answers its access and inputs
 * imply. Error answers in the envelope come back apart: they are added to the document as
 * references to the one envelope schema, after the zod schemas are converted.
 */
function responsesOf(schema: FastifySchema, access: Access | undefined, entry: OperationDoc | undefined): { converted: Responses; errors: Responses } {
  const declared = { ...((schema.response as Responses | undefined) ?? {}) };
  const isProtected = access !== undefined && access !== 'public';
  // Any request can answer 400: a URL that cannot be decoded, a body that is not JSON, a failed schema.
  const implied = [
    '400',
    ...(isProtected || entry?.bearerOrSignedLink || entry?.metricsToken ? ['401'] : []),
    ...(isProtected ? ['403'] : []),
    // The metrics answer as an unknown route does while METRICS_TOKEN is unset.
    ...(schema.params || entry?.metricsToken ? ['404'] : []),
  ];
  for (const status of implied) declared[status] ??= errorEnvelope;

  if (entry?.produces === 'csv') {
    declared['200'] = { description: 'The rows as CSV (UTF-8, a header line first), sent as an attachment', content: { 'text/csv': { schema: z.string() } } };
  } else if (entry?.produces === 'metrics') {
    declared['200'] = {
      description: 'The metrics in the Prometheus text exposition format (version 0.0.4)',
      content: { 'text/plain': { schema: z.string() } },
    };
  } else if (entry?.produces === 'document') {
    declared['200'] = {
      description: 'The file, in the type it was stored in',
      content: Object.fromEntries(DOCUMENT_TYPES.map((type) => [type, { schema: z.file() }])),
    };
  }

  const converted: Responses = {};
  const errors: Responses = {};
  for (const [status, value] of Object.entries(declared)) {
    const description = status.startsWith('2') ? 'Success: the envelope `{ status: true, content }`' : (ERROR_ANSWERS[status] ?? 'Refused; `msg` says why');
    if (value === errorEnvelope) errors[status] = { description, content: { 'application/json': { schema: errorEnvelopeRef } } };
    else if (typeof value === 'object' && value !== null && 'content' in value) converted[status] = value;
    else converted[status] = { description, content: { 'application/json': { schema: value } } };
  }
  return { converted, errors };
}

/** Responses in status order. */
function sorted(responses: Responses): Responses {
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

/** The form of an upload: its text fields and its one file. */
function uploadBody(upload: NonNullable<OperationDoc['upload']>) {
  const fields = Object.fromEntries(Object.entries(upload.fields).map(([name, required]) => [name, required ? z.string() : z.string().optional()]));
  return z.object({ ...fields, [upload.file]: z.file() });
}

/** The options of @fastify/swagger for this API. */
export function swaggerOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${PRODUCT_NAME} API`,
        version: '1.0.0',
        description:
          'B2B buy-now-pay-later platform. Every JSON answer is an envelope: `{ status: true, content }` on success, `{ status: false, msg }` when refused.\n\n' +
          `Reading one’s own writes: on a deployment with a read replica, every successful call other than GET, HEAD and OPTIONS answers a \`${READ_AFTER_HEADER}\` header, the database position after the write (for example \`0/3000148\`). Send the latest one back as \`${READ_AFTER_HEADER}\` on the calls that follow: a list, dashboard or export the replica has not caught up to is then read from the primary, so it shows that write. Without a replica the header is neither sent nor needed; a malformed one is ignored.`,
        // The code is not open source; its use is governed by the platform's terms.
        license: { name: `Proprietary: © ${PRODUCT_NAME}, all rights reserved`, url: '/terms' },
      },
      // Every deployment serves its own document: the API is on the origin the document came from.
      servers: [{ url: '/', description: `The ${PRODUCT_NAME} deployment serving this document (the web app's origin)` }],
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'session token',
            description: 'The token answered by POST /api/v1/auth/login (or register), sent as `Authorization: Bearer <token>`; it ends at logout or expiry.',
          },
          [METRICS_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: 'The server’s `METRICS_TOKEN` setting, sent by the monitoring system as `Authorization: Bearer <METRICS_TOKEN>`.',
          },
        },
      },
    },
    transform: (input) => {
      const { schema, url, route } = input;
      if ((!url.startsWith('/api/') && !DOCUMENTED_OUTSIDE_API.includes(url)) || !schema || (schema as { hide?: boolean }).hide) return jsonSchemaTransform(input);
      const method = [route.method].flat()[0] ?? 'GET';
      const key = operationKey(method, url);
      const entry = OPERATIONS[key];
      const access = route.config?.access;
      const { converted, errors } = responsesOf(schema, access, entry);
      const completed: FastifySchema & Record<string, unknown> = {
        ...schema,
        operationId: entry?.operationId ?? derivedOperationId(key),
        summary: entry?.summary,
        description: entry?.description,
        security: securityOf(access, entry),
        response: converted,
        produces: undefined,
      };
      if (entry?.upload) {
        completed.body = uploadBody(entry.upload);
        completed.consumes = ['multipart/form-data'];
      }
      if (entry?.headers || entry?.optionalHeaders) {
        completed.headers = z.object({
          ...Object.fromEntries(Object.entries(entry.headers ?? {}).map(([name, description]) => [name, z.string().describe(description)])),
          ...Object.fromEntries(Object.entries(entry.optionalHeaders ?? {}).map(([name, description]) => [name, z.string().describe(description).optional()])),
        });
      }
      const result = jsonSchemaTransform({ ...input, schema: completed });
      const response = { ...(result.schema.response as Responses), ...errors };
      return { ...result, schema: { ...result.schema, response: sorted(response) } };
    },
    transformObject: (input) => {
      // A fresh object on every build, with its own components: completed in place.
      const document = jsonSchemaTransformObject(input);
      if ('components' in document && document.components) {
        const { $schema: _dialect, ...envelope } = z.toJSONSchema(errorEnvelope, { target: 'openapi-3.0', io: 'output' });
        Object.assign((document.components.schemas ??= {}), { [ERROR_ENVELOPE]: envelope });
      }
      return document;
    },
  };
}
