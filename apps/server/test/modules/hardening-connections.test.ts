// What Node answers before a request reaches the app, over a real socket: a body that trickles in
// is cut off at the request timeout, and headers too large get the envelope and the usual headers.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@qist/domain';
import { useTestApp } from '../helpers.js';

const ctx = useTestApp({ env: { REQUEST_TIMEOUT_SECONDS: '1' } });
// The longest timeout the configuration accepts (600 s) is longer than Node's default request timeout.
const patient = useTestApp({ env: { REQUEST_TIMEOUT_SECONDS: '600' } });
let port = 0;

beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  ctx.app.server.closeAllConnections();
});

/** Opens a socket and collects everything the server sends until it closes the connection. */
function openSocket(): Promise<{ socket: Socket; closed: Promise<{ text: string }> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    const closed = new Promise<{ text: string }>((done) => {
      socket.on('close', () => done({ text: Buffer.concat(chunks).toString('utf8') }));
    });
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

function parseAnswer(text: string) {
  const [head = '', payload = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(payload) as unknown };
}

describe('connections', () => {
  it('closes a request whose body stalls, answering 408 in the envelope', async () => {
    const { socket, closed } = await openSocket();
    socket.write(
      'POST /api/v1/ads/form/register HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"CompanyName":',
    );
    // One more byte now and then, as a slow-body attack does: the request as a whole still times
    // out (the trickle never ends, so only the server's total timeout can close the socket).
    const trickle = setInterval(() => socket.writable && socket.write(' '), 300);
    const { text } = await closed;
    clearInterval(trickle);
    const answer = parseAnswer(text);
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual({ status: false, msg: MESSAGES.requestTimeout });
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers headers over the limit with 431 in the envelope and the security headers', async () => {
    const { socket, closed } = await openSocket();
    socket.write(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    const answer = parseAnswer((await closed).text);
    expect(answer.status).toBe(431);
    expect(answer.body).toEqual({ status: false, msg: MESSAGES.requestTooLarge });
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(answer.headers['permissions-policy']).toContain('camera=()');
  });

  it('still serves a request that arrives in time', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await response.json()).toEqual({ status: true, content: { db: 'up' } });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('the longest request timeout', () => {
  it('starts, and Node holds a request and its headers for the whole 600 s', () => {
    expect([patient.app.server.requestTimeout, patient.app.server.headersTimeout]).toEqual([600_000, 600_000]);
  });
});
