// The API client: same-origin JSON calls with the session's bearer token, unwrapping the envelope
// { status: true, content } / { status: false, msg } (DESIGN.md §4).
import { MESSAGES, messageKeyOf, type MessageKey } from '@qist/domain';
import type { z } from 'zod';
import { paths } from '@/config/paths';
import { navigateTo } from './navigation';
import { notify } from './notify';
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
};

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
  const { method = 'GET', body, notifyOnError = true, isAuthAttempt = false, timeoutMs } = options;
  const isMultipart = body instanceof FormData;
  const headers: Record<string, string> = { Accept: 'application/json' };
  // multipart bodies set their own Content-Type (with the boundary)
  if (body !== undefined && !isMultipart) headers['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const signals = [options.signal, timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined].filter(
    (s): s is AbortSignal => s !== undefined,
  );
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];

  let error: ApiError;
  try {
    const response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : isMultipart ? body : JSON.stringify(body),
      signal,
    });
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

  if (error.status === 401 && !isAuthAttempt) {
    clearSession();
    navigateTo(paths.auth.login.getHref());
  }
  if (notifyOnError) notify.error(error.message);
  throw error;
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
