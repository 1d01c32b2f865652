import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@qist/domain';
import { buildApp } from '../src/app.js';
import { body, testConfig, useTestApp } from './helpers.js';

const webDist = mkdtempSync(path.join(tmpdir(), 'qist-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Qist</title><div id="root"></div>');
// A built asset with the Brotli copy the build writes beside it.
const script = `export const greeting = ${JSON.stringify('marhaba '.repeat(400))};`;
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), script);
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
writeFileSync(path.join(webDist, 'index.html.br'), brotliCompressSync('<!doctype html><title>Qist</title><div id="root"></div>'));
const ctx = useTestApp({ env: { WEB_DIST: webDist } });

describe('the app shell', () => {
  it('reports health once the database is migrated', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(body(response)).toEqual({ status: true, content: { db: 'up' } });
  });

  it('answers unknown API routes with the 404 envelope', async () => {
    for (const [method, url] of [['GET', '/api/v1/nothing'], ['POST', '/api/v1/sme/unknown'], ['GET', '/api']] as const) {
      const response = await ctx.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(body(response)).toEqual({ status: false, msg: MESSAGES.notFound });
    }
  });

  it("serves index.html for the SPA's client routes loaded directly", async () => {
    for (const url of ['/', '/sme/orders', '/auth/register/provider?x=1']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('sends the build\'s Brotli copies to browsers that take them, with the right caching', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['content-type']).toContain('javascript');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(script);
    const plain = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const page = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
  });

  it('answers malformed JSON with the error envelope', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toEqual({ status: false, msg: 'the request body is not valid JSON' });
  });

  it('names the field of a failure that has no spec message', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'a@b.co', password: 12345678 },
    });
    expect(response.statusCode).toBe(400);
    expect(body(response).msg).toBe(MESSAGES.passwordRequired);
  });

  it('publishes OpenAPI generated from the route schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/v1/auth/register', '/api/v1/auth/login', '/api/v1/auth/logout']),
    );
    expect(document.paths['/api/v1/auth/register'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['email', 'password', 'role', 'code']),
    );
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('refuses to start when an API route does not declare who may call it', async () => {
    const app = await buildApp({ config: testConfig(), db: ctx.db, logger: false });
    expect(() => app.get('/api/v1/open', async () => ({}))).toThrow(/does not declare config.access/);
    await app.close();
  });
});
