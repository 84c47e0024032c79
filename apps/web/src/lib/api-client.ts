import {
  PLATFORM,
  PLATFORM_VERSION,
  TOKEN_REFRESH_AFTER_MS,
  withQuery,
  type Envelope,
  type QueryValue,
} from '@ms/contracts';
import { ApiError } from './api-error';
import { getDeviceId } from './device';
import { sessionStore } from './session-store';

export { ApiError };

const TIMEOUT_MS = 30_000;
const OFFLINE_MESSAGE = 'You are offline or the network is too slow. Check your connection and try again.';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RequestOptions = {
  query?: Record<string, QueryValue>;
  body?: unknown;
  form?: FormData;
  auth?: boolean;
  signal?: AbortSignal;
  /** Another saved user's token (logging that user out); its 401 does not log the current user out. */
  token?: string;
  /** Extra headers (the loyalty service's x-loyalty-token). */
  headers?: Record<string, string>;
  /** A 401 the caller handles itself (an expired loyalty token): it does not log the user out. */
  own401?: boolean;
};

let onUnauthorized: (() => void) | null = null;
/** The app decides what a 401 does (spec 000 §4: go to Login). */
export const setUnauthorizedHandler = (handler: () => void) => {
  onUnauthorized = handler;
};

type ApiErrorListener = (error: ApiError) => void;
const errorListeners = new Set<ApiErrorListener>();
/** Every failed call is told here too (spec 000 §4: DEV002 opens the unsanctioned-device modal). */
export const onApiError = (listener: ApiErrorListener): (() => void) => {
  errorListeners.add(listener);
  return () => {
    errorListeners.delete(listener);
  };
};

let refreshing: Promise<void> | null = null;
/** Spec 000 §4: a token older than 23 hours is refreshed before the request. */
export const refreshTokenIfOld = async (): Promise<void> => {
  const s = sessionStore.get();
  if (!s?.tokenTimeStamp || Date.now() - s.tokenTimeStamp < TOKEN_REFRESH_AFTER_MS) return;
  refreshing ??= (async () => {
    try {
      const data = await send<{ token: string }>('PUT', '/v1/auth/refresh/token', {
        body: { token: s.token },
        auth: false,
      });
      sessionStore.update({ token: data.token, tokenTimeStamp: Date.now() });
    } finally {
      refreshing = null;
    }
  })();
  await refreshing;
};

/** The request with the app's headers; a network failure (or the time limit) is the offline ApiError. */
const request = async (
  method: Method,
  path: string,
  opts: RequestOptions,
  timeoutMs: number | null,
): Promise<{ response: Response; token: string | undefined }> => {
  const headers: Record<string, string> = {
    Platform: PLATFORM,
    'platform-version': PLATFORM_VERSION,
    deviceID: getDeviceId(),
    Accept: 'application/json',
  };
  Object.assign(headers, opts.headers);
  const token = opts.token ?? sessionStore.get()?.token;
  if (opts.auth !== false && token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const timeout = timeoutMs === null ? undefined : AbortSignal.timeout(timeoutMs);
  const signal = opts.signal && timeout ? AbortSignal.any([opts.signal, timeout]) : (opts.signal ?? timeout);
  try {
    return {
      response: await fetch(withQuery(path, opts.query ?? {}), { method, headers, body, signal }),
      token,
    };
  } catch (error) {
    if (opts.signal?.aborted) throw error;
    throw new ApiError(OFFLINE_MESSAGE, 0);
  }
};

const send = async <T>(method: Method, path: string, opts: RequestOptions = {}): Promise<T> => {
  const { response, token } = await request(method, path, opts, TIMEOUT_MS);
  let envelope: Envelope<T> | null = null;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = null;
  }
  if (!response.ok || !envelope || envelope.status === false) {
    const message = envelope?.message || `Request failed (${response.status})`;
    if (response.status === 401 && opts.auth !== false && token && !opts.token && !opts.own401)
      onUnauthorized?.();
    const error = new ApiError(message, response.status, envelope?.code, envelope?.data ?? null);
    errorListeners.forEach((listener) => listener(error));
    throw error;
  }
  return envelope.data;
};

/** Authenticated calls refresh an old token first; `auth: false` calls (login, signup...) do not. */
const call = async <T>(method: Method, path: string, opts: RequestOptions = {}): Promise<T> => {
  if (opts.auth !== false && !opts.token) await refreshTokenIfOld();
  return send<T>(method, path, opts);
};

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => call<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => call<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => call<T>('PUT', path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    call<T>('PATCH', path, { ...opts, body }),
  delete: <T>(path: string, opts?: RequestOptions) => call<T>('DELETE', path, opts),
  upload: <T>(path: string, form: FormData, opts?: RequestOptions) =>
    call<T>('POST', path, { ...opts, form }),
  /**
   * Fetches a file (a CSV export) and saves it as `fileName`. No time limit: a big export takes what it
   * takes. A refusal is an ApiError with the server's message; it never logs the user out.
   */
  download: async (method: Method, path: string, fileName: string, opts: RequestOptions = {}) => {
    if (opts.auth !== false && !opts.token) await refreshTokenIfOld();
    const { response } = await request(method, path, opts, null);
    if (!response.ok) {
      const message = await response
        .json()
        .then((b: { message?: string }) => b.message)
        .catch(() => undefined);
      throw new ApiError(message ?? `Download failed (${response.status})`, response.status);
    }
    saveFile(await response.blob(), fileName);
  },
};

/** Hands a file to the browser's downloads (an export fetched, or a file made on the device). */
export const saveFile = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};
