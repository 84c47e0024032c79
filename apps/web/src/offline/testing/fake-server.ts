import { vi } from 'vitest';

/**
 * A fake of the network for the offline engine's unit tests: `fetch` answers from route handlers in
 * the server's envelope ({status, message, data}); a handler may drop the connection instead.
 */
export type FakeRequest = { method: string; path: string; query: URLSearchParams; body: unknown };
export type FakeAnswer = { status?: number; data?: unknown; message?: string } | 'network-error';
export type FakeRoute = (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

export const fakeServer = (routes: Record<string, FakeRoute>) => {
  const calls: FakeRequest[] = [];
  const fetchFn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://app.test');
    const method = init.method ?? 'GET';
    const req = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(req);
    const route = routes[`${method} ${url.pathname}`];
    const answer: FakeAnswer = route ? await route(req) : { status: 404, message: 'Not found' };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    const envelope = { status: status < 400, message: answer.message ?? 'ok', data: answer.data ?? null };
    return new Response(JSON.stringify(envelope), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  vi.stubGlobal('fetch', fetchFn);
  return {
    calls,
    of: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
};

let counter = 0;
/** A business id no other test uses, so each test gets an empty database. */
export const freshBusiness = () => `biz-${Date.now().toString(36)}-${++counter}`;
