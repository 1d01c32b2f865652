// The API client: same-origin JSON calls with the session's bearer token, unwrapping the envelope
// { status: true, content } / { status: false, msg } (DESIGN.md §4).
import { MESSAGES, messageKeyOf, type MessageKey } from '@qist/domain';
import type { z } from 'zod';
import { paths } from '@/config/paths';
import { IDEMPOTENCY_HEADER } from './idempotency';
import { navigateTo } from './navigation';
import { notify } from './notify';
import { READ_AFTER_HEADER, keepReadAfter, readAfter } from './read-after';
import { clearSession, getToken } from './session';

export class ApiError extends Error {
  readonly status: number;
  /** The key of a known sentence of @qist/domain MESSAGES, when msg is one. */
  readonly key: MessageKey | undefined;

  constructor(message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.key = messageKeyOf(message);
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Show a failure's msg as an error toast (default true). */
  notifyOnError?: boolean;
  /** Sign-in and sign-up answer 401 for wrong credentials: that must not end a session. */
  isAuthAttempt?: boolean;
  /** Give up after this many milliseconds (file uploads use 10 s, part 1 §9); none by default. */
  timeoutMs?: number;
  /** For uploads: called with the share of the body sent so far, 0 to 100. */
  onUploadProgress?: (percent: number) => void;
  /**
   * The submission's Idempotency-Key (lib/idempotency.ts): sent as that header, and a request whose
   * answer never came (the network failed) is sent again with the same key, so it takes effect once.
   */
  idempotencyKey?: string;
};

/** How long to wait before sending again a keyed request whose answer was lost: two more tries. */
export const LOST_ANSWER_RETRY_DELAYS_MS = [400, 1200];

const wait = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });

/** fetch, sent again after a lost answer (no response at all) only when the request carries a key. */
async function fetchResendingLost(path: string, init: RequestInit, hasKey: boolean): Promise<Response> {
  const delays = hasKey ? LOST_ANSWER_RETRY_DELAYS_MS : [];
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fetch(path, init);
    } catch (cause) {
      const delay = delays[attempt];
      const isAbort = cause instanceof DOMException && (cause.name === 'AbortError' || cause.name === 'TimeoutError');
      if (isAbort || delay === undefined) throw cause;
      await wait(delay, init.signal ?? undefined);
    }
  }
}

/**
 * Sends a request through XMLHttpRequest, the one browser API that reports how much of a body has gone
 * (fetch does not), and answers a Response like fetch does. Aborting rejects with the signal's reason.
 */
function sendWithProgress(path: string, init: RequestInit, onProgress: (percent: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const signal = init.signal ?? undefined;
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    xhr.open(init.method ?? 'GET', path);
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      onProgress(100);
      const headers = new Headers({ 'content-type': xhr.getResponseHeader('content-type') ?? '' });
      const position = xhr.getResponseHeader(READ_AFTER_HEADER);
      if (position) headers.set(READ_AFTER_HEADER, position);
      resolve(new Response(xhr.responseText, { status: xhr.status, headers }));
    };
    xhr.onerror = () => reject(new TypeError('network error'));
    signal?.addEventListener('abort', () => {
      xhr.abort();
      reject(signal.reason as Error);
    });
    xhr.send(init.body as XMLHttpRequestBodyInit | null);
  });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function failureMessage(body: unknown, status: number): Promise<string> {
  const { errorEnvelope } = await import('./error-envelope');
  const parsed = errorEnvelope.safeParse(body);
  if (parsed.success) return parsed.data.msg;
  return status === 401 ? MESSAGES.loginRequired : MESSAGES.serverError;
}

/**
 * Calls the API and returns the envelope's content, checked against `schema` when one is given.
 * Throws ApiError(msg, status) on any failure, after the error toast and the 401 handling.
 */
