import { Notifications } from '@mantine/notifications';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { READ_AFTER_HEADER } from '@qist/domain';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n';
import { fail, ok, signIn, stubServer } from '@/testing/render-app';
import { api, apiDownload, ApiError } from './api';

function renderToasts() {
  render(
    <MantineProvider env="test">
      <Notifications />
    </MantineProvider>,
  );
}

describe('API client', () => {
  it('returns the content and sends the bearer token', async () => {
    signIn('admin', null);
    const fetchMock = stubServer({ 'GET /api/v1/things': ok({ things: [1, 2] }) });
    await expect(api.get('/api/v1/things')).resolves.toEqual({ things: [1, 2] });
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer token-admin' });
  });

  it('sends the Idempotency-Key it is given, and none otherwise', async () => {
    signIn('sme', 8);
    const fetchMock = stubServer({ 'POST /api/v1/sme/order/create': ok({ order: { _id: 'o1' } }) });
    await api.post('/api/v1/sme/order/create', { amount: 1 }, undefined, { idempotencyKey: 'key-1' });
    await api.post('/api/v1/sme/order/create', { amount: 1 });
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ 'Idempotency-Key': 'key-1' });
    expect(fetchMock.mock.calls[1]?.[1]?.headers).not.toHaveProperty('Idempotency-Key');
  });

  it('sends a keyed request again, with the same key, when its answer was lost; an unkeyed one is not sent twice', async () => {
    renderToasts();
    let lost = 1;
    const fetchMock = vi.fn(async () => {
      if (lost-- > 0) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ status: true, content: { ok: 1 } }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/api/v1/sme/pay/init', { orderId: 'o1' }, undefined, { idempotencyKey: 'key-2' })).resolves.toEqual({ ok: 1 });
    expect(fetchMock.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1].headers)).toEqual([
      expect.objectContaining({ 'Idempotency-Key': 'key-2' }),
      expect.objectContaining({ 'Idempotency-Key': 'key-2' }),
    ]);

    lost = 1;
    fetchMock.mockClear();
    await expect(api.post('/api/v1/sme/order/cancel', { orderId: 'o1' })).rejects.toMatchObject({ status: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('something went wrong, please try again')).toBeInTheDocument();
  });

  it('throws ApiError(msg, status) and toasts the msg, translated when it is a known sentence', async () => {
    renderToasts();
    await i18n.changeLanguage('ar');
    stubServer({ 'POST /api/v1/auth/login': fail(429, 'too many attempts, please try again later') });
    const error = await api.post('/api/v1/auth/login', {}, undefined, { isAuthAttempt: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'too many attempts, please try again later', status: 429, key: 'tooManyAttempts' });
    expect(await screen.findByText('محاولات كثيرة، يرجى المحاولة لاحقًا')).toBeInTheDocument();
  });

  it('shows an unknown msg as it came', async () => {
    renderToasts();
    stubServer({ 'GET /api/v1/x': fail(409, 'order is in status waiting') });
    await expect(api.get('/api/v1/x')).rejects.toMatchObject({ status: 409 });
    expect(await screen.findByText('order is in status waiting')).toBeInTheDocument();
  });

  it('turns a body that is not the envelope into a generic message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })));
    await expect(api.get('/api/v1/x', undefined, { notifyOnError: false })).rejects.toMatchObject({
      message: 'something went wrong, please try again',
      status: 502,
    });
  });

  it('sends FormData as multipart, without a JSON content type', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: true, content: { ok: 1 } }), { status: 200 })),
    );
    const form = new FormData();
    form.append('title', 'CR license');
    await expect(api.post('/api/v1/sme/doc/upload', form, undefined, { timeoutMs: 10_000 })).resolves.toEqual({ ok: 1 });
    const [, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(init?.body).toBe(form);
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('reports how much of an upload has gone, then answers as any call does', async () => {
    signIn('sme', 8);
    const fetchMock = stubServer({ 'POST /api/v1/sme/doc/upload': ok({ doc: { _id: 'd1' } }) });
    const form = new FormData();
    form.append('title', 'CR license');
    const percents: number[] = [];
    await expect(
      api.post('/api/v1/sme/doc/upload', form, undefined, { timeoutMs: 10_000, onUploadProgress: (p) => percents.push(p) }),
    ).resolves.toEqual({ doc: { _id: 'd1' } });
    expect(percents).toEqual([50, 100, 100]);
    // the same body and token reach the server
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.body).toBe(form);
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer token-sme' });
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it("ends a refused upload like any refused call: the server's msg as ApiError", async () => {
    renderToasts();
    stubServer({ 'POST /api/v1/sme/doc/upload': fail(413, 'file is too large') });
    const error = await api.post('/api/v1/sme/doc/upload', new FormData(), undefined, { onUploadProgress: () => {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'file is too large', status: 413 });
    expect(await screen.findByText('file is too large')).toBeInTheDocument();
  });

  it('keeps the position a write’s answer carries and echoes it on the following requests; a malformed or older one changes nothing', async () => {
    signIn('sme', 8);
    const answers: Record<string, string | undefined> = {};
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`;
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      const position = answers[key];
      if (position !== undefined) headers[READ_AFTER_HEADER] = position;
      return new Response(JSON.stringify({ status: true, content: {} }), { status: 200, headers });
    });
    vi.stubGlobal('fetch', fetchMock);
    const sentPosition = () => (fetchMock.mock.calls.at(-1)?.[1]?.headers as Record<string, string>)[READ_AFTER_HEADER];

    await api.get('/api/v1/sme/order/list');
    expect(sentPosition()).toBeUndefined();

    answers['POST /api/v1/sme/order/create'] = '0/16B3748';
    await api.post('/api/v1/sme/order/create', { amount: 1 });
    await api.get('/api/v1/sme/order/list');
    expect(sentPosition()).toBe('0/16B3748');
    // Downloads (the CSV exports) carry it too.
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await apiDownload('/api/v1/admin/order/export', 'orders.csv');
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
    expect(sentPosition()).toBe('0/16B3748');

    // An older position (another process answered an earlier write late) and a malformed one are not kept.
    answers['POST /api/v1/sme/order/cancel'] = '0/16B0000';
    await api.post('/api/v1/sme/order/cancel', { orderId: 'o1' });
    answers['POST /api/v1/sme/pay/init'] = 'not-a-position';
    await api.post('/api/v1/sme/pay/init', { orderId: 'o1' });
    await api.get('/api/v1/sme/order/list');
    expect(sentPosition()).toBe('0/16B3748');

    // A further one replaces it, and survives a reload of the tab (sessionStorage).
    answers['POST /api/v1/sme/pay/installment'] = '1/A';
    await api.post('/api/v1/sme/pay/installment', { orderId: 'o1' });
    expect(window.sessionStorage.getItem('qist.readAfter')).toBe('1/A');
    await api.get('/api/v1/sme/dashboard');
    expect(sentPosition()).toBe('1/A');
  });

  it('keeps the position of an upload’s answer too', async () => {
    signIn('sme', 8);
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const headers: Record<string, string> = init?.method === 'POST' ? { [READ_AFTER_HEADER]: '0/2A' } : {};
      return new Response(JSON.stringify({ status: true, content: {} }), { status: 200, headers });
    });
    vi.stubGlobal('fetch', fetchMock);
    await api.post('/api/v1/sme/doc/upload', new FormData(), undefined, { onUploadProgress: () => {} });
    await api.get('/api/v1/sme/doc/list');
    expect(fetchMock.mock.calls.at(-1)?.[1]?.headers).toMatchObject({ [READ_AFTER_HEADER]: '0/2A' });
  });
});
