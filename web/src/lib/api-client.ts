import i18next from 'i18next';
import { readToken } from './session-storage';

/** Prefix of every backend call: the Go server mounts its JSON API under /api. */
export const API_PREFIX = '/api';

/**
 * ApiError is thrown when the server answered with a non-2xx status.
 * `serverMessage` is the server's `{"error": "..."}` text (already in the
 * request's language), or '' when the body carried none.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string;
  readonly body: unknown;

  constructor(status: number, serverMessage: string, body: unknown) {
    super(serverMessage || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.body = body;
  }
}

/** NetworkError is thrown when no HTTP answer arrived at all (server down, offline). */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('network error', { cause });
    this.name = 'NetworkError';
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

export function isNetworkError(err: unknown): err is NetworkError {
  return err instanceof NetworkError;
}

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialised unless it is FormData. */
  body?: unknown;
  /** Overrides the stored staff token; pass null to send no Authorization header. */
  token?: string | null;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/**
 * apiFetch calls `/api{path}` and returns the parsed JSON body (undefined for
 * 204 or an empty body). It sends the stored staff token as a Bearer token and
 * the current UI language as Accept-Language, so server messages come back in
 * the language the user reads.
 */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return (await apiFetchResponse<T>(path, options)).body;
}

/**
 * apiFetchResponse is apiFetch that also hands back the response headers,
 * for the calls that answer part of their result there (X-Total-Count of a
 * paged list).
 */
export async function apiFetchResponse<T>(path: string, options: ApiRequestOptions = {}): Promise<{ body: T; headers: Headers }> {
  const response = await send(path, { Accept: 'application/json', ...options.headers }, options);
  return { body: (await readBody(response)) as T, headers: response.headers };
}

/**
 * apiFetchBlob is apiFetch for an answer that is a file (a CSV export, a QR
 * code): the body as a Blob, with the same token, language and errors.
 */
export async function apiFetchBlob(path: string, options: ApiRequestOptions = {}): Promise<Blob> {
  return (await send(path, { ...options.headers }, options)).blob();
}

/** send makes the call and throws ApiError for a non-2xx answer, NetworkError when none came. */
async function send(path: string, headers: Record<string, string>, options: ApiRequestOptions): Promise<Response> {
  const language = i18next.language;
  if (language) headers['Accept-Language'] = language;

  const token = options.token === undefined ? readToken() : options.token;
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new NetworkError(err);
  }

  if (!response.ok) {
    const parsed = await readBody(response);
    const message =
      parsed && typeof parsed === 'object' && typeof (parsed as { error?: unknown }).error === 'string'
        ? (parsed as { error: string }).error
        : '';
    throw new ApiError(response.status, message, parsed);
  }
  return response;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * errorText turns any error into the text a page shows: the network message
 * for a connection failure, the server's own message when it sent one, or the
 * page's fallback.
 */
export function errorText(err: unknown, fallback: string, networkText: string): string {
  if (isNetworkError(err)) return networkText;
  if (isApiError(err) && err.serverMessage) return err.serverMessage;
  return fallback;
}