export async function apiRequest<T = unknown>(
  path: string,
  schema?: z.ZodType<T>,
  options: RequestOptions = {},
): Promise<T> {
  const { method = 'GET', body, notifyOnError = true, isAuthAttempt = false, timeoutMs, onUploadProgress } = options;
  const isMultipart = body instanceof FormData;
  const headers = authHeaders('application/json');
  // multipart bodies set their own Content-Type (with the boundary)
  if (body !== undefined && !isMultipart) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers[IDEMPOTENCY_HEADER] = options.idempotencyKey;
  const signals = [options.signal, timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined].filter(
    (s): s is AbortSignal => s !== undefined,
  );
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];

  let error: ApiError;
  try {
    const init: RequestInit = { method, headers, body: body === undefined ? undefined : isMultipart ? body : JSON.stringify(body), signal };
    const response = onUploadProgress ? await sendWithProgress(path, init, onUploadProgress) : await fetchResendingLost(path, init, Boolean(options.idempotencyKey));
    keepReadAfter(response);
    const json = await readJson(response);
    const envelope = json as { status?: unknown; content?: unknown } | undefined;
    if (response.ok && envelope?.status === true) {
      if (!schema) return envelope.content as T;
      const content = schema.safeParse(envelope.content);
      if (content.success) return content.data;
      console.error(`Unexpected response from ${method} ${path}`, content.error);
      error = new ApiError(MESSAGES.serverError, response.status);
    } else {
      error = new ApiError(await failureMessage(json, response.status), response.ok ? 500 : response.status);
    }
  } catch (cause) {
    // the caller cancelled (a query unmounted): nothing to tell the user
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    error = new ApiError(MESSAGES.serverError, 0);
  }

  return fail(error, { isAuthAttempt, notifyOnError });
}

/** A failed call's common ending: a 401 ends the session, the msg becomes a toast, then it throws. */
function fail(error: ApiError, { isAuthAttempt = false, notifyOnError = true }: Pick<RequestOptions, 'isAuthAttempt' | 'notifyOnError'>): never {
  if (error.status === 401 && !isAuthAttempt) {
    clearSession();
    navigateTo(paths.auth.login.getHref());
  }
  if (notifyOnError) notify.error(error.message);
  throw error;
}

/** Accept, the session's token, and the position of this tab's last write (lib/read-after.ts). */
function authHeaders(accept: string): Record<string, string> {
  const token = getToken();
  const headers: Record<string, string> = token ? { Accept: accept, Authorization: `Bearer ${token}` } : { Accept: accept };
  const position = readAfter();
  if (position) headers[READ_AFTER_HEADER] = position;
  return headers;
}

/** The file name a response's Content-Disposition gives (filename="…"), if any. */
function attachmentName(response: Response): string | undefined {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1];
}

/**
 * Downloads a file the API sends as an attachment (the CSV exports) with the session's token, and
 * hands it to the browser under the name the server chose. Failures end like apiRequest's.
 */
export async function apiDownload(path: string, fallbackName: string): Promise<void> {
  let error: ApiError;
  try {
    const response = await fetch(path, { headers: authHeaders('text/csv, application/json') });
    if (response.ok) {
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = attachmentName(response) ?? fallbackName;
      document.body.append(link);
      link.click();
      link.remove();
      // the click has handed the blob to the download; free it once the event loop moves on
      setTimeout(() => URL.revokeObjectURL(url), 0);
      return;
    }
    error = new ApiError(await failureMessage(await readJson(response), response.status), response.status);
  } catch (cause) {
    error = cause instanceof ApiError ? cause : new ApiError(MESSAGES.serverError, 0);
  }
  fail(error, {});
}

export const api = {
  get: <T>(path: string, schema?: z.ZodType<T>, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, schema, { ...options, method: 'GET' }),
  /** `body` may be FormData for uploads. */
  post: <T>(path: string, body: unknown, schema?: z.ZodType<T>, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, schema, { ...options, method: 'POST', body }),
  put: <T>(path: string, body: unknown, schema?: z.ZodType<T>, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, schema, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, body?: unknown, schema?: z.ZodType<T>, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest(path, schema, { ...options, method: 'DELETE', body }),
};
