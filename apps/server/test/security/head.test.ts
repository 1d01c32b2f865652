// HEAD answers wherever GET does, with GET's status and headers and no body, and never acts: on a
// GET that acts (…/email/resend sends a code) it answers 405 with `Allow: GET` and sends nothing.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Role } from '@qist/domain';
import { outboxMessages, verificationCodes } from '../../src/db/schema/index.js';
import { bearer, body, createAccount, loginAs, useTestApp } from '../helpers.js';

const webDist = mkdtempSync(path.join(tmpdir(), 'qist-web-head-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Qist</title><div id="root"></div>');
writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log("qist");\n');
const ctx = useTestApp({ env: { WEB_DIST: webDist } });

const CALLERS = ['anonymous', 'sme', 'provider', 'admin', 'bank', 'insurance'] as const;
type Caller = (typeof CALLERS)[number];
const headers: Record<Caller, Record<string, string>> = { anonymous: {} } as Record<Caller, Record<string, string>>;
const accounts: Partial<Record<Role, { id: string; email: string }>> = {};

beforeAll(async () => {
  for (const role of ['sme', 'provider', 'admin', 'bank', 'insurance'] as const) {
    // SMEs and suppliers at level 0: their GET …/email/resend would send a code.
    const account = await createAccount(ctx.db, { role, level: 0 });
    accounts[role] = account;
    headers[role] = bearer(await loginAs(ctx.app, account));
  }
});

const inject = (method: 'GET' | 'HEAD', url: string, h: Record<string, string> = {}) => ctx.app.inject({ method, url, headers: h });

/** The headers of an answer that must be the same for GET and HEAD of one address. */
function comparable(response: LightMyRequestResponse): Record<string, unknown> {
  const { date: _date, ...rest } = response.headers;
  return rest;
}

/** A digest of every row of every table of the product: equal digests, nothing written. */
async function databaseDigest(): Promise<Record<string, string>> {
  const tables = await ctx.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const digest: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const result = await ctx.db.execute<{ d: string | null }>(sql`select md5(string_agg(t::text, ',' order by t::text)) as d from ${sql.identifier(name)} t`);
    digest[name] = result.rows[0]?.d ?? '';
  }
  return digest;
}

