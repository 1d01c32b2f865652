// The API document is fit for client generators: every operation named once and summarised, listed in
// the operation table, its security declared (and true to what the server does), its refusals
// documented in the error envelope; and the document the CLI writes is the one the app serves.
import { describe, expect, it } from 'vitest';
import { MESSAGES, READ_AFTER_HEADER } from '@qist/domain';
import { OPERATIONS } from '../src/openapi/operations.js';
import { buildOpenapiDocument, type OpenapiDocument, type OpenapiOperation } from '../src/openapi/offline.js';
import { useTestApp } from './helpers.js';

const ctx = useTestApp();
const UNKNOWN_ID = '0b5f2a8e-3c1d-4e7f-9a6b-2d4c8e1f3a5b';
const ERROR_ENVELOPE_REF = '#/components/schemas/ErrorEnvelope';
const BEARER = [{ bearerAuth: [] }];
const BEARER_OR_SIGNED_LINK = [{ bearerAuth: [] }, {}];
const METRICS_TOKEN = [{ metricsToken: [] }];

/** Whether an operation is called with a user's session token (not the operator's metrics token). */
const takesSession = (operation: OpenapiOperation) => operation.security?.some((requirement) => 'bearerAuth' in requirement) === true;

function served(): OpenapiDocument {
  return ctx.app.swagger() as unknown as OpenapiDocument;
}

function operationsOf(document: OpenapiDocument): [key: string, operation: OpenapiOperation][] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as [string, OpenapiOperation]),
  );
}

describe('the API document', () => {
  it('is the one the app serves at /api/docs/json and the CLI writes', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(served());
    expect(await buildOpenapiDocument()).toEqual(served());
  });

  it('lists exactly the operations of the table: a new route needs its entry, a removed one loses it', () => {
    const documented = operationsOf(served()).map(([key]) => key);
    const table = Object.keys(OPERATIONS);
    expect({ missingFromTable: documented.filter((key) => !table.includes(key)), goneFromApi: table.filter((key) => !documented.includes(key)) }).toEqual({
      missingFromTable: [],
      goneFromApi: [],
    });
    expect(documented.length).toBeGreaterThan(100);
  });

  it('names every operation with a unique camelCase operationId and a summary', () => {
    const operations = operationsOf(served());
    const ids = operations.map(([, operation]) => operation.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    for (const [key, operation] of operations) {
      expect(operation.operationId, key).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(operation.operationId, key).toBe(OPERATIONS[key]?.operationId);
      expect(operation.summary?.trim().length ?? 0, key).toBeGreaterThan(10);
    }
  });

  it('declares security on every operation: the bearer token, the metrics token on /metrics, or none on public ones', () => {
    const document = served() as OpenapiDocument & { components: { securitySchemes: Record<string, { type: string; scheme: string }> } };
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.securitySchemes.metricsToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(operationsOf(document).filter(([, operation]) => operation.security?.some((r) => 'metricsToken' in r)).map(([key]) => key)).toEqual(['GET /metrics']);
    const publicOnes: string[] = [];
    for (const [key, operation] of operationsOf(document)) {
      const expected = OPERATIONS[key]?.bearerOrSignedLink
        ? BEARER_OR_SIGNED_LINK
        : OPERATIONS[key]?.metricsToken
          ? METRICS_TOKEN
          : operation.security?.length
            ? BEARER
            : [];
      expect(operation.security, key).toEqual(expected);
      if (operation.security?.length === 0) publicOnes.push(key);
    }
    expect(publicOnes.sort()).toEqual(
      [
        'GET /api/health',
        'GET /api/v1/pub/config',
        'GET /api/v1/pub/gateway/sandbox/{transactionId}',
        'POST /api/v1/ads/form/register',
        'POST /api/v1/auth/login',
        'POST /api/v1/auth/mfa/verify',
        'POST /api/v1/auth/password/forgot',
        'POST /api/v1/auth/password/reset',
        'POST /api/v1/auth/password/set',
        'POST /api/v1/auth/register',
        'POST /api/v1/pub/gateway/callback',
        'POST /api/v1/pub/gateway/myfatoorah/webhook',
        'POST /api/v1/pub/gateway/sandbox/complete',
      ].sort(),
    );
  });

  it('is true to the server: bearer operations refuse an anonymous call with 401, public ones do not ask for a sign-in', async () => {
    for (const [key, operation] of operationsOf(served())) {
      const [method, path] = key.split(' ') as [string, string];
      // Well-formed parameters, so that a route deciding for itself (a file by link or token) reaches its decision.
      const url = path.replace('{kind}', 'sme').replace('{file}', `${UNKNOWN_ID}.pdf`).replace(/\{[^}]+\}/g, UNKNOWN_ID);
      const hasBody = method !== 'GET';
      const response = await ctx.app.inject({ method: method as 'GET', url, ...(hasBody ? { payload: {} } : {}) });
      const askedToSignIn = response.statusCode === 401 && response.json().msg === MESSAGES.loginRequired;
      // The metrics token is no sign-in: /metrics answers 404 here (no METRICS_TOKEN), 401 in its words when set.
      if (!takesSession(operation)) expect(askedToSignIn, key).toBe(false);
      else expect(askedToSignIn, key).toBe(true);
    }
  });

  it('documents the refusals in the error envelope: 400 everywhere, 401 and 403 behind the token, 404 behind an id', () => {
    for (const [key, operation] of operationsOf(served())) {
      const statuses = Object.keys(operation.responses);
      expect(statuses.some((status) => status.startsWith('2')), key).toBe(true);
      expect(statuses, key).toContain('400');
      if (operation.security?.some((requirement) => 'bearerAuth' in requirement || 'metricsToken' in requirement)) expect(statuses, key).toContain('401');
      if (operation.security?.length === 1 && takesSession(operation)) expect(statuses, key).toContain('403');
      if (operation.parameters?.some((parameter) => parameter.in === 'path')) expect(statuses, key).toContain('404');
      for (const status of statuses.filter((s) => /^[45]/.test(s))) {
        const answer = operation.responses[status]!;
        expect(answer.description, `${key} ${status}`).not.toBe('Default Response');
        expect(answer.content?.['application/json']?.schema, `${key} ${status}`).toEqual({ $ref: ERROR_ENVELOPE_REF });
      }
    }
  });

  it('describes the envelope, the servers, the licence and the read-after header a client echoes', () => {
    const document = served() as OpenapiDocument & {
      components: { schemas: Record<string, unknown> };
      servers: { url: string; description: string }[];
      info: { license: { name: string; url: string }; description: string };
    };
    expect(document.components.schemas.ErrorEnvelope).toEqual({
      type: 'object',
      properties: { status: { type: 'boolean', enum: [false] }, msg: { type: 'string' } },
      required: ['status', 'msg'],
      additionalProperties: false,
    });
    expect(document.servers.length).toBeGreaterThan(0);
    for (const server of document.servers) expect(server).toEqual({ url: expect.any(String), description: expect.any(String) });
    expect(document.info.license.name).toMatch(/Proprietary/);
    // Answered after every write when a replica is set (ADR 37), and sent back by the client.
    expect(document.info.description).toContain(`answers a \`${READ_AFTER_HEADER}\` header`);
    expect(document.info.description).toContain(`Send the latest one back as \`${READ_AFTER_HEADER}\``);
  });
});
