// The prerendered landing page (dist/landing.html, written by scripts/prerender-landing.mjs) answers /
// and /landing; every other address of the web app still gets the single-page app's index.html.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers.js';

const landing = '<!doctype html><title>Qist</title><div data-landing-copy="en"><h1>Qist</h1></div>';
const webDist = mkdtempSync(path.join(tmpdir(), 'qist-web-landing-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Qist</title><div id="root"></div>');
writeFileSync(path.join(webDist, 'landing.html'), landing);
writeFileSync(path.join(webDist, 'landing.html.br'), brotliCompressSync(landing));
const ctx = useTestApp({ env: { WEB_DIST: webDist } });

describe('the landing page', () => {
  it('answers / and /landing with the prerendered page, not cached without a check, with the security headers', async () => {
    for (const url of ['/', '/landing', '/?ref=ad']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.body).toBe(landing);
    }
  });

  it('sends its Brotli copy to browsers that take it', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(landing);
  });

  it('leaves the other addresses to the single-page app', async () => {
    for (const url of ['/faq', '/auth/login', '/landing/more']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
    }
  });
});
