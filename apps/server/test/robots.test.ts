// /robots.txt is a file of the web build (apps/web/public/robots.txt), served by the static files as
// text, not the single-page app's index.html that unknown addresses get.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers.js';

const robots = fileURLToPath(new URL('../../web/public/robots.txt', import.meta.url));
const webDist = mkdtempSync(path.join(tmpdir(), 'qist-web-robots-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Qist</title><div id="root"></div>');
copyFileSync(robots, path.join(webDist, 'robots.txt'));
// the build's precompression step writes a Brotli copy of text files too
writeFileSync(path.join(webDist, 'robots.txt.br'), brotliCompressSync(readFileSync(robots)));
const ctx = useTestApp({ env: { WEB_DIST: webDist } });

describe('/robots.txt', () => {
  it('answers the web build file as text/plain, with a User-agent line', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toMatch(/^User-agent: \*$/m);
    expect(response.body).toMatch(/^Disallow: \/api\/$/m);
    expect(response.body).not.toContain('<div id="root">');
  });

  it('keeps its type when the Brotli copy is sent', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/robots.txt', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
  });
});
