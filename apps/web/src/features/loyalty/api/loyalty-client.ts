import { LOYALTY_TOKEN_HEADER, type LoyaltyAccessData, type QueryValue } from '@ms/contracts';
import { api, ApiError } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';

/**
 * The loyalty service's secondary token (spec 001 §7): fetched with the user's bearer token, kept in
 * the session (secondaryToken), renewed a minute before it expires or when a call answers 401.
 */
const expiresAt = (token: string): number => {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: number;
    };
    return (payload.exp ?? 0) * 1000;
  } catch {
    return 0;
  }
};

let pending: Promise<string> | null = null;
/** POST /v1/loyalty/access: a fresh loyalty token (also tells whether store credit is on). */
export const loyaltyAccess = async (): Promise<LoyaltyAccessData> => {
  const data = await api.post<LoyaltyAccessData>('/v1/loyalty/access');
  const s = sessionStore.get();
  // "checks store credit": the session's business learns whether store credit is on.
  sessionStore.update({
    secondaryToken: data.token,
    ...(s ? { business: { ...s.business, store_credit_active: data.store_credit_active } } : {}),
  });
  return data;
};

export const loyaltyToken = async (force = false): Promise<string> => {
  const held = sessionStore.get()?.secondaryToken;
  if (!force && held && expiresAt(held) - Date.now() > 60_000) return held;
  pending ??= loyaltyAccess()
    .then((d) => d.token)
    .finally(() => {
      pending = null;
    });
  return pending;
};

type Method = 'GET' | 'POST' | 'PUT';

/** A call to the loyalty service: both tokens; one retry with a new loyalty token after a 401. */
export const loyaltyCall = async <T>(
  method: Method,
  path: string,
  opts: { body?: unknown; query?: Record<string, QueryValue> } = {},
): Promise<T> => {
  const attempt = async (force: boolean) => {
    const token = await loyaltyToken(force);
    const options = { query: opts.query, headers: { [LOYALTY_TOKEN_HEADER]: token }, own401: !force };
    if (method === 'GET') return api.get<T>(path, options);
    if (method === 'PUT') return api.put<T>(path, opts.body, options);
    return api.post<T>(path, opts.body, options);
  };
  try {
    return await attempt(false);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return attempt(true);
    throw error;
  }
};

/** Downloads a file from the loyalty service (the points CSV) and hands it to the browser. */
export const loyaltyDownload = async (
  path: string,
  fileName: string,
  query: Record<string, QueryValue> = {},
) => {
  const get = async (force: boolean) =>
    api.download('GET', path, fileName, {
      query,
      headers: { [LOYALTY_TOKEN_HEADER]: await loyaltyToken(force) },
    });
  try {
    await get(false);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return get(true);
    throw error;
  }
};
