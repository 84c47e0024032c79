import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginData } from '@ms/contracts';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';
import { loyaltyCall } from './loyalty-client';

/** A JWT-shaped token that expires `inSeconds` from now (only the payload is read by the client). */
const tokenExpiring = (inSeconds: number, tag: string) =>
  `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + inSeconds, tag }))}.s`;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('loyaltyCall', () => {
  it('gets a loyalty token, sends it, and after a 401 gets a new one and retries without logging out', async () => {
    sessionStore.loginWith({
      token: 'bearer-1',
      user: { _id: 'u1' },
      business: { _id: 'b1' },
    } as unknown as LoginData);
    const loggedOut = vi.fn();
    setUnauthorizedHandler(loggedOut);
    const fresh = [tokenExpiring(1800, 'first'), tokenExpiring(1800, 'second')];
    const seen: (string | null)[] = [];
    let dataCalls = 0;
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      if (url === '/v1/loyalty/access')
        return json(200, {
          status: true,
          message: 'ok',
          data: { token: fresh.shift(), expires_at: '', store_credit_active: true },
        });
      seen.push(headers['x-loyalty-token'] ?? null);
      return ++dataCalls === 1
        ? json(401, { status: false, message: 'Loyalty token is invalid or has expired.', data: null })
        : json(200, { status: true, message: 'ok', data: { points: 7 } });
    });
    vi.stubGlobal('fetch', fetchMock);

    const data = await loyaltyCall<{ points: number }>('GET', '/v1/loyalty/customers/x');
    expect(data).toEqual({ points: 7 });
    expect(seen).toHaveLength(2);
    expect(seen[0]).not.toBe(seen[1]);
    expect(sessionStore.get()?.secondaryToken).toBe(seen[1]);
    expect(loggedOut).not.toHaveBeenCalled();

    // A token still valid for a while is reused: no new access call.
    await loyaltyCall('GET', '/v1/loyalty/customers/x');
    expect(fetchMock.mock.calls.filter(([u]) => u === '/v1/loyalty/access')).toHaveLength(2);
  });
});