/** Every GET of the OpenAPI document, its path parameters filled with values of the right shape. */
function documentedGets(): string[] {
  const paths = (ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
  return Object.entries(paths)
    .filter(([url, operations]) => url.startsWith('/api/') && 'get' in operations)
    .map(([url]) => url.replace('{kind}', 'sme').replace('{file}', 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6.pdf').replace(/\{[^}]+\}/g, randomUUID()));
}

// The resends send a code; the file downloads write an audit event when the back office reads them.
const ACTING = new Set([
  '/api/v1/sme/email/resend',
  '/api/v1/provider/email/resend',
  '/api/v1/pub/sme/doc/file/a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6.pdf',
  '/api/v1/pub/order/invoice/file/a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6.pdf',
]);

describe('HEAD on the API', () => {
  it('HEAD /api/health answers 200 with no body and the headers of GET', async () => {
    const get = await inject('GET', '/api/health');
    const head = await inject('HEAD', '/api/health');
    expect(get.statusCode).toBe(200);
    expect(body(get)).toEqual({ status: true, content: { db: 'up' } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(comparable(head)).toEqual(comparable(get));
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.body)));
    expect(head.headers['cache-control']).toBe('no-store');
  });

  it('HEAD on an authenticated list answers its GET status and headers with no body', async () => {
    const url = '/api/v1/admin/order/list?page=1&perPage=10&status=-10';
    const get = await inject('GET', url, headers.admin);
    const head = await inject('HEAD', url, headers.admin);
    expect(get.statusCode).toBe(200);
    expect(body(get)).toEqual({ status: true, content: { orders: [], count: 0, cursors: { first: null, last: null } } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(comparable(head)).toEqual(comparable(get));

    for (const caller of ['anonymous', 'sme'] as const) {
      const refusedGet = await inject('GET', url, headers[caller]);
      const refusedHead = await inject('HEAD', url, headers[caller]);
      expect(refusedHead.statusCode).toBe(refusedGet.statusCode);
      expect(refusedGet.statusCode).toBe(caller === 'anonymous' ? 401 : 403);
      expect(refusedHead.body).toBe('');
    }
  });

  it.each(['sme', 'provider'] as const)('HEAD /api/v1/%s/email/resend answers 405, sends no code and writes nothing', async (kind) => {
    await ctx.app.dispatcher.dispatchDue();
    const before = await databaseDigest();
    const head = await inject('HEAD', `/api/v1/${kind}/email/resend`, headers[kind]);
    expect(head.statusCode).toBe(405);
    expect(head.headers.allow).toBe('GET');
    expect(head.headers['content-type']).toMatch(/^application\/json/);
    expect(head.body).toBe('');
    // Checked like GET first: without a session it is refused as GET would be.
    expect((await inject('HEAD', `/api/v1/${kind}/email/resend`)).statusCode).toBe(401);

    const account = accounts[kind]!;
    expect(await ctx.db.select().from(verificationCodes).where(and(eq(verificationCodes.userId, account.id), eq(verificationCodes.purpose, 'email')))).toEqual([]);
    expect(await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, account.email))).toEqual([]);
    expect(await ctx.app.dispatcher.dispatchDue()).toBe(0);
    expect(await databaseDigest()).toEqual(before);

    // GET still sends the code.
    const get = await inject('GET', `/api/v1/${kind}/email/resend`, headers[kind]);
    expect(get.statusCode).toBe(200);
    expect(body(get).content.sent).toBe(true);
    expect(await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, account.email))).toHaveLength(1);
  });

  it('every documented GET answers HEAD with its status and no body, and HEAD writes nothing', async () => {
    const urls = documentedGets();
    expect(urls.length).toBeGreaterThan(40);
    const before = await databaseDigest();
    const heads = new Map<string, LightMyRequestResponse>();
    for (const url of urls) {
      for (const caller of CALLERS) heads.set(`${caller} ${url}`, await inject('HEAD', url, headers[caller]));
    }
    expect(await databaseDigest()).toEqual(before);

    const mismatches: string[] = [];
    for (const url of urls) {
      for (const caller of CALLERS) {
        const head = heads.get(`${caller} ${url}`)!;
        const get = await inject('GET', url, headers[caller]);
        // On a GET that acts, HEAD is refused like GET (400, 401, 403) or answers 405 where GET would run.
        const expected = ACTING.has(url) && ![400, 401, 403].includes(get.statusCode) ? 405 : get.statusCode;
        if (head.statusCode !== expected || head.body !== '' || head.headers['content-type'] !== get.headers['content-type']) {
          mismatches.push(`${caller} ${url}: HEAD ${head.statusCode} ${head.headers['content-type']}, GET ${get.statusCode} ${get.headers['content-type']}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('HEAD on an unknown API address answers 404 like GET', async () => {
    const head = await inject('HEAD', '/api/v1/nothing/here');
    expect(head.statusCode).toBe(404);
    expect(head.body).toBe('');
    expect(body(await inject('GET', '/api/v1/nothing/here'))).toEqual({ status: false, msg: MESSAGES.notFound });
  });

  it('the OpenAPI document lists GET operations and no HEAD', () => {
    const paths = (ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const methods = new Set(Object.values(paths).flatMap((operations) => Object.keys(operations)));
    expect(methods.has('head')).toBe(false);
    expect(Object.keys(paths['/api/health'] ?? {})).toEqual(['get']);
    expect(Object.keys(paths['/api/v1/sme/email/resend'] ?? {})).toEqual(['get']);
  });
});

describe('HEAD on the web app', () => {
  it.each(['/', '/assets/app-1a2b3c.js', '/sme/orders'])('HEAD %s answers 200 with the headers of GET and no body', async (url) => {
    const get = await inject('GET', url);
    const head = await inject('HEAD', url);
    expect(get.statusCode).toBe(200);
    expect(get.body.length).toBeGreaterThan(0);
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const { 'last-modified': _getModified, ...getHeaders } = comparable(get);
    const { 'last-modified': _headModified, ...headHeaders } = comparable(head);
    expect(headHeaders).toEqual(getHeaders);
  });
});
